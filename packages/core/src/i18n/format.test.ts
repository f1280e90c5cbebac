import { describe, expect, it } from "vitest";
import { createFormatter } from "./format.ts";

const NBSP = "\u00a0";
const NNBSP = "\u202f";

const utc = (language: "en" | "es" | "fr" | "de" | "zh") => createFormatter({ language, timeZone: "UTC" });

describe("money and numbers per locale", () => {
  it("groups thousands as each locale does", () => {
    expect(utc("en").amount(123456789n, "USD")).toBe("1,234,567.89");
    expect(utc("de").amount(123456789n, "USD")).toBe("1.234.567,89");
    expect(utc("fr").amount(123456789n, "USD")).toBe(`1${NNBSP}234${NNBSP}567,89`);
    expect(utc("zh").amount(123456789n, "USD")).toBe("1,234,567.89");
  });

  it("leaves a four-digit number ungrouped in Spanish, and groups five", () => {
    expect(utc("es").amount(123456n, "EUR")).toBe("1234,56");
    expect(utc("es").amount(1234567n, "EUR")).toBe("12.345,67");
    expect(utc("de").amount(123456n, "EUR")).toBe("1.234,56");
  });

  it("puts the currency code where the locale does; English keeps the spec's 'USD 1,250.00'", () => {
    const money = { amountMinor: 125000n, currency: "USD" as const };
    expect(utc("en").money(money)).toBe("USD 1,250.00");
    expect(utc("zh").money(money)).toBe(`USD${NBSP}1,250.00`);
    expect(utc("de").money(money)).toBe(`1.250,00${NBSP}USD`);
    expect(utc("fr").money(money)).toBe(`1${NNBSP}250,00${NBSP}USD`);
    expect(utc("es").money(money)).toBe(`1250,00${NBSP}USD`);
  });

  it("shows JPY with no decimals and BTC with 8, from exact minor units", () => {
    expect(utc("en").withCode("JPY", utc("en").decimal("1234567", 0))).toBe("JPY 1,234,567");
    expect(utc("de").withCode("JPY", utc("de").decimal("1234567", 0))).toBe(`1.234.567${NBSP}JPY`);
    expect(utc("en").amount(123456789n, "BTC", 8)).toBe("1.23456789");
    expect(utc("de").amount(2100000000000000n, "BTC", 8)).toBe("21.000.000,00000000");
    expect(utc("fr").amount(1n, "BTC", 8)).toBe("0,00000001");
  });

  it("never shows a non-zero amount as zero, and keeps the sign", () => {
    expect(utc("en").amount(1n, "USD", 0)).toBe("0.01");
    expect(utc("de").amount(-150n, "EUR")).toBe("-1,50");
  });

  it("formats a decimal string exactly, beyond a double's precision", () => {
    expect(utc("en").decimal("12345678901234567.89", 2)).toBe("12,345,678,901,234,567.89");
  });
});

describe("dates in the chosen time zone", () => {
  it("shows the same moment as each zone reads it", () => {
    const moment = "2026-03-12T23:30:00Z";
    expect(utc("en").dateTime(moment)).toBe("Mar 12, 2026, 11:30 PM");
    expect(createFormatter({ language: "en", timeZone: "Asia/Tokyo" }).dateTime(moment)).toBe("Mar 13, 2026, 8:30 AM");
    expect(createFormatter({ language: "de", timeZone: "Asia/Tokyo" }).dateTime(moment)).toBe("13.03.2026, 08:30");
    expect(createFormatter({ language: "en", timeZone: "Asia/Tokyo" }).isoDate(moment)).toBe("2026-03-13");
  });

  it("follows a daylight-saving change in New York", () => {
    const newYork = createFormatter({ language: "en", timeZone: "America/New_York" });
    // 8 March 2026, 2:00 EST becomes 3:00 EDT: an hour apart in UTC, two on the clock.
    expect(newYork.time("2026-03-08T06:30:00Z")).toBe("1:30 AM");
    expect(newYork.time("2026-03-08T07:30:00Z")).toBe("3:30 AM");
    expect(newYork.dateTime("2026-11-01T05:30:00Z")).toBe("Nov 1, 2026, 1:30 AM");
    expect(newYork.dateTime("2026-11-01T06:30:00Z")).toBe("Nov 1, 2026, 1:30 AM");
  });

  it("writes a moment as ISO 8601 with the zone's offset, for CSV exports, across daylight saving", () => {
    const newYork = createFormatter({ language: "en", timeZone: "America/New_York" });
    expect(createFormatter({ language: "de", timeZone: "Asia/Tokyo" }).isoDateTime("2026-03-12T23:30:00.250Z")).toBe(
      "2026-03-13T08:30:00+09:00",
    );
    expect(newYork.isoDateTime("2026-03-08T06:30:00Z")).toBe("2026-03-08T01:30:00-05:00");
    expect(newYork.isoDateTime("2026-03-08T07:30:00Z")).toBe("2026-03-08T03:30:00-04:00");
    expect(utc("en").isoDateTime("2026-03-12T23:30:00.999Z")).toBe("2026-03-12T23:30:00Z");
  });

  it("says how long ago in the person's language", () => {
    const now = Date.parse("2026-03-12T12:00:00Z");
    expect(utc("en").relative("2026-03-12T09:00:00Z", now)).toBe("3 hours ago");
    expect(utc("de").relative("2026-03-11T12:00:00Z", now)).toBe("gestern");
    expect(utc("fr").relative("2026-03-12T12:45:00Z", now)).toBe("dans 45 minutes");
    expect(utc("en").relative("2026-03-12T12:00:10Z", now)).toBe("now");
  });
});

describe("country names", () => {
  it("names a country in the person's language, and keeps a code Intl has no name for", () => {
    expect(createFormatter({ language: "en", timeZone: "UTC" }).regionName("DE")).toBe("Germany");
    expect(createFormatter({ language: "de", timeZone: "UTC" }).regionName("DE")).toBe("Deutschland");
    expect(createFormatter({ language: "fr", timeZone: "UTC" }).regionName("GB")).toBe("Royaume-Uni");
    expect(createFormatter({ language: "zh", timeZone: "UTC" }).regionName("JP")).toBe("日本");
    expect(createFormatter({ language: "es", timeZone: "UTC" }).regionName("AA")).toBe("AA");
  });
});
