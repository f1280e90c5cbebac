import { NotificationIdParams, NotificationList } from "@ferry/core/contracts/notifications";
import { PageQuery } from "@ferry/core/contracts/transfers";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { decodeCursor, encodeCursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../errors.ts";
import { type Guards, viewerOf } from "../auth/guards.ts";
import { listNotifications, markAllNotificationsRead, markNotificationRead } from "./service.ts";

export function registerNotificationRoutes(app: FastifyInstance, deps: { db: Database; guards: Guards }) {
  const { db, guards } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/api/v1/notifications",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["notifications"],
        summary: "Your notifications, newest first, with the unread count",
        querystring: PageQuery,
        response: { 200: NotificationList },
      },
    },
    async (request) => {
      const { limit, cursor } = request.query;
      const page = await listNotifications(db, viewerOf(request).userId, limit, decodeCursor(cursor));
      const last = page.rows.at(-1);
      return {
        notifications: page.rows.map((row) => ({
          id: row.id,
          title: row.title,
          message: row.message,
          type: row.type,
          read: row.read,
          createdAt: new Date(row.created_at).toISOString(),
        })),
        unreadCount: page.unreadCount,
        nextCursor: page.hasMore && last ? encodeCursor({ createdAt: last.cursor_at, id: last.id }) : null,
      };
    },
  );
  typed.post(
    "/api/v1/notifications/:notificationId/read",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["notifications"],
        summary: "Mark one notification read",
        params: NotificationIdParams,
        response: { 200: z.object({ read: z.literal(true) }) },
      },
    },
    async (request) => {
      if (!(await markNotificationRead(db, viewerOf(request).userId, request.params.notificationId))) {
        throw new AppError("not_found", "Notification not found");
      }
      return { read: true as const };
    },
  );
  typed.post(
    "/api/v1/notifications/read-all",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["notifications"],
        summary: "Mark all notifications read",
        response: { 200: z.object({ updated: z.number().int() }) },
      },
    },
    async (request) => ({ updated: await markAllNotificationsRead(db, viewerOf(request).userId) }),
  );
}
