import {
  MAX_RECIPIENTS_PER_USER,
  type Recipient,
  type RecipientList,
  type RecipientListQuery,
} from "@ferry/core/contracts/recipients";
import { findStoredDestinationProblem } from "@ferry/core/validation/destination";
import { type NewRecipientRequest, normalizeNewRecipient } from "@ferry/core/validation/recipient";
import type { Selectable } from "kysely";
import { decodeCursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { paginate } from "../../db/page.ts";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { countRecipients, insertRecipient, lockUserRecipients, selectRecipients } from "./queries.ts";

type RecipientRow = Selectable<DB["recipients"]>;

function toRecipient(row: RecipientRow): Recipient {
  // Re-checked on every read: a row saved under older rules is marked rather than hidden or rewritten.
  const reviewReason = findStoredDestinationProblem({
    accountNumber: row.account_number,
    swiftCode: row.swift_code,
    cryptoNetwork: row.crypto_network,
    cryptoAddress: row.crypto_address,
  });
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    email: row.email,
    currency: row.currency,
    bankName: row.bank_name,
    country: row.country,
    accountNumber: row.account_number,
    swiftCode: row.swift_code,
    accountHolderName: row.account_holder_name,
    cryptoAddress: row.crypto_address,
    cryptoNetwork: row.crypto_network,
    createdAt: new Date(row.created_at).toISOString(),
    needsReview: reviewReason !== null,
    reviewReason,
  };
}

/** A page of the user's saved recipients of one type, newest first (by default all of them). */
export async function listRecipients(db: Database, userId: string, query: RecipientListQuery): Promise<RecipientList> {
  const after = decodeCursor(query.cursor);
  const rows = await selectRecipients(db, { userId, type: query.type, limit: query.limit, after });
  return paginate(rows, query.limit, (row) => ({ createdAt: row.cursor_at, id: row.id }), toRecipient);
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
    await lockUserRecipients(trx, userId);
    if ((await countRecipients(trx, userId)) >= MAX_RECIPIENTS_PER_USER) {
      throw new AppError("conflict", `You can save at most ${MAX_RECIPIENTS_PER_USER} recipients`);
    }
    return toRecipient(await insertRecipient(trx, values));
  });
}
