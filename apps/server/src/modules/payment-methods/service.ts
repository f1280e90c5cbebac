import type { PaymentMethod, PaymentMethodRequest } from "@ferry/core/contracts/payment-methods";
import { validateBankAccountNumber, validateBic } from "@ferry/core/validation/bank";
import { validateCryptoAddress } from "@ferry/core/validation/crypto-address";
import type { CryptoNetworkId } from "@ferry/core/validation/networks";
import { type Selectable, sql } from "kysely";
import type { Database } from "../../db/database.ts";
import type { PaymentMethodsTable } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { expirePaymentMethodCodes } from "../transfers/codes.ts";

/** An explicit bound on what one user can store (and on the list the cash-out dialog shows). */
const MAX_PAYMENT_METHODS_PER_USER = 50;

function toPaymentMethod(row: Selectable<PaymentMethodsTable>): PaymentMethod {
  return {
    id: row.id,
    name: row.name,
    addressType: row.address_type,
    currency: row.currency as PaymentMethod["currency"],
    bankName: row.bank_name,
    accountNumber: row.account_number,
    swiftCode: row.swift_code,
    country: row.country,
    accountHolderName: row.account_holder_name,
    cryptoAddress: row.crypto_address,
    cryptoNetwork: row.crypto_network,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

function normalizedOrOriginal(result: { ok: true; normalized: string } | { ok: false }, original: string): string {
  return result.ok ? result.normalized : original;
}

/** The columns of a validated request, with IBAN, BIC and address stored in their normal form. */
function columnsOf(request: PaymentMethodRequest) {
  if (request.addressType === "bank") {
    return {
      name: request.name,
      address_type: "bank" as const,
      currency: request.currency,
      bank_name: request.bankName,
      account_number: normalizedOrOriginal(validateBankAccountNumber(request.accountNumber), request.accountNumber),
      swift_code: normalizedOrOriginal(validateBic(request.swiftCode), request.swiftCode),
      country: request.country,
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
    account_holder_name: null,
    crypto_address: normalizedOrOriginal(
      validateCryptoAddress(request.cryptoNetwork as CryptoNetworkId, request.cryptoAddress),
      request.cryptoAddress,
    ),
    crypto_network: request.cryptoNetwork,
  };
}

/** The user's payment methods, newest first. */
export async function listPaymentMethods(db: Database, userId: string): Promise<PaymentMethod[]> {
  const rows = await db
    .selectFrom("payment_methods")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toPaymentMethod);
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
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`payment-methods|${userId}`}, 0))`.execute(trx);
    const count = await trx
      .selectFrom("payment_methods")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    if (Number(count.count) >= MAX_PAYMENT_METHODS_PER_USER) {
      throw new AppError("conflict", `You can keep at most ${MAX_PAYMENT_METHODS_PER_USER} payment methods`);
    }
    const row = await trx
      .insertInto("payment_methods")
      .values({ user_id: userId, ...columnsOf(request) })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toPaymentMethod(row);
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
    const row = await trx
      .updateTable("payment_methods")
      .set({ ...columnsOf(request), updated_at: new Date() })
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .returningAll()
      .executeTakeFirst();
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
    const result = await trx
      .deleteFrom("payment_methods")
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (result.numDeletedRows === 0n) {
      throw new AppError("not_found", "Payment method not found");
    }
    await expirePaymentMethodCodes(trx, userId, id);
  });
}
