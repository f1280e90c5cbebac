/*
 * Numbers, money and dates for people, in their language's locale and their chosen time zone (issue 29,
 * decision 044): the one module every screen, CSV export and e-mail formats through. Amounts come in as
 * integer minor units or decimal strings and reach `Intl` as decimal strings, never as JavaScript numbers.
 */
import type { CurrencyCode } from "../currencies.ts";
import { exactDecimalsOf, toDecimalString } from "../money.ts";
import { type Language, LOCALE_OF, SOURCE_LANGUAGE } from "./languages.ts";

/** Whose reading the formatter follows: a language and an IANA time zone ("Asia/Tokyo"). */
export interface FormatSettings {
  readonly language: Language;
  /** Undefined: the runtime's own zone (a browser's, before the person chose one). */
  readonly timeZone: string | undefined;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** `Intl` formatters are costly to build: one per locale and options, kept. */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.DisplayNames>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.DisplayNames>(
  key: string,
  make: () => T,
): T {
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter as T;
}

function decimalFormat(locale: string, places: number): Intl.NumberFormat {
  return cached(
    `n|${locale}|${places}`,
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: places, maximumFractionDigits: places }),
  );
}

/** Where the locale puts a currency code, and what stands between it and the number. */
function codePlacement(language: Language): { before: boolean; gap: string } {
  const parts = new Intl.NumberFormat(LOCALE_OF[language], {
    style: "currency",
    currency: "USD",
    currencyDisplay: "code",
  }).formatToParts(1);
  const codeAt = parts.findIndex((part) => part.type === "currency");
  const numberAt = parts.findIndex((part) => part.type === "integer");
  const literal = parts.find((part) => part.type === "literal")?.value ?? "\u00a0";
  // English keeps the spec's "USD 1,250.00", with a plain space.
  return { before: codeAt < numberAt, gap: language === SOURCE_LANGUAGE ? " " : literal };
}

const placements = new Map<Language, { before: boolean; gap: string }>();

function placementOf(language: Language) {
  let placement = placements.get(language);
  if (!placement) {
    placement = codePlacement(language);
    placements.set(language, placement);
  }
  return placement;
}

export interface Formatter {
  readonly settings: FormatSettings;
  /** A decimal string with exactly `places` decimals, grouped as the locale groups: "1.250,50" in German. */
  decimal(value: string, places: number): string;
  /**
   * An amount of a currency, exact, grouped for the locale: at least its display decimals (or
   * `decimals`), more where the amount has more (money.ts's exactDecimalsOf); nothing is rounded away.
   */
  amount(amountMinor: bigint, currency: CurrencyCode, decimals?: number): string;
  /** An amount with its currency's code where the locale puts it: "USD 1,250.00", "1.250,00 USD". */
  money(money: { amountMinor: bigint; currency: CurrencyCode }, decimals?: number): string;
  /** A formatted number with a code where the locale puts one ("JPY 1,250", "1.250 JPY"): for display currencies. */
  withCode(code: string, formattedNumber: string): string;
  /** A moment as a list shows it: "Mar 12, 2026, 2:05 PM" in English, in the chosen zone. */
  dateTime(moment: string | Date): string;
  /** A day: "Mar 12, 2026". */
  date(moment: string | Date): string;
  /** A time of day: "2:05 PM". */
  time(moment: string | Date): string;
  /** The calendar day in the chosen zone, as YYYY-MM-DD (for CSV exports and comparing days). */
  isoDate(moment: string | Date): string;
  /**
   * A moment as ISO 8601 in the chosen zone, with its offset: "2026-03-13T17:30:00+09:00", "…Z" in UTC
   * (for CSV exports: machine-readable, yet the person's own clock).
   */
  isoDateTime(moment: string | Date): string;
  /** How far a moment is from now: "in 45 minutes", "3 hours ago", "yesterday", "now". */
  relative(moment: string | Date, nowMs?: number): string;
  /** A country's name from its ISO 3166 code: "Germany", "Deutschland"; the code when `Intl` has no name. */
  regionName(code: string): string;
}

