import type { CurrencyCode } from "@ferry/core/currencies";
import type { Selectable } from "kysely";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";

export type QuoteRow = Selectable<DB["exchange_quotes"]>;

/** A new quote, as priced. */
export interface NewQuote {
  readonly userId: string;
  readonly from: CurrencyCode;
  readonly to: CurrencyCode;
  readonly amountMinor: bigint;
  readonly feeMinor: bigint;
  readonly receiveMinor: bigint;
  readonly rate: string;
  readonly feeBasisPoints: number;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  /** A quote of its own (`exchange`), or the exchange part of a transfer paid from another balance. */
  readonly purpose: "exchange" | "transfer";
}

export function insertQuote(db: Database, quote: NewQuote): Promise<QuoteRow> {
  return db
    .insertInto("exchange_quotes")
    .values({
      user_id: quote.userId,
      from_currency: quote.from,
      to_currency: quote.to,
      amount: quote.amountMinor.toString(),
      fee: quote.feeMinor.toString(),
      receive: quote.receiveMinor.toString(),
      rate: quote.rate,
      fee_basis_points: quote.feeBasisPoints,
      created_at: quote.createdAt,
      expires_at: quote.expiresAt,
      purpose: quote.purpose,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Deletes the user's quotes that were never confirmed and expired before `before`: a quote is asked
 * for on every "Get quote", and one that can no longer be confirmed is of no use to anyone.
 */
export async function deleteStaleQuotes(db: Database, userId: string, before: Date): Promise<void> {
  await db
    .deleteFrom("exchange_quotes")
    .where("user_id", "=", userId)
    .where("executed_at", "is", null)
    .where("expires_at", "<", before)
    .execute();
}

/** The user's quote confirmed under this Idempotency-Key, if any. */
export function selectQuoteByKey(db: Database, userId: string, idempotencyKey: string) {
  return db
    .selectFrom("exchange_quotes")
    .selectAll()
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", idempotencyKey)
    .executeTakeFirst();
}

/**
 * One of the user's quotes of this purpose, locked until the caller's transaction ends; someone else's,
 * or one of the other purpose, reads as missing.
 */
export function selectOwnQuoteForUpdate(
  db: Database,
  userId: string,
  quoteId: string,
  purpose: "exchange" | "transfer",
) {
  return db
    .selectFrom("exchange_quotes")
    .selectAll()
    .where("id", "=", quoteId)
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .forUpdate()
    .executeTakeFirst();
}

/** Records that the quote was confirmed, once, under this Idempotency-Key. */
export function markQuoteExecuted(
  db: Database,
  quoteId: string,
  idempotencyKey: string,
  executedAt: Date,
): Promise<QuoteRow> {
  return db
    .updateTable("exchange_quotes")
    .set({ executed_at: executedAt, idempotency_key: idempotencyKey })
    .where("id", "=", quoteId)
    .where("executed_at", "is", null)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Records that a transfer's quote was executed with the transfer, once. */
export function markTransferQuoteExecuted(db: Database, quoteId: string, executedAt: Date): Promise<QuoteRow> {
  return db
    .updateTable("exchange_quotes")
    .set({ executed_at: executedAt })
    .where("id", "=", quoteId)
    .where("purpose", "=", "transfer")
    .where("executed_at", "is", null)
    .returningAll()
    .executeTakeFirstOrThrow();
}
