import type { DevMailMessage } from "@ferry/core/contracts/mail";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { DB } from "../../db/schema.ts";

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/**
 * Writes a message into the outbox and returns its id, which the delivery job carries. Other modules
 * queue mail through `enqueueMail` in service.ts.
 */
export async function insertOutboxMessage(db: Kysely<DB>, message: MailMessage): Promise<string> {
  const row = await db
    .insertInto("mail_outbox")
    .values({ recipient: message.to, subject: message.subject, text_body: message.text, html_body: message.html })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A message claimed for one delivery attempt. */
export interface ClaimedMessage extends MailMessage {
  readonly id: string;
  /** Attempts so far, this one included. */
  readonly attempts: number;
}

/**
 * Claims a queued message for one attempt: counts it and leases it for `leaseSeconds`, so a second
 * attempt at the same message (a job retried while the first still runs) finds nothing to send.
 * Null when the message is not queued or another attempt holds it.
 */
export async function claimOutboxMessage(
  db: Kysely<DB>,
  id: string,
  leaseSeconds: number,
): Promise<ClaimedMessage | null> {
  const row = await db
    .updateTable("mail_outbox")
    .set({
      attempts: sql`attempts + 1`,
      next_attempt_at: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where("id", "=", id)
    .where("status", "=", "queued")
    .where("next_attempt_at", "<=", sql<Date>`now()`)
    .returning(["id", "recipient", "subject", "text_body", "html_body", "attempts"])
    .executeTakeFirst();
  if (!row) {
    return null;
  }
  return {
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    attempts: row.attempts,
  };
}

/** A message's status ('queued', 'sent', 'failed'); null when there is no such message. */
export async function outboxStatusOf(db: Kysely<DB>, id: string): Promise<string | null> {
  const row = await db.selectFrom("mail_outbox").select("status").where("id", "=", id).executeTakeFirst();
  return row?.status ?? null;
}

export async function markOutboxMessageSent(db: Kysely<DB>, id: string): Promise<void> {
  await db.updateTable("mail_outbox").set({ status: "sent", sent_at: sql`now()` }).where("id", "=", id).execute();
}

/**
 * Records a failed attempt. A message that may still be retried is released at once (its lease
 * ends), so the job's retry, after pg-boss's back-off, can claim it; a final failure is `failed`.
 */
export async function recordOutboxFailure(
  db: Kysely<DB>,
  id: string,
  failure: { readonly isFinal: boolean; readonly error: string },
): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set({
      status: failure.isFinal ? "failed" : "queued",
      last_error: failure.error.slice(0, 500),
      next_attempt_at: sql`now()`,
    })
    .where("id", "=", id)
    .execute();
}

/** The development mailbox: every queued message, newest first, bounded. */
export async function listMailbox(db: Kysely<DB>, limit = 200): Promise<DevMailMessage[]> {
  const rows = await db
    .selectFrom("mail_outbox")
    .select(["recipient", "subject", "text_body", "html_body", "created_at"])
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    to: row.recipient,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
