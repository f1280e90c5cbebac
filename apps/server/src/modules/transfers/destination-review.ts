import type { Database } from "../../db/database.ts";
import { type StoredDestinationRow, storedDestinationProblem } from "../../destination-rules.ts";

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

interface StoredRow extends StoredDestinationRow {
  readonly id: string;
}

/**
 * Re-checks every saved recipient and payment method (or only `userId`'s) against today's destination
 * rules, as the API does when it lists them, and counts those it would mark "Check these details".
 * Read-only: rows are never rewritten, their owners edit them.
 */
export async function countDestinationsNeedingReview(
  db: Database,
  options: { userId?: string } = {},
): Promise<DestinationReviewReport> {
  const byReason: Record<string, number> = {};
  const recipients = await countTable(db, "recipients", options.userId, byReason);
  const paymentMethods = await countTable(db, "payment_methods", options.userId, byReason);
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
  table: "recipients" | "payment_methods",
  userId: string | undefined,
  byReason: Record<string, number>,
): Promise<{ checked: number; failing: number }> {
  const label = table === "recipients" ? "recipients" : "payment methods";
  let checked = 0;
  let failing = 0;
  let afterId: string | null = null;
  for (;;) {
    const rows: StoredRow[] = await selectBatch(db, table, userId, afterId);
    for (const row of rows) {
      const problem = storedDestinationProblem(row);
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

async function selectBatch(
  db: Database,
  table: "recipients" | "payment_methods",
  userId: string | undefined,
  afterId: string | null,
): Promise<StoredRow[]> {
  let query = db
    .selectFrom(table)
    .select([
      "id",
      "currency",
      "country",
      "account_number",
      "swift_code",
      "bank_code",
      "crypto_network",
      "crypto_address",
    ])
    .orderBy("id")
    .limit(BATCH_ROWS);
  if (userId !== undefined) {
    query = query.where("user_id", "=", userId);
  }
  if (afterId !== null) {
    query = query.where("id", ">", afterId);
  }
  return query.execute();
}
