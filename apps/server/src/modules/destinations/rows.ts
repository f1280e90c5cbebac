import type { StoredDestination } from "@ferry/core/contracts/destinations";
import type { PaymentMethod, PaymentMethodRequest } from "@ferry/core/contracts/payment-methods";
import { normalizePaymentMethodRequest } from "@ferry/core/contracts/payment-methods";
import type { Recipient } from "@ferry/core/contracts/recipients";
import { nationalFieldsOf } from "@ferry/core/validation/bank-account";
import { type NewRecipientRequest, normalizeNewRecipient } from "@ferry/core/validation/recipient";
import type { Selectable } from "kysely";
import type { DB } from "../../db/schema.ts";
import { type DestinationRulesConfig, refuseTestBic, storedDestinationProblem } from "./rules.ts";

/*
 * Saved destinations between their rows and the API: a recipient and a payment method share the
 * stored-destination columns (core's `StoredDestination`), each with a few of its own.
 */

export type RecipientRow = Selectable<DB["recipients"]>;
export type PaymentMethodRow = Selectable<DB["payment_methods"]>;

/** The columns both kinds of saved destination have. */
type StoredRow = RecipientRow | PaymentMethodRow;

function toStoredDestination(row: StoredRow, config: DestinationRulesConfig): StoredDestination {
  // Re-checked on every read: a row saved under older rules is marked until edited, never rewritten.
  const reviewReason = storedDestinationProblem(row, config);
  return {
    id: row.id,
    name: row.name,
    currency: row.currency,
    bankName: row.bank_name,
    country: row.country,
    accountNumber: row.account_number,
    swiftCode: row.swift_code,
    ...nationalFieldsOf(row.country ?? "", row.currency, row.bank_code),
    accountHolderName: row.account_holder_name,
    cryptoAddress: row.crypto_address,
    cryptoNetwork: row.crypto_network,
    createdAt: new Date(row.created_at).toISOString(),
    needsReview: reviewReason !== null,
    reviewReason,
  };
}

export function toRecipient(row: RecipientRow, config: DestinationRulesConfig): Recipient {
  return { ...toStoredDestination(row, config), type: row.type, email: row.email };
}

export function toPaymentMethod(row: PaymentMethodRow, config: DestinationRulesConfig): PaymentMethod {
  return { ...toStoredDestination(row, config), addressType: row.address_type };
}

/** A bank destination's details after the shared schema accepted and normalised them. */
interface BankDetails {
  readonly bankName: string;
  readonly country: string;
  readonly accountNumber: string;
  readonly swiftCode: string;
  readonly bankCode: string | null;
  readonly accountHolderName?: string;
}

/**
 * The destination columns of a bank account. Every column is written, the crypto ones as null (and
 * the bank ones as null for an address), so an edit replaces the destination whole.
 */
function bankColumnsOf(bank: BankDetails, config: DestinationRulesConfig) {
  refuseTestBic(bank.swiftCode, config);
  return {
    bank_name: bank.bankName,
    country: bank.country,
    account_number: bank.accountNumber,
    swift_code: bank.swiftCode,
    bank_code: bank.bankCode,
    account_holder_name: bank.accountHolderName || null,
    crypto_address: null,
    crypto_network: null,
  };
}

/** The destination columns of a crypto address (see `bankColumnsOf`). */
function cryptoColumnsOf(crypto: { readonly cryptoAddress: string; readonly cryptoNetwork: string }) {
  return {
    bank_name: null,
    country: null,
    account_number: null,
    swift_code: null,
    bank_code: null,
    account_holder_name: null,
    crypto_address: crypto.cryptoAddress,
    crypto_network: crypto.cryptoNetwork,
  };
}

/** The columns of a recipient the shared schema accepted, with the IBAN, BIC or address in normal form. */
export function recipientColumnsOf(request: NewRecipientRequest, config: DestinationRulesConfig) {
  const recipient = normalizeNewRecipient(request);
  return {
    type: recipient.type,
    name: recipient.name,
    email: recipient.email,
    currency: recipient.currency,
    ...(recipient.type === "bank" ? bankColumnsOf(recipient, config) : cryptoColumnsOf(recipient)),
  };
}

/** The columns of a payment method the shared schema accepted, with IBAN, BIC and address in normal form. */
export function paymentMethodColumnsOf(accepted: PaymentMethodRequest, config: DestinationRulesConfig) {
  const request = normalizePaymentMethodRequest(accepted);
  return {
    name: request.name,
    address_type: request.addressType,
    currency: request.currency,
    ...(request.addressType === "bank" ? bankColumnsOf(request, config) : cryptoColumnsOf(request)),
  };
}
