import { validateBankAccountNumber, validateBic } from "./bank.ts";
import { validateCryptoAddress } from "./crypto-address.ts";
import type { CryptoNetworkId } from "./networks.ts";
import type { ValidationResult } from "./result.ts";

/*
 * The form Ferry stores a money destination in — a saved recipient's or a payment method's — so the
 * same account always compares equal: account number as an electronic IBAN where it is one, SWIFT code
 * in upper case, a bech32 address in lower case and an EVM address in EIP-55 form. Only for details a
 * request schema accepted: an invalid value throws rather than being stored.
 */

/** Bank details with the account number and SWIFT code in their stored form. */
export function normalizeBankDetails<T extends { accountNumber: string; swiftCode: string }>(details: T): T {
  return {
    ...details,
    accountNumber: normalizedOrThrow(validateBankAccountNumber(details.accountNumber), "accountNumber"),
    swiftCode: normalizedOrThrow(validateBic(details.swiftCode), "swiftCode"),
  };
}

/** A crypto destination with the address in its network's stored form. */
export function normalizeCryptoDetails<T extends { cryptoNetwork: CryptoNetworkId; cryptoAddress: string }>(
  details: T,
): T {
  const address = validateCryptoAddress(details.cryptoNetwork, details.cryptoAddress);
  return { ...details, cryptoAddress: normalizedOrThrow(address, "cryptoAddress") };
}

function normalizedOrThrow(result: ValidationResult, field: string): string {
  if (!result.ok) {
    throw new Error(`${field} was not validated first (${result.message})`);
  }
  return result.normalized;
}
