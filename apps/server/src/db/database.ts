import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { DB } from "./schema.ts";

// NUMERIC and BIGINT come back as strings so that no amount is ever squeezed through a float.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => value);
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

export type Database = Kysely<DB>;

export interface DatabaseHandle {
  readonly db: Database;
  readonly pool: pg.Pool;
  close(): Promise<void>;
}

/** Opens the pool and the typed query builder over it. */
export function openDatabase(url: string, maxConnections = 20): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections });
  // An idle connection closed by the server (restart, failover, shutdown) must not crash the process:
  // the pool drops it and opens another when needed; queries in flight still fail normally.
  pool.on("error", (error) => {
    console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    // Kysely ends the pool only if it used it; a handle used only through `pool` must still close it.
    close: async () => {
      await db.destroy();
      if (!pool.ended) {
        await pool.end();
      }
    },
  };
}
