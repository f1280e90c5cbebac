/**
 * The investment centre's arithmetic: the daily rate read exactly from its decimal text, each day's
 * return, the spec's projections and the displayed annual ROI. All in bigint minor units: no float
 * ever touches an amount (docs/decisions/019-investment-returns.md).
 */

/** A daily rate as an exact fraction: `numerator / denominator`, the denominator a power of ten. */
export interface DailyRate {
  /** The rate as configured, normalised ("0.02"). */
  readonly text: string;
  readonly numerator: bigint;
  readonly denominator: bigint;
}

/** At most this many decimals in a rate: 0.00000001 (a millionth of a percent) a day is fine enough. */
const MAX_RATE_DECIMALS = 8;
const RATE_PATTERN = /^(\d+)(?:\.(\d+))?$/;

/**
 * Reads a daily rate written as a decimal fraction ("0.02" is 2 % a day): above 0, at most 1 (100 %
 * a day), at most 8 decimals. Exponents, signs, percent signs and spaces are refused.
 */
export function parseDailyRate(text: string): { ok: true; rate: DailyRate } | { ok: false; message: string } {
  const match = RATE_PATTERN.exec(text);
  if (!match) {
    return { ok: false, message: 'must be a decimal fraction such as "0.02" (2 % a day)' };
  }
  const [, whole, fraction = ""] = match;
  if (fraction.length > MAX_RATE_DECIMALS) {
    return { ok: false, message: `may have at most ${MAX_RATE_DECIMALS} decimals` };
  }
  const denominator = 10n ** BigInt(fraction.length);
  const numerator = BigInt(`${whole}${fraction}`);
  if (numerator <= 0n || numerator > denominator) {
    return { ok: false, message: "must be above 0 and at most 1 (100 % a day)" };
  }
  return { ok: true, rate: { text: formatFraction(numerator, fraction.length), numerator, denominator } };
}

/**
 * One day's return on `balanceMinor`: balance × rate, rounded DOWN to the minor unit (the cent). The
 * fraction of a cent is never paid, so the reserve never pays more than the rate promises.
 */
export function dailyReturnMinor(balanceMinor: bigint, rate: DailyRate): bigint {
  assertNonNegative(balanceMinor);
  return (balanceMinor * rate.numerator) / rate.denominator;
}

/**
 * The spec's projection over `days` (§9: balance × 0.02 × 30 and × 365): simple, not compounded,
 * rounded down to the minor unit.
 */
export function projectedReturnMinor(balanceMinor: bigint, rate: DailyRate, days: number): bigint {
  assertNonNegative(balanceMinor);
  if (!Number.isInteger(days) || days < 0) {
    throw new RangeError(`days must be a whole number of days, got ${days}`);
  }
  return (balanceMinor * rate.numerator * BigInt(days)) / rate.denominator;
}

/** The displayed annual ROI in percent: rate × 365 × 100, exact ("730" at 0.02, "36.5" at 0.001). */
export function annualRoiPercent(rate: DailyRate): string {
  const decimals = rate.denominator.toString().length - 1;
  return formatFraction(rate.numerator * 36_500n, decimals);
}

/** Whole days a reserve covers at `dueMinor` a day; null when nothing is due. */
export function daysCovered(reserveMinor: bigint, dueMinor: bigint): number | null {
  if (dueMinor <= 0n) {
    return null;
  }
  const days = (reserveMinor < 0n ? 0n : reserveMinor) / dueMinor;
  return days > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(days);
}

/** `value / 10^decimals` as a decimal string without trailing zeros ("730", "0.02"). */
function formatFraction(value: bigint, decimals: number): string {
  const digits = value.toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "");
  return fraction === "" ? whole : `${whole}.${fraction}`;
}

function assertNonNegative(balanceMinor: bigint): void {
  if (balanceMinor < 0n) {
    throw new RangeError("an investment balance is never negative");
  }
}
