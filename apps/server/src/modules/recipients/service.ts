import type { Recipient } from "@ferry/core/contracts/recipients";
import { type NewRecipientRequest, normalizeNewRecipient } from "@ferry/core/validation/recipient";
import { type Selectable, sql } from "kysely";
import type { Database } from "../../db/database.ts";
import type { RecipientsTable } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";

/**
 * An explicit bound on what one user can store: every saved recipient stays visible, since a list
 * of one type shows up to this many.
 */
export const MAX_RECIPIENTS_PER_USER = 200;

type RecipientRow = Selectable<RecipientsTable>;

function toRecipient(row: RecipientRow): Recipient {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    email: row.email,
    currency: row.currency as Recipient["currency"],
    bankName: row.bank_name,
    country: row.country,
    accountNumber: row.account_number,
    swiftCode: row.swift_code,
    accountHolderName: row.account_holder_name,
    cryptoAddress: row.crypto_address,
    cryptoNetwork: row.crypto_network,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The user's saved recipients of one type, newest first. */
export async function listRecipients(db: Database, userId: string, type: "bank" | "crypto"): Promise<Recipient[]> {
  const rows = await db
    .selectFrom("recipients")
    .selectAll()
    .where("user_id", "=", userId)
    .where("type", "=", type)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(MAX_RECIPIENTS_PER_USER)
    .execute();
  return rows.map(toRecipient);
}

/**
 * Saves a recipient after the shared schema validated it; stores the normalised IBAN, BIC or address.
 * Refuses the one past the cap; the count and the insert run under a per-user lock, so requests sent
 * together cannot all pass the same count.
 */
export async function saveRecipient(db: Database, userId: string, request: NewRecipientRequest): Promise<Recipient> {
  const recipient = normalizeNewRecipient(request);
  const common = {
    user_id: userId,
    type: recipient.type,
    name: recipient.name,
    email: recipient.email,
    currency: recipient.currency,
  };
  const values =
    recipient.type === "bank"
      ? {
          ...common,
          bank_name: recipient.bankName,
          country: recipient.country,
          account_number: recipient.accountNumber,
          swift_code: recipient.swiftCode,
          account_holder_name: recipient.accountHolderName || null,
        }
      : { ...common, crypto_address: recipient.cryptoAddress, crypto_network: recipient.cryptoNetwork };
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`recipients|${userId}`}, 0))`.execute(trx);
    const count = await trx
      .selectFrom("recipients")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    if (Number(count.count) >= MAX_RECIPIENTS_PER_USER) {
      throw new AppError("conflict", `You can save at most ${MAX_RECIPIENTS_PER_USER} recipients`);
    }
    const row = await trx.insertInto("recipients").values(values).returningAll().executeTakeFirstOrThrow();
    return toRecipient(row);
  });
}
