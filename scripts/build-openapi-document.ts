// The OpenAPI document the server serves at /api/v1/openapi.json, built without a database: read by
// scripts/lint-openapi.ts (Redocly) and scripts/generate-api-types.ts (the web's typed client).
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
export async function buildOpenApiDocument(): Promise<unknown> {
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
