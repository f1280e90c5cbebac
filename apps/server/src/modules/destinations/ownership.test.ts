import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

/*
 * Issue 25: modules/destinations owns the `recipients` and `payment_methods` tables. No other server
 * file names them in SQL (Kysely's `selectFrom("recipients")`, a table name held in a constant, or raw
 * SQL), so a transfer reads its destination through the destinations service only.
 */

const SERVER_SOURCE = path.resolve(import.meta.dirname, "../..");
const OWNER = path.join(SERVER_SOURCE, "modules", "destinations");
/** The generated database types describe every table; they run no SQL. */
const GENERATED_TYPES = path.join(SERVER_SOURCE, "db", "schema.ts");

/** A table name as a string literal (what Kysely is given), or after a SQL keyword in raw SQL. */
const TABLE_REFERENCE =
  /["'`](recipients|payment_methods)["'`]|\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+(?:ONLY\s+)?(recipients|payment_methods)\b/i;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      return full === OWNER ? [] : sourceFiles(full);
    }
    return entry.name.endsWith(".ts") && full !== GENERATED_TYPES ? [full] : [];
  });
}

/** Every `file:line: text` outside modules/destinations that names one of its tables. */
function tableReferencesOutsideOwner(): string[] {
  return sourceFiles(SERVER_SOURCE).flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, index) =>
        line.match(TABLE_REFERENCE) ? [`${path.relative(SERVER_SOURCE, file)}:${index + 1}: ${line.trim()}`] : [],
      ),
  );
}

describe("saved destinations' tables", () => {
  test("are named in SQL by modules/destinations only", () => {
    expect(tableReferencesOutsideOwner()).toEqual([]);
  });

  test("the check finds a reference the way a transfer module used to make one", () => {
    // What transfers/codes.ts held before issue 25, so the pattern is known to catch it.
    expect('recipient: { table: "recipients", kindColumn: "type" }').toMatch(TABLE_REFERENCE);
    expect("SELECT * FROM payment_methods WHERE user_id = $1").toMatch(TABLE_REFERENCE);
  });
});
