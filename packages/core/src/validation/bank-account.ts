import type { z } from "zod";
import { looksLikeIban, validateBankAccountNumber, validateBic } from "./bank.ts";
import { isCountryCode } from "./countries.ts";
import { isIbanRegistryCountry } from "./iban-registry.ts";
import {
  BANK_MESSAGES,
  bicCountryMismatchMessage,
  ibanCountryMismatchMessage,
  ibanRequiredMessage,
} from "./messages.ts";
import {
  canadianRoutingNumber,
  DOMESTIC_RULES,
  type DomesticFormat,
  type DomesticRules,
  type NationalBankField,
  passesUkModulusCheck,
  splitCanadianRoutingNumber,
} from "./national-bank.ts";
import type { ValidationResult } from "./result.ts";

/*
 * The country decides the format of a bank destination (issue 19, decision 017). A country in the
 * SWIFT IBAN registry, or a territory that uses another's IBANs, is paid by an IBAN of that country;
 * the United States and its territories by ABA routing number and account; Canada by transit,
 * institution and account; Australia and its territories by BSB and account; the United Kingdom and
 * the Crown Dependencies in GBP by sort code and account (Faster Payments); every other country by the
 * generic rule: 4 to 34 letters and digits that are not an IBAN. The SWIFT code's country must be the
 * account's, or one sharing its banking scheme.
 */

export type BankAccountFormat = "iban" | DomesticFormat | "other";

/**
 * Territories that share a banking scheme with a country, the country first: their banks' BICs may
 * carry either code, and those without an IBAN format of their own use the first's (the SWIFT
 * registry lists the French territories under FR, the Crown Dependencies under GB, Åland under FI).
 * Monaco has its own IBANs but its banks are in the French clearing system, often with French BICs.
 */
const SHARED_SCHEMES: readonly (readonly string[])[] = [
  ["FR", "GF", "GP", "MQ", "RE", "YT", "PM", "BL", "MF", "NC", "PF", "WF", "TF", "MC"],
  ["GB", "GG", "JE", "IM"],
  ["FI", "AX"],
  ["NO", "SJ", "BV"],
  ["US", "PR", "GU", "VI", "AS", "MP", "UM"],
  ["AU", "CX", "CC", "NF", "HM"],
];

/** The scheme a country belongs to: its group in `SHARED_SCHEMES`, or just itself. */
function schemeOf(country: string): readonly string[] {
  return SHARED_SCHEMES.find((group) => group.includes(country)) ?? [country];
}

/** The IBAN country of an account in `country`: itself when in the registry, else its scheme's head if that is. */
export function ibanCountryOf(country: string): string | null {
  if (isIbanRegistryCountry(country)) {
    return country;
  }
  const head = schemeOf(country)[0] ?? country;
  return isIbanRegistryCountry(head) ? head : null;
}

/** How an account in `country` receiving `currency` is written. */
export function bankAccountFormat(country: string, currency: string): BankAccountFormat {
  const head = schemeOf(country)[0];
  if (head === "GB" && currency === "GBP") {
    return "gb";
  }
  if (ibanCountryOf(country) !== null) {
    return "iban";
  }
  if (head === "US") {
    return "us";
  }
  if (country === "CA") {
    return "ca";
  }
  if (head === "AU") {
    return "au";
  }
  return "other";
}

/** The bank-code fields of a domestic format, as its rules list them. */
function domesticFieldsOf(format: DomesticFormat): readonly NationalBankField[] {
  return DOMESTIC_RULES[format].codeRules.map(([field]) => field);
}

/** The extra fields each format asks for, in the order a form shows them. */
export const NATIONAL_FIELDS_BY_FORMAT: Readonly<Record<BankAccountFormat, readonly NationalBankField[]>> = {
  iban: [],
  us: domesticFieldsOf("us"),
  ca: domesticFieldsOf("ca"),
  au: domesticFieldsOf("au"),
  gb: domesticFieldsOf("gb"),
  other: [],
};

