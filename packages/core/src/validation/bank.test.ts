import fc from "fast-check";
import { countrySpecs } from "ibantools";
import { describe, expect, it } from "vitest";
import { looksLikeIban, validateBankAccountNumber, validateBic, validateIban } from "./bank.ts";
import { nonAsciiCharacterMessage, VALIDATION_MESSAGES } from "./messages.ts";

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
    expect(looksLikeIban("1234 5678-90")).toBe(false);
    expect(looksLikeIban("")).toBe(false);
  });

  // Until issue 19 "D1890000" and "DEX9" were national account numbers, which let an IBAN with a
  // mistyped country or check digit skip its checksum.
  it("takes text with a letter in its first four characters for a possibly mistyped IBAN", () => {
    expect(looksLikeIban("D1890000")).toBe(true);
    expect(looksLikeIban("DEX9")).toBe(true);
    expect(looksLikeIban("0E89370400440532013000")).toBe(true);
    expect(looksLikeIban("AAAA")).toBe(true);
    expect(looksLikeIban("iban de89 3704")).toBe(true);
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
    ["DEUT/DEFF", "punctuation"],
    ["DEUTDEFF!", "punctuation at the end"],
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

  it("accepts national account numbers of 4 to 34 digits and letters, trimmed", () => {
    for (const text of ["1234", "000123456789", "1234ABC56", "1".repeat(34)]) {
      expect(validateBankAccountNumber(` ${text} `)).toEqual({ ok: true, normalized: text });
    }
  });

  // Until issue 19 the stored form kept the spaces and dashes as typed, and "1234.5678" was refused:
  // one normalisation rule now removes spaces, dots and dashes from every piece of bank text.
  it("stores a national account number without spaces, dots or dashes, in upper case", () => {
    expect(validateBankAccountNumber("12-345 678")).toEqual({ ok: true, normalized: "12345678" });
    expect(validateBankAccountNumber("1234.5678")).toEqual({ ok: true, normalized: "12345678" });
    expect(validateBankAccountNumber("1234\u00A05678abc")).toEqual({ ok: true, normalized: "12345678ABC" });
  });

  it("rejects account numbers that are too short, too long or contain other characters", () => {
    for (const text of ["123", "", "----", " . - ", "1".repeat(35), "1234#5678", "12345/67", "1234_5678"]) {
      expect(validateBankAccountNumber(text)).toEqual({
        ok: false,
        message: VALIDATION_MESSAGES.invalidAccountNumber,
      });
    }
  });
});

/** Registry example IBANs (SWIFT IBAN registry) used by the pasted-form and substitution tests. */
const REGISTRY_EXAMPLE_IBANS = [
  "DE89370400440532013000",
  "GB29NWBK60161331926819",
  "FR1420041010050500013M02606",
  "NL91ABNA0417164300",
  "NO9386011117947",
];

