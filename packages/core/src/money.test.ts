import { describe, expect, test } from "vitest";
import { z } from "zod";
import { CURRENCIES, CURRENCY_CODES } from "./currencies.ts";
import { MAX_RATE_UNITS } from "./exchange.ts";
import {
  acceptedAmountMinorOf,
  checkPositiveAmount,
  exactDecimalsOf,
  formatAmount,
  formatMoney,
  INVALID_AMOUNT_MESSAGE,
  isWithinAmountLimit,
  maxAmountMinor,
  minorOf,
  parseAmount,
  parsePositiveAmount,
  toDecimalString,
  withPositiveAmount,
} from "./money.ts";

describe("parseAmount", () => {
  test.each([
    ["12.50", "USD", 1250n],
    ["12.5", "USD", 1250n],
    ["12", "USD", 1200n],
    ["0.01", "EUR", 1n],
    ["0", "GBP", 0n],
    ["0.00000001", "BTC", 1n],
    ["21000000", "BTC", 2_100_000_000_000_000n],
    ["1.000000000000000001", "ETH", 1_000_000_000_000_000_001n],
    ["0.000001", "USDC", 1n],
    ["-3.25", "USD", -325n],
  ] as const)("reads %s %s as %s minor units exactly", (text, currency, expected) => {
    expect(parseAmount(text, currency)).toEqual({ ok: true, amountMinor: expected });
  });

  test.each([
    ["12.505", "USD"],
    ["0.000000001", "BTC"],
    ["1.0000001", "USDT"],
    ["0.0000000000000000001", "ETH"],
  ] as const)("refuses %s %s: more decimals than the currency has", (text, currency) => {
    expect(parseAmount(text, currency)).toEqual({ ok: false, error: "too_many_decimals" });
  });

  test.each([
    ["1e5"],
    ["1E5"],
    [" 1"],
    ["1 "],
    ["1,000"],
    ["1_000"],
    [""],
    [".5"],
    ["5."],
    ["+1"],
    ["--1"],
    ["0x10"],
    ["Infinity"],
    ["NaN"],
    ["1.2.3"],
  ])("refuses %j as malformed", (text) => {
    expect(parseAmount(text, "USD")).toEqual({ ok: false, error: "invalid_format" });
  });

  test("never goes through a float: a value beyond Number's precision survives", () => {
    const result = parseAmount("9007199254740993.01", "USD");

    expect(result).toEqual({ ok: true, amountMinor: 900_719_925_474_099_301n });
  });
});

describe("toDecimalString", () => {
  test.each([
    [1250n, "USD", "12.50"],
    [5n, "USD", "0.05"],
    [-5n, "USD", "-0.05"],
    [0n, "BTC", "0.00000000"],
    [1n, "BTC", "0.00000001"],
    [1n, "ETH", "0.000000000000000001"],
    [-123_456_789n, "USDC", "-123.456789"],
    [2_100_000_000_000_000n, "BTC", "21000000.00000000"],
  ] as const)("writes %s minor units of %s as %s", (amountMinor, currency, expected) => {
    expect(toDecimalString(amountMinor, currency)).toBe(expected);
  });

  test.each([
    ["0.000000000000000001", "ETH"],
    ["123456789.123456789012345678", "ETH"],
    ["-0.000000000000000042", "ETH"],
    ["0.00000001", "BTC"],
    ["-1234.56", "EUR"],
    ["0.000001", "USDT"],
  ] as const)("round-trips %s %s through parseAmount exactly", (text, currency) => {
    const parsed = parseAmount(text, currency);

    expect(parsed.ok).toBe(true);
    expect(parsed.ok && toDecimalString(parsed.amountMinor, currency)).toBe(text);
  });
});

