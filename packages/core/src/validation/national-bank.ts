import { validateAccountDetails as checkUkModulus } from "uk-modulus-check";
import { BANK_MESSAGES } from "./messages.ts";
import { normalizeBankText } from "./normalize.ts";
import type { ValidationResult } from "./result.ts";

/*
 * The domestic account formats of the countries whose banks do not use IBANs for the transfers Ferry
 * sends, and of the United Kingdom for GBP, where Faster Payments use a sort code and account number.
 * Each takes what people paste (spaces, dots, dashes: `normalizeBankText`) and returns digits only.
 * Sources and test vectors: fixtures/national-bank-vectors.json.
 */

/** The fields a domestic format asks for besides the account number. */
export const NATIONAL_BANK_FIELDS = ["routingNumber", "transitNumber", "institutionNumber", "bsb", "sortCode"] as const;
export type NationalBankField = (typeof NATIONAL_BANK_FIELDS)[number];

/** Digits only, after the pasted layout is removed; `message` when the count is not in [min, max]. */
function digits(text: string, min: number, max: number, message: string): ValidationResult {
  const normalized = normalizeBankText(text);
  if (!normalized.ok) {
    return normalized;
  }
  const value = normalized.normalized;
  if (!/^[0-9]+$/.test(value) || value.length < min || value.length > max) {
    return { ok: false, message };
  }
  return { ok: true, normalized: value };
}

/**
 * The first two digits of an ABA routing number name a Federal Reserve district: 00 (United States
 * Government), 01–12 (the districts), 21–32 (thrift institutions) and 61–72 (electronic transactions);
 * 80 is traveller's cheques, which cannot receive a transfer. Anything else is not a routing number.
 */
function isRoutingPrefix(prefix: number): boolean {
  return prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72);
}

/** The ABA check: 3·d1 + 7·d2 + 1·d3 + 3·d4 + … + 1·d9 is a multiple of 10. */
function hasAbaChecksum(routing: string): boolean {
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  let sum = 0;
  for (const [index, weight] of weights.entries()) {
    sum += weight * Number(routing[index]);
  }
  return sum !== 0 && sum % 10 === 0;
}

/** A United States ABA routing number: 9 digits, a Federal Reserve prefix and the ABA checksum. */
export function validateRoutingNumber(text: string): ValidationResult {
  const result = digits(text, 9, 9, BANK_MESSAGES.routingNumberLength);
  if (!result.ok) {
    return result;
  }
  if (!isRoutingPrefix(Number(result.normalized.slice(0, 2))) || !hasAbaChecksum(result.normalized)) {
    return { ok: false, message: BANK_MESSAGES.routingNumberChecksum };
  }
  return result;
}

/** A United States account number: 4 to 17 digits (Nacha's DFI account number field is 17 wide). */
export function validateUsAccountNumber(text: string): ValidationResult {
  return digits(text, 4, 17, BANK_MESSAGES.usAccountNumber);
}

/** A Canadian branch transit number: 5 digits. */
export function validateTransitNumber(text: string): ValidationResult {
  return digits(text, 5, 5, BANK_MESSAGES.transitNumber);
}

/** A Canadian financial institution number: 3 digits. */
export function validateInstitutionNumber(text: string): ValidationResult {
  return digits(text, 3, 3, BANK_MESSAGES.institutionNumber);
}

/** A Canadian account number: 7 to 12 digits. */
export function validateCanadianAccountNumber(text: string): ValidationResult {
  return digits(text, 7, 12, BANK_MESSAGES.canadianAccountNumber);
}

/** An Australian BSB (bank-state-branch) number: 6 digits, often written 062-000. It has no checksum. */
export function validateBsb(text: string): ValidationResult {
  return digits(text, 6, 6, BANK_MESSAGES.bsb);
}

/** An Australian account number: 5 to 9 digits. */
export function validateAustralianAccountNumber(text: string): ValidationResult {
  return digits(text, 5, 9, BANK_MESSAGES.australianAccountNumber);
}

/** A UK sort code: 6 digits, often written 20-00-00. */
export function validateSortCode(text: string): ValidationResult {
  return digits(text, 6, 6, BANK_MESSAGES.sortCode);
}

/** A UK account number: 8 digits. */
export function validateUkAccountNumber(text: string): ValidationResult {
  return digits(text, 8, 8, BANK_MESSAGES.ukAccountNumber);
}

/**
 * Whether a valid sort code and account number pass VocaLink's modulus check (uk-modulus-check, with
 * VocaLink's valacdos v8.50 table). A sort code outside every range VocaLink publishes has no check
 * and passes, as VocaLink's specification says.
 */
export function passesUkModulusCheck(sortCode: string, accountNumber: string): boolean {
  return checkUkModulus(sortCode, accountNumber);
}

/**
 * A Canadian electronic routing number as Payments Canada writes it for EFT: "0", the 3-digit
 * institution number, then the 5-digit transit number ("000312345").
 */
export function canadianRoutingNumber(transit: string, institution: string): string {
  return `0${institution}${transit}`;
}

/** The transit and institution numbers inside a Canadian electronic routing number. */
export function splitCanadianRoutingNumber(routing: string): { transitNumber: string; institutionNumber: string } {
  return { institutionNumber: routing.slice(1, 4), transitNumber: routing.slice(4, 9) };
}

/** The formats with domestic fields instead of an IBAN; bank-account.ts decides which one a country uses. */
export type DomesticFormat = "us" | "ca" | "au" | "gb";

/**
 * A domestic format's rules: its bank-code fields in the order a form shows them, each with its rule,
 * and the account number's rule.
 */
export interface DomesticRules {
  readonly codeRules: readonly (readonly [NationalBankField, (text: string) => ValidationResult])[];
  readonly accountRule: (text: string) => ValidationResult;
}

export const DOMESTIC_RULES: Readonly<Record<DomesticFormat, DomesticRules>> = {
  us: { codeRules: [["routingNumber", validateRoutingNumber]], accountRule: validateUsAccountNumber },
  ca: {
    codeRules: [
      ["transitNumber", validateTransitNumber],
      ["institutionNumber", validateInstitutionNumber],
    ],
    accountRule: validateCanadianAccountNumber,
  },
  au: { codeRules: [["bsb", validateBsb]], accountRule: validateAustralianAccountNumber },
  gb: { codeRules: [["sortCode", validateSortCode]], accountRule: validateUkAccountNumber },
};
