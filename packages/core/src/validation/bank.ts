import { validateIBAN as checkIban, electronicFormatIBAN, isValidBIC, ValidationErrorsIBAN } from "ibantools";
import { VALIDATION_MESSAGES } from "./messages.ts";
import type { ValidationResult } from "./result.ts";

/** An IBAN is at most 34 characters; printed with a space every 4 that is 42. Longer input is junk. */
const MAX_IBAN_INPUT_LENGTH = 50;
/** A BIC is 8 or 11 characters; allow some stray spaces around and inside. */
const MAX_BIC_INPUT_LENGTH = 20;
const IBAN_PREFIX = /^[A-Za-z]{2}[0-9]{2}/;
/** National account numbers: no IBAN-style checksum to verify, so only the shape is checked. */
const ACCOUNT_NUMBER = /^[A-Za-z0-9 -]{4,34}$/;

/**
 * Checks an IBAN: country, length and format of that country's BBAN, the ISO 7064 mod-97 check
 * digits and, where ibantools knows them, national check digits. A Swiss QR-IBAN is refused. Spaces
 * and dashes are allowed as typed; the result is the electronic form ("DE89370400440532013000").
 */
export function validateIban(text: string): ValidationResult {
  if (text.length > MAX_IBAN_INPUT_LENGTH) {
    return { ok: false, message: VALIDATION_MESSAGES.invalidIban };
  }
  const electronic = electronicFormatIBAN(text.trim()) ?? "";
  // A QR-IBAN only takes Swiss QR-bill payments that carry a QR reference, which a transfer here never has.
  const { valid, errorCodes } = checkIban(electronic, { allowQRIBAN: false });
  if (valid) {
    return { ok: true, normalized: electronic };
  }
  // Only a checksum error means the shape is right and a character was mistyped; say so.
  if (hasOnlyError(errorCodes, ValidationErrorsIBAN.WrongIBANChecksum)) {
    return { ok: false, message: VALIDATION_MESSAGES.ibanChecksum };
  }
  if (hasOnlyError(errorCodes, ValidationErrorsIBAN.QRIBANNotAllowed)) {
    return { ok: false, message: VALIDATION_MESSAGES.qrIban };
  }
  if (hasOnlyError(errorCodes, ValidationErrorsIBAN.WrongAccountBankBranchChecksum)) {
    return { ok: false, message: VALIDATION_MESSAGES.ibanAccountChecksum };
  }
  return { ok: false, message: VALIDATION_MESSAGES.invalidIban };
}

/**
 * Whether the text starts like an IBAN (two letters, then two check digits) once spaces are removed.
 * Such text is held to the IBAN rules rather than the looser account-number shape.
 */
export function looksLikeIban(text: string): boolean {
  return IBAN_PREFIX.test(text.replace(/\s/g, ""));
}

/**
 * Checks a SWIFT/BIC code: 4-letter bank code, a known 2-letter country, 2-character location and
 * an optional 3-character branch (8 or 11 characters). Returned in upper case without spaces.
 */
export function validateBic(text: string): ValidationResult {
  if (text.length > MAX_BIC_INPUT_LENGTH) {
    return { ok: false, message: VALIDATION_MESSAGES.invalidBic };
  }
  const compact = text.replace(/\s/g, "").toUpperCase();
  if (!isValidBIC(compact)) {
    return { ok: false, message: VALIDATION_MESSAGES.invalidBic };
  }
  return { ok: true, normalized: compact };
}

/**
 * Checks a bank account number. One that looks like an IBAN must be a valid IBAN (returned in
 * electronic form); any other must be 4 to 34 digits, letters, spaces or dashes (returned trimmed).
 */
export function validateBankAccountNumber(text: string): ValidationResult {
  const trimmed = text.trim();
  if (looksLikeIban(trimmed)) {
    return validateIban(trimmed);
  }
  if (!ACCOUNT_NUMBER.test(trimmed)) {
    return { ok: false, message: VALIDATION_MESSAGES.invalidAccountNumber };
  }
  return { ok: true, normalized: trimmed };
}

function hasOnlyError(errorCodes: readonly ValidationErrorsIBAN[], expected: ValidationErrorsIBAN): boolean {
  return errorCodes.length > 0 && errorCodes.every((code) => code === expected);
}
