import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  type BankAccountInput,
  bankAccountFormat,
  checkBankAccount,
  ibanCountryOf,
  isTestBic,
  nationalFieldsOf,
} from "./bank-account.ts";
import { COUNTRY_CODES } from "./countries.ts";
import { IBAN_REGISTRY } from "./iban-registry.ts";
import {
  BANK_MESSAGES,
  bicCountryMismatchMessage,
  ibanCountryMismatchMessage,
  ibanRequiredMessage,
  VALIDATION_MESSAGES,
} from "./messages.ts";

const OPTIONS = { requiredMessage: "required", allowTestBic: false };

const GERMAN: BankAccountInput = {
  country: "DE",
  currency: "EUR",
  accountNumber: "DE89 3704 0044 0532 0130 00",
  swiftCode: "DEUTDEFF",
};

/** The field → message pairs of a refused check, or "ok" with the stored form. */
function check(input: BankAccountInput) {
  const result = checkBankAccount(input, OPTIONS);
  return result.ok ? result.account : Object.fromEntries(result.issues.map((issue) => [issue.field, issue.message]));
}

/** The registry's example IBAN of every registry country (fixtures/swift-iban-registry-examples.txt). */
const REGISTRY_EXAMPLES = readFileSync(new URL("./fixtures/swift-iban-registry-examples.txt", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "" && !line.startsWith("#"))
  .map((line) => line.split(" ") as [string, string]);

describe("the country decides the format", () => {
  it("has every ISO 3166 code once, and every registry country among them", () => {
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    expect(COUNTRY_CODES.length).toBe(250);
    for (const country of Object.keys(IBAN_REGISTRY)) {
      expect(COUNTRY_CODES).toContain(country);
    }
  });

  it.each([
    ["DE", "EUR", "iban"],
    ["GB", "EUR", "iban"],
    ["GB", "GBP", "gb"],
    ["JE", "GBP", "gb"],
    ["GP", "EUR", "iban"],
    ["US", "USD", "us"],
    ["PR", "USD", "us"],
    ["CA", "CAD", "ca"],
    ["AU", "AUD", "au"],
    ["CX", "AUD", "au"],
    ["JP", "USD", "other"],
  ])("%s in %s: %s", (country, currency, format) => {
    expect(bankAccountFormat(country, currency)).toBe(format);
  });

  it("uses the French, British and Finnish IBAN for the territories the registry lists under them", () => {
    expect(ibanCountryOf("GP")).toBe("FR");
    expect(ibanCountryOf("IM")).toBe("GB");
    expect(ibanCountryOf("AX")).toBe("FI");
    expect(ibanCountryOf("MC")).toBe("MC");
    expect(ibanCountryOf("US")).toBeNull();
  });

  it.each(REGISTRY_EXAMPLES)("accepts %s's registry example %s with its country and a BIC of it", (country, iban) => {
    expect(check({ country, currency: "EUR", accountNumber: iban, swiftCode: `ABCD${country}2L` })).toEqual({
      accountNumber: iban,
      swiftCode: `ABCD${country}2L`,
      bankCode: null,
    });
  });

  it("stores the pasted IBAN in electronic form and the BIC in upper case", () => {
    expect(check({ ...GERMAN, swiftCode: "deut de ff" })).toEqual({
      accountNumber: "DE89370400440532013000",
      swiftCode: "DEUTDEFF",
      bankCode: null,
    });
  });

  it("refuses a valid IBAN of another country than the one chosen", () => {
    expect(check({ ...GERMAN, country: "AT", swiftCode: "BKAUATWW" })).toEqual({
      accountNumber: ibanCountryMismatchMessage("DE"),
    });
    expect(check({ ...GERMAN, country: "JP", swiftCode: "BOTKJPJT" })).toEqual({
      accountNumber: ibanCountryMismatchMessage("DE"),
    });
  });

  it("asks an IBAN country for its IBAN when a domestic number is typed", () => {
    expect(check({ ...GERMAN, accountNumber: "0532013000" })).toEqual({ accountNumber: ibanRequiredMessage("DE") });
    expect(check({ ...GERMAN, country: "GP", accountNumber: "12345678", swiftCode: "BDAFGPGP" })).toEqual({
      accountNumber: ibanRequiredMessage("FR"),
    });
  });

  it("keeps the IBAN rules' own messages", () => {
    expect(check({ ...GERMAN, accountNumber: "DE88370400440532013000" })).toEqual({
      accountNumber: VALIDATION_MESSAGES.ibanChecksum,
    });
    expect(check({ ...GERMAN, accountNumber: "0E89370400440532013000" })).toEqual({
      accountNumber: VALIDATION_MESSAGES.mistypedIban,
    });
  });

  it("takes any other country's account as 4 to 34 letters and digits", () => {
    expect(check({ country: "JP", currency: "USD", accountNumber: "1234-5678901", swiftCode: "BOTKJPJT" })).toEqual({
      accountNumber: "12345678901",
      swiftCode: "BOTKJPJT",
      bankCode: null,
    });
    expect(check({ country: "JP", currency: "USD", accountNumber: "123", swiftCode: "BOTKJPJT" })).toEqual({
      accountNumber: VALIDATION_MESSAGES.invalidAccountNumber,
    });
  });

  it("refuses a country that is not an ISO 3166 code", () => {
    expect(check({ ...GERMAN, country: "Germany" })).toEqual({ country: BANK_MESSAGES.chooseCountry });
    expect(check({ ...GERMAN, country: "de" })).toEqual({ country: BANK_MESSAGES.chooseCountry });
  });
});

describe("domestic formats", () => {
  const american: BankAccountInput = {
    country: "US",
    currency: "USD",
    accountNumber: "000123456789",
    routingNumber: "021000021",
    swiftCode: "CHASUS33",
  };

  it("stores a US account with its routing number as the bank code", () => {
    expect(check(american)).toEqual({ accountNumber: "000123456789", swiftCode: "CHASUS33", bankCode: "021000021" });
    expect(nationalFieldsOf("US", "USD", "021000021")).toMatchObject({ routingNumber: "021000021", bsb: null });
  });

  it("puts each domestic problem on its own field", () => {
    expect(check({ ...american, routingNumber: "" })).toEqual({ routingNumber: "required" });
    expect(check({ ...american, routingNumber: "021000022", accountNumber: "12" })).toEqual({
      routingNumber: BANK_MESSAGES.routingNumberChecksum,
      accountNumber: BANK_MESSAGES.usAccountNumber,
    });
  });

  it("stores a Canadian account's transit and institution as the electronic routing number", () => {
    const canadian = {
      country: "CA",
      currency: "CAD",
      accountNumber: "1234567",
      transitNumber: "12345",
      institutionNumber: "003",
      swiftCode: "ROYCCAT2",
    };
    expect(check(canadian)).toEqual({ accountNumber: "1234567", swiftCode: "ROYCCAT2", bankCode: "000312345" });
    expect(nationalFieldsOf("CA", "CAD", "000312345")).toMatchObject({
      transitNumber: "12345",
      institutionNumber: "003",
    });
  });

  it("stores an Australian account with its BSB", () => {
    const australian = {
      country: "AU",
      currency: "AUD",
      accountNumber: "12345678",
      bsb: "062-000",
      swiftCode: "CTBAAU2S",
    };
    expect(check(australian)).toEqual({ accountNumber: "12345678", swiftCode: "CTBAAU2S", bankCode: "062000" });
  });

  it("checks a UK sort code and account for GBP with VocaLink's modulus rules", () => {
    const british = {
      country: "GB",
      currency: "GBP",
      accountNumber: "66374958",
      sortCode: "08-99-99",
      swiftCode: "NWBKGB2L",
    };
    expect(check(british)).toEqual({ accountNumber: "66374958", swiftCode: "NWBKGB2L", bankCode: "089999" });
    expect(check({ ...british, accountNumber: "66374959" })).toEqual({ accountNumber: BANK_MESSAGES.ukModulus });
    expect(nationalFieldsOf("GB", "GBP", "089999")).toMatchObject({ sortCode: "089999" });
    expect(nationalFieldsOf("GB", "EUR", null)).toMatchObject({ sortCode: null });
  });
});

describe("the SWIFT code", () => {
  it("must be of the account's country", () => {
    expect(check({ ...GERMAN, swiftCode: "BNPAFRPP" })).toEqual({ swiftCode: bicCountryMismatchMessage("FR") });
  });

  it("may be of a country sharing the account's banking scheme", () => {
    expect(
      check({ ...GERMAN, country: "GP", accountNumber: "FR1420041010050500013M02606", swiftCode: "BNPAFRPP" }),
    ).toMatchObject({ swiftCode: "BNPAFRPP" });
    expect(
      check({ ...GERMAN, country: "MC", accountNumber: "MC5811222000010123456789030", swiftCode: "BNPAFRPP" }),
    ).toMatchObject({ swiftCode: "BNPAFRPP" });
  });

  it("refuses a test code (eighth character 0) unless test codes are allowed", () => {
    expect(isTestBic("DEUTDE00")).toBe(true);
    expect(isTestBic("DEUTDEFF")).toBe(false);
    expect(check({ ...GERMAN, swiftCode: "DEUTDE00" })).toEqual({ swiftCode: BANK_MESSAGES.testBic });
    expect(checkBankAccount({ ...GERMAN, swiftCode: "DEUTDE00" }, { ...OPTIONS, allowTestBic: true }).ok).toBe(true);
  });

  it("keeps its own message when malformed, beside the account's", () => {
    expect(check({ ...GERMAN, accountNumber: "0532013000", swiftCode: "DEUT" })).toEqual({
      swiftCode: VALIDATION_MESSAGES.invalidBic,
      accountNumber: ibanRequiredMessage("DE"),
    });
  });
});