describe("formatAmount", () => {
  test("groups thousands and shows the currency's display decimals", () => {
    expect(formatAmount(123_456_789n, "USD")).toBe("1,234,567.89");
    expect(formatAmount(0n, "USD")).toBe("0.00");
    expect(formatAmount(100_000n, "EUR")).toBe("1,000.00");
  });

  test("formats negative amounts with a leading minus", () => {
    expect(formatAmount(-123_456n, "USD")).toBe("-1,234.56");
    expect(formatAmount(-1_005_000n, "USDC")).toBe("-1.005");
  });

  test("rounds nothing away: more decimals than the currency's display ones where the amount has them", () => {
    expect(formatAmount(1_005_000n, "USDC")).toBe("1.005");
    expect(formatAmount(1_004_999n, "USDC")).toBe("1.004999");
    expect(formatAmount(999_999_995_000n, "USDC")).toBe("999,999.995");
    expect(formatAmount(1250n, "USD", 0)).toBe("12.5");
    expect(formatAmount(1200n, "USD", 0)).toBe("12");
  });

  test("never shows one satoshi as zero", () => {
    expect(formatAmount(1n, "BTC")).toBe("0.00000001");
    expect(formatAmount(-1n, "BTC")).toBe("-0.00000001");
    expect(formatAmount(49n, "BTC")).toBe("0.00000049");
  });

  test("shows crypto exactly: ETH 0.00001234 and 0.00124634 in full, 1.5 with its display decimals", () => {
    expect(formatAmount(12_340_000_000_000n, "ETH")).toBe("0.00001234");
    expect(formatAmount(1_246_340_000_000_000n, "ETH")).toBe("0.00124634");
    expect(formatAmount(1_500_000_000_000_000_000n, "ETH")).toBe("1.500000");
    expect(formatAmount(50n, "BTC")).toBe("0.0000005");
    expect(formatAmount(123_456_789n, "BTC")).toBe("1.23456789");
    expect(formatAmount(1_234_567_890_000_000_000_000n, "ETH")).toBe("1,234.567890");
  });

  test("exactDecimalsOf: at least the minimum, up to the scale, only as many as the amount needs", () => {
    expect(exactDecimalsOf(1000n, "USD")).toBe(2);
    expect(exactDecimalsOf(1000n, "USD", 0)).toBe(0);
    expect(exactDecimalsOf(1050n, "USD", 0)).toBe(1);
    expect(exactDecimalsOf(1055n, "USD", 0)).toBe(2);
    expect(exactDecimalsOf(50n, "BTC")).toBe(7);
    expect(exactDecimalsOf(51n, "BTC")).toBe(8);
    expect(exactDecimalsOf(100n, "BTC")).toBe(6);
    expect(exactDecimalsOf(1n, "ETH")).toBe(18);
    expect(exactDecimalsOf(-1_005_000n, "USDC")).toBe(3);
  });

  test("formatMoney puts the currency code in front", () => {
    expect(formatMoney({ currency: "USD", amountMinor: 125_000n })).toBe("USD 1,250.00");
    expect(formatMoney({ currency: "BTC", amountMinor: 1n })).toBe("BTC 0.00000001");
  });
});

describe("parsePositiveAmount", () => {
  test.each([
    ["12.50", "USD", 1250n],
    [" 12.5 ", "EUR", 1250n],
    ["0.00000001", "BTC", 1n],
    ["1.000000000000000001", "ETH", 1_000_000_000_000_000_001n],
  ] as const)("reads %s %s as %s minor units", (text, currency, expected) => {
    expect(parsePositiveAmount(text, currency)).toEqual({ ok: true, amountMinor: expected });
  });

  test.each(["", "   ", "abc", "1e3", "1,000", "12.", ".5", "0", "0.00", "-5", "+5"])(
    "refuses %j with the spec's message",
    (text) => {
      expect(parsePositiveAmount(text, "USD")).toEqual({ ok: false, message: INVALID_AMOUNT_MESSAGE });
    },
  );

  test("names the currency's scale when there are too many decimals", () => {
    expect(parsePositiveAmount("100.123", "EUR")).toEqual({
      ok: false,
      message: "EUR amounts have at most 2 decimals",
    });
    expect(parsePositiveAmount("0.000000001", "BTC")).toEqual({
      ok: false,
      message: "BTC amounts have at most 8 decimals",
    });
  });

  test.each([
    ["1000000000", "USD", 100_000_000_000n],
    ["1000000000.00", "EUR", 100_000_000_000n],
    ["1000000000", "ETH", 10n ** 27n],
    ["0001000000000.000000", "USDT", 10n ** 15n],
  ] as const)("accepts %s %s: exactly the bound of one amount", (text, currency, expected) => {
    expect(maxAmountMinor(currency)).toBe(expected);
    expect(parsePositiveAmount(text, currency)).toEqual({ ok: true, amountMinor: expected });
  });

  test.each([
    ["1000000000.01", "USD"],
    ["1000000000.000000000000000001", "ETH"],
    ["1000000001", "BTC"],
    // The exchange quote of issue 24, which overflowed NUMERIC(38,0) once converted to wei.
    ["9999999999999999999999999999.99", "USD"],
    [`1${"0".repeat(29)}`, "USDC"],
  ] as const)("refuses %s %s, naming the bound in the currency", (text, currency) => {
    expect(parsePositiveAmount(text, currency)).toEqual({
      ok: false,
      message: `Amount can be at most 1,000,000,000 ${currency}`,
    });
  });

  test("no amount of any currency, converted at the highest rate into the finest currency, overflows NUMERIC(38,0)", () => {
    const finestScale = Math.max(...CURRENCY_CODES.map((code) => CURRENCIES[code].scale));
    for (const currency of CURRENCY_CODES) {
      // The most units of TO that the largest amount buys at the highest rate an admin may set.
      const unitsBought = (maxAmountMinor(currency) * MAX_RATE_UNITS) / 10n ** BigInt(CURRENCIES[currency].scale);
      expect(unitsBought * 10n ** BigInt(finestScale)).toBeLessThan(10n ** 38n);
    }
    // And what one exchange may pay out leaves 11 digits of room for balances, sums of many amounts.
    expect(maxAmountMinor("ETH") * 10n ** 11n).toBeLessThanOrEqual(10n ** 38n);
  });

  test("isWithinAmountLimit bounds either sign, per currency or by the finest one", () => {
    expect(isWithinAmountLimit(-maxAmountMinor("USD"), "USD")).toBe(true);
    expect(isWithinAmountLimit(maxAmountMinor("USD") + 1n, "USD")).toBe(false);
    expect(isWithinAmountLimit(-maxAmountMinor("USD") - 1n, "USD")).toBe(false);
    expect(isWithinAmountLimit(10n ** 27n, "ETH")).toBe(true);
    expect(isWithinAmountLimit(10n ** 27n + 1n, "ETH")).toBe(false);
  });
});

