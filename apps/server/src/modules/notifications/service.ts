import type { NotificationList } from "@ferry/core/contracts/notifications";
import type { PageQuery } from "@ferry/core/contracts/pagination";
import type { AppPreferences } from "@ferry/core/contracts/settings";
import type { CompiledQuery } from "kysely";
import { decodeCursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { keysetCursorOf, paginate } from "../../db/page.ts";
import { AppError } from "../../errors.ts";
import { type Reader, readerFor } from "../../i18n/translator.ts";
import { recordLiveEvents } from "../live/service.ts";
import { preferencesOfEach } from "../settings/service.ts";
import {
  countUnreadNotifications,
  deleteNotificationsOf,
  notificationsInsertOf,
  selectNotifications,
  updateAllNotificationsRead,
  updateNotificationRead,
} from "./queries.ts";

/** What the bell shows: a title and a sentence. */
export interface NotificationText {
  readonly title: string;
  readonly message: string;
}

/** A notification for a user, written for them as an e-mail is (mail/service.ts). */
export interface NewNotification {
  readonly userId: string;
  readonly type: "success" | "warning" | "error" | "info";
  readonly write: (reader: Reader) => NotificationText;
  /** The web app's page it is about, which the notification opens (issue 30: a transfer's page). */
  readonly link?: string;
}

/**
 * Records a notification for a user, in their language and time zone (their App Preferences) at the
 * moment it is written, as their e-mails are (issue 29, decision 048); pass the transaction of the event
 * it reports.
 */
export async function createNotification(db: Database, notification: NewNotification): Promise<void> {
  await createNotifications(db, [notification]);
}

/** Records several notifications as `createNotification` does, in two statements for all of them. */
export async function createNotifications(
  db: Database,
  notifications: readonly NewNotification[],
  /** The users' App Preferences when read already (`preferencesOfEach`, a batch of transfers). */
  knownPreferences?: (userId: string) => AppPreferences,
): Promise<void> {
  const prepared = await notificationsToCreate(db, notifications, knownPreferences);
  if (prepared) {
    await db.executeQuery(prepared.insert);
    await prepared.announce();
  }
}

/**
 * `createNotifications` in two steps, for a caller that sends the insert together with its own
 * statements (a batch of transfers, db/pipelined.ts): the insert, and what announces it once it is
 * written. Null when there is nothing to notify.
 */
export async function notificationsToCreate(
  db: Database,
  notifications: readonly NewNotification[],
  knownPreferences?: (userId: string) => AppPreferences,
): Promise<{ insert: CompiledQuery; announce(): Promise<void> } | null> {
  if (notifications.length === 0) {
    return null;
  }
  const preferencesOf =
    knownPreferences ?? (await preferencesOfEach(db, [...new Set(notifications.map((item) => item.userId))]));
  const insert = notificationsInsertOf(
    notifications.map((notification) => {
      const { language, timeZone } = preferencesOf(notification.userId);
      return {
        userId: notification.userId,
        type: notification.type,
        link: notification.link,
        ...notification.write(readerFor(language, timeZone)),
      };
    }),
  );
  // After the rows it announces, so a page that hears it (even outside a transaction) finds them.
  const announce = () =>
    recordLiveEvents(
      db,
      [...new Set(notifications.map((item) => item.userId))].map((userId) => ({
        userId,
        type: "notification" as const,
      })),
    );
  return { insert, announce };
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
    link: row.link,
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
