import { sql } from "kysely";
import type { Database } from "../../db/database.ts";

export interface ReconciliationReport {
  readonly checkedAt: string;
  readonly accounts: number;
  readonly transfers: number;
  /** Per currency, the sum of every account balance: zero when nothing was lost or invented. */
  readonly sums: Record<string, string>;
  readonly violations: string[];
}

/**
 * Checks the ledger's invariants and lists every violation:
 * 1. per currency the balances of all accounts sum to zero (money is only ever moved);
 * 2. no account that is not external is below zero, counting reserves;
 * 3. every account's balance equals its posted credits minus posted debits, and its reserve equals
 *    its pending debits (the account rows agree with the transfer history).
 */
export async function reconcileLedger(db: Database): Promise<ReconciliationReport> {
  const violations: string[] = [];
  const sums = await sql<{ currency: string; total: string }>`
    SELECT currency, sum(balance)::text AS total FROM ledger_accounts GROUP BY currency ORDER BY currency`.execute(db);
  for (const row of sums.rows) {
    if (BigInt(row.total) !== 0n) {
      violations.push(`${row.currency}: balances sum to ${row.total}, not 0`);
    }
  }
  const negative = await sql<{ id: string; currency: string; balance: string; reserved: string }>`
    SELECT id, currency, balance::text, reserved::text FROM ledger_accounts
    WHERE NOT is_external AND (balance - reserved < 0 OR reserved < 0)`.execute(db);
  for (const row of negative.rows) {
    violations.push(
      `account ${row.id} (${row.currency}) is below zero: balance ${row.balance}, reserved ${row.reserved}`,
    );
  }
  const mismatched = await sql<{
    id: string;
    balance: string;
    reserved: string;
    expected_balance: string;
    expected_reserved: string;
  }>`
    SELECT a.id, a.balance::text, a.reserved::text,
      (coalesce(c.posted, 0) - coalesce(d.posted, 0))::text AS expected_balance,
      coalesce(d.pending, 0)::text AS expected_reserved
    FROM ledger_accounts a
    LEFT JOIN (SELECT credit_account_id AS id, sum(amount) FILTER (WHERE state = 'posted') AS posted
               FROM ledger_transfers GROUP BY credit_account_id) c ON c.id = a.id
    LEFT JOIN (SELECT debit_account_id AS id, sum(amount) FILTER (WHERE state = 'posted') AS posted,
                      sum(amount) FILTER (WHERE state = 'pending') AS pending
               FROM ledger_transfers GROUP BY debit_account_id) d ON d.id = a.id
    WHERE a.balance <> coalesce(c.posted, 0) - coalesce(d.posted, 0) OR a.reserved <> coalesce(d.pending, 0)`.execute(
    db,
  );
  for (const row of mismatched.rows) {
    violations.push(
      `account ${row.id}: balance ${row.balance} / reserved ${row.reserved} disagree with its transfers (${row.expected_balance} / ${row.expected_reserved})`,
    );
  }
  const counts = await sql<{ accounts: string; transfers: string }>`
    SELECT (SELECT count(*) FROM ledger_accounts)::text AS accounts, (SELECT count(*) FROM ledger_transfers)::text AS transfers`.execute(
    db,
  );
  return {
    checkedAt: new Date().toISOString(),
    accounts: Number(counts.rows[0]?.accounts ?? 0),
    transfers: Number(counts.rows[0]?.transfers ?? 0),
    sums: Object.fromEntries(sums.rows.map((row) => [row.currency, row.total])),
    violations,
  };
}
