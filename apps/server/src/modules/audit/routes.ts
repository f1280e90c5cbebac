import { AuditLogExportQuery, AuditLogPage, AuditLogQuery } from "@ferry/core/contracts/audit";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/database.ts";
import { type Guards, viewerOf } from "../../http/guards.ts";
import { InFlightLimit } from "../../http/in-flight.ts";
import { ADMIN_ERRORS, errorResponses, SIGNED_IN } from "../../http/openapi.ts";
import type { Reader } from "../../i18n/translator.ts";
import { AUDIT_EXPORT_MAX_ROWS, exportAuditCsv, listAuditRows } from "./service.ts";

/** One export at a time per admin: an export reads up to `AUDIT_EXPORT_MAX_ROWS` rows. */
const AUDIT_EXPORTS_IN_FLIGHT_PER_ADMIN = 1;

/** The audit trail, for admins only: the filtered list a page at a time, and the same rows as CSV. */
/**
 * What the audit routes need. `readerOf` gives an admin's language and time zone for the CSV export:
 * app.ts passes it in, as the settings module records its own changes here (no module cycle).
 */
interface AuditRouteDeps {
  readonly db: Database;
  readonly guards: Guards;
  readonly readerOf: (userId: string) => Promise<Reader>;
}

export function registerAuditRoutes(app: FastifyInstance, deps: AuditRouteDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/api/v1/admin/audit-log",
    {
      preValidation: deps.guards.requireAdmin,
      schema: {
        tags: ["admin"],
        operationId: "listAuditLog",
        security: SIGNED_IN,
        summary: "Admin actions, newest first, filtered by actor, action, subject and days",
        querystring: AuditLogQuery,
        response: { 200: AuditLogPage, ...errorResponses(...ADMIN_ERRORS, "validation_failed") },
      },
    },
    async (request) => listAuditRows(deps.db, request.query),
  );

  const exportsInFlight = new InFlightLimit(
    AUDIT_EXPORTS_IN_FLIGHT_PER_ADMIN,
    "Your audit export is already being prepared. Please wait for it to finish.",
  );
  typed.get(
    "/api/v1/admin/audit-log/export.csv",
    {
      preValidation: deps.guards.requireAdmin,
      schema: {
        tags: ["admin"],
        operationId: "exportAuditLog",
        security: SIGNED_IN,
        summary: `The filtered admin actions as CSV, newest first, at most ${AUDIT_EXPORT_MAX_ROWS}`,
        querystring: AuditLogExportQuery,
        response: {
          200: { description: "One row per admin action", content: { "text/csv": { schema: z.string() } } },
          ...errorResponses(...ADMIN_ERRORS, "validation_failed", "rate_limited"),
        },
      },
    },
    async (request, reply) => {
      const { userId } = viewerOf(request);
      const reader = await deps.readerOf(userId);
      const csv = await exportsInFlight.run(userId, () => exportAuditCsv(deps.db, request.query, reader));
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="ferry-audit-log.csv"')
        .header("cache-control", "no-store")
        .send(csv);
    },
  );
}