/** ISO 7064 mod 97-10 computed here, not by ibantools: first four characters moved last, letters as 10-35. */
function hasValidIbanChecksum(iban: string): boolean {
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`;
  const digits = [...rearranged].map((character) => Number.parseInt(character, 36).toString()).join("");
  return /^[0-9]+$/.test(digits) && BigInt(digits) % 97n === 1n;
}

/** The country's length and BBAN pattern, as the registry publishes them (ibantools' copy of it). */
function hasRegistryStructure(iban: string): boolean {
  const spec = countrySpecs[iban.slice(0, 2)];
  if (spec?.chars === undefined || spec.bban_regexp === undefined) {
    return false;
  }
  return (
    /^[A-Z]{2}[0-9]{2}/.test(iban) && iban.length === spec.chars && new RegExp(spec.bban_regexp).test(iban.slice(4))
  );
}

function substitute(text: string, index: number, character: string): string {
  return `${text.slice(0, index)}${character}${text.slice(index + 1)}`;
}

describe("pasted bank text (issue 19)", () => {
  it.each([
    ["no-break spaces", "DE89\u00A03704\u00A00044\u00A00532\u00A00130\u00A000", "DE89370400440532013000"],
    ["narrow no-break and figure spaces", "DE89\u202F3704\u20070044 0532\u202F0130\u200700", "DE89370400440532013000"],
    ["Norwegian dots", "NO07.8380.08.06006", "NO0783800806006"],
    ["the ISO paper form", "IBAN DE89 3704 0044 0532 0130 00", "DE89370400440532013000"],
    ["the paper form in lower case", "iban de89 3704 0044 0532 0130 00", "DE89370400440532013000"],
    ["the paper form after a no-break space", "\u00A0IBAN\u00A0GB29 NWBK 6016 1331 9268 19", "GB29NWBK60161331926819"],
    ["dashes", "DE89-3704-0044-0532-0130-00", "DE89370400440532013000"],
  ])("accepts an IBAN pasted with %s and returns the electronic form", (_form, text, electronic) => {
    expect(validateBankAccountNumber(text)).toEqual({ ok: true, normalized: electronic });
    expect(validateIban(text)).toEqual({ ok: true, normalized: electronic });
  });

  it("checks the Norwegian example independently: mod 97 and the registry's structure hold", () => {
    expect(hasValidIbanChecksum("NO0783800806006")).toBe(true);
    expect(hasRegistryStructure("NO0783800806006")).toBe(true);
    expect(hasValidIbanChecksum("NO0783800806007")).toBe(false);
  });

  it("accepts a BIC pasted with no-break spaces, dots or dashes and returns the compact form", () => {
    expect(validateBic("DEUT\u00A0DE\u00A0FF")).toEqual({ ok: true, normalized: "DEUTDEFF" });
    expect(validateBic("deut-de-ff.500")).toEqual({ ok: true, normalized: "DEUTDEFF500" });
  });
});

describe("no checksum bypass (issue 19)", () => {
  it.each([
    ["DE8O370400440532013000", "a letter O for a zero in the check digits", VALIDATION_MESSAGES.invalidIban],
    ["DE-90-370400440532013000", "dashes around wrong check digits", VALIDATION_MESSAGES.ibanChecksum],
    ["IBAN DE90 3704 0044 0532 0130 00", "the paper form with wrong check digits", VALIDATION_MESSAGES.ibanChecksum],
    ["0E89370400440532013000", "a zero for the D of the country", VALIDATION_MESSAGES.mistypedIban],
    ["E89370400440532013000", "the first character lost", VALIDATION_MESSAGES.mistypedIban],
    ["B29NWBK60161331926819", "the first character of a British IBAN lost", VALIDATION_MESSAGES.mistypedIban],
    ["AAAA", "letters only", VALIDATION_MESSAGES.mistypedIban],
    ["----", "dashes only", VALIDATION_MESSAGES.invalidAccountNumber],
  ])("refuses %s (%s)", (text, _reason, message) => {
    expect(validateBankAccountNumber(text)).toEqual({ ok: false, message });
  });
});

describe("non-ASCII in bank text (issue 19)", () => {
  // Each of these becomes a valid code under toUpperCase(), which is why it is refused before case folding.
  it.each([
    ["GB29NWBK6016133192681\u0131", "\u0131", "dotless i"],
    ["GB82WE\u017FT12345698765432", "\u017F", "long s"],
    ["1234\u00DF5678", "\u00DF", "sharp s"],
    ["\u0130E89370400440532013000", "\u0130", "capital I with dot"],
  ])("refuses the account number %s naming %s (%s)", (text, character) => {
    expect(validateBankAccountNumber(text)).toEqual({ ok: false, message: nonAsciiCharacterMessage(character) });
  });

  it.each([
    ["DEUTDE\uFB00", "\uFB00", "the ff ligature"],
    ["B\u212AAUATWW", "\u212A", "the Kelvin sign"],
    ["DEUTDEFF\u200B", "\u200B", "a zero-width space"],
  ])("refuses the BIC %s naming %s (%s)", (text, character) => {
    expect(validateBic(text)).toEqual({ ok: false, message: nonAsciiCharacterMessage(character) });
  });

  it("names the character and its code point, an emoji whole", () => {
    expect(nonAsciiCharacterMessage("\u00DF")).toBe('Remove the character "\u00DF" (U+00DF)');
    expect(nonAsciiCharacterMessage("\u212A")).toBe('Remove the character "\u212A" (U+212A)');
    expect(validateIban("DE89\u{1F4B6}")).toEqual({ ok: false, message: 'Remove the character "\u{1F4B6}" (U+1F4B6)' });
  });

  it("refuses a full-width digit and a Cyrillic letter that look like ASCII", () => {
    expect(validateBankAccountNumber("DE89 3704 0044 0532 0130 0\uFF10")).toEqual({
      ok: false,
      message: nonAsciiCharacterMessage("\uFF10"),
    });
    expect(validateBankAccountNumber("\u0410AAA")).toEqual({ ok: false, message: nonAsciiCharacterMessage("\u0410") });
  });
});

describe("one-character substitutions of registry example IBANs (issue 19)", () => {
  /** Accepted only when the result is still an IBAN: mod 97 and the country's structure both hold. */
  function expectRefusedOrStillValid(text: string): void {
    const result = validateBankAccountNumber(text);
    if (result.ok) {
      expect(hasValidIbanChecksum(result.normalized), `${JSON.stringify(text)} accepted`).toBe(true);
      expect(hasRegistryStructure(result.normalized), `${JSON.stringify(text)} accepted`).toBe(true);
    }
  }

  it("refuses or still validates every printable-ASCII substitution at every position", () => {
    const printable = Array.from({ length: 0x7f - 0x20 }, (_, offset) => String.fromCharCode(0x20 + offset));
    for (const iban of REGISTRY_EXAMPLE_IBANS) {
      for (let index = 0; index < iban.length; index += 1) {
        for (const character of printable) {
          expectRefusedOrStillValid(substitute(iban, index, character));
        }
      }
    }
  });

  it("refuses or still validates any Unicode substitution, including separators", () => {
    const anyCharacter = fc.oneof(
      fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
      fc.constantFrom(" ", "\u00A0", "\u202F", "\u2007", ".", "-", "\u017F", "\u0131", "\uFB00", "\u212A", "\u00DF"),
    );
    fc.assert(
      fc.property(fc.constantFrom(...REGISTRY_EXAMPLE_IBANS), fc.nat(), anyCharacter, (iban, position, character) => {
        expectRefusedOrStillValid(substitute(iban, position % iban.length, character));
      }),
      { numRuns: 2000 },
    );
  });
});
