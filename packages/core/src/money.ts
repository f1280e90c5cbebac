import type { z } from "zod";
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

/**
 * The most one amount may be, in whole units of its currency: 1,000,000,000 (a billion US dollars, or
 * a billion ether). It is the one bound on every amount a request carries: what a person sends,
 * exchanges, cashes out, reports as a deposit, invests or sets an alert at, and what an exchange
 * would pay out.
 *
 * Why this number (issue 24): amounts are stored as NUMERIC(38,0) minor units. In the finest currency,
 * ETH with 18 decimals, the bound is 10^27 wei, 11 digits short of the column, which leaves room for
 * balances and system accounts, the sums of many amounts. A conversion multiplies by a rate of at most
 * `MAX_RATE_UNITS` (10^9, exchange.ts): 10^9 units × 10^9 × 10^18 = 10^36 minor units, still inside
 * 38 digits, and the exchange refuses a result above this bound before anything is stored. A fee is
 * amount × basis points (at most 10^27 × 10^4) in bigint, never in the database.
 */
export const MAX_AMOUNT_UNITS = 1_000_000_000n;

/** The bound of one amount in `currency`, in its minor units: `MAX_AMOUNT_UNITS` whole units. */
export function maxAmountMinor(currency: CurrencyCode): bigint {
  return MAX_AMOUNT_UNITS * 10n ** BigInt(CURRENCIES[currency].scale);
}

/** Whether minor units, of either sign, are within the bound of one amount in `currency`. */
export function isWithinAmountLimit(amountMinor: bigint, currency: CurrencyCode): boolean {
  const limit = maxAmountMinor(currency);
  return amountMinor <= limit && amountMinor >= -limit;
}

/** The words for an amount above the bound, naming it: "Amount can be at most 1,000,000,000 USD". */
export function amountTooLargeMessage(currency: CurrencyCode): string {
  return `Amount can be at most ${groupThousands(MAX_AMOUNT_UNITS.toString())} ${currency}`;
}

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

/** Spec §5's words for an amount that is missing, not a plain decimal number, or not above zero. */
export const INVALID_AMOUNT_MESSAGE = "Please enter a valid amount";

/** The words for an amount with more decimals than its currency has: "EUR amounts have at most 2 decimals". */
export function tooManyDecimalsMessage(currency: CurrencyCode): string {
  return `${currency} amounts have at most ${CURRENCIES[currency].scale} decimals`;
}

/**
 * Reads an amount that is to move money: a plain decimal above zero with no more decimals than the
 * currency's scale ("12.50", not "1e3", "-5", "0" or "1.005" dollars) and no more than
 * `MAX_AMOUNT_UNITS` whole units ("Amount can be at most 1,000,000,000 USD"). Surrounding spaces are
 * ignored. This is the one rule for "a valid amount": the web's forms and the server both ask it, so
 * the same input gets the same message everywhere.
 */
export function parsePositiveAmount(
  text: string,
  currency: CurrencyCode,
): { ok: true; amountMinor: bigint } | { ok: false; message: string } {
  const parsed = parseAmount(text.trim(), currency);
  if (!parsed.ok) {
    const message = parsed.error === "too_many_decimals" ? tooManyDecimalsMessage(currency) : INVALID_AMOUNT_MESSAGE;
    return { ok: false, message };
  }
  if (parsed.amountMinor <= 0n) {
    return { ok: false, message: INVALID_AMOUNT_MESSAGE };
  }
  if (!isWithinAmountLimit(parsed.amountMinor, currency)) {
    return { ok: false, message: amountTooLargeMessage(currency) };
  }
  return { ok: true, amountMinor: parsed.amountMinor };
}

/**
 * The amounts `checkPositiveAmount` accepted, by the object it checked. The object a schema checks is
 * the one its parse returns (a server's validated request body), so the server reads the minor units
 * its validation computed instead of parsing the amount again: one parse per request (issue 25).
 * Weak, so an entry goes with its object.
 */
const acceptedAmounts = new WeakMap<object, { amount: string; currency: CurrencyCode; amountMinor: bigint }>();

/**
 * The one amount rule as a zod refinement of an object with `amount` and `currency`: a plain decimal
 * above zero within the currency's scale and bound (`parsePositiveAmount`'s messages, on the amount
 * field). The request contracts and the web's forms both use it through `withPositiveAmount`, so the
 * same input gets the same message everywhere.
 */
