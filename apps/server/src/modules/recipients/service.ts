import {
  MAX_RECIPIENTS_PER_USER,
  type Recipient,
  type RecipientList,
  type RecipientListQuery,
} from "@ferry/core/contracts/recipients";
import { nationalFieldsOf } from "@ferry/core/validation/bank-account";
import { type NewRecipientRequest, normalizeNewRecipient } from "@ferry/core/validation/recipient";
import type { Selectable } from "kysely";
import { decodeCursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { paginate } from "../../db/page.ts";
import type { DB } from "../../db/schema.ts";
import { refuseTestBic, storedDestinationProblem } from "../../destination-rules.ts";
import { AppError } from "../../errors.ts";
import { expireRecipientCodes } from "../transfers/service.ts";
import {
  countRecipients,
  deleteRecipientRow,
  insertRecipient,
  lockUserRecipients,
  selectOwnRecipientForUpdate,
  selectRecipients,
  updateRecipientRow,
} from "./queries.ts";

type RecipientRow = Selectable<DB["recipients"]>;

function toRecipient(row: RecipientRow): Recipient {
  // Re-checked on every read: a row saved under older rules is marked rather than hidden or rewritten.
  const reviewReason = storedDestinationProblem(row);
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
    ...nationalFieldsOf(row.country ?? "", row.currency, row.bank_code),
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
 * The columns of a recipient the shared schema accepted, with the IBAN, BIC or address in normal form.
 * Every column is written, the other kind's as null, so an edit replaces the recipient whole.
 */
function columnsOf(request: NewRecipientRequest) {
  const recipient = normalizeNewRecipient(request);
  const common = { type: recipient.type, name: recipient.name, email: recipient.email, currency: recipient.currency };
  if (recipient.type === "bank") {
    refuseTestBic(recipient.swiftCode);
    return {
      ...common,
      bank_name: recipient.bankName,
      country: recipient.country,
      account_number: recipient.accountNumber,
      swift_code: recipient.swiftCode,
      bank_code: recipient.bankCode,
      account_holder_name: recipient.accountHolderName || null,
      crypto_address: null,
      crypto_network: null,
    };
  }
  return {
    ...common,
    bank_name: null,
    country: null,
    account_number: null,
    swift_code: null,
    bank_code: null,
    account_holder_name: null,
    crypto_address: recipient.cryptoAddress,
    crypto_network: recipient.cryptoNetwork,
  };
}

/**
 * Saves a recipient after the shared schema validated it; stores the normalised IBAN, BIC or address.
 * Refuses the one past the cap; the count and the insert run under a per-user lock, so requests sent
 * together cannot all pass the same count.
 */
export async function saveRecipient(db: Database, userId: string, request: NewRecipientRequest): Promise<Recipient> {
  const values = { user_id: userId, ...columnsOf(request) };
  return db.transaction().execute(async (trx) => {
    await lockUserRecipients(trx, userId);
    if ((await countRecipients(trx, userId)) >= MAX_RECIPIENTS_PER_USER) {
      throw new AppError("conflict", `You can save at most ${MAX_RECIPIENTS_PER_USER} recipients`);
    }
    return toRecipient(await insertRecipient(trx, values));
  });
}

/**
 * Replaces a recipient of the user's with details validated and normalised like a new one; someone
 * else's reads as missing. A recipient keeps its type: the Send Money step that lists it is the bank
 * or the crypto one, so a different type is refused on `type` (save a new recipient instead). In the
 * same transaction every outstanding code issued for it expires: a code e-mailed for the old account
 * must never pay the new one, even if the details are changed back later.
 */
export async function updateRecipient(
  db: Database,
  userId: string,
  id: string,
  request: NewRecipientRequest,
): Promise<Recipient> {
  const columns = columnsOf(request);
  return db.transaction().execute(async (trx) => {
    const stored = await selectOwnRecipientForUpdate(trx, userId, id);
    if (!stored) {
      throw new AppError("not_found", "Recipient not found");
    }
    if (stored.type !== columns.type) {
      const message = `This is a ${stored.type} recipient; save a new one to send by ${columns.type} instead`;
      throw new AppError("validation_failed", message, { type: message });
    }
    const row = await updateRecipientRow(trx, userId, id, columns);
    await expireRecipientCodes(trx, userId, id);
    return toRecipient(row);
  });
}

/**
 * Deletes a recipient of the user's (someone else's reads as missing), and expires the codes issued
 * for it. Past transfers to it stay in the history: each keeps its own copy of the destination, and
 * the foreign key to the recipient is set to null.
 */
export async function deleteRecipient(db: Database, userId: string, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await deleteRecipientRow(trx, userId, id))) {
      throw new AppError("not_found", "Recipient not found");
    }
    await expireRecipientCodes(trx, userId, id);
  });
}
