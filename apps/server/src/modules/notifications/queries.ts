import type { Cursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { keysetPage } from "../../db/page.ts";
import { unnestInsert } from "../../db/unnest.ts";

export interface NotificationRowToInsert {
  readonly userId: string;
  readonly title: string;
  readonly message: string;
  readonly type: "success" | "warning" | "error" | "info";
  /** The web app's page it is about ("/transactions/…"), or none. */
  readonly link?: string;
}

/** The statement that inserts the notifications, in one statement whatever their number (db/unnest.ts). */
export function notificationsInsertOf(notifications: readonly NotificationRowToInsert[]) {
  return notificationsInsert(
    notifications.map((notification) => ({
      user_id: notification.userId,
      title: notification.title,
      message: notification.message,
      type: notification.type,
      link: notification.link ?? null,
    })),
  );
}

const notificationsInsert = unnestInsert("notifications", {
  user_id: "text",
  title: "text",
  message: "text",
  type: "text",
  link: "text",
});

/** A user's notifications newest first, after `after`; one row past `limit` (see db/page.ts). */
export async function selectNotifications(db: Database, userId: string, limit: number, after?: Cursor) {
  const query = db.selectFrom("notifications").selectAll().where("user_id", "=", userId);
  return keysetPage(query, { time: "created_at", id: "id", limit, after }).execute();
}

export async function countUnreadNotifications(db: Database, userId: string): Promise<number> {
  const unread = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("user_id", "=", userId)
    .where("read", "=", false)
    .executeTakeFirstOrThrow();
  return Number(unread.count);
}

/** Marks one of the user's notifications read; whether it was theirs. */
export async function updateNotificationRead(db: Database, userId: string, notificationId: string): Promise<boolean> {
  const result = await db
    .updateTable("notifications")
    .set({ read: true })
    .where("id", "=", notificationId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks all of the user's unread notifications read; how many changed. */
export async function updateAllNotificationsRead(db: Database, userId: string): Promise<number> {
  const result = await db
    .updateTable("notifications")
    .set({ read: true })
    .where("user_id", "=", userId)
    .where("read", "=", false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes every notification of the user's. */
export async function deleteNotificationsOf(db: Database, userId: string): Promise<void> {
  await db.deleteFrom("notifications").where("user_id", "=", userId).execute();
}