/** A bank destination as a form or the API sends it. */
export interface BankAccountInput {
  readonly country: string;
  readonly currency: string;
  readonly accountNumber: string;
  readonly swiftCode: string;
  readonly routingNumber?: string | null | undefined;
  readonly transitNumber?: string | null | undefined;
  readonly institutionNumber?: string | null | undefined;
  readonly bsb?: string | null | undefined;
  readonly sortCode?: string | null | undefined;
}

/**
 * A bank destination as Ferry stores it: the account number (an electronic IBAN, or the domestic
 * number's digits), the SWIFT code in upper case, and the domestic bank code when the format has one
 * (ABA routing number, Canadian electronic routing number "0" + institution + transit, BSB, sort code).
 */
export interface StoredBankAccount {
  readonly accountNumber: string;
  readonly swiftCode: string;
  readonly bankCode: string | null;
}

export interface BankAccountIssue {
  readonly field: "country" | "accountNumber" | "swiftCode" | NationalBankField;
  readonly message: string;
}

export type BankAccountCheck =
  | { readonly ok: true; readonly account: StoredBankAccount }
  | { readonly ok: false; readonly issues: readonly BankAccountIssue[] };

export interface BankAccountCheckOptions {
  /** The message for a missing domestic field (the form's own "fill in all … details"). */
  readonly requiredMessage: string;
  /** SWIFT test codes (eighth character 0) are refused unless this is true (development and tests). */
  readonly allowTestBic?: boolean;
}

/** Whether the BIC is a SWIFT test and training code: its second location character is "0". */
export function isTestBic(bic: string): boolean {
  return bic.length >= 8 && bic[7] === "0";
}

/**
 * Checks a whole bank destination: the country is known, the account is in the country's format,
 * the domestic fields are valid, and the SWIFT code is valid and of the same country or scheme.
 * Returns the stored form, or every issue found, each on its field.
 */
export function checkBankAccount(input: BankAccountInput, options: BankAccountCheckOptions): BankAccountCheck {
  const issues: BankAccountIssue[] = [];
  const bic = checkBic(input, options);
  if (!bic.ok) {
    issues.push({ field: "swiftCode", message: bic.message });
  }
  if (!isCountryCode(input.country)) {
    return { ok: false, issues: [{ field: "country", message: BANK_MESSAGES.chooseCountry }, ...issues] };
  }
  const account = checkAccount(input, options.requiredMessage);
  issues.push(...account.issues);
  if (issues.length > 0 || !bic.ok || account.stored === null) {
    return { ok: false, issues };
  }
  return { ok: true, account: { ...account.stored, swiftCode: bic.normalized } };
}

function checkBic(input: BankAccountInput, options: BankAccountCheckOptions): ValidationResult {
  const bic = validateBic(input.swiftCode);
  if (!bic.ok) {
    return bic;
  }
  if (!options.allowTestBic && isTestBic(bic.normalized)) {
    return { ok: false, message: BANK_MESSAGES.testBic };
  }
  const bicCountry = bic.normalized.slice(4, 6);
  if (isCountryCode(input.country) && !schemeOf(input.country).includes(bicCountry)) {
    return { ok: false, message: bicCountryMismatchMessage(bicCountry) };
  }
  return bic;
}

interface AccountCheck {
  readonly issues: readonly BankAccountIssue[];
  readonly stored: Omit<StoredBankAccount, "swiftCode"> | null;
}

function checkAccount(input: BankAccountInput, requiredMessage: string): AccountCheck {
  const format = bankAccountFormat(input.country, input.currency);
  if (format === "iban" || format === "other") {
    return checkIbanOrGeneric(input, format);
  }
  return checkDomestic(input, requiredMessage, DOMESTIC_RULES[format]);
}

