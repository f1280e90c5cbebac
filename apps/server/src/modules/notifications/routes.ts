import { EmptyRequest } from "@ferry/core/contracts/auth";
import {
  MarkAllNotificationsReadResponse,
  MarkNotificationReadResponse,
  NotificationIdParams,
  NotificationList,
} from "@ferry/core/contracts/notifications";
import { PageQuery } from "@ferry/core/contracts/pagination";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "../../db/database.ts";
import { type Guards, viewerOf } from "../../http/guards.ts";
import { errorResponses, SIGNED_IN, SIGNED_IN_ERRORS } from "../../http/openapi.ts";
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
        operationId: "listNotifications",
        security: SIGNED_IN,
        summary: "Your notifications, newest first, with the unread count",
        querystring: PageQuery,
        response: { 200: NotificationList, ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed") },
      },
    },
    async (request) => listNotifications(db, viewerOf(request).userId, request.query),
  );
  typed.post(
    "/api/v1/notifications/:notificationId/read",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["notifications"],
        operationId: "markNotificationRead",
        security: SIGNED_IN,
        summary: "Mark one notification read",
        params: NotificationIdParams,
        body: EmptyRequest,
        response: {
          200: MarkNotificationReadResponse,
          ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed", "not_found"),
        },
      },
    },
    async (request) => {
      await markNotificationRead(db, viewerOf(request).userId, request.params.notificationId);
      return { read: true as const };
    },
  );
  typed.post(
    "/api/v1/notifications/read-all",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["notifications"],
        operationId: "markAllNotificationsRead",
        security: SIGNED_IN,
        summary: "Mark all notifications read",
        body: EmptyRequest,
        response: {
          200: MarkAllNotificationsReadResponse,
          ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed"),
        },
      },
    },
    async (request) => ({ updated: await markAllNotificationsRead(db, viewerOf(request).userId) }),
  );
}
