import type { NotificationList } from "@ferry/core/contracts/notifications";
import type { PageQuery } from "@ferry/core/contracts/pagination";
import { decodeCursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { keysetCursorOf, paginate } from "../../db/page.ts";
import { AppError } from "../../errors.ts";
import {
  countUnreadNotifications,
  deleteNotificationsOf,
  insertNotification,
  type NewNotification,
  selectNotifications,
  updateAllNotificationsRead,
  updateNotificationRead,
} from "./queries.ts";

/** Records a notification for a user; pass the transaction of the event it reports. */
export async function createNotification(db: Database, notification: NewNotification): Promise<void> {
  await insertNotification(db, notification);
}

/** A page of the user's notifications, newest first, with how many are unread. */
export async function listNotifications(db: Database, userId: string, query: PageQuery): Promise<NotificationList> {
  const rows = await selectNotifications(db, userId, query.limit, decodeCursor(query.cursor));
  const page = paginate(rows, query.limit, keysetCursorOf, (row) => ({
    id: row.id,
    title: row.title,
    message: row.message,
    type: row.type,
    read: row.read,
    createdAt: new Date(row.created_at).toISOString(),
  }));
  return { ...page, unreadCount: await countUnreadNotifications(db, userId) };
}

/** Marks one of the user's notifications read; someone else's reads as missing. */
export async function markNotificationRead(db: Database, userId: string, notificationId: string): Promise<void> {
  if (!(await updateNotificationRead(db, userId, notificationId))) {
    throw new AppError("not_found", "Notification not found");
  }
}

/** Marks all of the user's unread notifications read; returns how many changed. */
export async function markAllNotificationsRead(db: Database, userId: string): Promise<number> {
  return updateAllNotificationsRead(db, userId);
}

/** Deletes every notification of the user's, in the caller's transaction: their account is being closed. */
export async function deleteAllNotificationsOf(trx: Database, userId: string): Promise<void> {
  await deleteNotificationsOf(trx, userId);
}
