import { describe, expect, it } from "vitest";
import { looksLikeIban, validateBankAccountNumber, validateBic, validateIban } from "./bank.ts";
import { VALIDATION_MESSAGES } from "./messages.ts";

/**
 * Published IBAN examples: the ECBS/IBAN-registry examples for the UK and Germany, and the Dutch
 * example of the ibantools documentation.
 */
const PUBLISHED_IBANS = ["GB82WEST12345698765432", "DE89370400440532013000", "NL91ABNA0417164300"];

/** The Swiss QR-IBAN of the ibantools documentation (valid only where QR-IBANs are allowed). */
const IBANTOOLS_QR_IBAN = "CH4431999123000889012";

/** BICs from the ibantools documentation and Deutsche Bank's head-office code with and without branch. */
const PUBLISHED_BICS = ["DEUTDEFF", "DEUTDEFF500", "ABNANL2A", "NEDSZAJJXXX"];

/** The same text with the digit at `index` increased by one (9 becomes 0). */
function changeDigit(text: string, index: number): string {
  const digit = Number(text[index]);
  if (Number.isNaN(digit)) {
    throw new Error(`${text[index]} at ${index} is not a digit`);
  }
  return `${text.slice(0, index)}${(digit + 1) % 10}${text.slice(index + 1)}`;
}

describe("validateIban", () => {
  it.each(PUBLISHED_IBANS)("accepts the published IBAN %s", (iban) => {
    expect(validateIban(iban)).toEqual({ ok: true, normalized: iban });
  });

  it.each(PUBLISHED_IBANS)("reports %s with a changed digit as a checksum mismatch", (iban) => {
    for (const index of [2, 3, iban.length - 1, iban.length - 5]) {
      expect(validateIban(changeDigit(iban, index))).toEqual({
        ok: false,
        message: VALIDATION_MESSAGES.ibanChecksum,
      });
    }
  });

  it("accepts the printed form with spaces and lower case, and returns the electronic form", () => {
    expect(validateIban(" gb82 west 1234 5698 7654 32 ")).toEqual({ ok: true, normalized: "GB82WEST12345698765432" });
  });

  it("refuses a QR-IBAN, which only takes QR-bill payments", () => {
    expect(validateIban(IBANTOOLS_QR_IBAN)).toEqual({ ok: false, message: VALIDATION_MESSAGES.qrIban });
  });

  it("rejects a wrong length, an unknown country and junk as not an IBAN", () => {
    for (const text of [
      "GB82WEST1234569876543",
      "GB82WEST123456987654321",
      "XX82WEST12345698765432",
      "",
      "not an iban",
      "GB82WEST12345698765432".repeat(3),
    ]) {
      expect(validateIban(text)).toEqual({ ok: false, message: VALIDATION_MESSAGES.invalidIban });
    }
  });
});

describe("looksLikeIban", () => {
  it("recognises two letters and two digits at the start, ignoring spaces and case", () => {
    expect(looksLikeIban("DE89370400440532013000")).toBe(true);
    expect(looksLikeIban("de89 3704 0044")).toBe(true);
    expect(looksLikeIban(" D E 8 9")).toBe(true);
  });

  it("does not take national account numbers for IBANs", () => {
    expect(looksLikeIban("123456789")).toBe(false);
    expect(looksLikeIban("D1890000")).toBe(false);
    expect(looksLikeIban("DEX9")).toBe(false);
    expect(looksLikeIban("")).toBe(false);
  });
});

describe("validateBic", () => {
  it.each(PUBLISHED_BICS)("accepts the BIC %s", (bic) => {
    expect(validateBic(bic)).toEqual({ ok: true, normalized: bic });
  });

  it("returns upper case without spaces", () => {
    expect(validateBic(" deutdeff500 ")).toEqual({ ok: true, normalized: "DEUTDEFF500" });
    expect(validateBic("DEUT DE FF")).toEqual({ ok: true, normalized: "DEUTDEFF" });
  });

  it.each([
    ["DEUTDEF", "7 characters"],
    ["DEUTDEFF5", "9 characters"],
    ["DEUTDEFF50", "10 characters"],
    ["DEUTDEFF5000", "12 characters"],
    ["ABN4NL2A", "digit in the bank code (ibantools documentation)"],
    ["DEUT1EFF", "digit in the country code"],
    ["DEUTXXFF", "unknown country XX"],
    ["DEUT-DEFF", "punctuation"],
    ["", "empty"],
  ])("rejects %s (%s)", (bic) => {
    expect(validateBic(bic)).toEqual({ ok: false, message: VALIDATION_MESSAGES.invalidBic });
  });
});

describe("validateBankAccountNumber", () => {
  it("holds text that looks like an IBAN to the IBAN rules", () => {
    expect(validateBankAccountNumber("DE89 3704 0044 0532 0130 00")).toEqual({
      ok: true,
      normalized: "DE89370400440532013000",
    });
    expect(validateBankAccountNumber("DE89370400440532013001")).toEqual({
      ok: false,
      message: VALIDATION_MESSAGES.ibanChecksum,
    });
  });

  it("accepts national account numbers of 4 to 34 digits, letters, spaces or dashes, trimmed", () => {
    for (const text of ["1234", "000123456789", "12-345 678", "ABC123456", "1".repeat(34)]) {
      expect(validateBankAccountNumber(` ${text} `)).toEqual({ ok: true, normalized: text });
    }
  });

  it("rejects account numbers that are too short, too long or contain other characters", () => {
    for (const text of ["123", "", "1".repeat(35), "1234#5678", "1234.5678", "12345/67"]) {
      expect(validateBankAccountNumber(text)).toEqual({
        ok: false,
        message: VALIDATION_MESSAGES.invalidAccountNumber,
      });
    }
  });
});
