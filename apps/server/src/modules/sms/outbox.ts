import type { DevSmsMessage } from "@ferry/core/contracts/sms";
import type { Kysely } from "kysely";
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
