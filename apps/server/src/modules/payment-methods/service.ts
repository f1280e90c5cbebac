import {
  MAX_PAYMENT_METHODS_PER_USER,
  normalizePaymentMethodRequest,
  type PaymentMethod,
  type PaymentMethodList,
  type PaymentMethodListQuery,
  type PaymentMethodRequest,
} from "@ferry/core/contracts/payment-methods";
import { nationalFieldsOf } from "@ferry/core/validation/bank-account";
import type { Selectable } from "kysely";
import { decodeCursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { paginate } from "../../db/page.ts";
import type { DB } from "../../db/schema.ts";
import { refuseTestBic, storedDestinationProblem } from "../../destination-rules.ts";
import { AppError } from "../../errors.ts";
import { expirePaymentMethodCodes } from "../transfers/service.ts";
import {
  countPaymentMethods,
  deletePaymentMethodRow,
  insertPaymentMethod,
  lockUserPaymentMethods,
  selectPaymentMethods,
  updatePaymentMethodRow,
} from "./queries.ts";

function toPaymentMethod(row: Selectable<DB["payment_methods"]>): PaymentMethod {
  // Re-checked on every read: a row saved under older rules is marked until edited, never rewritten.
  const reviewReason = storedDestinationProblem(row);
  return {
    id: row.id,
    name: row.name,
    addressType: row.address_type,
    currency: row.currency,
    bankName: row.bank_name,
    accountNumber: row.account_number,
    swiftCode: row.swift_code,
    country: row.country,
    ...nationalFieldsOf(row.country ?? "", row.currency, row.bank_code),
    accountHolderName: row.account_holder_name,
    cryptoAddress: row.crypto_address,
    cryptoNetwork: row.crypto_network,
    createdAt: new Date(row.created_at).toISOString(),
    needsReview: reviewReason !== null,
    reviewReason,
  };
}

/** The columns of a validated request, with IBAN, BIC and address stored in their normal form. */
function columnsOf(accepted: PaymentMethodRequest) {
  const request = normalizePaymentMethodRequest(accepted);
  if (request.addressType === "bank") {
    refuseTestBic(request.swiftCode);
    return {
      name: request.name,
      address_type: "bank" as const,
      currency: request.currency,
      bank_name: request.bankName,
      account_number: request.accountNumber,
      swift_code: request.swiftCode,
      country: request.country,
      bank_code: request.bankCode,
      account_holder_name: request.accountHolderName,
      crypto_address: null,
      crypto_network: null,
    };
  }
  return {
    name: request.name,
    address_type: "crypto" as const,
    currency: request.currency,
    bank_name: null,
    account_number: null,
    swift_code: null,
    country: null,
    bank_code: null,
    account_holder_name: null,
    crypto_address: request.cryptoAddress,
    crypto_network: request.cryptoNetwork,
  };
}

/** A page of the user's payment methods, newest first (by default all of them). */
export async function listPaymentMethods(
  db: Database,
  userId: string,
  query: PaymentMethodListQuery,
): Promise<PaymentMethodList> {
  const rows = await selectPaymentMethods(db, { userId, limit: query.limit, after: decodeCursor(query.cursor) });
  return paginate(rows, query.limit, (row) => ({ createdAt: row.cursor_at, id: row.id }), toPaymentMethod);
}

/**
 * Saves a payment method, refusing the one past the cap. The count and the insert run under a per-user
 * lock, so requests sent together cannot all pass the same count.
 */
export async function addPaymentMethod(
  db: Database,
  userId: string,
  request: PaymentMethodRequest,
): Promise<PaymentMethod> {
  return db.transaction().execute(async (trx) => {
    await lockUserPaymentMethods(trx, userId);
    if ((await countPaymentMethods(trx, userId)) >= MAX_PAYMENT_METHODS_PER_USER) {
      throw new AppError("conflict", `You can keep at most ${MAX_PAYMENT_METHODS_PER_USER} payment methods`);
    }
    return toPaymentMethod(await insertPaymentMethod(trx, userId, columnsOf(request)));
  });
}

/**
 * Replaces a payment method of the user's; someone else's reads as missing. In the same transaction,
 * every outstanding cash-out code issued for it expires: a code e-mailed for the old account must never
 * send money to the new one (and the new details need a new code anyway, since codes bind them).
 */
export async function updatePaymentMethod(
  db: Database,
  userId: string,
  id: string,
  request: PaymentMethodRequest,
): Promise<PaymentMethod> {
  return db.transaction().execute(async (trx) => {
    const row = await updatePaymentMethodRow(trx, userId, id, columnsOf(request));
    if (!row) {
      throw new AppError("not_found", "Payment method not found");
    }
    await expirePaymentMethodCodes(trx, userId, row.id);
    return toPaymentMethod(row);
  });
}

/**
 * Deletes a payment method of the user's, and expires the codes issued for it. Past cash-outs keep
 * their own copy of its details.
 */
export async function deletePaymentMethod(db: Database, userId: string, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await deletePaymentMethodRow(trx, userId, id))) {
      throw new AppError("not_found", "Payment method not found");
    }
    await expirePaymentMethodCodes(trx, userId, id);
  });
}