/** An IBAN country's account must be its IBAN; any other country's must not be an IBAN at all. */
function checkIbanOrGeneric(input: BankAccountInput, format: "iban" | "other"): AccountCheck {
  const result = validateBankAccountNumber(input.accountNumber);
  if (!result.ok) {
    return refused("accountNumber", result.message);
  }
  const isIban = looksLikeIban(input.accountNumber);
  const expected = ibanCountryOf(input.country);
  if (format === "iban" && expected !== null && !isIban) {
    return refused("accountNumber", ibanRequiredMessage(expected));
  }
  if (isIban && result.normalized.slice(0, 2) !== expected) {
    return refused("accountNumber", ibanCountryMismatchMessage(result.normalized.slice(0, 2)));
  }
  return { issues: [], stored: { accountNumber: result.normalized, bankCode: null } };
}

/** A domestic format: each bank-code field and the account number valid on its own, then together. */
function checkDomestic(input: BankAccountInput, requiredMessage: string, rules: DomesticRules): AccountCheck {
  const issues: BankAccountIssue[] = [];
  const codes: string[] = [];
  for (const [field, rule] of rules.codeRules) {
    const text = input[field]?.trim() ?? "";
    const result = text === "" ? ({ ok: false, message: requiredMessage } as const) : rule(text);
    if (result.ok) {
      codes.push(result.normalized);
    } else {
      issues.push({ field, message: result.message });
    }
  }
  const account = rules.accountRule(input.accountNumber);
  if (!account.ok) {
    issues.push({ field: "accountNumber", message: account.message });
  }
  if (issues.length > 0 || !account.ok) {
    return { issues, stored: null };
  }
  const [first = "", second = ""] = codes;
  const format = bankAccountFormat(input.country, input.currency);
  if (format === "gb" && !passesUkModulusCheck(first, account.normalized)) {
    return refused("accountNumber", BANK_MESSAGES.ukModulus);
  }
  // Canada's two fields are stored as the electronic routing number: "0" + institution + transit.
  const bankCode = format === "ca" ? canadianRoutingNumber(first, second) : first;
  return { issues: [], stored: { accountNumber: account.normalized, bankCode } };
}

function refused(field: BankAccountIssue["field"], message: string): AccountCheck {
  return { issues: [{ field, message }], stored: null };
}

/** The domestic fields of a stored bank code, as the API returns them (all null for an IBAN). */
export function nationalFieldsOf(
  country: string,
  currency: string,
  bankCode: string | null,
): Record<NationalBankField, string | null> {
  const fields: Record<NationalBankField, string | null> = {
    routingNumber: null,
    transitNumber: null,
    institutionNumber: null,
    bsb: null,
    sortCode: null,
  };
  if (bankCode === null) {
    return fields;
  }
  const format = bankAccountFormat(country, currency);
  if (format === "ca") {
    return { ...fields, ...splitCanadianRoutingNumber(bankCode) };
  }
  const [field] = NATIONAL_FIELDS_BY_FORMAT[format];
  return field === undefined ? fields : { ...fields, [field]: bankCode };
}

/** The fields `refineBankAccount` reads; it runs only when none of them failed on its own. */
const BANK_CROSS_CHECKED_FIELDS: readonly PropertyKey[] = [
  "country",
  "currency",
  "accountNumber",
  "swiftCode",
  "routingNumber",
  "transitNumber",
  "institutionNumber",
  "bsb",
  "sortCode",
];

/**
 * A schema's refinement that runs `checkBankAccount` and puts each issue on its field. Test SWIFT
 * codes pass here; the server refuses them in production, where it knows it is.
 */
export function refineBankAccount(requiredMessage: string) {
  return (value: BankAccountInput, ctx: z.RefinementCtx): void => {
    const result = checkBankAccount(value, { requiredMessage, allowTestBic: true });
    if (!result.ok) {
      for (const issue of result.issues) {
        ctx.addIssue({ code: "custom", path: [issue.field], message: issue.message });
      }
    }
  };
}

/** Zod skips a refinement when any field failed; this runs it when the fields it reads are sound. */
export const bankRefinementParams = {
  when: (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    payload.issues.every((issue) => {
      const field = issue.path?.[0];
      return field !== undefined && !BANK_CROSS_CHECKED_FIELDS.includes(field);
    }),
};
