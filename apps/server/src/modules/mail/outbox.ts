import type { DevMailMessage } from "@ferry/core/contracts/mail";
import type { Kysely } from "kysely";
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

/** The development mailbox: the newest 200 messages, all of them or those to `to` (exactly as addressed). */
export async function listMailbox(db: Kysely<DB>, to?: string): Promise<DevMailMessage[]> {
  let query = db
    .selectFrom("mail_outbox")
    .select(["recipient", "subject", "text_body", "html_body", "created_at"])
    .orderBy("id", "desc")
    .limit(200);
  if (to !== undefined) {
    query = query.where("recipient", "=", to);
  }
  const rows = await query.execute();
  return rows.map((row) => ({
    to: row.recipient,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** Deletes every message to `address` (any case), sent or not: a closed account's copies go with it. */
export async function deleteMessagesTo(db: Kysely<DB>, address: string): Promise<void> {
  await db
    .deleteFrom("mail_outbox")
    .where((eb) => eb(eb.fn("lower", ["recipient"]), "=", address.toLowerCase()))
    .execute();
}