describe("checkPositiveAmount", () => {
  const Form = z.object({ amount: z.string(), currency: z.enum(["USD", "BTC"]) }).superRefine(checkPositiveAmount);

  test("puts the rule's message on the amount field", () => {
    const result = Form.safeParse({ amount: "1.005", currency: "USD" });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["amount"], message: "USD amounts have at most 2 decimals" }),
    ]);
  });

  test("accepts an amount within the currency's scale", () => {
    expect(Form.safeParse({ amount: "0.00000001", currency: "BTC" }).success).toBe(true);
  });
});

describe("withPositiveAmount", () => {
  const Form = withPositiveAmount(
    z.object({ name: z.string().min(1, "Name is required"), amount: z.string(), currency: z.enum(["EUR"]) }),
  );

  test("checks the amount even while another field is invalid", () => {
    const result = Form.safeParse({ name: "", amount: "1.005", currency: "EUR" });
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [["name"], "Name is required"],
      [["amount"], "EUR amounts have at most 2 decimals"],
    ]);
  });

  test("waits for a currency before judging the amount", () => {
    const result = Form.safeParse({ name: "Ann", amount: "1.005", currency: "XXX" });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([["currency"]]);
  });

  test("refuses more than one amount may be, with the message naming the limit", () => {
    const result = Form.safeParse({ name: "Ann", amount: "1000000000.01", currency: "EUR" });
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [["amount"], "Amount can be at most 1,000,000,000 EUR"],
    ]);
    expect(Form.safeParse({ name: "Ann", amount: "1000000000.00", currency: "EUR" }).success).toBe(true);
  });

  test("does not run on something that is not an object at all", () => {
    expect(() => Form.safeParse(null)).not.toThrow();
    expect(Form.safeParse(null).success).toBe(false);
  });
});

describe("acceptedAmountMinorOf", () => {
  const Form = withPositiveAmount(z.object({ amount: z.string().trim(), currency: z.enum(["USD", "EUR"]) }));

  test("gives the minor units the schema's amount rule parsed, for the object the parse returned", () => {
    const request = Form.parse({ amount: " 12.5 ", currency: "USD" });
    expect(acceptedAmountMinorOf(request, request.currency)).toBe(1250n);
  });

  test("knows nothing of an object no schema checked", () => {
    const sent = { amount: "12.5", currency: "USD" as const };
    Form.parse(sent);
    expect(acceptedAmountMinorOf(sent, sent.currency)).toBeUndefined();
  });

  test("forgets the units once the checked object's amount or currency changes", () => {
    const request = Form.parse({ amount: "12.50", currency: "USD" });
    request.currency = "EUR";
    expect(acceptedAmountMinorOf(request, request.currency)).toBeUndefined();
    const other = Form.parse({ amount: "12.50", currency: "USD" });
    other.amount = "99";
    expect(acceptedAmountMinorOf(other, other.currency)).toBeUndefined();
  });
});

describe("minorOf", () => {
  test("reads an amount the API sent", () => {
    expect(minorOf("1250.50", "EUR")).toBe(125_050n);
  });

  test("reads a broken one as zero, never as more money", () => {
    expect(minorOf("not a number", "USD")).toBe(0n);
    expect(minorOf("1.234", "USD")).toBe(0n);
  });
});
