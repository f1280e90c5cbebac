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

/** The channel the worker listens on, so queued mail goes out without waiting for the next poll. */
export const MAIL_CHANNEL = "ferry_mail_outbox";

/**
 * Writes a message into the outbox and wakes the worker (PostgreSQL delivers the notification when
 * the transaction commits). Other modules queue mail through `enqueueMail` in service.ts.
 */
export async function insertOutboxMessage(db: Kysely<DB>, message: MailMessage): Promise<void> {
  await db
    .insertInto("mail_outbox")
    .values({ recipient: message.to, subject: message.subject, text_body: message.text, html_body: message.html })
    .execute();
  await sql`SELECT pg_notify(${MAIL_CHANNEL}, '')`.execute(db);
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
