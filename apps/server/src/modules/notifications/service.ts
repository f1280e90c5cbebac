import { type Kysely, sql } from "kysely";
import { CURSOR_TIMESTAMP } from "../../db/cursor.ts";
import type { DB } from "../../db/schema.ts";

export interface NewNotification {
  readonly userId: string;
  readonly title: string;
  readonly message: string;
  readonly type: "success" | "warning" | "error" | "info";
}

/** Records a notification for a user; pass the transaction of the event it reports. */
export async function createNotification(db: Kysely<DB>, notification: NewNotification): Promise<void> {
  await db
    .insertInto("notifications")
    .values({
      user_id: notification.userId,
      title: notification.title,
      message: notification.message,
      type: notification.type,
    })
    .execute();
}

/** A user's notifications newest first, with how many are unread. */
export async function listNotifications(
  db: Kysely<DB>,
  userId: string,
  limit: number,
  before?: { createdAt: string; id: string },
) {
  let query = db
    .selectFrom("notifications")
    .selectAll()
    .select(sql<string>`${sql.raw(CURSOR_TIMESTAMP)}`.as("cursor_at"))
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit + 1);
  if (before) {
    query = query.where((eb) =>
      eb.or([
        eb("created_at", "<", sql<Date>`${before.createdAt}::timestamptz`),
        eb.and([eb("created_at", "=", sql<Date>`${before.createdAt}::timestamptz`), eb("id", "<", before.id)]),
      ]),
    );
  }
  const rows = await query.execute();
  const unread = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("user_id", "=", userId)
    .where("read", "=", false)
    .executeTakeFirstOrThrow();
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit, unreadCount: Number(unread.count) };
}

/** Marks one of the user's notifications read; someone else's reads as missing. */
export async function markNotificationRead(db: Kysely<DB>, userId: string, notificationId: string): Promise<boolean> {
  const result = await db
    .updateTable("notifications")
    .set({ read: true })
    .where("id", "=", notificationId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks all of the user's unread notifications read; returns how many changed. */
export async function markAllNotificationsRead(db: Kysely<DB>, userId: string): Promise<number> {
  const result = await db
    .updateTable("notifications")
    .set({ read: true })
    .where("user_id", "=", userId)
    .where("read", "=", false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
