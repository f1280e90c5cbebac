import type { DevSmsMessage } from "@ferry/core/contracts/sms";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { DB } from "../../db/schema.ts";

/** A text message as the outbox keeps it. */
export interface SmsMessage {
  /** The owner, when the message is to a Ferry account (the number is their profile's phone). */
  readonly userId: string | null;
  readonly to: string;
  readonly text: string;
}

/** Writes a message into the outbox and returns its id, which the delivery job carries. */
export async function insertSmsMessage(db: Kysely<DB>, message: SmsMessage): Promise<string> {
  const row = await db
    .insertInto("sms_outbox")
    .values({ user_id: message.userId, recipient: message.to, body: message.text })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A message claimed for one delivery attempt. */
export interface ClaimedSms {
  readonly id: string;
  readonly to: string;
  readonly text: string;
  /** Attempts so far, this one included. */
  readonly attempts: number;
}

/**
 * Claims a queued message for one attempt, counted and leased for `leaseSeconds` (as the mail
 * outbox does): a second attempt at the same message meanwhile finds nothing to send.
 */
export async function claimSmsMessage(db: Kysely<DB>, id: string, leaseSeconds: number): Promise<ClaimedSms | null> {
  const row = await db
    .updateTable("sms_outbox")
    .set({
      attempts: sql`attempts + 1`,
      next_attempt_at: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where("id", "=", id)
    .where("status", "=", "queued")
    .where("next_attempt_at", "<=", sql<Date>`now()`)
    .returning(["id", "recipient", "body", "attempts"])
    .executeTakeFirst();
  if (!row) {
    return null;
  }
  return { id: row.id, to: row.recipient, text: row.body, attempts: row.attempts };
}

/** A message's status ('queued', 'sent', 'failed'); null when there is no such message. */
export async function smsStatusOf(db: Kysely<DB>, id: string): Promise<string | null> {
  const row = await db.selectFrom("sms_outbox").select("status").where("id", "=", id).executeTakeFirst();
  return row?.status ?? null;
}

export async function markSmsSent(db: Kysely<DB>, id: string): Promise<void> {
  await db.updateTable("sms_outbox").set({ status: "sent", sent_at: sql`now()` }).where("id", "=", id).execute();
}

/** Records a failed attempt: released for the job's retry, or `failed` after the last one. */
export async function recordSmsFailure(
  db: Kysely<DB>,
  id: string,
  failure: { readonly isFinal: boolean; readonly error: string },
): Promise<void> {
  await db
    .updateTable("sms_outbox")
    .set({
      status: failure.isFinal ? "failed" : "queued",
      last_error: failure.error.slice(0, 500),
      next_attempt_at: sql`now()`,
    })
    .where("id", "=", id)
    .execute();
}

/** The development SMS outbox: every written message, newest first, bounded. */
export async function listSmsOutbox(db: Kysely<DB>, limit = 200): Promise<DevSmsMessage[]> {
  const rows = await db
    .selectFrom("sms_outbox")
    .select(["recipient", "body", "created_at"])
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ to: row.recipient, text: row.body, createdAt: new Date(row.created_at).toISOString() }));
}

/** Deletes every message to the user (their phone number and what was sent to it). */
export async function deleteSmsMessagesOf(db: Kysely<DB>, userId: string): Promise<void> {
  await db.deleteFrom("sms_outbox").where("user_id", "=", userId).execute();
}
