// The rates page's copy and claims (DESIGN.md point 10: content an operator edits, not code). The
// figures themselves — rates, fees, what arrives — are computed from GET /api/v1/rates, the same rate
// table quotes are priced from; only the bank's markup below is a claim.
import type { CurrencyCode } from "@ferry/core/currencies";
import type { MessageKey } from "@ferry/core/i18n/catalog";

// The texts are English, each a message key: the page shows them through t() (issue 29).

export const RATES_PAGE = {
  title: "Compare rates",
  description: "See what an exchange costs with Ferry and compare it with what your bank would charge.",
  calculatorHeading: "Rates calculator",
  calculatorIntro: "Enter an amount to see what arrives after Ferry's fee, at today's rate.",
  tableHeading: "Popular pairs",
  tableCaption: "Today's rates and fees for our most popular pairs",
  /** Exchanges between balances in a Ferry account settle at once. */
  time: "Instant",
  comparisonHeading: "Ferry vs. your bank",
  comparisonIntro: "What converting this amount costs in fees.",
  unavailable: "Rates are unavailable right now. Please try again later.",
  loading: "Loading today's rates…",
  cta: { label: "Open an account", to: "/signup" },
} satisfies { [text: string]: MessageKey | { label: MessageKey; to: string } };

/** Spec §3 (rates calculator): the currencies offered on each side and the defaults. */
export const CALCULATOR = {
  defaultAmount: "1000",
  fromCurrencies: ["USD", "EUR", "BTC", "ETH"] as const satisfies readonly CurrencyCode[],
  defaultFrom: "USD" as CurrencyCode,
  toCurrencies: ["BTC", "ETH", "USDC", "USD", "EUR"] as const satisfies readonly CurrencyCode[],
  defaultTo: "BTC" as CurrencyCode,
};

/** Spec §2 (Rates): the six pairs of the table, in its order. */
export const FEATURED_PAIRS: readonly (readonly [CurrencyCode, CurrencyCode])[] = [
  ["USD", "BTC"],
  ["USD", "ETH"],
  ["USD", "USDC"],
  ["BTC", "USD"],
  ["ETH", "USD"],
  ["EUR", "USD"],
];

/**
 * Spec §9 (bank comparison 0.5 % vs 3.5 %): the bank's side is a claim about a typical bank's markup
 * on a currency conversion, in basis points; Ferry's side is the chosen pair's real fee.
 */
export const BANK_COMPARISON = {
  bankLabel: "Typical bank",
  bankFeeBasisPoints: 350,
  bankNote: "Typical markup and fees of a high-street bank on a currency conversion (illustrative).",
  ferryLabel: "Ferry",
} satisfies { bankLabel: MessageKey; bankFeeBasisPoints: number; bankNote: MessageKey; ferryLabel: MessageKey };
