// `npm run check-destinations`: counts the saved recipients and payment methods that fail today's
// destination rules (issue 19, docs/decisions/016-stricter-destination-rules.md), by reason. Read-only.
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import {
  type EmbeddedDatabase,
  embeddedDatabaseUrl,
  isEmbeddedDatabaseRunning,
  startEmbeddedDatabase,
} from "./db/embedded.ts";
import { migrate } from "./db/migrate.ts";
import { countDestinationsNeedingReview } from "./modules/transfers/destination-review.ts";

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
  const report = await countDestinationsNeedingReview(database.db);
  console.log("Saved destinations failing today's rules (marked 'Check these details', cannot be paid)");
  console.log(`  recipients:      ${report.recipientsNeedingReview} of ${report.recipientsChecked}`);
  console.log(`  payment methods: ${report.paymentMethodsNeedingReview} of ${report.paymentMethodsChecked}`);
  for (const [reason, rows] of Object.entries(report.byReason).sort(([, a], [, b]) => b - a)) {
    console.log(`    ${String(rows).padStart(6)}  ${reason}`);
  }
} finally {
  await database.close();
  await embedded?.stop();
}
