/**
 * The reference: PostgreSQL's own TPC-B-like transaction (pgbench's built-in `tpcb-like` script) on
 * the same database, at the same concurrency and for the same time as the transfer phases. Its tables
 * live in their own schema, `bench_ref`, so they never mix with Ferry's.
 */
import { execFile } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { closedLoopFigures, type LeadInFigures, tally } from "./stats.ts";

export const REFERENCE_SCHEMA = "bench_ref";
const ACCOUNTS_PER_BRANCH = 100_000;
const TELLERS_PER_BRANCH = 10;
/** Caps each reference client's loop whatever the clock says, so a phase always ends. */
const MAX_TRANSACTIONS_PER_CLIENT = 1_000_000;

export interface ReferenceResult {
  readonly kind: "node-pg" | "pgbench";
  readonly description: string;
  readonly elapsedMs: number;
  readonly transactions: number;
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly errors: Record<string, number>;
  /** The lead-in run just before under the same load, counted apart (none in these figures). */
  readonly leadIn: LeadInFigures;
}

/**
 * Creates the four pgbench tables at `scale` (branches; 10 tellers and 100 000 accounts per
 * branch) exactly as `pgbench -i -I dtGvp` would: drop, create, generate on the server, vacuum, keys.
 */
export async function createReferenceTables(pool: pg.Pool, scale: number): Promise<void> {
  if (!Number.isInteger(scale) || scale < 1 || scale > 1000) {
    throw new Error(`Reference scale must be an integer from 1 to 1000, not ${scale}`);
  }
  const client = await pool.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${REFERENCE_SCHEMA}`);
    await client.query(`SET search_path = ${REFERENCE_SCHEMA}`);
    await client.query("DROP TABLE IF EXISTS pgbench_accounts, pgbench_branches, pgbench_history, pgbench_tellers");
    await client.query(
      "CREATE TABLE pgbench_history (tid int, bid int, aid int, delta int, mtime timestamp, filler char(22))",
    );
    await client.query(
      "CREATE TABLE pgbench_tellers (tid int NOT NULL, bid int, tbalance int, filler char(84)) WITH (fillfactor = 100)",
    );
    await client.query(
      "CREATE TABLE pgbench_accounts (aid int NOT NULL, bid int, abalance int, filler char(84)) WITH (fillfactor = 100)",
    );
    await client.query(
      "CREATE TABLE pgbench_branches (bid int NOT NULL, bbalance int, filler char(88)) WITH (fillfactor = 100)",
    );
    await client.query(
      "INSERT INTO pgbench_branches (bid, bbalance) SELECT bid, 0 FROM generate_series(1, $1) AS bid",
      [scale],
    );
    await client.query(
      `INSERT INTO pgbench_tellers (tid, bid, tbalance)
       SELECT tid, (tid - 1) / ${TELLERS_PER_BRANCH} + 1, 0 FROM generate_series(1, $1) AS tid`,
      [scale * TELLERS_PER_BRANCH],
    );
    await client.query(
      `INSERT INTO pgbench_accounts (aid, bid, abalance, filler)
       SELECT aid, (aid - 1) / ${ACCOUNTS_PER_BRANCH} + 1, 0, '' FROM generate_series(1, $1) AS aid`,
      [scale * ACCOUNTS_PER_BRANCH],
    );
    await client.query("VACUUM ANALYZE pgbench_branches, pgbench_tellers, pgbench_accounts, pgbench_history");
    await client.query("ALTER TABLE pgbench_branches ADD PRIMARY KEY (bid)");
    await client.query("ALTER TABLE pgbench_tellers ADD PRIMARY KEY (tid)");
    await client.query("ALTER TABLE pgbench_accounts ADD PRIMARY KEY (aid)");
  } finally {
    // The pool hands this connection out again (the reconciliation reads Ferry's tables on it).
    await client.query("RESET search_path").catch(() => {});
    client.release();
  }
}

function randomBetween(low: number, high: number): number {
  return low + Math.floor(Math.random() * (high - low + 1));
}

/**
 * pgbench's `tpcb-like` script, statement for statement, from `clients` Node connections (the
 * `pg` driver, as Ferry uses): BEGIN; UPDATE an account; SELECT its balance; UPDATE a teller;
 * UPDATE a branch; INSERT a history row; END. Seven round trips per transaction.
 */
export async function runReferenceFromNode(options: {
  readonly url: string;
  readonly clients: number;
  readonly durationMs: number;
  readonly leadInMs: number;
  readonly scale: number;
}): Promise<ReferenceResult> {
  const connections = Array.from(
    { length: options.clients },
    () => new pg.Client({ connectionString: options.url, options: `-c search_path=${REFERENCE_SCHEMA}` }),
  );
  const latencies: number[] = [];
  const startedAts: number[] = [];
  const errors: Record<string, number> = {};
  try {
    await Promise.all(connections.map((client) => client.connect()));
    const measuredFrom = performance.now() + options.leadInMs;
    const deadline = measuredFrom + options.durationMs;
    await Promise.all(
      connections.map(async (client) => {
        for (let count = 0; count < MAX_TRANSACTIONS_PER_CLIENT && performance.now() < deadline; count += 1) {
          const aid = randomBetween(1, ACCOUNTS_PER_BRANCH * options.scale);
          const bid = randomBetween(1, options.scale);
          const tid = randomBetween(1, TELLERS_PER_BRANCH * options.scale);
          const delta = randomBetween(-5000, 5000);
          const transactionStartedAt = performance.now();
          try {
            await client.query("BEGIN");
            await client.query("UPDATE pgbench_accounts SET abalance = abalance + $1 WHERE aid = $2", [delta, aid]);
            await client.query("SELECT abalance FROM pgbench_accounts WHERE aid = $1", [aid]);
            await client.query("UPDATE pgbench_tellers SET tbalance = tbalance + $1 WHERE tid = $2", [delta, tid]);
            await client.query("UPDATE pgbench_branches SET bbalance = bbalance + $1 WHERE bid = $2", [delta, bid]);
            await client.query(
              "INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES ($1, $2, $3, $4, CURRENT_TIMESTAMP)",
              [tid, bid, aid, delta],
            );
            await client.query("END");
            latencies.push(performance.now() - transactionStartedAt);
            startedAts.push(transactionStartedAt);
          } catch (error) {
            tally(errors, (error as { code?: string }).code ?? (error as Error).message);
            await client.query("ROLLBACK").catch(() => {});
          }
        }
      }),
    );
    const figures = closedLoopFigures(latencies, startedAts, measuredFrom, performance.now());
    return {
      kind: "node-pg",
      description: `tpcb-like from Node (pg driver), ${options.clients} connections`,
      ...figures,
      transactions: figures.count,
      errors,
    };
  } finally {
    await Promise.all(connections.map((client) => client.end().catch(() => {})));
  }
}

function execFileText(
  file: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { env: options.env, timeout: options.timeoutMs, killSignal: "SIGKILL", maxBuffer: 4 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) {
          reject(new Error(`${file} failed: ${error.message}\n${stderr}`));
        } else {
          resolve({ stdout, stderr });
        }
      },
    );
  });
}

/** The `pgbench` on PATH and its major version, or null when there is none. */
export async function findPgbench(): Promise<{ path: string; version: string; major: number } | null> {
  try {
    const { stdout } = await execFileText("pgbench", ["--version"], { timeoutMs: 10_000 });
    const match = /(\d+)(?:\.(\d+))?/.exec(stdout);
    if (!match) {
      return null;
    }
    return { path: "pgbench", version: stdout.trim(), major: Number(match[1]) };
  } catch {
    return null;
  }
}

/**
 * The same script run by `pgbench` itself (a C client, simple query protocol), with a per-transaction
 * log in `logDir` from which the latency percentiles are read. Only this machine is contacted.
 */
export async function runReferenceWithPgbench(options: {
  readonly url: string;
  readonly clients: number;
  readonly durationMs: number;
  readonly leadInMs: number;
  readonly logDir: string;
  readonly version: string;
}): Promise<ReferenceResult> {
  const url = new URL(options.url);
  const seconds = Math.max(1, Math.round((options.leadInMs + options.durationMs) / 1000));
  const threads = Math.min(options.clients, 2);
  const args = [
    "--no-vacuum",
    `--client=${options.clients}`,
    `--jobs=${threads}`,
    `--time=${seconds}`,
    "--log",
    `--log-prefix=${path.join(options.logDir, "pgbench")}`,
    // The same way in as Ferry's pool: the cluster's Unix socket when the URL names one.
    `--host=${url.searchParams.get("host") ?? "127.0.0.1"}`,
    `--port=${url.port}`,
    `--username=${decodeURIComponent(url.username)}`,
    url.pathname.slice(1),
  ];
  const { stdout } = await execFileText("pgbench", args, {
    env: {
      ...process.env,
      PGPASSWORD: decodeURIComponent(url.password),
      PGOPTIONS: `-c search_path=${REFERENCE_SCHEMA}`,
    },
    timeoutMs: options.leadInMs + options.durationMs + 60_000,
  });
  const failed = /number of failed transactions: (\d+)/.exec(stdout);
  if (!/number of transactions actually processed: (\d+)/.test(stdout)) {
    throw new Error(`Could not read pgbench's output:\n${stdout}`);
  }
  const latencies: number[] = [];
  const startedAts: number[] = [];
  let endedAt = 0;
  for (const file of await readdir(options.logDir)) {
    if (!file.startsWith("pgbench")) {
      continue;
    }
    for (const line of (await readFile(path.join(options.logDir, file), "utf8")).split("\n")) {
      // client_id transaction_no time_us script_no time_epoch time_us_fraction (the epoch: when it ended)
      const fields = line.split(" ").map(Number);
      const [micros, endedSeconds, endedMicros] = [fields[2], fields[4], fields[5]];
      if (line !== "" && Number.isFinite(micros) && Number.isFinite(endedSeconds) && Number.isFinite(endedMicros)) {
        const endedMs = endedSeconds * 1000 + endedMicros / 1000;
        latencies.push(micros / 1000);
        startedAts.push(endedMs - micros / 1000);
        endedAt = Math.max(endedAt, endedMs);
      }
    }
  }
  const figures = closedLoopFigures(latencies, startedAts, Math.min(...startedAts) + options.leadInMs, endedAt);
  const errors: Record<string, number> = {};
  if (failed && Number(failed[1]) > 0) {
    tally(errors, "failed", Number(failed[1]));
  }
  return {
    kind: "pgbench",
    description: `pgbench tpcb-like, ${options.clients} clients, ${threads} threads (${options.version})`,
    ...figures,
    transactions: figures.count,
    errors,
  };
}
