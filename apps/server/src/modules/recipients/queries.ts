import type { RecipientType } from "@ferry/core/contracts/recipients";
import type { Insertable, Updateable } from "kysely";
import type { Cursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { lockKey } from "../../db/locks.ts";
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
  await lockKey(trx, `recipients|${userId}`);
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

/**
 * One recipient of the user's, its row locked until the transaction ends, so an edit and a code
 * request for it (which holds it `FOR SHARE`) run one after the other; undefined when they have none
 * with this id.
 */
export async function selectOwnRecipientForUpdate(db: Database, userId: string, id: string) {
  return db
    .selectFrom("recipients")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .forUpdate()
    .executeTakeFirst();
}

/** Replaces the details of a recipient of the user's, which the caller has locked (so it exists). */
export async function updateRecipientRow(
  db: Database,
  userId: string,
  id: string,
  columns: Updateable<DB["recipients"]>,
) {
  return db
    .updateTable("recipients")
    .set(columns)
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Deletes a recipient of the user's; whether there was one. Their past transfers stay: the
 * `transfers.recipient_id` foreign key is `ON DELETE SET NULL`, and each transfer keeps its own copy
 * of where the money went.
 */
export async function deleteRecipientRow(db: Database, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("recipients")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
