import type { ReconciliationReport } from "@ferry/core/contracts/ledger";
import type { Database } from "../../db/database.ts";
import {
  countLedgerRows,
  selectAccountsBelowZero,
  selectAccountsDisagreeingWithTransfers,
  selectBalanceSums,
} from "./queries.ts";

/**
 * Checks the ledger's invariants and lists every violation:
 * 1. per currency the balances of all accounts sum to zero (money is only ever moved);
 * 2. no account that is not external is below zero, counting reserves;
 * 3. every account's balance equals its posted credits minus posted debits, and its reserve equals
 *    its pending debits (the account rows agree with the transfer history).
 */
export async function reconcileLedger(db: Database): Promise<ReconciliationReport> {
  const violations: string[] = [];
  const sums = await selectBalanceSums(db);
  for (const row of sums) {
    if (BigInt(row.total) !== 0n) {
      violations.push(`${row.currency}: balances sum to ${row.total}, not 0`);
    }
  }
  for (const row of await selectAccountsBelowZero(db)) {
    violations.push(
      `account ${row.id} (${row.currency}) is below zero: balance ${row.balance}, reserved ${row.reserved}`,
    );
  }
  for (const row of await selectAccountsDisagreeingWithTransfers(db)) {
    violations.push(
      `account ${row.id}: balance ${row.balance} / reserved ${row.reserved} disagree with its transfers (${row.expected_balance} / ${row.expected_reserved})`,
    );
  }
  const counts = await countLedgerRows(db);
  return {
    checkedAt: new Date().toISOString(),
    accounts: counts.accounts,
    transfers: counts.transfers,
    sums: Object.fromEntries(sums.map((row) => [row.currency, row.total])),
    violations,
  };
}
