import type { RecipientType } from "@ferry/core/contracts/recipients";
import { type Insertable, sql } from "kysely";
import type { Cursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { keysetPage } from "../../db/page.ts";
import type { DB } from "../../db/schema.ts";

/** The user's saved recipients of one type, newest first, after `after`; one row past `limit`. */
export async function selectRecipients(
  db: Database,
  options: { userId: string; type: RecipientType; limit: number; after?: Cursor },
) {
  const query = db
    .selectFrom("recipients")
    .selectAll()
    .where("user_id", "=", options.userId)
    .where("type", "=", options.type);
  return keysetPage(query, { time: "created_at", id: "id", limit: options.limit, after: options.after }).execute();
}

/**
 * Takes the user's recipients lock until the transaction ends, so counting and inserting cannot
 * interleave with another request of theirs.
 */
export async function lockUserRecipients(trx: Database, userId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`recipients|${userId}`}, 0))`.execute(trx);
}

export async function countRecipients(db: Database, userId: string): Promise<number> {
  const count = await db
    .selectFrom("recipients")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(count.count);
}

export async function insertRecipient(db: Database, values: Insertable<DB["recipients"]>) {
  return db.insertInto("recipients").values(values).returningAll().executeTakeFirstOrThrow();
}
