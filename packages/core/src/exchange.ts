import { CURRENCIES, type CurrencyCode } from "./currencies.ts";
import { computeFee } from "./fees.ts";
import { formatAmount, maxAmountMinor } from "./money.ts";

/**
 * Currency exchange arithmetic, in bigint only (docs/decisions/018-exchange-rates-and-rounding.md).
 *
 * A rate says how many units of the TO currency one unit of the FROM currency buys, as an exact
 * decimal ("0.000015384615384615" BTC per USD). It is held as `units / 10^decimals`, never as a float.
 *
 * The rounding rule of an exchange of `amount` (minor units of FROM, fee included):
 * 1. the fee is `amount × feeBasisPoints / 10 000`, rounded UP to FROM's minor unit (`computeFee`, the
 *    rule of every Ferry fee: never less than the rate says);
 * 2. what is converted is `amount − fee`;
 * 3. what arrives is `(amount − fee) × rate`, rounded DOWN to TO's minor unit: the customer never
 *    receives more than the rate gives, and the fraction of a minor unit stays with the operator's
 *    FX position. Nothing is ever rounded half-up.
 */

/** An exchange rate as an exact decimal: `units / 10^decimals` units of TO per unit of FROM. */
export interface ExchangeRate {
  readonly units: bigint;
  readonly decimals: number;
}

/** The most decimals a rate may have: NUMERIC(38,18) in the database. */
export const MAX_RATE_DECIMALS = 18;
/** The most whole digits the rates column holds (NUMERIC(38,18) leaves 20): what a stored rate may have. */
const STORED_RATE_WHOLE_DIGITS = 20;
/**
 * The highest rate an admin may set: 1,000,000,000 units of TO for one unit of FROM. The dearest pair
 * Ferry prices (bitcoin in a fiat currency) is near 10^5, so this leaves ten thousand times the room,
 * and it keeps a conversion of the largest amount (`MAX_AMOUNT_UNITS`, money.ts) into the finest
 * currency within NUMERIC(38,0): 10^9 × 10^9 × 10^18 wei = 10^36 (issue 24).
 */
export const MAX_RATE_UNITS = 1_000_000_000n;
/**
 * The highest exchange fee an operator may set, in basis points (10 %). The spec's fees are 0.1 % to
 * 0.8 %; anything near this limit is a typing mistake, not a price.
 */
export const MAX_EXCHANGE_FEE_BASIS_POINTS = 1_000;
/** How long a quote holds its rate and fee: confirming later needs a fresh quote. */
export const QUOTE_LIFETIME_SECONDS = 30;

const RATE_PATTERN = /^(\d+)(?:\.(\d+))?$/;

/** The words for a rate that is not a plain positive decimal with at most 18 decimals. */
export const INVALID_RATE_MESSAGE = `Enter a rate above 0 with at most ${MAX_RATE_DECIMALS} decimals`;

/**
 * The words for a rate above `MAX_RATE_UNITS`, written out: formatting the number when the module loads
 * started ICU's number data on every page that imports it (a long task on a slow phone). A unit test
 * checks that the figure is MAX_RATE_UNITS.
 */
export const RATE_TOO_LARGE_MESSAGE = "A rate can be at most 1,000,000,000";

/**
 * Reads a rate written as a plain decimal ("1.08", "0.000015384615384615"): above zero, at most 18
 * decimals and at most `MAX_RATE_UNITS`. Exponents, signs, separators and spaces are refused: a rate
 * is never rounded on the way in.
 */
export function parseRate(text: string): { ok: true; rate: ExchangeRate } | { ok: false; message: string } {
  const read = readRate(text);
  if (!read.ok) {
    return read;
  }
  if (read.rate.units > MAX_RATE_UNITS * 10n ** BigInt(read.rate.decimals)) {
    return { ok: false, message: RATE_TOO_LARGE_MESSAGE };
  }
  return read;
}

/** A plain positive decimal that fits the rates column (NUMERIC(38,18)), whatever its size within it. */
function readRate(text: string): { ok: true; rate: ExchangeRate } | { ok: false; message: string } {
  const match = RATE_PATTERN.exec(text);
  if (!match) {
    return { ok: false, message: INVALID_RATE_MESSAGE };
  }
  const [, whole, fraction = ""] = match;
  const wholeDigits = whole.replace(/^0+(?=\d)/, "");
  if (fraction.length > MAX_RATE_DECIMALS) {
    return { ok: false, message: INVALID_RATE_MESSAGE };
  }
  if (wholeDigits.length > STORED_RATE_WHOLE_DIGITS) {
    return { ok: false, message: RATE_TOO_LARGE_MESSAGE };
  }
  const units = BigInt(`${whole}${fraction}`);
  if (units <= 0n) {
    return { ok: false, message: INVALID_RATE_MESSAGE };
  }
  return { ok: true, rate: normalizeRate({ units, decimals: fraction.length }) };
}

/** The same rate with no trailing zero decimals ("1.500" → 1.5), so equal rates compare equal. */
function normalizeRate(rate: ExchangeRate): ExchangeRate {
  let { units, decimals } = rate;
  while (decimals > 0 && units % 10n === 0n) {
    units /= 10n;
    decimals -= 1;
  }
  return { units, decimals };
}

/**
 * Reads a rate the database or the API holds ("1.080000000000000000"). A rate there was checked when
 * it was written, so a failure means a broken row: it throws rather than price anything with it. A
 * rate stored before `MAX_RATE_UNITS` existed still reads (the exchange bounds what it pays out).
 */
export function rateOf(text: string): ExchangeRate {
  const parsed = readRate(text);
  if (!parsed.ok) {
    throw new RangeError(`Not an exchange rate: ${text}`);
  }
  return parsed.rate;
}