export function checkPositiveAmount(value: { amount: string; currency: CurrencyCode }, ctx: z.RefinementCtx): void {
  checkPositiveAmountIn(value, value.currency, ctx);
}

/**
 * `checkPositiveAmount` for an object whose currency is not its `currency` field: an exchange's
 * `from`, the investment centre's USD. The units are remembered for this very object all the same.
 */
export function checkPositiveAmountIn(value: { amount: string }, currency: CurrencyCode, ctx: z.RefinementCtx): void {
  const parsed = parsePositiveAmount(value.amount, currency);
  if (!parsed.ok) {
    ctx.addIssue({ code: "custom", path: ["amount"], message: parsed.message });
    return;
  }
  acceptedAmounts.set(value, { amount: value.amount, currency, amountMinor: parsed.amountMinor });
}

/**
 * The minor units `checkPositiveAmount` found in this very object's amount, in `currency`, when a
 * schema checked it; undefined when none did, or when its amount or currency changed since (then parse it).
 */
export function acceptedAmountMinorOf(value: { amount: string }, currency: CurrencyCode): bigint | undefined {
  const accepted = acceptedAmounts.get(value);
  if (accepted === undefined || accepted.amount !== value.amount || accepted.currency !== currency) {
    return undefined;
  }
  return accepted.amountMinor;
}

/**
 * Whether `checkPositiveAmount` may run: once `amount` and `currency` are valid on their own. Zod
 * skips an object's refinement as soon as any field failed; this runs it anyway, so a form shows
 * "EUR amounts have at most 2 decimals" while another field is still empty. An issue without a field
 * (the input is not an object at all) stops it.
 */
function isAmountRuleReady(payload: { issues: readonly { path?: readonly PropertyKey[] }[] }): boolean {
  return payload.issues.every((issue) => {
    const field = issue.path?.[0];
    return field !== undefined && field !== "amount" && field !== "currency";
  });
}

/** Adds the one amount rule (`checkPositiveAmount`) to a request or form schema with `amount` and `currency`. */
export function withPositiveAmount<T extends z.ZodType<{ amount: string; currency: CurrencyCode }>>(schema: T): T {
  return schema.superRefine(checkPositiveAmount, { when: isAmountRuleReady });
}

/**
 * Minor units of an amount the API sent ("12.50"), for showing and comparing it. The API always
 * sends the currency's exact scale, so a failure means a broken response; it reads as zero, which
 * never lets a screen overstate money. Never use it on what a person typed: that is
 * `parsePositiveAmount`'s job.
 */
export function minorOf(decimal: string, currency: CurrencyCode): bigint {
  const parsed = parseAmount(decimal, currency);
  return parsed.ok ? parsed.amountMinor : 0n;
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

function groupThousands(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * How many decimals show an amount exactly (issue 30): at least `minimum` (the currency's display
 * decimals unless given), more where the amount has more digits, up to the currency's scale. Every
 * screen, e-mail and notification shows amounts with this many, so nothing is ever rounded away:
 * ETH 0.00001234 is "0.00001234", ETH 1.5 is "1.500000", USD 10 is "10.00".
 */
export function exactDecimalsOf(amountMinor: bigint, currency: CurrencyCode, minimum?: number): number {
  const { scale, displayDecimals } = CURRENCIES[currency];
  let places = Math.min(minimum ?? displayDecimals, scale);
  while (places < scale && amountMinor % 10n ** BigInt(scale - places) !== 0n) {
    places += 1;
  }
  return places;
}

/**
 * Formats an amount for people, in English: thousands separators and `exactDecimalsOf`'s decimals
 * (at least `minimumDecimals`, or the currency's display decimals), the amount exact.
 */
export function formatAmount(amountMinor: bigint, currency: CurrencyCode, minimumDecimals?: number): string {
  const places = exactDecimalsOf(amountMinor, currency, minimumDecimals);
  const exact = toDecimalString(amountMinor, currency);
  const isNegative = exact.startsWith("-");
  const unsigned = isNegative ? exact.slice(1) : exact;
  const [whole, fraction = ""] = unsigned.split(".");
  const shownFraction = fraction.slice(0, places);
  const body = places > 0 ? `${groupThousands(whole)}.${shownFraction}` : groupThousands(whole);
  return isNegative ? `-${body}` : body;
}

/** Formats with the currency code in front, as the spec's lists do: "USD 1,250.00". */
export function formatMoney(money: Money, minimumDecimals?: number): string {
  return `${money.currency} ${formatAmount(money.amountMinor, money.currency, minimumDecimals)}`;
}