function dateFormat(settings: FormatSettings, style: "dateTime" | "date" | "time" | "iso"): Intl.DateTimeFormat {
  const locale = style === "iso" ? "en-CA" : LOCALE_OF[settings.language];
  const options: Intl.DateTimeFormatOptions =
    style === "dateTime"
      ? { dateStyle: "medium", timeStyle: "short" }
      : style === "date"
        ? { dateStyle: "medium" }
        : style === "time"
          ? { timeStyle: "short" }
          : { year: "numeric", month: "2-digit", day: "2-digit" };
  return cached(
    `d|${locale}|${settings.timeZone}|${style}`,
    () => new Intl.DateTimeFormat(locale, { ...options, timeZone: settings.timeZone }),
  );
}

/** ISO 8601 with the zone's offset at that moment (daylight saving included), to the second. */
function isoDateTimeIn(timeZone: string | undefined, moment: Date): string {
  const parts = cached(
    `iso|${timeZone}`,
    () =>
      new Intl.DateTimeFormat("en-CA", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      }),
  ).formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? "00";
  const wall = `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}:${part("second")}`;
  const wholeSecondMs = Math.floor(moment.getTime() / 1000) * 1000;
  const offsetMinutes = Math.round((Date.parse(`${wall}Z`) - wholeSecondMs) / MINUTE_MS);
  if (offsetMinutes === 0) {
    return `${wall}Z`;
  }
  const size = Math.abs(offsetMinutes);
  const hours = String(Math.floor(size / 60)).padStart(2, "0");
  const minutes = String(size % 60).padStart(2, "0");
  return `${wall}${offsetMinutes < 0 ? "-" : "+"}${hours}:${minutes}`;
}

function toDate(moment: string | Date): Date {
  return typeof moment === "string" ? new Date(moment) : moment;
}

/** An amount exactly, with `exactDecimalsOf`'s decimals: Intl formats the decimal string, never a float. */
function formatAmountIn(language: Language, amountMinor: bigint, currency: CurrencyCode, decimals?: number): string {
  const places = exactDecimalsOf(amountMinor, currency, decimals);
  return decimalFormat(LOCALE_OF[language], places).format(toDecimalString(amountMinor, currency) as `${number}`);
}

function formatRelative(language: Language, moment: string | Date, nowMs: number): string {
  const relative = cached(`r|${language}`, () => new Intl.RelativeTimeFormat(LOCALE_OF[language], { numeric: "auto" }));
  const diffMs = toDate(moment).getTime() - nowMs;
  const size = Math.abs(diffMs);
  if (size < MINUTE_MS) {
    return relative.format(0, "second");
  }
  if (size < HOUR_MS) {
    return relative.format(Math.trunc(diffMs / MINUTE_MS), "minute");
  }
  if (size < DAY_MS) {
    return relative.format(Math.trunc(diffMs / HOUR_MS), "hour");
  }
  return relative.format(Math.trunc(diffMs / DAY_MS), "day");
}

function regionNameIn(language: Language, code: string): string {
  const names = cached(
    `g|${language}`,
    () => new Intl.DisplayNames([LOCALE_OF[language]], { type: "region", fallback: "code" }),
  );
  return names.of(code) ?? code;
}

function withCode(language: Language, code: string, formattedNumber: string): string {
  const { before, gap } = placementOf(language);
  return before ? `${code}${gap}${formattedNumber}` : `${formattedNumber}${gap}${code}`;
}

/** The formatter for one person's language and time zone. */
export function createFormatter(settings: FormatSettings): Formatter {
  const { language } = settings;
  const amount = (amountMinor: bigint, currency: CurrencyCode, decimals?: number) =>
    formatAmountIn(language, amountMinor, currency, decimals);
  return {
    settings,
    decimal: (value, places) => decimalFormat(LOCALE_OF[language], places).format(value as `${number}`),
    amount,
    money: (money, decimals) => withCode(language, money.currency, amount(money.amountMinor, money.currency, decimals)),
    withCode: (code, formattedNumber) => withCode(language, code, formattedNumber),
    dateTime: (moment) => dateFormat(settings, "dateTime").format(toDate(moment)),
    date: (moment) => dateFormat(settings, "date").format(toDate(moment)),
    time: (moment) => dateFormat(settings, "time").format(toDate(moment)),
    isoDate: (moment) => dateFormat(settings, "iso").format(toDate(moment)),
    isoDateTime: (moment) => isoDateTimeIn(settings.timeZone, toDate(moment)),
    relative: (moment, nowMs = Date.now()) => formatRelative(language, moment, nowMs),
    regionName: (code) => regionNameIn(language, code),
  };
}
