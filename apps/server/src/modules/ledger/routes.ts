import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/database.ts";
import type { Guards } from "../auth/guards.ts";
import { reconcileLedger } from "./reconcile.ts";

export function registerLedgerAdminRoutes(app: FastifyInstance, deps: { db: Database; guards: Guards }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/v1/admin/ledger/reconciliation",
    {
      preValidation: deps.guards.requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Check the ledger's invariants now",
        response: {
          200: z.object({
            checkedAt: z.string(),
            accounts: z.number(),
            transfers: z.number(),
            sums: z.record(z.string(), z.string()),
            violations: z.array(z.string()),
          }),
        },
      },
    },
    async () => reconcileLedger(deps.db),
  );
}
