import type { RecipientType } from "@ferry/core/contracts/recipients";
import type { Insertable, Updateable } from "kysely";
import type { Cursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { lockKey } from "../../db/locks.ts";
import { keysetPage } from "../../db/page.ts";
import type { DB } from "../../db/schema.ts";

/*
 * The only SQL on the `recipients` and `payment_methods` tables: this module owns them (issue 25).
 * Every update raises the row's `revision`, which transfer codes are bound to: the database does it
 * (a trigger, migration 020), so no update, here or by an operator, can skip it.
 */

/** The two tables of saved destinations. */
export type DestinationTable = "recipients" | "payment_methods";

/** The columns a payment method request writes (everything but its owner, timestamps and revision). */
export type PaymentMethodColumns = Omit<Insertable<DB["payment_methods"]>, "user_id">;

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

/** The user's payment methods, newest first, after `after`; one row past `limit`. */
export async function selectPaymentMethods(db: Database, options: { userId: string; limit: number; after?: Cursor }) {
  const query = db.selectFrom("payment_methods").selectAll().where("user_id", "=", options.userId);
  return keysetPage(query, { time: "created_at", id: "id", limit: options.limit, after: options.after }).execute();
}

/**
 * Takes the user's lock on one table of saved destinations until the transaction ends, so counting
 * and inserting cannot interleave with another request of theirs.
 */
export async function lockUserDestinations(trx: Database, table: DestinationTable, userId: string): Promise<void> {
  const name = table === "recipients" ? "recipients" : "payment-methods";
  await lockKey(trx, `${name}|${userId}`);
}

/** How many saved destinations of one table the user has. */
export async function countDestinations(db: Database, table: DestinationTable, userId: string): Promise<number> {
  const count = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(count.count);
}

export async function insertRecipient(db: Database, values: Insertable<DB["recipients"]>) {
  return db.insertInto("recipients").values(values).returningAll().executeTakeFirstOrThrow();
}

export async function insertPaymentMethod(db: Database, userId: string, columns: PaymentMethodColumns) {
  return db
    .insertInto("payment_methods")
    .values({ user_id: userId, ...columns })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * One saved recipient of the user's (of this type, when one is given), its row locked until the
 * caller's transaction ends; undefined when they have none with this id. A transfer holds it
 * `FOR SHARE`: an edit waits for it, so a code checked or issued there binds this revision. An edit
 * holds it `FOR UPDATE`, so the edit and a code request for it run one after the other.
 */
export async function selectOwnRecipientLocked(
  db: Database,
  owner: { userId: string; id: string; type?: RecipientType },
  lock: "share" | "update",
) {
  let query = db.selectFrom("recipients").selectAll().where("id", "=", owner.id).where("user_id", "=", owner.userId);
  if (owner.type !== undefined) {
    query = query.where("type", "=", owner.type);
  }
  return (lock === "share" ? query.forShare() : query.forUpdate()).executeTakeFirst();
}

/** One payment method of the user's, held `FOR SHARE` like a recipient a transfer names (`selectOwnRecipientLocked`). */
export async function selectOwnPaymentMethodForShare(db: Database, userId: string, id: string) {
  return db
    .selectFrom("payment_methods")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .forShare()
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

/** Replaces a payment method of the user's; undefined when they have none with this id. */
export async function updatePaymentMethodRow(
  db: Database,
  userId: string,
  id: string,
  columns: Updateable<DB["payment_methods"]>,
) {
  return db
    .updateTable("payment_methods")
    .set({ ...columns, updated_at: new Date() })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Deletes a saved destination of the user's; whether there was one. Their past transfers stay: the
 * transfers' foreign keys to it are `ON DELETE SET NULL`, and each transfer keeps its own copy of
 * where the money went. The codes issued for it go with it (`ON DELETE CASCADE`, migration 019).
 */
export async function deleteDestinationRow(
  db: Database,
  table: DestinationTable,
  userId: string,
  id: string,
): Promise<boolean> {
  const result = await db.deleteFrom(table).where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Deletes every saved destination of the user's in one table; how many there were. */
export async function deleteAllDestinationRows(db: Database, table: DestinationTable, userId: string): Promise<number> {
  const result = await db.deleteFrom(table).where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** One batch of a table's saved destinations (or only `userId`'s), by id after `afterId`. */
export async function selectDestinationBatch(
  db: Database,
  table: DestinationTable,
  options: { userId: string | undefined; afterId: string | null; limit: number },
) {
  let query = db
    .selectFrom(table)
    .select([
      "id",
      "currency",
      "country",
      "account_number",
      "swift_code",
      "bank_code",
      "crypto_network",
      "crypto_address",
    ])
    .orderBy("id")
    .limit(options.limit);
  if (options.userId !== undefined) {
    query = query.where("user_id", "=", options.userId);
  }
  if (options.afterId !== null) {
    query = query.where("id", ">", options.afterId);
  }
  return query.execute();
}
