import type { Kysely } from "kysely";
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
