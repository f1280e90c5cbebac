import type { Insertable, Updateable } from "kysely";
import type { Cursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { lockKey } from "../../db/locks.ts";
import { keysetPage } from "../../db/page.ts";
import type { DB } from "../../db/schema.ts";

/** The columns a payment method request writes (everything but its owner and timestamps). */
export type PaymentMethodColumns = Omit<Insertable<DB["payment_methods"]>, "user_id">;

/** The user's payment methods, newest first, after `after`; one row past `limit`. */
export async function selectPaymentMethods(db: Database, options: { userId: string; limit: number; after?: Cursor }) {
  const query = db.selectFrom("payment_methods").selectAll().where("user_id", "=", options.userId);
  return keysetPage(query, { time: "created_at", id: "id", limit: options.limit, after: options.after }).execute();
}

/**
 * Takes the user's payment-methods lock until the transaction ends, so counting and inserting cannot
 * interleave with another request of theirs.
 */
export async function lockUserPaymentMethods(trx: Database, userId: string): Promise<void> {
  await lockKey(trx, `payment-methods|${userId}`);
}

export async function countPaymentMethods(db: Database, userId: string): Promise<number> {
  const count = await db
    .selectFrom("payment_methods")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(count.count);
}

export async function insertPaymentMethod(db: Database, userId: string, columns: PaymentMethodColumns) {
  return db
    .insertInto("payment_methods")
    .values({ user_id: userId, ...columns })
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

/** Deletes a payment method of the user's; whether there was one. */
export async function deletePaymentMethodRow(db: Database, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("payment_methods")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
