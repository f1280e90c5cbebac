import type { DISPLAY_CURRENCIES } from "./contracts/settings.ts";
import { CURRENCIES, CURRENCY_CODES, type CurrencyCode } from "./currencies.ts";
import type { ExchangeRate } from "./exchange.ts";

/*
 * The total of all of a person's balances in their display currency (issue 29,
 * docs/decisions/045-display-currency.md). Display only: nothing in the ledger is converted. The sum is
 * exact (bigint fractions) and rounded once, half away from zero, to the display currency's decimals.
 */

/** A display currency of App Preferences (SPEC §9): USD, EUR, JPY or BTC. */
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];

/** How many decimals a total in each display currency shows: JPY has no minor unit, BTC counts satoshis. */
export const DISPLAY_CURRENCY_DECIMALS: Readonly<Record<DisplayCurrency, number>> = {
  USD: 2,
  EUR: 2,
  JPY: 0,
  BTC: 8,
};

/**
 * The currencies the rates table prices: every ledger currency, and JPY, a display currency only (no
 * account holds it). Migration 032 adds USD↔JPY; other currencies reach JPY through USD.
 */
export const RATE_CURRENCY_CODES = [...CURRENCY_CODES, "JPY"] as const;
export type RateCurrency = CurrencyCode | "JPY";

/** The currency every conversion without a direct pair goes through. */
export const PIVOT_CURRENCY = "USD";

/** An exact non-negative-denominator fraction: `numerator / 10^exponent`. */
interface DecimalFraction {
  readonly numerator: bigint;
  readonly exponent: number;
}

/**
 * Writes `numerator / 10^exponent` with exactly `places` decimals, rounded half away from zero
 * ("2.345" to 2 places is "2.35", "-2.345" is "-2.35"): the rounding of every display total.
 */
export function roundDecimalHalfUp(numerator: bigint, exponent: number, places: number): string {
  if (exponent < 0 || places < 0) {
    throw new RangeError("exponent and places must be zero or more");
  }
  const isNegative = numerator < 0n;
  const magnitude = isNegative ? -numerator : numerator;
  let scaled: bigint;
  if (places >= exponent) {
    scaled = magnitude * 10n ** BigInt(places - exponent);
  } else {
    const step = 10n ** BigInt(exponent - places);
    scaled = (magnitude + step / 2n) / step;
  }
  const digits = scaled.toString().padStart(places + 1, "0");
  const whole = digits.slice(0, digits.length - places);
  const body = places === 0 ? whole : `${whole}.${digits.slice(digits.length - places)}`;
  return isNegative && scaled !== 0n ? `-${body}` : body;
}

/** One pair's rate as a conversion reads it. */
export interface DisplayRate {
  readonly from: RateCurrency;
  readonly to: RateCurrency;
  readonly rate: ExchangeRate;
}

/** What a total needs to know: the rate of a pair, or undefined when the product has none. */
export type RateLookup<R extends DisplayRate = DisplayRate> = (from: RateCurrency, to: RateCurrency) => R | undefined;

/** The rates that take `from` to `to`: none for the same currency, the direct pair, or two legs through USD. */
export function conversionPath<R extends DisplayRate>(
  from: RateCurrency,
  to: RateCurrency,
  lookup: RateLookup<R>,
): R[] | undefined {
  if (from === to) {
    return [];
  }
  const direct = lookup(from, to);
  if (direct) {
    return [direct];
  }
  if (from === PIVOT_CURRENCY || to === PIVOT_CURRENCY) {
    return undefined;
  }
  const first = lookup(from, PIVOT_CURRENCY);
  const second = lookup(PIVOT_CURRENCY, to);
  return first && second ? [first, second] : undefined;
}

/** The total of some holdings in a display currency, and the rates it used. */
export interface DisplayTotal<R extends DisplayRate = DisplayRate> {
  readonly currency: DisplayCurrency;
  /** A decimal string with exactly the display currency's decimals ("1250", "0.01923077"). */
  readonly total: string;
  /** Each pair used once, in the order first used. */
  readonly ratesUsed: readonly R[];
}

/** `amountMinor` of `currency` converted along `path`, exactly. */
function convertExactly(amountMinor: bigint, currency: CurrencyCode, path: readonly DisplayRate[]): DecimalFraction {
  let numerator = amountMinor;
  let exponent = CURRENCIES[currency].scale;
  for (const step of path) {
    numerator *= step.rate.units;
    exponent += step.rate.decimals;
  }
  return { numerator, exponent };
}

/** The sum of exact fractions, over their largest power of ten. */
function sumFractions(fractions: readonly DecimalFraction[]): DecimalFraction {
  const exponent = Math.max(0, ...fractions.map((fraction) => fraction.exponent));
  const numerator = fractions.reduce(
    (sum, fraction) => sum + fraction.numerator * 10n ** BigInt(exponent - fraction.exponent),
    0n,
  );
  return { numerator, exponent };
}

/**
 * The total of `holdings` in `currency`: each converted exactly with the product's rates (the direct
 * pair, or through USD), summed, then rounded once, half up, to the display decimals. A zero holding
 * needs no rate. Throws when a holding has no way to the display currency: a total must never leave
 * money out silently.
 */
export function totalInDisplayCurrency<R extends DisplayRate>(
  holdings: readonly { currency: CurrencyCode; amountMinor: bigint }[],
  currency: DisplayCurrency,
  lookup: RateLookup<R>,
): DisplayTotal<R> {
  const used = new Map<string, R>();
  const parts: DecimalFraction[] = [];
  for (const holding of holdings) {
    if (holding.amountMinor === 0n) {
      continue;
    }
    const path = conversionPath(holding.currency, currency, lookup);
    if (!path) {
      throw new Error(`No rate from ${holding.currency} to ${currency}`);
    }
    for (const step of path) {
      used.set(`${step.from}/${step.to}`, step);
    }
    parts.push(convertExactly(holding.amountMinor, holding.currency, path));
  }
  const sum = sumFractions(parts);
  return {
    currency,
    total: roundDecimalHalfUp(sum.numerator, sum.exponent, DISPLAY_CURRENCY_DECIMALS[currency]),
    ratesUsed: [...used.values()],
  };
}
