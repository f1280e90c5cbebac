import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createDatabaseIfMissing, startEmbeddedDatabase } from "../../apps/server/src/db/embedded.ts";
import { findFreePort } from "../../apps/server/src/db/free-port.ts";
import { migrate } from "../../apps/server/src/db/migrate.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated test database every integration test file connects to. */
    databaseUrl: string;
  }
}

/** The same server as `url`, connected to its `postgres` maintenance database. */
function adminUrlOf(url: string): string {
  const admin = new URL(url);
  admin.pathname = "/postgres";
  return admin.toString();
}

async function dropDatabase(adminUrl: string, databaseName: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    // The name was generated here and matches /^[a-z0-9_]+$/, so it is safe to interpolate.
    await client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

interface TestDatabase {
  readonly url: string;
  dispose(): Promise<void>;
}

/** A fresh database on the server DATABASE_URL points at; dropped again afterwards. */
async function createOnExistingServer(serverUrl: string): Promise<TestDatabase> {
  const databaseName = `ferry_test_${randomBytes(6).toString("hex")}`;
  const adminUrl = adminUrlOf(serverUrl);
  await createDatabaseIfMissing(adminUrl, databaseName);
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return { url: url.toString(), dispose: () => dropDatabase(adminUrl, databaseName) };
}

/** A throwaway embedded PostgreSQL cluster in a fresh temporary directory; removed afterwards. */
async function startThrowawayCluster(): Promise<TestDatabase> {
  // startEmbeddedDatabase opens up mkdtemp's private directory for the `postgres` user when run as root.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "ferry-test-"));
  const logs: string[] = [];
  try {
    const embedded = await startEmbeddedDatabase({
      dataDir,
      port: await findFreePort(),
      databaseName: "ferry_test",
      isThrowaway: true,
      onLog: (message) => {
        // Kept only to explain a failed start; the last lines are the ones that matter.
        logs.push(message);
        if (logs.length > 50) {
          logs.shift();
        }
      },
    });
    return {
      url: embedded.url,
      async dispose() {
        try {
          await embedded.stop();
        } finally {
          await rm(dataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw new Error(`Could not start the embedded PostgreSQL: ${String(error)}\n${logs.join("")}`);
  }
}

async function createMigratedDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  const database = serverUrl ? await createOnExistingServer(serverUrl) : await startThrowawayCluster();
  try {
    // A bare pool rather than openDatabase(): its close() only ends the pool once Kysely has run a query.
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    try {
      await migrate(pool);
    } finally {
      await pool.end();
    }
  } catch (error) {
    await database.dispose();
    throw error;
  }
  return database;
}

/**
 * The one test database of this Vitest process, shared by every project that names this file as
 * its global setup (the `reconcile` project checks the ledger the `integration` project left
 * behind). Kept on `globalThis` because each project may load this module separately; disposed
 * when the last project that uses it tears down.
 */
interface SharedDatabase {
  readonly database: Promise<TestDatabase>;
  users: number;
}

const SHARED_KEY = Symbol.for("ferry.integration.database");
const shared = globalThis as typeof globalThis & { [SHARED_KEY]?: SharedDatabase };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  shared[SHARED_KEY] ??= { database: createMigratedDatabase(), users: 0 };
  const entry = shared[SHARED_KEY];
  entry.users += 1;
  let database: TestDatabase;
  try {
    database = await entry.database;
  } catch (error) {
    entry.users -= 1;
    if (entry.users === 0) {
      delete shared[SHARED_KEY];
    }
    throw error;
  }
  project.provide("databaseUrl", database.url);
  return async () => {
    entry.users -= 1;
    if (entry.users === 0) {
      delete shared[SHARED_KEY];
      await database.dispose();
    }
  };
}
