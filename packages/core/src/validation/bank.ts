import { validateIBAN as checkIban, countrySpecs, isValidBIC, ValidationErrorsIBAN } from "ibantools";
import { hasRegistryStructure, hasValidIbanCheckDigits } from "./iban-registry.ts";
import { VALIDATION_MESSAGES } from "./messages.ts";
import { normalizeBankText } from "./normalize.ts";
import type { ValidationResult } from "./result.ts";

/** An IBAN is at most 34 characters; printed with "IBAN " and a space every 4 it is 47. Longer input is junk. */
const MAX_IBAN_INPUT_LENGTH = 50;
/** A BIC is 8 or 11 characters; allow some stray spaces around and inside. */
const MAX_BIC_INPUT_LENGTH = 20;
/** Two letters, then two letters or digits: the country and check digits of an IBAN, perhaps mistyped. */
const IBAN_START = /^[A-Z]{2}[A-Z0-9]{2}/;
/** A letter among the first four characters: an IBAN whose country or check digits were mistyped or cut off. */
const LETTER_IN_FIRST_FOUR = /^.{0,3}[A-Z]/;
/**
 * National account numbers have no checksum to verify, so only the shape is checked: 4 to 34 letters
 * and digits once spaces, dots and dashes are removed. A letter in the first four characters sends the
 * text to the IBAN rules instead, so in practice a national number starts with four digits.
 */
const ACCOUNT_NUMBER = /^[A-Z0-9]{4,34}$/;

/**
 * Checks an IBAN against the SWIFT IBAN registry: the country must be in it, and the length and BBAN
 * structure must be the registry's exactly (letters and digits where it puts them); then the ISO 7064
 * mod-97 check digits and, where ibantools knows them, national check digits. A Swiss QR-IBAN is
 * refused. Pasted layout (spaces, no-break spaces, dots, dashes, an "IBAN " label) is removed by
 * `normalizeBankText`, which refuses any other non-ASCII character; the result is the electronic form
 * ("DE89370400440532013000").
 */
export function validateIban(text: string): ValidationResult {
  if (text.length > MAX_IBAN_INPUT_LENGTH) {
    return { ok: false, message: VALIDATION_MESSAGES.invalidIban };
  }
  const normalized = normalizeBankText(text);
  if (!normalized.ok) {
    return normalized;
  }
  const electronic = normalized.normalized;
  // The registry, not ibantools, decides country, length and structure: ibantools lets digits into
  // IE/VG/PS bank codes, knows countries outside the registry and refuses letters in PK/PS accounts.
  if (!hasRegistryStructure(electronic)) {
    return { ok: false, message: VALIDATION_MESSAGES.invalidIban };
  }
  // Only a checksum error means the shape is right and a character was mistyped; say so.
  if (!hasValidIbanCheckDigits(electronic)) {
    return { ok: false, message: VALIDATION_MESSAGES.ibanChecksum };
  }
  // A QR-IBAN only takes Swiss QR-bill payments that carry a QR reference, which a transfer here never has.
  const { errorCodes } = checkIban(electronic, { allowQRIBAN: false });
  if (errorCodes.includes(ValidationErrorsIBAN.QRIBANNotAllowed)) {
    return { ok: false, message: VALIDATION_MESSAGES.qrIban };
  }
  if (errorCodes.includes(ValidationErrorsIBAN.WrongAccountBankBranchChecksum)) {
    return { ok: false, message: VALIDATION_MESSAGES.ibanAccountChecksum };
  }
  // Any other ibantools error (its own BBAN format, and the checksum error it adds to it) is overruled
  // by the registry structure and the mod-97 check above.
  return { ok: true, normalized: electronic };
}

/**
 * Whether pasted text is held to the IBAN rules: once normalised, it starts with the two letters of
 * a country that uses IBANs, or with two letters then two letters or digits, or it has a letter
 * among its first four characters (an IBAN with a mistyped or lost first character: "0E89…",
 * "B29NWBK…"). Text with a non-ASCII character is not normalised and so not taken for an IBAN.
 */
export function looksLikeIban(text: string): boolean {
  const normalized = normalizeBankText(text);
  return normalized.ok && isHeldToIbanRules(normalized.normalized);
}

function isHeldToIbanRules(compact: string): boolean {
  return usesIban(compact.slice(0, 2)) || IBAN_START.test(compact) || LETTER_IN_FIRST_FOUR.test(compact);
}

/** Whether ibantools knows an IBAN format for the country (the SWIFT registry's and a few more). */
function usesIban(countryCode: string): boolean {
  return /^[A-Z]{2}$/.test(countryCode) && countrySpecs[countryCode]?.chars !== undefined;
}

/**
 * Checks a SWIFT/BIC code: 4-letter bank code, a known 2-letter country, 2-character location and
 * an optional 3-character branch (8 or 11 characters). Pasted layout is removed and other non-ASCII
 * refused as for an IBAN (`normalizeBankText`); returned in upper case without separators.
 */
export function validateBic(text: string): ValidationResult {
  if (text.length > MAX_BIC_INPUT_LENGTH) {
    return { ok: false, message: VALIDATION_MESSAGES.invalidBic };
  }
  const normalized = normalizeBankText(text);
  if (!normalized.ok) {
    return normalized;
  }
  if (!isValidBIC(normalized.normalized)) {
    return { ok: false, message: VALIDATION_MESSAGES.invalidBic };
  }
  return normalized;
}

/**
 * Checks a bank account number after `normalizeBankText`. Text held to the IBAN rules
 * (`looksLikeIban`) must be a valid IBAN, with no fallback to the national rule, and is returned in
 * electronic form; when it cannot be read as an IBAN of any country the message says it looks like a
 * mistyped one. Any other must be 4 to 34 letters and digits, returned without separators in upper case.
 */
export function validateBankAccountNumber(text: string): ValidationResult {
  const normalized = normalizeBankText(text);
  if (!normalized.ok) {
    return normalized;
  }
  const compact = normalized.normalized;
  if (isHeldToIbanRules(compact)) {
    const iban = validateIban(text);
    // A known country keeps validateIban's precise message; otherwise the country part itself is wrong.
    if (!iban.ok && !usesIban(compact.slice(0, 2))) {
      return { ok: false, message: VALIDATION_MESSAGES.mistypedIban };
    }
    return iban;
  }
  if (!ACCOUNT_NUMBER.test(compact)) {
    return { ok: false, message: VALIDATION_MESSAGES.invalidAccountNumber };
  }
  return { ok: true, normalized: compact };
}
