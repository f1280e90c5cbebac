import { z } from "zod";

/** What a check of the ledger's invariants found (`GET /api/v1/admin/ledger/reconciliation`, `npm run reconcile`). */
export const ReconciliationReport = z.object({
  checkedAt: z.string(),
  accounts: z.number(),
  transfers: z.number(),
  /** Per currency, the sum of every account balance: zero when nothing was lost or invented. */
  sums: z.record(z.string(), z.string()),
  violations: z.array(z.string()),
});
export type ReconciliationReport = z.infer<typeof ReconciliationReport>;
