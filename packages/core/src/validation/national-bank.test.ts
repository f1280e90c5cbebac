import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BANK_MESSAGES } from "./messages.ts";
import {
  canadianRoutingNumber,
  passesUkModulusCheck,
  splitCanadianRoutingNumber,
  validateAustralianAccountNumber,
  validateBsb,
  validateCanadianAccountNumber,
  validateInstitutionNumber,
  validateRoutingNumber,
  validateSortCode,
  validateTransitNumber,
  validateUkAccountNumber,
} from "./national-bank.ts";

/** Published examples per format, each section naming its source (fixtures/national-bank-vectors.json). */
interface Vectors {
  abaRoutingNumbers: {
    valid: string[];
    invalidChecksum: string[];
    invalidLength: string[];
    invalidPrefix: string[];
  };
  ukModulus: { cases: { sortCode: string; accountNumber: string; valid: boolean; case: number }[] };
  canada: {
    valid: { transitNumber: string; institutionNumber: string; accountNumber: string; routingNumber: string }[];
    invalid: { field: string; transitNumber: string; institutionNumber: string; accountNumber: string }[];
  };
  australia: {
    valid: { bsb: string; accountNumber: string; storedBsb: string }[];
    invalid: { field: string; bsb: string; accountNumber: string }[];
  };
}

const VECTORS: Vectors = JSON.parse(
  readFileSync(new URL("./fixtures/national-bank-vectors.json", import.meta.url), "utf8"),
);

describe("ABA routing numbers", () => {
  it.each(VECTORS.abaRoutingNumbers.valid)("accepts the published routing number %s", (routing) => {
    expect(validateRoutingNumber(routing)).toEqual({ ok: true, normalized: routing });
  });

  it.each([...VECTORS.abaRoutingNumbers.invalidChecksum, ...VECTORS.abaRoutingNumbers.invalidPrefix])(
    "refuses %s, whose checksum or Federal Reserve prefix is wrong",
    (routing) => {
      expect(validateRoutingNumber(routing)).toEqual({ ok: false, message: BANK_MESSAGES.routingNumberChecksum });
    },
  );

  it.each(VECTORS.abaRoutingNumbers.invalidLength)("refuses %s, which is not 9 digits", (routing) => {
    expect(validateRoutingNumber(routing)).toEqual({ ok: false, message: BANK_MESSAGES.routingNumberLength });
  });

  it("catches every one-digit substitution of every published routing number", () => {
    let caught = 0;
    let tried = 0;
    for (const routing of VECTORS.abaRoutingNumbers.valid) {
      for (let index = 0; index < routing.length; index += 1) {
        for (let digit = 0; digit <= 9; digit += 1) {
          if (String(digit) === routing[index]) {
            continue;
          }
          tried += 1;
          const typo = `${routing.slice(0, index)}${digit}${routing.slice(index + 1)}`;
          caught += validateRoutingNumber(typo).ok ? 0 : 1;
        }
      }
    }
    // Weights 3, 7 and 1 are prime to 10, so the ABA checksum catches every single-digit error.
    expect(caught).toBe(tried);
  });
});

describe("UK sort code and account number (VocaLink modulus checking v8.50)", () => {
  it.each(VECTORS.ukModulus.cases)("VocaLink test case $case: $sortCode $accountNumber is valid: $valid", (vector) => {
    expect(passesUkModulusCheck(vector.sortCode, vector.accountNumber)).toBe(vector.valid);
  });

  it("takes the sort code as written on cards and refuses wrong lengths", () => {
    expect(validateSortCode("20-00-00")).toEqual({ ok: true, normalized: "200000" });
    expect(validateSortCode("20000")).toEqual({ ok: false, message: BANK_MESSAGES.sortCode });
    expect(validateUkAccountNumber("1234567")).toEqual({ ok: false, message: BANK_MESSAGES.ukAccountNumber });
    expect(validateUkAccountNumber("3192 6819")).toEqual({ ok: true, normalized: "31926819" });
  });
});

describe("Canadian transit, institution and account numbers", () => {
  it.each(VECTORS.canada.valid)("accepts transit $transitNumber at institution $institutionNumber", (vector) => {
    expect(validateTransitNumber(vector.transitNumber).ok).toBe(true);
    expect(validateInstitutionNumber(vector.institutionNumber).ok).toBe(true);
    expect(validateCanadianAccountNumber(vector.accountNumber).ok).toBe(true);
    expect(canadianRoutingNumber(vector.transitNumber, vector.institutionNumber)).toBe(vector.routingNumber);
    expect(splitCanadianRoutingNumber(vector.routingNumber)).toEqual({
      transitNumber: vector.transitNumber,
      institutionNumber: vector.institutionNumber,
    });
  });

  it.each(VECTORS.canada.invalid)("refuses a wrong $field", (vector) => {
    const results = {
      transitNumber: validateTransitNumber(vector.transitNumber),
      institutionNumber: validateInstitutionNumber(vector.institutionNumber),
      accountNumber: validateCanadianAccountNumber(vector.accountNumber),
    };
    const failing = Object.entries(results).flatMap(([field, result]) => (result.ok ? [] : [field]));
    expect(failing).toEqual([vector.field]);
  });
});

describe("Australian BSB and account numbers", () => {
  it.each(VECTORS.australia.valid)("accepts BSB $bsb", (vector) => {
    expect(validateBsb(vector.bsb)).toEqual({ ok: true, normalized: vector.storedBsb });
    expect(validateAustralianAccountNumber(vector.accountNumber).ok).toBe(true);
  });

  it.each(VECTORS.australia.invalid)("refuses a wrong $field", (vector) => {
    const results = {
      bsb: validateBsb(vector.bsb),
      accountNumber: validateAustralianAccountNumber(vector.accountNumber),
    };
    const failing = Object.entries(results).flatMap(([field, result]) => (result.ok ? [] : [field]));
    expect(failing).toEqual([vector.field]);
  });

  it("refuses a non-ASCII digit instead of reading it as a number", () => {
    expect(validateBsb("０６２０００").ok).toBe(false);
  });
});
