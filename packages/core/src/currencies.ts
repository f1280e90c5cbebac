/**
 * The currencies Ferry holds, with their exact minor-unit scale and how they are shown.
 * Scale is the number of decimal places of one minor unit (USD cents: 2, satoshi: 8, wei: 18).
 */
export const CURRENCIES = {
  USD: { code: "USD", name: "US Dollar", scale: 2, displayDecimals: 2, kind: "fiat", symbol: "$" },
  EUR: { code: "EUR", name: "Euro", scale: 2, displayDecimals: 2, kind: "fiat", symbol: "€" },
  GBP: { code: "GBP", name: "British Pound", scale: 2, displayDecimals: 2, kind: "fiat", symbol: "£" },
  CAD: { code: "CAD", name: "Canadian Dollar", scale: 2, displayDecimals: 2, kind: "fiat", symbol: "$" },
  AUD: { code: "AUD", name: "Australian Dollar", scale: 2, displayDecimals: 2, kind: "fiat", symbol: "$" },
  BTC: { code: "BTC", name: "Bitcoin", scale: 8, displayDecimals: 6, kind: "crypto", symbol: "₿" },
  ETH: { code: "ETH", name: "Ethereum", scale: 18, displayDecimals: 6, kind: "crypto", symbol: "Ξ" },
  USDC: { code: "USDC", name: "USD Coin", scale: 6, displayDecimals: 2, kind: "crypto", symbol: "" },
  USDT: { code: "USDT", name: "Tether", scale: 6, displayDecimals: 2, kind: "crypto", symbol: "" },
} as const;

export type CurrencyCode = keyof typeof CURRENCIES;
export type Currency = (typeof CURRENCIES)[CurrencyCode];

/** Every currency code Ferry holds, in display order. */
export const CURRENCY_CODES = Object.keys(CURRENCIES) as CurrencyCode[];

/** The codes of the currencies of one kind ("fiat" or "crypto"). */
type CurrencyCodeOfKind<Kind extends Currency["kind"]> = {
  [Code in CurrencyCode]: (typeof CURRENCIES)[Code]["kind"] extends Kind ? Code : never;
}[CurrencyCode];

/** A fiat currency: one a bank account holds. */
export type FiatCurrency = CurrencyCodeOfKind<"fiat">;
/** A crypto currency: one a blockchain address holds. */
export type CryptoCurrency = CurrencyCodeOfKind<"crypto">;

/** The fiat currencies, in display order: the ones a bank account holds (bank deposits and bank cash-outs). */
export const FIAT_CURRENCIES: readonly FiatCurrency[] = CURRENCY_CODES.filter(
  (code): code is FiatCurrency => CURRENCIES[code].kind === "fiat",
);

/** The crypto currencies, in display order: the ones crypto deposits, recipients and cash-outs carry. */
export const CRYPTO_CURRENCIES: readonly CryptoCurrency[] = CURRENCY_CODES.filter(
  (code): code is CryptoCurrency => CURRENCIES[code].kind === "crypto",
);

/** The four currency accounts the dashboard home always shows (spec §2 Dashboard). */
export const DASHBOARD_CURRENCIES: readonly CurrencyCode[] = ["USD", "CAD", "AUD", "EUR"];

/** Whether a string is a currency code Ferry holds. */
export function isCurrencyCode(value: string): value is CurrencyCode {
  return Object.hasOwn(CURRENCIES, value);
}
