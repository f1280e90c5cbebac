// `npm run reconcile`: checks the ledger's invariants on the configured database and prints them.
// Exits 1 when any invariant is violated.
import { withCommandDatabase } from "./db/command-database.ts";
import { reconcileLedger } from "./modules/ledger/reconcile.ts";

await withCommandDatabase(async (db) => {
  const report = await reconcileLedger(db);
  console.log(`Ledger reconciliation at ${report.checkedAt}`);
  console.log(`  accounts: ${report.accounts}, transfers: ${report.transfers}`);
  for (const [currency, total] of Object.entries(report.sums)) {
    console.log(`  ${currency.padEnd(5)} sum of balances: ${total}`);
  }
  if (report.violations.length === 0) {
    console.log("  invariant violations: 0");
  } else {
    console.log(`  invariant violations: ${report.violations.length}`);
    for (const violation of report.violations) {
      console.log(`    - ${violation}`);
    }
    process.exitCode = 1;
  }
});
