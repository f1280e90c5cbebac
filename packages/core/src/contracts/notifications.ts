import { z } from "zod";
import { pageOf } from "./pagination.ts";

export const Notification = z.object({
  id: z.uuid(),
  title: z.string(),
  message: z.string(),
  type: z.enum(["success", "warning", "error", "info"]),
  read: z.boolean(),
  /** The web app's page it is about (a transfer's: "/transactions/<id>"), or null. */
  link: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof Notification>;

/** A page of the user's notifications, newest first, with how many of all of them are unread. */
export const NotificationList = pageOf(Notification).extend({ unreadCount: z.number().int() });
export type NotificationList = z.infer<typeof NotificationList>;
export const NotificationIdParams = z.object({ notificationId: z.uuid() });
export type NotificationIdParams = z.infer<typeof NotificationIdParams>;

/** The answer to marking one notification read. */
export const MarkNotificationReadResponse = z.object({ read: z.literal(true) });
export type MarkNotificationReadResponse = z.infer<typeof MarkNotificationReadResponse>;

/** The answer to marking all notifications read: how many were unread. */
export const MarkAllNotificationsReadResponse = z.object({ updated: z.number().int() });
export type MarkAllNotificationsReadResponse = z.infer<typeof MarkAllNotificationsReadResponse>;
