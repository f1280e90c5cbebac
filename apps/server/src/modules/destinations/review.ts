import type { Database } from "../../db/database.ts";
import { type DestinationTable, selectDestinationBatch } from "./queries.ts";
import { type DestinationRulesConfig, storedDestinationProblem } from "./rules.ts";

/** Rows read per query: the count walks every saved destination without holding them all in memory. */
const BATCH_ROWS = 1_000;

/** How many saved destinations fail today's rules, per table and per reason. */
export interface DestinationReviewReport {
  readonly recipientsChecked: number;
  readonly paymentMethodsChecked: number;
  readonly recipientsNeedingReview: number;
  readonly paymentMethodsNeedingReview: number;
  /** "recipients: <reason>" or "payment methods: <reason>" → rows. */
  readonly byReason: Readonly<Record<string, number>>;
}

/**
 * Re-checks every saved recipient and payment method (or only `userId`'s) against today's destination
 * rules, as the API does when it lists them, and counts those it would mark "Check these details".
 * Read-only: rows are never rewritten, their owners edit them.
 */
export async function countDestinationsNeedingReview(
  db: Database,
  config: DestinationRulesConfig,
  options: { userId?: string } = {},
): Promise<DestinationReviewReport> {
  const byReason: Record<string, number> = {};
  const recipients = await countTable(db, config, "recipients", options.userId, byReason);
  const paymentMethods = await countTable(db, config, "payment_methods", options.userId, byReason);
  return {
    recipientsChecked: recipients.checked,
    paymentMethodsChecked: paymentMethods.checked,
    recipientsNeedingReview: recipients.failing,
    paymentMethodsNeedingReview: paymentMethods.failing,
    byReason,
  };
}

async function countTable(
  db: Database,
  config: DestinationRulesConfig,
  table: DestinationTable,
  userId: string | undefined,
  byReason: Record<string, number>,
): Promise<{ checked: number; failing: number }> {
  const label = table === "recipients" ? "recipients" : "payment methods";
  let checked = 0;
  let failing = 0;
  let afterId: string | null = null;
  for (;;) {
    const rows = await selectDestinationBatch(db, table, { userId, afterId, limit: BATCH_ROWS });
    for (const row of rows) {
      const problem = storedDestinationProblem(row, config);
      if (problem !== null) {
        failing += 1;
        const key = `${label}: ${problem}`;
        byReason[key] = (byReason[key] ?? 0) + 1;
      }
    }
    checked += rows.length;
    if (rows.length < BATCH_ROWS) {
      return { checked, failing };
    }
    afterId = rows[rows.length - 1]?.id ?? null;
  }
}
