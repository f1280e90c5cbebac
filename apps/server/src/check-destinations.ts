// `npm run check-destinations`: counts the saved recipients and payment methods that fail today's
// destination rules (issue 19, docs/decisions/016-stricter-destination-rules.md), by reason. Read-only.
import { loadConfig } from "./config.ts";
import { withCommandDatabase } from "./db/command-database.ts";
import { countDestinationsNeedingReview } from "./modules/destinations/review.ts";

await withCommandDatabase(async (db) => {
  // The rules differ in production only (SWIFT test codes), so the count reads the same settings.
  const report = await countDestinationsNeedingReview(db, loadConfig());
  console.log("Saved destinations failing today's rules (marked 'Check these details', cannot be paid)");
  console.log(`  recipients:      ${report.recipientsNeedingReview} of ${report.recipientsChecked}`);
  console.log(`  payment methods: ${report.paymentMethodsNeedingReview} of ${report.paymentMethodsChecked}`);
  for (const [reason, rows] of Object.entries(report.byReason).sort(([, a], [, b]) => b - a)) {
    console.log(`    ${String(rows).padStart(6)}  ${reason}`);
  }
});
