import { type BankAccountInput, type BankAccountIssue, checkBankAccount, nationalFieldsOf } from "./bank-account.ts";
import { validateCryptoAddress } from "./crypto-address.ts";
import { type CryptoNetworkId, isCryptoNetworkId } from "./networks.ts";
import type { ValidationResult } from "./result.ts";

/*
 * The form Ferry stores a money destination in — a saved recipient's or a payment method's — so the
 * same account always compares equal: account number as an electronic IBAN where it is one, SWIFT code
 * in upper case, a bech32 address in lower case and an EVM address in EIP-55 form. Only for details a
 * request schema accepted: an invalid value throws rather than being stored.
 */

/**
 * Bank details with the account number and SWIFT code in their stored form, and the domestic bank
 * code (routing number, BSB, sort code…) in `bankCode` for the formats that have one.
 */
export function normalizeBankDetails<T extends BankAccountInput>(details: T): T & { bankCode: string | null } {
  const result = checkBankAccount(details, { requiredMessage: "required", allowTestBic: true });
  if (!result.ok) {
    const issue = result.issues[0];
    throw new Error(`${issue?.field} was not validated first (${issue?.message})`);
  }
  return { ...details, ...result.account };
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
  readonly currency: string;
  readonly country: string | null;
  readonly accountNumber: string | null;
  readonly swiftCode: string | null;
  readonly bankCode: string | null;
  readonly cryptoNetwork: string | null;
  readonly cryptoAddress: string | null;
}

/** How the stored check reads each bank field in its reason ("Routing number: …"). */
const FIELD_LABELS: Readonly<Record<BankAccountIssue["field"], string>> = {
  country: "Country",
  accountNumber: "Account number",
  swiftCode: "SWIFT code",
  routingNumber: "Routing number",
  transitNumber: "Transit number",
  institutionNumber: "Institution number",
  bsb: "BSB",
  sortCode: "Sort code",
};

/**
 * Why a destination saved under older, looser rules fails today's, or null when it passes. Rows stay
 * readable (the rules changed, not the person's data), but money must not go to details a bank or a
 * network would refuse or that nobody can spend: the caller marks the row and refuses to pay it.
 */
export function findStoredDestinationProblem(
  destination: StoredDestination,
  options: { allowTestBic: boolean },
): string | null {
  const problem = findProblem(destination, options.allowTestBic);
  // Without its full stop, so it reads inside a sentence ("Check these details: <problem>. Edit …").
  return problem === null ? null : problem.replace(/\.$/, "");
}

function findProblem(destination: StoredDestination, allowTestBic: boolean): string | null {
  if (destination.cryptoAddress !== null) {
    const network = destination.cryptoNetwork ?? "";
    if (!isCryptoNetworkId(network)) {
      return `Network: ${network || "none"} is not supported`;
    }
    const address = validateCryptoAddress(network, destination.cryptoAddress);
    return address.ok ? null : `Wallet address: ${address.message}`;
  }
  if (destination.accountNumber === null) {
    return null;
  }
  // Older rows hold the country as free text and no domestic bank code: both fail here and are marked.
  const country = destination.country ?? "";
  const result = checkBankAccount(
    {
      country,
      currency: destination.currency,
      accountNumber: destination.accountNumber,
      swiftCode: destination.swiftCode ?? "",
      ...nationalFieldsOf(country, destination.currency, destination.bankCode),
    },
    { requiredMessage: "required for accounts in this country", allowTestBic },
  );
  const issue = result.ok ? undefined : result.issues[0];
  return issue === undefined ? null : `${FIELD_LABELS[issue.field]}: ${issue.message}`;
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
