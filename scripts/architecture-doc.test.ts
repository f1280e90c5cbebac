// docs/architecture.md stays true: its module table names every folder under apps/server/src/modules and
// nothing else, and it names every plugin file, so a module or plugin cannot arrive without its line.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const SERVER = path.join(ROOT, "apps", "server", "src");
const ARCHITECTURE = readFileSync(path.join(ROOT, "docs", "architecture.md"), "utf8");

/** The text of one `## ` section of the architecture notes, up to the next. */
function section(title: string): string {
  const start = ARCHITECTURE.indexOf(`## ${title}\n`);
  expect(start, `docs/architecture.md has a "## ${title}" section`).toBeGreaterThanOrEqual(0);
  const end = ARCHITECTURE.indexOf("\n## ", start + 1);
  return ARCHITECTURE.slice(start, end === -1 ? undefined : end);
}

/** The server's module folders ("auth", "ledger"…). */
function moduleFolders(): string[] {
  return readdirSync(path.join(SERVER, "modules"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The server's plugin files with their folder ("plugins/app/auth.ts"). */
function pluginFiles(): string[] {
  return ["app", "external"].flatMap((kind) =>
    readdirSync(path.join(SERVER, "plugins", kind))
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
      .map((name) => `plugins/${kind}/${name}`),
  );
}

describe("docs/architecture.md", () => {
  test("has one row of the server modules table per folder under apps/server/src/modules, and no other", () => {
    const rows = [...section("Server modules").matchAll(/^\| `([^`]+)`/gm)].map((match) => match[1]);
    expect(rows.sort()).toEqual(moduleFolders());
  });

  test("names every plugin file, and only plugin files that exist", () => {
    const named = new Set(ARCHITECTURE.match(/plugins\/(?:app|external)\/[\w-]+\.ts/g));
    expect([...named].sort()).toEqual(pluginFiles().sort());
  });
});
