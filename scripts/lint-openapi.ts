// `npm test` step: builds the server without a database, writes its OpenAPI document to a temporary
// file and lints it with Redocly's `recommended` rules (redocly.yaml), offline. Any error or warning
// fails the run. `--print` writes the document to stdout instead of linting it.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from "kysely";
import pg from "pg";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import type { DB } from "../apps/server/src/db/schema.ts";
import { generateDevelopmentAccountKeys } from "../apps/server/src/modules/deposits/addresses.ts";

/** The public address the document names as its server, as a deployment would set PUBLIC_URL. */
const DOCUMENT_PUBLIC_URL = "https://ferry.example";

/**
 * Builds the app as `main.ts` does, but on a query builder that never reaches a database (Kysely's
 * DummyDriver answers every query with no rows) and a pool that is never connected. The deposit keys
 * come from the configuration, so start-up has nothing to read.
 */
async function buildDocument(): Promise<unknown> {
  const keys = generateDevelopmentAccountKeys();
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PUBLIC_URL: DOCUMENT_PUBLIC_URL,
    DEPOSIT_XPUB_BITCOIN: keys.bitcoin,
    DEPOSIT_XPUB_ETHEREUM: keys.ethereum,
    DEPOSIT_XPUB_TRON: keys.tron,
  });
  const db = new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  const pool = new pg.Pool({ connectionString: "postgres://unused@127.0.0.1:1/unused" });
  const { app } = await buildApp({ config, db, pool });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    await pool.end();
  }
}

const document = await buildDocument();
if (process.argv.includes("--print")) {
  process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
  process.exit(0);
}
const directory = mkdtempSync(path.join(os.tmpdir(), "ferry-openapi-"));
const file = path.join(directory, "openapi.json");
try {
  writeFileSync(file, JSON.stringify(document, null, 2));
  // Telemetry off and no update check: the lint must not reach the network.
  const result = spawnSync(
    "npx",
    ["--no-install", "redocly", "lint", file, "--config", "redocly.yaml", "--max-problems", "200"],
    {
      stdio: "inherit",
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", CI: "true" },
    },
  );
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(directory, { recursive: true, force: true });
}
