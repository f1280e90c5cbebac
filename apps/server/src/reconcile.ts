// `npm run reconcile`: checks the ledger's invariants on the configured database and prints them.
// Exits 1 when any invariant is violated.
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import {
  type EmbeddedDatabase,
  embeddedDatabaseUrl,
  isEmbeddedDatabaseRunning,
  startEmbeddedDatabase,
} from "./db/embedded.ts";
import { migrate } from "./db/migrate.ts";
import { reconcileLedger } from "./modules/ledger/reconcile.ts";

const config = loadConfig();
let embedded: EmbeddedDatabase | null = null;
let url = config.databaseUrl;
if (!url && (await isEmbeddedDatabaseRunning(config.embeddedPgPort, "ferry"))) {
  // A running Ferry owns the embedded cluster: read the same database through it.
  url = embeddedDatabaseUrl(config.embeddedPgPort, "ferry");
}
if (!url) {
  embedded = await startEmbeddedDatabase({
    dataDir: config.dataDir,
    port: config.embeddedPgPort,
    databaseName: "ferry",
  });
  url = embedded.url;
}
const database = openDatabase(url, 2);
try {
  await migrate(database.pool);
  const report = await reconcileLedger(database.db);
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
} finally {
  await database.close();
  await embedded?.stop();
}
