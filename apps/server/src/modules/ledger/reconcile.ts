import type { ReconciliationReport } from "@ferry/core/contracts/ledger";
import type { Database } from "../../db/database.ts";
import {
  countLedgerRows,
  selectAccountsBelowZero,
  selectAccountsDisagreeingWithTransfers,
  selectBalanceSums,
  selectTransfersWithMissingAccounts,
  selectYieldReserveOutflows,
} from "./queries.ts";

/**
 * Checks the ledger's invariants and lists every violation:
 * 1. per currency the balances of all accounts sum to zero (money is only ever moved);
 * 2. no account that is not external is below zero, counting reserves;
 * 3. every account's balance equals its posted credits minus posted debits, and its reserve equals
 *    its pending debits (the account rows agree with the transfer history);
 * 4. the yield reserve only ever pays investment returns, and what it paid equals the daily returns
 *    the investment history records and the investments' total returns (so, with 3, the reserve's
 *    decrease is exactly the returns paid: no return was created from nothing or paid twice);
 * 5. every ledger transfer moves money between accounts that exist (so none of it sits outside the sums of 1).
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
  violations.push(...(await checkYieldReserve(db)));
  for (const row of await selectTransfersWithMissingAccounts(db)) {
    violations.push(`ledger transfer ${row.transfer_key} names account ${row.account_id}, which does not exist`);
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

/** Invariant 4: the yield reserve's outflows are the investment returns, as recorded three ways. */
async function checkYieldReserve(db: Database): Promise<string[]> {
  const outflows = await selectYieldReserveOutflows(db);
  const violations: string[] = [];
  if (outflows.otherDebits !== 0n) {
    violations.push(`the yield reserve paid ${outflows.otherDebits} for something other than investment returns`);
  }
  if (outflows.returnDebits !== outflows.recordedReturns || outflows.returnDebits !== outflows.investmentTotals) {
    violations.push(
      `the yield reserve paid ${outflows.returnDebits} in returns, but the investment history records ${outflows.recordedReturns} and the investments' totals ${outflows.investmentTotals}`,
    );
  }
  return violations;
}
