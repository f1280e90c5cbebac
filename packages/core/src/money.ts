import { CURRENCIES, type CurrencyCode } from "./currencies.ts";

/**
 * Money is an integer count of minor units (bigint) travelling with its currency.
 * Parsing and formatting live here and nowhere else; no float ever touches an amount.
 */
export interface Money {
  readonly currency: CurrencyCode;
  readonly amountMinor: bigint;
}

const DECIMAL_PATTERN = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Why a decimal string could not be read as an amount. */
export type ParseAmountError = "invalid_format" | "too_many_decimals";

/**
 * Reads a decimal string ("12.50") as minor units of `currency`.
 * Rejects exponents, separators, spaces and more decimals than the currency's scale:
 * an amount is never silently rounded on the way in.
 */
export function parseAmount(
  text: string,
  currency: CurrencyCode,
): { ok: true; amountMinor: bigint } | { ok: false; error: ParseAmountError } {
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) {
    return { ok: false, error: "invalid_format" };
  }
  const [, sign, whole, fraction = ""] = match;
  const { scale } = CURRENCIES[currency];
  if (fraction.length > scale) {
    return { ok: false, error: "too_many_decimals" };
  }
  const digits = `${whole}${fraction.padEnd(scale, "0")}`;
  const magnitude = BigInt(digits);
  return { ok: true, amountMinor: sign ? -magnitude : magnitude };
}

/**
 * Writes minor units as an exact decimal string with the currency's full scale ("12.50", "0.00000001").
 * This is the form the API carries.
 */
export function toDecimalString(amountMinor: bigint, currency: CurrencyCode): string {
  const scale: number = CURRENCIES[currency].scale;
  const isNegative = amountMinor < 0n;
  const digits = (isNegative ? -amountMinor : amountMinor).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  const body = scale === 0 ? whole : `${whole}.${fraction}`;
  return isNegative ? `-${body}` : body;
}

/**
 * Rounds minor units to `decimals` places, half away from zero, returning minor units of the same scale.
 * Used only for display; stored amounts are never rounded.
 */
export function roundToDecimals(amountMinor: bigint, currency: CurrencyCode, decimals: number): bigint {
  const { scale } = CURRENCIES[currency];
  if (decimals >= scale) {
    return amountMinor;
  }
  const step = 10n ** BigInt(scale - decimals);
  const isNegative = amountMinor < 0n;
  const magnitude = isNegative ? -amountMinor : amountMinor;
  const rounded = ((magnitude + step / 2n) / step) * step;
  return isNegative ? -rounded : rounded;
}

function groupThousands(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * Formats an amount for people: thousands separators and the currency's display decimals.
 * A non-zero amount is never shown as zero: when rounding would hide it, more decimals are shown
 * (up to the full scale) so that "0.000000" never stands for a real balance.
 */
export function formatAmount(amountMinor: bigint, currency: CurrencyCode, decimals?: number): string {
  const { scale, displayDecimals } = CURRENCIES[currency];
  let places = Math.min(decimals ?? displayDecimals, scale);
  let rounded = roundToDecimals(amountMinor, currency, places);
  while (rounded === 0n && amountMinor !== 0n && places < scale) {
    places += 1;
    rounded = roundToDecimals(amountMinor, currency, places);
  }
  const exact = toDecimalString(rounded, currency);
  const isNegative = exact.startsWith("-");
  const unsigned = isNegative ? exact.slice(1) : exact;
  const [whole, fraction = ""] = unsigned.split(".");
  const shownFraction = fraction.slice(0, places);
  const body = places > 0 ? `${groupThousands(whole)}.${shownFraction}` : groupThousands(whole);
  return isNegative ? `-${body}` : body;
}

/** Formats with the currency code in front, as the spec's lists do: "USD 1,250.00". */
export function formatMoney(money: Money, decimals?: number): string {
  return `${money.currency} ${formatAmount(money.amountMinor, money.currency, decimals)}`;
}
