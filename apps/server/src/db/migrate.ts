import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type pg from "pg";

const MIGRATIONS_DIR = path.join(import.meta.dirname, "migrations");
// Any fixed number: it only has to be the same for every Ferry process sharing a database.
const MIGRATION_LOCK_ID = 7_304_221;

/** The migration files this build carries, in the order they apply. */
async function migrationFiles(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR)).filter((file) => file.endsWith(".sql")).sort();
}

/**
 * The migration files this build carries that the database has not recorded as applied (all of them
 * when it has no `schema_migrations` yet). For readiness: a process must not take traffic on a schema
 * older than its code. Throws when the database cannot be asked.
 */
export async function pendingMigrations(pool: pg.Pool, timeoutMs: number): Promise<string[]> {
  const files = await migrationFiles();
  // query_timeout (read by node-postgres, missing from its types) ends the query on a hung server.
  const query = { text: "SELECT name FROM schema_migrations", query_timeout: timeoutMs } as pg.QueryConfig;
  let applied: Set<string>;
  try {
    applied = new Set((await pool.query<{ name: string }>(query)).rows.map((row) => row.name));
  } catch (error) {
    if ((error as { code?: unknown }).code === "42P01") {
      return files;
    }
    throw error;
  }
  return files.filter((file) => !applied.has(file));
}

/**
 * Applies the versioned, forward-only SQL migrations in `db/migrations` that have not run yet,
 * each in its own transaction, under an advisory lock so concurrent starts do not race.
 * Returns the names applied.
 */
export async function migrate(pool: pg.Pool): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await client.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const done = new Set(
      (await client.query<{ name: string }>("SELECT name FROM schema_migrations")).rows.map((row) => row.name),
    );
    const files = await migrationFiles();
    for (const file of files) {
      if (done.has(file)) {
        continue;
      }
      const sql = await readFile(path.join(MIGRATIONS_DIR, file), "utf8");
      await client.query("BEGIN");
      try {
        await client.query(sql);
        await client.query("INSERT INTO schema_migrations (name) VALUES ($1)", [file]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`);
      }
      applied.push(file);
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
  return applied;
}
