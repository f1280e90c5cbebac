import { z } from "zod";

export const Notification = z.object({
  id: z.uuid(),
  title: z.string(),
  message: z.string(),
  type: z.enum(["success", "warning", "error", "info"]),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationList = z.object({
  notifications: z.array(Notification),
  unreadCount: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type NotificationList = z.infer<typeof NotificationList>;
export const NotificationIdParams = z.object({ notificationId: z.uuid() });
