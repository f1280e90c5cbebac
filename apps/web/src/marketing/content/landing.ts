// The landing page's copy and claims. This is content an operator edits (DESIGN.md point 10):
// change a claim here, never in a component.
import type { MessageKey } from "@ferry/core/i18n/catalog";
import type { Money } from "@ferry/core/money";
import type { MarketingIconName } from "../marketing-icons.ts";

// Every text is English, its message key: the page shows it through t() or translateText() (issue 29).

/**
 * The landing page's entry of the public pages' registry (marketing/static-pages.ts lists it with the
 * others, as a StaticPageEntry): here, so the first script carries it without every other page's
 * title and description.
 */
export const LANDING_PAGE_ENTRY = {
  path: "/",
  title: "Fiat and crypto in one account",
  description:
    "Hold dollars, euros and crypto side by side, exchange between them and send money to banks, wallets and other Ferry users.",
};

export interface CallToAction {
  label: MessageKey;
  to: string;
}

export interface SupportedAsset {
  symbol: string;
  name: string;
  /** A short glyph drawn inside the coloured coin circle. */
  glyph: string;
  /** An icon drawn instead of the glyph, for symbols that common fonts lack (₿). */
  icon?: MarketingIconName;
  /** CSS background of the coin circle: a colour or a gradient. */
  background: string;
}

export interface ExampleBalanceCard {
  currency: string;
  name: MessageKey;
  /** Illustrative figure, formatted in the reader's locale: the card stack is a picture, not account data. */
  money: Money;
  /** Decimals shown, when not the currency's own. */
  decimals?: number;
  detail: MessageKey;
  tone: "primary" | "light" | "dark";
}

export interface TrustClaim {
  icon: MarketingIconName;
  title: MessageKey;
  description: MessageKey;
}

export interface HowItWorksStep {
  icon: MarketingIconName;
  title: MessageKey;
  description: MessageKey;
}

export const LANDING_HERO = {
  eyebrow: "Fiat and crypto in one account",
  headlineLead: "The bridge between",
  headlineAccent: "crypto and fiat",
  subcopy:
    "Connect your bank, hold dollars, euros and digital assets side by side, and exchange or send money across borders in a few taps.",
  primaryCta: { label: "Get Started", to: "/signup" } satisfies CallToAction,
  secondaryCta: { label: "Sign In", to: "/login" } satisfies CallToAction,
  highlights: ["Send to 190+ countries", "Free to open an account", "Support around the clock"],
};

export const LANDING_WALLET_EXAMPLE = {
  caption: "Example balances, for illustration only",
  badge: "Example",
  totalLabel: "Total balance",
  total: { amountMinor: 2431042n, currency: "USD" } satisfies Money,
  cards: [
    {
      currency: "BTC",
      name: "Bitcoin",
      money: { amountMinor: 18420000n, currency: "BTC" },
      decimals: 6,
      detail: "Crypto wallet",
      tone: "dark",
    },
    {
      currency: "EUR",
      name: "Euro",
      money: { amountMinor: 321590n, currency: "EUR" },
      detail: "Account ending 4821",
      tone: "light",
    },
    {
      currency: "USD",
      name: "US Dollar",
      money: { amountMinor: 1248050n, currency: "USD" },
      detail: "Account ending 0937",
      tone: "primary",
    },
  ] satisfies ExampleBalanceCard[],
  activity: {
    title: "Transfer sent",
    detail: "{amount} to Lisbon",
    amount: { amountMinor: 25000n, currency: "EUR" },
  } satisfies { title: MessageKey; detail: MessageKey; amount: Money },
};

export const LANDING_ASSETS = {
  title: "Supported assets",
  subtitle: "Hold, exchange and send the currencies that matter, next to your everyday money.",
  assets: [
    { symbol: "BTC", name: "Bitcoin", glyph: "B", icon: "bitcoin", background: "#f7931a" },
    { symbol: "ETH", name: "Ethereum", glyph: "Ξ", background: "#627eea" },
    { symbol: "USDC", name: "USD Coin", glyph: "$", background: "#2775ca" },
    { symbol: "USDT", name: "Tether", glyph: "₮", background: "#26a17b" },
    { symbol: "SOL", name: "Solana", glyph: "◎", background: "linear-gradient(135deg, #9945ff, #14f195)" },
    { symbol: "ADA", name: "Cardano", glyph: "₳", background: "#0033ad" },
  ] satisfies SupportedAsset[],
};

export const LANDING_TRUST = {
  title: "Built to keep your money safe",
  claims: [
    {
      icon: "shield",
      title: "Compliance first",
      description: "Identity verification and anti-money-laundering checks on every account, as regulators expect.",
    },
    {
      icon: "lock",
      title: "Bank-grade encryption",
      description: "Your data is encrypted in transit and at rest, with the same standards banks rely on.",
    },
    {
      icon: "key",
      title: "2-step sign-in",
      description: "Every sign-in is confirmed with a one-time code sent to your email.",
    },
  ] satisfies TrustClaim[],
};

export const LANDING_HOW_IT_WORKS = {
  eyebrow: "How it works",
  title: "Up and running in three steps",
  subtitle: "No paperwork piles, no branch visits. Open an account online and start moving money.",
  steps: [
    {
      icon: "bank",
      title: "Connect bank",
      description: "Link your bank account securely to move money in and out of Ferry.",
    },
    {
      icon: "wallet",
      title: "Fund account",
      description: "Add cash from your bank or deposit crypto to your own Ferry address.",
    },
    {
      icon: "exchange",
      title: "Trade & exchange",
      description: "Exchange between fiat and crypto, and send money to people around the world.",
    },
  ] satisfies HowItWorksStep[],
};

export const LANDING_FINAL_CTA = {
  title: "Ready to move money without borders?",
  body: "Open your free Ferry account in minutes and hold fiat and crypto side by side.",
  primaryCta: { label: "Create Free Account", to: "/signup" } satisfies CallToAction,
  secondaryCta: { label: "Sign In", to: "/login" } satisfies CallToAction,
};
