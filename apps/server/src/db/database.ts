import { Kysely } from "kysely";
import pg from "pg";
import { arrayLiteralOf } from "./array-literal.ts";
import { PipelinedPostgresDialect } from "./pipelined.ts";
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

/**
 * How long a request waits for a connection (a new one, or a free one in a busy pool) before it is
 * answered 503: a server that neither accepts nor refuses must not hold requests forever.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * How long a connection may sit idle before the pool closes it. node-postgres closes one after 10 s,
 * so the first requests after any quiet spell paid for new connections: a backend started, a password
 * exchange, and every named statement prepared again on each. After 10 s without transfers, the first
 * 32 of a burst waited 280–330 ms, against 115 ms with the connections kept (issue 31). Kept with TCP
 * keep-alive, so a peer that vanished is noticed.
 */
const IDLE_CONNECTION_MS = 5 * 60_000;

/**
 * The most distinct statement texts named for preparation; later ones are sent unnamed (parsed and
 * planned each time). Ferry's fixed statements number a few hundred; the cap bounds a text that
 * varies (an IN list of every length) in each connection's memory and the server's.
 */
const MAX_NAMED_STATEMENTS = 2_000;
const statementNames = new Map<string, string>();

/** The name a statement text is prepared under, the same in every connection; undefined past the cap. */
function preparedNameOf(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `ferry_${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}

type QueryFunction = (...args: unknown[]) => unknown;

/** A parameter as sent: an array written as its literal here when it can be (db/array-literal.ts). */
function withArraysWritten(value: unknown): unknown {
  return Array.isArray(value) ? (arrayLiteralOf(value) ?? value) : value;
}

interface CorkableStream {
  cork(): void;
  uncork(): void;
}

/**
 * Every statement sent with parameters (all of Kysely's) is a named prepared statement: PostgreSQL
 * parses and plans it once per connection, and each later use only binds and runs it (issue 31; about
 * a third of a simple statement's server time is parse and plan). node-postgres keeps, per connection,
 * which names it prepared there, and prepares again on a new connection. A statement without
 * parameters (`BEGIN`, a migration's script) is sent as it is.
 */
function prepareNamedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as QueryFunction;
  const named: QueryFunction = (config, values, callback) => {
    if (typeof config === "string" && Array.isArray(values) && values.length > 0 && callback === undefined) {
      const name = preparedNameOf(config);
      if (name !== undefined) {
        return new Promise((resolve, reject) => {
          // Made here with its text and values, then named: node-postgres copies a query given as an
          // object property by property (every statement, about 4 % of a signed-in read's CPU, issue 31).
          const submitted = new pg.Query(config, values.map(withArraysWritten), (error, result) =>
            error ? reject(error) : resolve(result),
          );
          (submitted as unknown as { name: string }).name = name;
          query(submitted);
        });
      }
    }
    return callback === undefined ? query(config, values) : query(config, values, callback);
  };
  (client as unknown as { query: QueryFunction }).query = named;
}

/**
 * What one turn of the event loop sends on a connection leaves in one write to its socket, not one
 * write (one system call, one wake-up of the backend) per statement: node-postgres writes each
 * statement's messages at once, and a batch's round trip sends several (db/pipelined.ts). The socket
 * is corked by the turn's first statement and uncorked once the turn's code has run (`nextTick`),
 * as Node's own HTTP responses are. The writes were a tenth of the server's time under load (issue 31,
 * decision 060).
 */
function writeTogether(client: pg.PoolClient): void {
  const query = client.query.bind(client) as QueryFunction;
  const { stream } = (client as unknown as { connection: { stream: Partial<CorkableStream> } }).connection;
  if (stream.cork === undefined || stream.uncork === undefined) {
    return;
  }
  let isCorked = false;
  const uncork = () => {
    isCorked = false;
    stream.uncork?.();
  };
  const corked: QueryFunction = (...args) => {
    if (!isCorked) {
      isCorked = true;
      stream.cork?.();
      process.nextTick(uncork);
    }
    return query(...args);
  };
  (client as unknown as { query: QueryFunction }).query = corked;
}

/** Opens the pool and the typed query builder over it. */
export function openDatabase(url: string, maxConnections = 20): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: IDLE_CONNECTION_MS,
    keepAlive: true,
    // Statements are written without waiting for the one before (db/pipelined.ts).
    pipeline: true,
  });
  // An idle connection closed by the server (restart, failover, shutdown) must not crash the process:
  // the pool drops it and opens another when needed; queries in flight still fail normally.
  pool.on("error", (error) => {
    console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
  });
  // The pool listens for errors only while a connection is idle. A connection checked out by a
  // transaction or a LISTEN that the server cuts emits 'error' too, and an 'error' nobody listens to
  // ends the process. The query that was running fails on its own (and the request answers 503);
  // the pool discards the broken connection when it is released.
  pool.on("connect", (client) => {
    client.on("error", () => {});
    prepareNamedStatements(client);
    writeTogether(client);
  });
  const db = new Kysely<DB>({ dialect: new PipelinedPostgresDialect({ pool }) });
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

/**
 * Whether the database answers `SELECT 1` within `timeoutMs` (waiting for a connection included).
 * Never throws: a refused, cut or hung connection is simply "no".
 */
export async function isDatabaseReachable(pool: pg.Pool, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  // query_timeout (read by node-postgres, missing from its types) also ends a query stuck on a hung
  // server, and the pool then discards that connection.
  const probeQuery = { text: "SELECT 1", query_timeout: timeoutMs } as pg.QueryConfig;
  const probe = pool.query(probeQuery).then(
    () => true,
    () => false,
  );
  const deadline = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([probe, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
