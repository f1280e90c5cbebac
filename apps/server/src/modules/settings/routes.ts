import { AppPreferences, NotificationSettings, SecuritySettings, Settings } from "@ferry/core/contracts/settings";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "../../db/database.ts";
import { type Guards, viewerOf } from "../../http/guards.ts";
import { errorResponses, SIGNED_IN, SIGNED_IN_ERRORS } from "../../http/openapi.ts";
import { auditActorOf } from "../audit/service.ts";
import { getSettings, saveNotificationSettings, savePreferences, saveSecuritySettings } from "./service.ts";

const SAVE_RESPONSES = { 200: Settings, ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed") };

/** The signed-in user's `/settings`: read all three sections, save each on its own (SPEC §2, §7). */
export function registerSettingsRoutes(app: FastifyInstance, deps: { db: Database; guards: Guards }) {
  const { db, guards } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/api/v1/settings",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["settings"],
        operationId: "getSettings",
        security: SIGNED_IN,
        summary: "Your notification, security and app preferences (the defaults if you never saved)",
        response: { 200: Settings, ...errorResponses(...SIGNED_IN_ERRORS) },
      },
    },
    async (request) => getSettings(db, viewerOf(request).userId),
  );
  typed.put(
    "/api/v1/settings/notifications",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["settings"],
        operationId: "saveNotificationSettings",
        security: SIGNED_IN,
        summary: "Save Notification Preferences only; security e-mails are sent whatever they say",
        body: NotificationSettings,
        response: SAVE_RESPONSES,
      },
    },
    async (request) => saveNotificationSettings(db, viewerOf(request).userId, request.body),
  );
  typed.put(
    "/api/v1/settings/security",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["settings"],
        operationId: "saveSecuritySettings",
        security: SIGNED_IN,
        summary: "Save Security Settings (the idle session timeout) only; written to the audit log",
        body: SecuritySettings,
        response: SAVE_RESPONSES,
      },
    },
    async (request) => saveSecuritySettings(db, auditActorOf(request), request.body),
  );
  typed.put(
    "/api/v1/settings/preferences",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["settings"],
        operationId: "savePreferences",
        security: SIGNED_IN,
        summary: "Save App Preferences (language, display currency, time zone, theme) only",
        body: AppPreferences,
        response: SAVE_RESPONSES,
      },
    },
    async (request) => savePreferences(db, viewerOf(request).userId, request.body),
  );
}