/** Writes a rate as its exact decimal, without trailing zeros ("1.08", "65000", "0.000015384615384615"). */
export function formatRate(rate: ExchangeRate): string {
  const { units, decimals } = normalizeRate(rate);
  const digits = units.toString().padStart(decimals + 1, "0");
  if (decimals === 0) {
    return digits;
  }
  return `${digits.slice(0, digits.length - decimals)}.${digits.slice(digits.length - decimals)}`;
}

/**
 * A rate for people: at most `significantDigits` significant digits and `maxDecimals` decimals, rounded
 * half up ("0.000015384615" shows as "0.000015385" at 5 digits, "0.00001538" at 8 decimals). Display
 * only: prices are always computed with the exact rate.
 */
export function formatRateForDisplay(
  rate: ExchangeRate,
  significantDigits = 8,
  maxDecimals = Number.POSITIVE_INFINITY,
): string {
  const { units, decimals } = normalizeRate(rate);
  const length = units.toString().length;
  const dropped = Math.min(decimals, Math.max(length - significantDigits, decimals - maxDecimals));
  if (dropped <= 0) {
    return formatRate({ units, decimals });
  }
  const step = 10n ** BigInt(dropped);
  const rounded = (units + step / 2n) / step;
  return formatRate({ units: rounded, decimals: decimals - dropped });
}

/** What an exchange of an amount comes to, in minor units. */
export interface ExchangeFigures {
  /** The fee, in minor units of FROM, rounded up. */
  readonly feeMinor: bigint;
  /** What is converted: the amount less the fee, in minor units of FROM. */
  readonly convertedMinor: bigint;
  /** What arrives, in minor units of TO, rounded down. Zero when the amount is too small to buy one unit. */
  readonly receiveMinor: bigint;
}

/**
 * Prices selling `amountMinor` of `from` (fee included) for `to` at `rate` with a fee of
 * `feeBasisPoints`, by the rounding rule above: fee rounded up in FROM, what arrives rounded down in TO.
 */
export function priceExchange(request: {
  readonly amountMinor: bigint;
  readonly from: CurrencyCode;
  readonly to: CurrencyCode;
  readonly rate: ExchangeRate;
  readonly feeBasisPoints: number;
}): ExchangeFigures {
  const { amountMinor, from, to, rate, feeBasisPoints } = request;
  if (from === to) {
    throw new RangeError("An exchange is between two different currencies");
  }
  if (rate.units <= 0n) {
    throw new RangeError("An exchange rate is above zero");
  }
  const feeMinor = computeFee(amountMinor, feeBasisPoints);
  const convertedMinor = amountMinor - feeMinor;
  // receive = converted × (units / 10^decimals) × 10^toScale / 10^fromScale, floored (all non-negative).
  const numerator = convertedMinor * rate.units * 10n ** BigInt(CURRENCIES[to].scale);
  const denominator = 10n ** BigInt(rate.decimals + CURRENCIES[from].scale);
  return { feeMinor, convertedMinor, receiveMinor: numerator / denominator };
}

/** Spec-like words for an amount whose conversion would not buy a single minor unit of TO. */
export function tooSmallToExchangeMessage(to: CurrencyCode): string {
  return `This amount is too small to buy any ${to}`;
}

/**
 * The words for an amount whose conversion would pay out more than one amount may be
 * (`MAX_AMOUNT_UNITS`): "This amount would buy more than 1,000,000,000 USD, the most one exchange can pay".
 */
export function tooLargeToExchangeMessage(to: CurrencyCode): string {
  return `This amount would buy more than ${formatAmount(maxAmountMinor(to), to, 0)} ${to}, the most one exchange can pay`;
}

/**
 * The smallest amount of `from` (fee included) whose exchange buys at least `receiveMinor` of `to`:
 * what a transfer paid from another balance costs (issue 30). What is converted, `amount − fee`, is
 * `⌊amount × (10 000 − bp) / 10 000⌋`, so the least amount converting at least C is
 * `⌈C × 10 000 / (10 000 − bp)⌉`, and the least C buying `receiveMinor` is
 * `⌈receiveMinor × 10^(decimals + fromScale) / (units × 10^toScale)⌉`. The figures are those of
 * `priceExchange` for that amount; what they buy beyond `receiveMinor` (less than one minor unit of
 * `from` is worth) stays with the operator's FX position, as every rounding of an exchange does.
 */
export function priceExchangeFor(request: {
  readonly receiveMinor: bigint;
  readonly from: CurrencyCode;
  readonly to: CurrencyCode;
  readonly rate: ExchangeRate;
  readonly feeBasisPoints: number;
}): ExchangeFigures & { readonly amountMinor: bigint } {
  const { receiveMinor, from, to, rate, feeBasisPoints } = request;
  if (receiveMinor <= 0n) {
    throw new RangeError("An exchange buys a positive amount");
  }
  if (rate.units <= 0n) {
    throw new RangeError("An exchange rate is above zero");
  }
  const ceilDiv = (numerator: bigint, denominator: bigint) => (numerator + denominator - 1n) / denominator;
  const convertedMinor = ceilDiv(
    receiveMinor * 10n ** BigInt(rate.decimals + CURRENCIES[from].scale),
    rate.units * 10n ** BigInt(CURRENCIES[to].scale),
  );
  const kept = 10_000n - BigInt(feeBasisPoints);
  const amountMinor = ceilDiv(convertedMinor * 10_000n, kept);
  return { amountMinor, ...priceExchange({ amountMinor, from, to, rate, feeBasisPoints }) };
}
