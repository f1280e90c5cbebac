import { validateBankAccountNumber, validateBic } from "./bank.ts";
import { validateCryptoAddress } from "./crypto-address.ts";
import { type CryptoNetworkId, isCryptoNetworkId } from "./networks.ts";
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

/** A saved destination's details as stored: bank fields, crypto fields, or both null. */
export interface StoredDestination {
  readonly accountNumber: string | null;
  readonly swiftCode: string | null;
  readonly cryptoNetwork: string | null;
  readonly cryptoAddress: string | null;
}

/**
 * Why a destination saved under older, looser rules fails today's, or null when it passes. Rows stay
 * readable (the rules changed, not the person's data), but money must not go to details a bank or a
 * network would refuse or that nobody can spend: the caller marks the row and refuses to pay it.
 */
export function findStoredDestinationProblem(destination: StoredDestination): string | null {
  const problem = findProblem(destination);
  // Without its full stop, so it reads inside a sentence ("Check these details: <problem>. Edit …").
  return problem === null ? null : problem.replace(/\.$/, "");
}

function findProblem(destination: StoredDestination): string | null {
  if (destination.cryptoAddress !== null) {
    const network = destination.cryptoNetwork ?? "";
    if (!isCryptoNetworkId(network)) {
      return `Network: ${network || "none"} is not supported`;
    }
    const address = validateCryptoAddress(network, destination.cryptoAddress);
    return address.ok ? null : `Wallet address: ${address.message}`;
  }
  if (destination.accountNumber !== null) {
    const account = validateBankAccountNumber(destination.accountNumber);
    if (!account.ok) {
      return `Account number: ${account.message}`;
    }
  }
  if (destination.swiftCode !== null) {
    const bic = validateBic(destination.swiftCode);
    if (!bic.ok) {
      return `SWIFT code: ${bic.message}`;
    }
  }
  return null;
}

/** The words Ferry refuses a payment with when its destination fails today's rules. */
export function describeDestinationProblem(problem: string): string {
  return `Check these details: ${problem}. Edit them before sending.`;
}

function normalizedOrThrow(result: ValidationResult, field: string): string {
  if (!result.ok) {
    throw new Error(`${field} was not validated first (${result.message})`);
  }
  return result.normalized;
}
