import { sql } from "kysely";
import type { Database } from "../../db/database.ts";

/*
 * The reconciliation's reads (reconcile.ts decides what counts as a violation). The ledger's own
 * writes, with their locking, live in service.ts.
 */

/** Per currency, the sum of every account's balance. */
export async function selectBalanceSums(db: Database) {
  const sums = await sql<{ currency: string; total: string }>`
    SELECT currency, sum(balance)::text AS total FROM ledger_accounts GROUP BY currency ORDER BY currency`.execute(db);
  return sums.rows;
}

/** Accounts that may not go negative but are below zero, counting what they reserve. */
export async function selectAccountsBelowZero(db: Database) {
  const negative = await sql<{ id: string; currency: string; balance: string; reserved: string }>`
    SELECT id, currency, balance::text, reserved::text FROM ledger_accounts
    WHERE NOT is_external AND (balance - reserved < 0 OR reserved < 0)`.execute(db);
  return negative.rows;
}

/**
 * Accounts whose balance differs from their posted credits minus posted debits, or whose reserve
 * differs from their pending debits, with the figures their transfers give.
 */
export async function selectAccountsDisagreeingWithTransfers(db: Database) {
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
  return mismatched.rows;
}

/**
 * Ledger transfers that name an account which does not exist (the database refuses writing one,
 * migration 039; this finds any that got past it, such as a row written with its triggers disabled).
 */
export async function selectTransfersWithMissingAccounts(db: Database) {
  const orphans = await sql<{ transfer_key: string; account_id: string }>`
    SELECT t.transfer_key, ids.account_id::text AS account_id
    FROM ledger_transfers t
    CROSS JOIN LATERAL (VALUES (t.debit_account_id), (t.credit_account_id)) AS ids (account_id)
    WHERE NOT EXISTS (SELECT FROM ledger_accounts a WHERE a.id = ids.account_id)
    ORDER BY t.id
    LIMIT 100`.execute(db);
  return orphans.rows;
}

/** How many accounts and ledger transfers there are. */
export async function countLedgerRows(db: Database): Promise<{ accounts: number; transfers: number }> {
  const counts = await sql<{ accounts: string; transfers: string }>`
    SELECT (SELECT count(*) FROM ledger_accounts)::text AS accounts, (SELECT count(*) FROM ledger_transfers)::text AS transfers`.execute(
    db,
  );
  return { accounts: Number(counts.rows[0]?.accounts ?? 0), transfers: Number(counts.rows[0]?.transfers ?? 0) };
}

/**
 * What the yield reserves paid out against what the investments recorded as returns: every posted
 * debit of a `yield_reserve` account (by kind), the daily returns of the investment history, and the
 * investments' running totals. All in USD minor units (the only currency investments hold).
 */
export async function selectYieldReserveOutflows(db: Database) {
  const result = await sql<{
    return_debits: string;
    other_debits: string;
    recorded_returns: string;
    investment_totals: string;
  }>`
    SELECT
      (SELECT coalesce(sum(t.amount), 0) FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account_id
        WHERE a.purpose = 'yield_reserve' AND t.state = 'posted' AND t.kind = 'investment_return')::text AS return_debits,
      (SELECT coalesce(sum(t.amount), 0) FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account_id
        WHERE a.purpose = 'yield_reserve' AND t.state <> 'voided' AND t.kind <> 'investment_return')::text AS other_debits,
      (SELECT coalesce(sum(amount), 0) FROM investment_transactions WHERE type = 'daily_return')::text AS recorded_returns,
      (SELECT coalesce(sum(total_returns), 0) FROM investments)::text AS investment_totals`.execute(db);
  const row = result.rows[0];
  return {
    returnDebits: BigInt(row?.return_debits ?? "0"),
    otherDebits: BigInt(row?.other_debits ?? "0"),
    recordedReturns: BigInt(row?.recorded_returns ?? "0"),
    investmentTotals: BigInt(row?.investment_totals ?? "0"),
  };
}
