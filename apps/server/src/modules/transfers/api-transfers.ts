import { formatMoney } from "@ferry/core/money";
import { statusesWithLedgerState } from "@ferry/core/transfer-status";
import { sql } from "kysely";
import type { Database } from "../../db/database.ts";
import { lockKey } from "../../db/locks.ts";
import { AppError } from "../../errors.ts";
import { recordAdminAction } from "../audit/service.ts";
import type { DestinationSnapshot } from "../destinations/service.ts";
import { createNotification } from "../notifications/service.ts";
import type { PricedTransfer } from "./pricing.ts";

/** The connected app sending a transfer with its `transfers:write` credential (decision 041). */
export interface ApiTransferCredential {
  readonly id: string;
  readonly name: string;
  readonly transferLimit: { readonly currency: string; readonly amountMinor: bigint } | null;
}

/**
 * Every field of a destination's snapshot, which a transfer row keeps as it was when sent (create.ts
 * spreads the snapshot into the row). Typed as a record of every key so a field added to the snapshot
 * cannot be left out of the comparison below (issue 28): each one decides, or names, where money goes.
 */
const SNAPSHOT_COLUMNS = Object.keys({
  recipient_email: true,
  recipient_name: true,
  recipient_bank_name: true,
  recipient_country: true,
  recipient_account_number: true,
  recipient_swift_code: true,
  recipient_bank_code: true,
  crypto_address: true,
  crypto_network: true,
} satisfies Record<keyof DestinationSnapshot, true>) as (keyof DestinationSnapshot)[];

/**
 * Whether a person already confirmed this saved recipient, exactly as it is now, with a transfer code:
 * an earlier transfer of theirs made without an API credential (every such transfer needed a code, the
 * e-mailed one or the authenticator app's) to this recipient with every detail the same — account
 * number, bank code (routing number, sort code, BSB, transit and institution), SWIFT, country, holder's
 * name and bank, or crypto address and network (issue 28: an edit of the routing number alone sent the
 * money to another bank unconfirmed). An edit of the recipient since makes the details differ, so it
 * must be confirmed again.
 */
async function isConfirmedByPerson(trx: Database, senderId: string, priced: PricedTransfer): Promise<boolean> {
  const { recipientId, snapshot } = priced.target;
  if (recipientId === null) {
    return false;
  }
  let query = trx
    .selectFrom("transfers")
    .select("id")
    .where("sender_user_id", "=", senderId)
    .where("recipient_id", "=", recipientId)
    .where("api_credential_id", "is", null);
  for (const column of SNAPSHOT_COLUMNS) {
    query = query.where(sql<boolean>`${sql.ref(column)} IS NOT DISTINCT FROM ${snapshot[column]}`);
  }
  const row = await query.limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * What the credential sent in the last 24 hours, in its limit's currency: failed and cancelled
 * transfers gave their money back and do not count.
 */
async function sentByCredentialMinor(trx: Database, credentialId: string): Promise<bigint> {
  const row = await trx
    .selectFrom("transfers")
    .select(sql<string>`coalesce(sum(amount), 0)::text`.as("total"))
    .where("api_credential_id", "=", credentialId)
    .where("status", "not in", statusesWithLedgerState("released"))
    .where("created_at", ">", sql<Date>`now() - interval '24 hours'`)
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

/**
 * The rules an app's transfer obeys beyond a person's (which the caller applies too): only to Ferry
 * users and to saved recipients a person already confirmed with a code — never a cash-out — and only
 * in the credential's currency, within its daily limit. The limit is read under a per-credential lock
 * held to the end of the caller's transaction, so two requests cannot both fit under what is left.
 */
export async function enforceApiTransferRules(
  trx: Database,
  senderId: string,
  credential: ApiTransferCredential,
  priced: PricedTransfer,
): Promise<void> {
  const { method } = priced.target;
  if (method === "withdrawal") {
    throw new AppError("forbidden", "An app cannot cash out: send to a saved recipient or a Ferry user");
  }
  if (method !== "ferry_user" && !(await isConfirmedByPerson(trx, senderId, priced))) {
    throw new AppError(
      "forbidden",
      "An app can send only to recipients you already confirmed with a transfer code: send to this recipient once on Ferry first",
    );
  }
  const limit = credential.transferLimit;
  if (limit === null || limit.currency !== priced.currency) {
    throw new AppError("limit_exceeded", `This app may send only ${limit?.currency ?? "no currency"}`);
  }
  await lockKey(trx, `api-transfer-limit|${credential.id}`);
  const usedMinor = await sentByCredentialMinor(trx, credential.id);
  if (usedMinor + priced.amountMinor > limit.amountMinor) {
    const left = limit.amountMinor > usedMinor ? limit.amountMinor - usedMinor : 0n;
    const money = (amountMinor: bigint) => formatMoney({ currency: priced.currency, amountMinor });
    throw new AppError(
      "limit_exceeded",
      `This app's daily limit is ${money(limit.amountMinor)}; ${money(left)} is left for the next 24 hours`,
    );
  }
}

/**
 * Marks an app's transfer for its owner, in the transaction that made it: a notification naming the
 * app (history names it from the transfer row), and an entry in the owner's audit trail.
 */
export async function recordAppTransfer(
  trx: Database,
  made: { sender: { userId: string }; credential: ApiTransferCredential; transferId: string; priced: PricedTransfer },
): Promise<void> {
  const { sender, credential, transferId, priced } = made;
  await createNotification(trx, {
    userId: sender.userId,
    type: "info",
    write: (reader) => ({
      title: reader.t("Transfer sent via {app}", { app: credential.name }),
      message: reader.t("{app} sent {amount} to {recipient}.", {
        app: credential.name,
        amount: reader.format.money({ currency: priced.currency, amountMinor: priced.amountMinor }),
        recipient: priced.target.snapshot.recipient_name,
      }),
    }),
  });
  await recordAdminAction(trx, {
    actor: { userId: sender.userId, clientAddress: null },
    action: "transfer.create_by_app",
    subjectType: "transfer",
    subjectId: transferId,
    before: null,
    after: { currency: priced.currency, amount: priced.amountMinor.toString(), method: priced.target.method },
    details: { userId: sender.userId, apiCredentialId: credential.id, app: credential.name },
  });
}
