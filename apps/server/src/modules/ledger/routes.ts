import { ReconciliationReport } from "@ferry/core/contracts/ledger";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "../../db/database.ts";
import type { Guards } from "../../http/guards.ts";
import { ADMIN_ERRORS, errorResponses, SIGNED_IN } from "../../http/openapi.ts";
import { reconcileLedger } from "./reconcile.ts";

export function registerLedgerAdminRoutes(app: FastifyInstance, deps: { db: Database; guards: Guards }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/v1/admin/ledger/reconciliation",
    {
      preValidation: deps.guards.requireAdmin,
      schema: {
        tags: ["admin"],
        operationId: "reconcileLedger",
        security: SIGNED_IN,
        summary: "Check the ledger's invariants now",
        response: { 200: ReconciliationReport, ...errorResponses(...ADMIN_ERRORS) },
      },
    },
    async () => reconcileLedger(deps.db),
  );
}
