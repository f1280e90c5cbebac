/**
 * `npm run bench`: Ferry's transfer benchmark (not part of `npm test`).
 *
 * What is measured: authenticated Ferry-user transfers, POST /api/v1/transfers over real HTTP on
 * 127.0.0.1, each request doing everything the product does — the session check, the transfer
 * code's verification and consumption, the transfer row, the ledger movement and the notification,
 * in one database transaction. Latencies are those of the transfers made (201); anything else is
 * counted as an error by status and code. What is not measured: setup (sign-up, sign-in, funding,
 * and issuing the codes, which the code endpoint would throttle to 10 per account per 15 minutes).
 *
 * Two shapes, each for a fixed time with the same number of concurrent clients (closed loop, one
 * request at a time per client; the clients run in a worker thread, off the server's event loop, and
 * send over lean keep-alive sockets, bench/lean-http.ts, so that they take little of the machine):
 * "spread" (each client sends from its own account to many others) and "hot" (every client sends to
 * one account).
 * In the same run, on the same database, at the same concurrency and for the same time: the
 * reference, PostgreSQL's TPC-B-like transaction (pgbench's `tpcb-like`), run by `pgbench` when its
 * major version is the server's, otherwise statement for statement from Node (and a mismatched
 * `pgbench`, if present, for information); and the peer ledger, pgledger's `pgledger_create_transfer`
 * (bench/pgledger/), on spread and hot accounts. Then an open loop: transfers arriving at fixed rates,
 * 50 % and 80 % of the spread phase's, with their latencies counted from when each was due. Machines
 * are shared and noisy, so the figures that matter are the ratios. Each closed loop — Ferry's phases,
 * the reference's and the peer's — first runs a lead-in under the same load (BENCH_LEAD_IN_SECONDS),
 * counted apart: its clients all start at once on connections and code paths the phases before left
 * cold, which says how a cold start goes, not how the load is held (decision 055, fourteenth round).
 * The lead-in's p99, and the p99 with it, are reported beside the phase's. Afterwards the ledger is
 * reconciled and PostgreSQL's deadlock count read. Results: bench/results/transfers.json.
 *
 * PostgreSQL runs durable, as in production: fsync and synchronous commit on (issue 31). BENCH_THROWAWAY=1
 * runs it with fsync, synchronous commit and full-page writes off instead, for comparison with runs
 * before issue 31; the results say which ("durability").
 *
 * Settings (environment):
 * - BENCH_SECONDS (10), BENCH_CLIENTS (32), BENCH_WARMUP_SECONDS (2), BENCH_LEAD_IN_SECONDS (1)
 * - BENCH_RECIPIENTS (as many as clients), BENCH_REF_SCALE (as many pgbench branches as clients)
 * - BENCH_REFERENCE (auto | node | pgbench), BENCH_POOL_MAX (default: the server's own pool size)
 * - BENCH_PROFILE_TRANSFERS (20): transfers sent one at a time with their statements recorded
 * - BENCH_READ_FLOOR (1; 0 skips the informational GET /api/v1/me phase, the floor of any
 *   authenticated request, and the HTTP ceiling: a bare node:http server answering a constant to the
 *   same clients, which no endpoint can pass on this machine)
 * - BENCH_CPU_PROFILE (0; 1 adds a spread phase under V8's profiler, not counted in the figures, and
 *   writes bench/results/tmp/server-spread.cpuprofile)
 * - BENCH_THROWAWAY (0; 1 turns PostgreSQL's durability off, labelled in the results)
 * - BENCH_OPEN_LOOP (1; 0 skips the open-loop phases)
 * - BENCH_PAIRED_ROUNDS (8; 0 skips them) and BENCH_PAIRED_SECONDS (3): the rounds the ratio to the
 *   reference is measured in, a reference slice and a spread slice side by side (bench/paired.ts); with
 *   none, the ratio is that of the two phases above
 */
// First: the server in this process runs with V8 as `npm start` sets it.
import "../apps/server/src/v8-tuning.ts";
import { randomBytes } from "node:crypto";
import { closeSync, openSync, writeSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import pg from "pg";
import { buildApp, type FerryApp } from "../apps/server/src/app.ts";
import { type Config, loadConfig } from "../apps/server/src/config.ts";
import { type DatabaseHandle, openDatabase } from "../apps/server/src/db/database.ts";
import { startEmbeddedDatabase } from "../apps/server/src/db/embedded.ts";
import { findFreePort } from "../apps/server/src/db/free-port.ts";
import { migrate } from "../apps/server/src/db/migrate.ts";
import { reconcileLedger } from "../apps/server/src/modules/ledger/reconcile.ts";
import type { FerryMetrics } from "../apps/server/src/observability/metrics.ts";
import { meanBatchSizeBetween, readBatchTotals } from "./batches.ts";
import { type CpuUsage, cpuSince, processesCpuMs, takeCpuSnapshot } from "./cpu.ts";
import { type CpuProfileSummary, startCpuProfile, summariseCpuProfile } from "./cpu-profile.ts";
import { startFerryProcesses } from "./ferry-processes.ts";
import {
  type BenchUser,
  createUsers,
  fundSenders,
  mapConcurrently,
  openWallets,
  planTransfers,
  type Sender,
  signInOverHttp,
} from "./ferry-setup.ts";
import type {
  HttpClientPlan,
  HttpLoadJob,
  HttpLoadMessage,
  HttpLoadResult,
  PlannedRequest,
} from "./http-load-worker.ts";
import { errorCodeOf, LOOPBACK_HOST, sendHttp } from "./http-request.ts";
import { type PairedFigures, runPairedRounds } from "./paired.ts";
import { installPgledger, type PeerResult, runPgledger } from "./pgledger-peer.ts";
import {
  recordPoolStatements,
  type StatementRecorder,
  type StatementSummary,
  summariseStatements,
} from "./statement-recorder.ts";
import { type LeadInFigures, leadInFiguresOf, percentile, percentileBySecond, round, sleep, tally } from "./stats.ts";
import {
  createReferenceTables,
  findPgbench,
  type ReferenceResult,
  runReferenceFromNode,
  runReferenceWithPgbench,
} from "./tpcb-reference.ts";

export const REQUEST_TIMEOUT_MS = 10_000;
/** After a phase, how long to wait for requests still running on the server. */
const QUIET_TIMEOUT_MS = 60_000;
/** The whole run is abandoned (and cleaned up) after this long, whatever happens. */
const RUN_TIMEOUT_MS = 10 * 60 * 1000;
/** Prepared transfers per client and phase: enough for 3× the rate seen so far, within bounds. */
const POOL_HEADROOM = 3;
const MIN_POOL_PER_CLIENT = 50;
const MAX_POOL_PER_CLIENT = 3000;
const WARMUP_POOL_PER_CLIENT = 40;
/**
 * How many distinct recipients one sender pays in the spread phases: a person pays a handful of
 * friends, and an account may look up only 30 distinct Ferry users an hour (issue 24), so cycling
 * every sender through all recipients would be refused as address-walking, not measured.
 */
const FRIENDS_PER_SENDER = 8;

export const TRANSFER_REQUEST = { method: "POST", path: "/api/v1/transfers", expectedStatus: 201 } as const;
/** The cheapest authenticated request: the session check and one small read, for the floor of any API call. */
const AUTHENTICATED_READ = { method: "GET", path: "/api/v1/me", expectedStatus: 200 } as const;
const MAX_READS_PER_CLIENT = 20_000;
const READ_FLOOR_MAX_SECONDS = 5;

const TARGETS = {
  ratioToReference: 1,
  hotToSpread: 0.8,
  p99Ms: 50,
  invariantViolations: 0,
  deadlocks: 0,
} as const;
/** The open loop's arrival rates, as shares of the spread phase's measured rate. */
const OPEN_LOOP_SHARES = [0.5, 0.8] as const;

export interface Settings {
  readonly seconds: number;
  readonly clients: number;
  readonly warmupSeconds: number;
  /** Each closed loop's lead-in, run just before it under the same load and counted apart. */
  readonly leadInSeconds: number;
  readonly recipients: number;
  readonly referenceScale: number;
  readonly reference: "auto" | "node" | "pgbench";
  readonly poolMax: number | undefined;
  readonly profileTransfers: number;
  readonly isCpuProfiled: boolean;
  readonly isReadFloorMeasured: boolean;
  readonly isThrowaway: boolean;
  readonly isOpenLoopMeasured: boolean;
  /** Ferry server processes for the "processes" phase (the spread load spread over them); 1 skips it. */
  readonly processes: number;
  /** Paired rounds for the ratio to the reference (bench/paired.ts), and their slices' length. */
  readonly pairedRounds: number;
  readonly pairedSeconds: number;
  /** The servers' log level: production's `info` by default, its lines written to /dev/null. */
  readonly logLevel: string;
}

function intSetting(name: string, fallback: number, min: number, max: number): number {
  const text = process.env[name];
  if (text === undefined || text === "") {
    return fallback;
  }
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, not "${text}"`);
  }
  return value;
}

export function readSettings(): Settings {
  const clients = intSetting("BENCH_CLIENTS", 32, 1, 128);
  const reference = process.env.BENCH_REFERENCE ?? "auto";
  if (reference !== "auto" && reference !== "node" && reference !== "pgbench") {
    throw new Error(`BENCH_REFERENCE must be auto, node or pgbench, not "${reference}"`);
  }
  const poolMax = process.env.BENCH_POOL_MAX ? intSetting("BENCH_POOL_MAX", 20, 1, 150) : undefined;
  return {
    seconds: intSetting("BENCH_SECONDS", 10, 1, 120),
    clients,
    warmupSeconds: intSetting("BENCH_WARMUP_SECONDS", 2, 0, 60),
    leadInSeconds: intSetting("BENCH_LEAD_IN_SECONDS", 1, 0, 30),
    recipients: intSetting("BENCH_RECIPIENTS", clients, 1, 512),
    referenceScale: intSetting("BENCH_REF_SCALE", clients, 1, 200),
    reference,
    poolMax,
    profileTransfers: intSetting("BENCH_PROFILE_TRANSFERS", 20, 1, 200),
    isCpuProfiled: process.env.BENCH_CPU_PROFILE === "1",
    isReadFloorMeasured: process.env.BENCH_READ_FLOOR !== "0",
    isThrowaway: process.env.BENCH_THROWAWAY === "1",
    isOpenLoopMeasured: process.env.BENCH_OPEN_LOOP !== "0",
    processes: intSetting("BENCH_PROCESSES", 2, 1, 8),
    pairedRounds: intSetting("BENCH_PAIRED_ROUNDS", 8, 0, 20),
    pairedSeconds: intSetting("BENCH_PAIRED_SECONDS", 3, 1, 30),
    logLevel: process.env.BENCH_LOG_LEVEL || "info",
  };
}

const runStartedAt = performance.now();
export function log(message: string): void {
  const seconds = ((performance.now() - runStartedAt) / 1000).toFixed(1).padStart(6);
  console.log(`[${seconds}s] ${message}`);
}

/** The load worker thread: its jobs, each bounded by the phase's time plus a margin (and its start, if later). */
function startLoadWorker() {
  const worker = new Worker(new URL("./http-load-worker.ts", import.meta.url));
  let lastId = 0;
  return {
    run(job: HttpLoadJob): Promise<HttpLoadResult> {
      lastId += 1;
      const id = lastId;
      const untilStartMs = Math.max(0, (job.startAt ?? 0) - Date.now());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => {
            finish();
            reject(new Error("The load worker did not finish in time"));
          },
          untilStartMs + (job.leadInMs ?? 0) + job.durationMs + job.requestTimeoutMs + 30_000,
        );
        const onMessage = (message: { id: number; ok: boolean; result?: HttpLoadResult; message?: string }) => {
          if (message.id !== id) {
            return;
          }
          finish();
          if (message.ok && message.result) {
            resolve(message.result);
          } else {
            reject(new Error(`The load worker failed: ${message.message}`));
          }
        };
        const onError = (error: Error) => {
          finish();
          reject(error);
        };
        function finish() {
          clearTimeout(timer);
          worker.off("message", onMessage);
          worker.off("error", onError);
        }
        worker.on("message", onMessage);
        worker.on("error", onError);
        worker.postMessage({ id, job } satisfies HttpLoadMessage);
      });
    },
    stop: () => worker.terminate(),
  };
}

interface PhaseFigures {
  readonly name: string;
  readonly description: string;
  readonly perSecond: number;
  readonly count: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** p99 of the transfers due in each second of the phase, to tell a start-up tail from a steady one. */
  readonly p99BySecondMs?: number[];
  /** The lead-in run just before the phase, under the same load: none of the figures above. */
  readonly leadIn?: LeadInFigures;
  readonly elapsedMs: number;
  readonly errors: Record<string, number>;
  readonly exhaustedClients?: number;
  /** Transfers per group-commit batch, on average, in this process's server (issue 31). */
  readonly meanBatchSize?: number | null;
  /** CPU milliseconds per transfer (or reference transaction); null where this run cannot tell. */
  readonly cpu: {
    readonly serverMsPerTransfer: number | null;
    readonly postgresMsPerTransfer: number;
    readonly clientMsPerTransfer: number | null;
    readonly machineBusyPercent: number;
  };
  /** PostgreSQL's logged errors during the phase (deadlocks, lock timeouts…), by message. */
  readonly postgresErrors: Record<string, number>;
}

function cpuFigures(cpu: CpuUsage, count: number, clientMs: number | null, serverMs: number | null) {
  const per = (value: number) => (count > 0 ? round(value / count, 3) : 0);
  return {
    serverMsPerTransfer: serverMs === null ? null : per(serverMs),
    postgresMsPerTransfer: per(cpu.postgresMs),
    clientMsPerTransfer: clientMs === null ? null : per(clientMs),
    machineBusyPercent: round((cpu.machineBusyMs / cpu.machineCapacityMs) * 100, 1),
  };
}

function httpPhaseFigures(
  name: string,
  description: string,
  run: { result: HttpLoadResult; cpu: CpuUsage; postgresErrors: Record<string, number>; meanBatchSize: number | null },
): PhaseFigures {
  const { result, cpu } = run;
  return {
    name,
    description,
    perSecond: (result.createdCount / result.elapsedMs) * 1000,
    count: result.createdCount,
    p50Ms: percentile(result.createdLatenciesMs, 0.5),
    p99Ms: percentile(result.createdLatenciesMs, 0.99),
    p99BySecondMs: percentileBySecond(result.createdLatenciesMs, result.createdDueAtMs, 0.99),
    leadIn: leadInFiguresOf(result.leadIn.createdLatenciesMs, result.createdLatenciesMs),
    elapsedMs: result.elapsedMs,
    errors: result.errors,
    exhaustedClients: result.exhaustedClients,
    meanBatchSize: run.meanBatchSize,
    // The process's CPU minus the load worker's thread is the server's (its JavaScript, GC, libuv), over
    // the lead-in and the phase together.
    cpu: cpuFigures(
      cpu,
      result.createdCount + result.leadIn.createdCount,
      result.clientCpuMs,
      cpu.processMs - result.clientCpuMs,
    ),
    postgresErrors: run.postgresErrors,
  };
}

function referenceFigures(
  name: string,
  result: ReferenceResult,
  cpu: CpuUsage,
  postgresErrors: Record<string, number>,
): PhaseFigures {
  return {
    name,
    description: result.description,
    perSecond: result.perSecond,
    count: result.transactions,
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    leadIn: result.leadIn,
    elapsedMs: result.elapsedMs,
    errors: result.errors,
    // The Node reference's client runs on this process's main thread; pgbench is another process.
    cpu: cpuFigures(
      cpu,
      result.transactions + result.leadIn.count,
      result.kind === "node-pg" ? cpu.processMs : null,
      null,
    ),
    postgresErrors,
  };
}

function poolPerClient(ratePerSecond: number, settings: Settings): number {
  const wanted = Math.ceil((ratePerSecond * settings.seconds * POOL_HEADROOM) / settings.clients) + 20;
  return Math.min(MAX_POOL_PER_CLIENT, Math.max(MIN_POOL_PER_CLIENT, wanted));
}

interface TransferProfile {
  readonly transfers: number;
  readonly sequence: string[];
  readonly statementsPerTransfer: number;
  readonly statementsInTransaction: number;
  readonly meanRequestMs: number;
  readonly medianRequestMs: number;
  readonly meanDatabaseMs: number;
  readonly statements: StatementSummary[];
}

function formatRow(cells: readonly (string | number | null)[], widths: readonly number[]): string {
  return cells
    .map((cell, index) => {
      let text: string;
      if (cell === null) {
        text = "–";
      } else if (typeof cell === "number") {
        text = cell.toFixed(cell >= 100 ? 0 : 1);
      } else {
        text = cell;
      }
      return index === 0 ? text.padEnd(widths[index]) : text.padStart(widths[index]);
    })
    .join("  ");
}

function describeErrors(errors: Record<string, number>): string {
  const entries = Object.entries(errors);
  return entries.length === 0 ? "none" : entries.map(([code, count]) => `${count}× ${code}`).join(", ");
}

/** What one run holds everywhere: its settings, its id, its scratch folder and what to undo at the end. */
interface Run {
  readonly settings: Settings;
  readonly runId: string;
  readonly tempDir: string;
  /** The whole run is abandoned (and cleaned up) after this long. */
  readonly timeoutMs: number;
  /** Undone in reverse order by cleanUp(), once. */
  readonly cleanups: { name: string; run: () => Promise<unknown> }[];
  isCleanedUp: boolean;
}

export async function cleanUp(run: Run): Promise<void> {
  if (run.isCleanedUp) {
    return;
  }
  run.isCleanedUp = true;
  for (const cleanup of run.cleanups.reverse()) {
    await cleanup.run().catch((error: unknown) => console.error(`Cleanup (${cleanup.name}) failed:`, error));
  }
  await rm(run.tempDir, { recursive: true, force: true });
}

/** Cleans up on Ctrl-C, SIGTERM or after the run's time out; returns what removes these guards. */
function guardRun(run: Run): () => void {
  const watchdog = setTimeout(() => {
    console.error(`The benchmark did not finish within ${run.timeoutMs / 60_000} minutes; stopping.`);
    void cleanUp(run).finally(() => process.exit(2));
  }, run.timeoutMs);
  watchdog.unref();
  const onSignal = (signal: string) => {
    console.error(`${signal}: stopping and cleaning up.`);
    void cleanUp(run).finally(() => process.exit(130));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  return () => {
    clearTimeout(watchdog);
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  };
}

function printIntroduction(settings: Settings): void {
  const loadAverage = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
  console.log(
    `Ferry transfer benchmark: ${settings.clients} clients, ${settings.seconds} s per phase, ` +
      `Node ${process.version}, ${os.availableParallelism()} cores, load average ${loadAverage}`,
  );
  console.log(
    "Measured: POST /api/v1/transfers over HTTP on 127.0.0.1 (session check, code verification, transfer, " +
      "ledger, notification; one database transaction). Not measured: sign-up, sign-in, funding, issuing codes.",
  );
}

/** The throwaway cluster, the server's pool (its statements recordable) and a small admin pool. */
interface BenchDatabase {
  readonly url: string;
  readonly database: DatabaseHandle;
  readonly recorder: StatementRecorder;
  readonly admin: pg.Pool;
  readonly clusterDir: string;
  /** PostgreSQL's logged errors so far, by message with numbers and names blanked. */
  readonly postgresErrors: Record<string, number>;
  /** Called with each message PostgreSQL logs, from when they are added (the soak keeps them in a file). */
  readonly postgresLogListeners: ((message: string) => void)[];
  readonly serverVersion: string;
  readonly serverMajor: number;
}

/**
 * Counts PostgreSQL's logged errors into `postgresErrors`, keeps its last 30 messages in `postgresLog`
 * and hands each to the `listeners`.
 */
function collectPostgresLog(
  postgresErrors: Record<string, number>,
  postgresLog: string[],
  listeners: readonly ((message: string) => void)[],
) {
  return (message: string) => {
    for (const listener of listeners) {
      listener(message);
    }
    for (const match of message.matchAll(/(?:ERROR|FATAL):\s+(.*)/g)) {
      tally(
        postgresErrors,
        match[1]
          .replace(/\d+/g, "N")
          .replace(/"[^"]*"/g, '"…"')
          .slice(0, 100),
      );
    }
    postgresLog.push(message);
    if (postgresLog.length > 30) {
      postgresLog.shift();
    }
  };
}

async function startBenchDatabase(run: Run): Promise<BenchDatabase> {
  log(
    run.settings.isThrowaway
      ? "starting a PostgreSQL cluster with fsync, synchronous commit and full-page writes off (BENCH_THROWAWAY=1)"
      : "starting a durable PostgreSQL cluster (fsync and synchronous commit on, as in production)",
  );
  const postgresLog: string[] = [];
  const postgresErrors: Record<string, number> = {};
  const postgresLogListeners: ((message: string) => void)[] = [];
  const embedded = await startEmbeddedDatabase({
    dataDir: run.tempDir,
    port: await findFreePort(),
    databaseName: "ferry_bench",
    isThrowaway: run.settings.isThrowaway,
    onLog: collectPostgresLog(postgresErrors, postgresLog, postgresLogListeners),
  }).catch((error: unknown) => {
    throw new Error(`Could not start the embedded PostgreSQL: ${String(error)}\n${postgresLog.join("")}`);
  });
  run.cleanups.push({ name: "PostgreSQL", run: () => embedded.stop() });
  const database = openDatabase(embedded.url, run.settings.poolMax);
  const recorder = recordPoolStatements(database.pool);
  run.cleanups.push({ name: "server pool", run: () => database.close() });
  const admin = new pg.Pool({ connectionString: embedded.url, max: 2 });
  // pg-pool's end() resolves before its sockets have closed, so stopping the cluster right after can
  // reach a closing idle client as an 'error' event; without a listener that would crash the run.
  for (const pool of [database.pool, admin]) {
    pool.on("error", (error) => {
      if (!run.isCleanedUp) {
        log(`idle database connection failed: ${error.message}`);
      }
    });
  }
  run.cleanups.push({ name: "admin pool", run: () => admin.end() });
  await migrate(database.pool);
  const { version, num } = (
    await admin.query<{ version: string; num: string }>(
      "SELECT current_setting('server_version') AS version, current_setting('server_version_num') AS num",
    )
  ).rows[0];
  log(`PostgreSQL ${version}; creating the reference tables (scale ${run.settings.referenceScale})`);
  await createReferenceTables(admin, run.settings.referenceScale);
  const clusterDir = path.join(run.tempDir, "postgres");
  const serverMajor = Math.floor(Number(num) / 10_000);
  return {
    url: embedded.url,
    database,
    recorder,
    admin,
    clusterDir,
    postgresErrors,
    postgresLogListeners,
    serverVersion: version,
    serverMajor,
  };
}

/** Ferry itself, listening on loopback, each simulated user's address believed from X-Forwarded-For. */
interface BenchServer {
  readonly port: number;
  readonly origin: string;
  readonly config: Config;
  readonly auth: FerryApp["auth"];
  /** The server's Prometheus registry: the soak reads the batch sizes from it. */
  readonly metrics: FerryMetrics;
}

async function startBenchServer(run: Run, db: BenchDatabase): Promise<BenchServer> {
  const port = await findFreePort();
  const origin = `http://localhost:${port}`;
  const config = loadConfig({
    NODE_ENV: "test",
    // Production's level by default: each request's log line is written (to /dev/null), so its cost is measured.
    LOG_LEVEL: run.settings.logLevel,
    PORT: String(port),
    PUBLIC_URL: origin,
    // Each simulated user has its own client address, sent as X-Forwarded-For.
    TRUST_PROXY: "loopback",
  });
  const devNull = openSync("/dev/null", "w");
  run.cleanups.push({ name: "log destination", run: async () => closeSync(devNull) });
  const { app, auth } = await buildApp({
    config,
    db: db.database.db,
    pool: db.database.pool,
    logDestination: { write: (line) => writeSync(devNull, line) },
  });
  run.cleanups.push({ name: "server", run: () => app.close() });
  await app.listen({ host: LOOPBACK_HOST, port });
  log(`server listening on ${LOOPBACK_HOST}:${port} (pool of ${db.database.pool.options.max} connections)`);
  return { port, origin, config, auth, metrics: app.metrics };
}

/** The simulated people: funded senders signed in over HTTP, their recipients, and one hot recipient. */
interface BenchPeople {
  readonly senders: Sender[];
  readonly recipients: BenchUser[];
  readonly hotRecipient: BenchUser;
  readonly setupAgent: http.Agent;
}

async function createPeople(run: Run, db: BenchDatabase, server: BenchServer): Promise<BenchPeople> {
  const { settings, runId } = run;
  log(`creating ${settings.clients} senders, ${settings.recipients} recipients and 1 hot recipient`);
  const senderUsers = await createUsers(server.auth, runId, "sender", settings.clients);
  const recipients = await createUsers(server.auth, runId, "recipient", settings.recipients);
  const [hotRecipient] = await createUsers(server.auth, runId, "hot", 1);
  await fundSenders(db.database.db, senderUsers);
  await openWallets(db.database.db, [...recipients, hotRecipient]);
  const setupAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  run.cleanups.push({ name: "setup agent", run: async () => setupAgent.destroy() });
  const senders: Sender[] = await mapConcurrently(senderUsers, async (user, index) => {
    const ip = `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`;
    const { port, origin } = server;
    const cookie = await signInOverHttp({ db: db.database.db, agent: setupAgent, port, origin, email: user.email, ip });
    return { ...user, ip, cookie, plannedCount: 0 };
  });
  log(`${senders.length} senders signed in over HTTP (password, e-mailed code, session cookie)`);
  return { senders, recipients, hotRecipient, setupAgent };
}

/** Everything a phase needs, and the transfers the API acknowledged so far (checked at reconciliation). */
export interface Bench {
  readonly run: Run;
  readonly db: BenchDatabase;
  readonly server: BenchServer;
  readonly people: BenchPeople;
  readonly worker: ReturnType<typeof startLoadWorker>;
  readonly acknowledged: { created: number; networkErrors: number };
  readonly spreadRecipientOf: (clientIndex: number, transferIndex: number) => BenchUser;
}

/** PostgreSQL errors logged while `body` runs. */
async function watchPostgresErrors<T>(bench: Bench, body: () => Promise<T>) {
  const { postgresErrors } = bench.db;
  const before = { ...postgresErrors };
  const value = await body();
  const during: Record<string, number> = {};
  for (const [message, count] of Object.entries(postgresErrors)) {
    if (count > (before[message] ?? 0)) {
      during[message] = count - (before[message] ?? 0);
    }
  }
  return { value, postgresErrors: during };
}

/** True once no request holds or waits for a server database connection (bounded wait). */
async function waitForQuietServer(pool: pg.Pool): Promise<boolean> {
  const until = performance.now() + QUIET_TIMEOUT_MS;
  let quietChecks = 0;
  while (performance.now() < until) {
    const isQuiet = pool.waitingCount === 0 && pool.idleCount === pool.totalCount;
    quietChecks = isQuiet ? quietChecks + 1 : 0;
    if (quietChecks >= 3) {
      return true;
    }
    await sleep(100);
  }
  return false;
}

/** Counts a transfer phase's created transfers and network errors toward the reconciliation's check. */
export function acknowledge(bench: Bench, result: HttpLoadResult): void {
  bench.acknowledged.created += result.createdCount + (result.leadIn?.createdCount ?? 0);
  for (const [code, count] of Object.entries(result.errors)) {
    if (code.startsWith("network")) {
      bench.acknowledged.networkErrors += count;
    }
  }
}

export async function runHttpPhase(
  bench: Bench,
  phase: string,
  plans: HttpClientPlan[],
  durationMs: number,
  request: Pick<
    HttpLoadJob,
    "method" | "path" | "expectedStatus" | "arrivalsPerSecond" | "leadInMs"
  > = TRANSFER_REQUEST,
  /** False for a phase that continues the one before it (the soak's minutes): no ANALYZE, no CHECKPOINT. */
  isFreshStart = true,
  /** The server the clients send to: Ferry's, unless another is measured (the HTTP ceiling). */
  target: { readonly port: number; readonly origin: string } = bench.server,
) {
  const { admin, clusterDir } = bench.db;
  if (isFreshStart) {
    // Same starting conditions for every phase: fresh statistics, no checkpoint pending.
    await admin.query("ANALYZE");
    await admin.query("CHECKPOINT");
  }
  const before = await takeCpuSnapshot(admin, clusterDir);
  const batchesBefore = await readBatchTotals(bench.server.metrics.registry);
  const { port, origin } = target;
  const { value: result, postgresErrors: phaseErrors } = await watchPostgresErrors(bench, () =>
    bench.worker.run({ ...request, port, origin, durationMs, requestTimeoutMs: REQUEST_TIMEOUT_MS, clients: plans }),
  );
  const cpu = await cpuSince(before, admin, clusterDir);
  // Known for this process's server only: other processes' batches are not in its histogram.
  const meanBatchSize = meanBatchSizeBetween(batchesBefore, await readBatchTotals(bench.server.metrics.registry));
  // Requests the clients gave up on may still be running on the server: let them finish first.
  if (!(await waitForQuietServer(bench.db.database.pool))) {
    log(`${phase}: the server was still busy ${QUIET_TIMEOUT_MS / 1000} s after the phase ended`);
  }
  const isTransferPhase = request.path === TRANSFER_REQUEST.path;
  if (isTransferPhase) {
    acknowledge(bench, result);
  }
  log(
    `${phase}: ${result.createdCount} ${isTransferPhase ? "transfers" : "requests"} in ${(result.elapsedMs / 1000).toFixed(1)} s` +
      (result.leadIn.createdCount > 0 ? ` after ${result.leadIn.createdCount} in its lead-in` : "") +
      `, errors: ${describeErrors(result.errors)}` +
      `; PostgreSQL errors: ${describeErrors(phaseErrors)}` +
      (isTransferPhase && meanBatchSize !== null ? `; batches of ${meanBatchSize} on average` : ""),
  );
  return { result, cpu, postgresErrors: phaseErrors, meanBatchSize };
}

function planTransfersOf(
  bench: Bench,
  phase: string,
  senders: Sender[],
  perClient: number,
  recipientOf: RecipientOf,
  spreadOverMs?: number,
) {
  const { run, db, server } = bench;
  const { db: database } = db.database;
  return planTransfers({
    db: database,
    authSecret: server.config.authSecret,
    phase: `${phase}-${run.runId}`,
    senders,
    perClient,
    recipientOf,
    ...(spreadOverMs === undefined ? {} : { spreadOverMs }),
  });
}

/**
 * Issues a phase's codes for every sender, or for `senders` only: at once, or spread over
 * `spreadOverMs` (a soak's next minute, beside the load).
 */
export async function planPhase(
  bench: Bench,
  phase: string,
  perClient: number,
  recipientOf: RecipientOf,
  { spreadOverMs, senders = bench.people.senders }: { spreadOverMs?: number | undefined; senders?: Sender[] } = {},
) {
  const spread = spreadOverMs === undefined ? "" : ` over ${Math.round(spreadOverMs / 1000)} s`;
  log(`${phase}: issuing ${perClient * senders.length} transfer codes${spread} (${perClient} per client; setup)`);
  return planTransfersOf(bench, phase, senders, perClient, recipientOf, spreadOverMs);
}

type RecipientOf = (clientIndex: number, transferIndex: number) => BenchUser;

/** Sends the profile's transfers one at a time: their durations and the errors of those refused. */
async function sendProfileTransfers(bench: Bench, plan: HttpClientPlan) {
  const errors: Record<string, number> = {};
  const requestTimes: number[] = [];
  for (const transfer of plan.requests) {
    const startedAt = performance.now();
    const response = await sendHttp({
      agent: bench.people.setupAgent,
      port: bench.server.port,
      method: "POST",
      path: "/api/v1/transfers",
      headers: {
        cookie: plan.cookie,
        origin: bench.server.origin,
        "idempotency-key": transfer.idempotencyKey ?? "",
        "x-forwarded-for": plan.ip,
      },
      body: transfer.body,
      timeoutMs: REQUEST_TIMEOUT_MS,
    });
    requestTimes.push(performance.now() - startedAt);
    if (response.status === 201) {
      bench.acknowledged.created += 1;
    } else {
      tally(errors, errorCodeOf(response.status, response.body));
    }
  }
  return { errors, requestTimes };
}

/** The statements of one transfer, sent one at a time on a quiet server. */
async function profileTransfers(bench: Bench) {
  const [plan] = await planTransfersOf(
    bench,
    "profile",
    [bench.people.senders[0]],
    bench.run.settings.profileTransfers,
    bench.spreadRecipientOf,
  );
  bench.db.recorder.start();
  const { errors, requestTimes } = await sendProfileTransfers(bench, plan);
  const recorded = bench.db.recorder.stop();
  const count = plan.requests.length;
  const transactionStart = recorded.findIndex((item) => /^begin/i.test(item.text.trim()));
  const transactionEnd = recorded.findIndex((item) => /^commit/i.test(item.text.trim()));
  const firstCommit = recorded.findIndex((item) => /^commit/i.test(item.text.trim()));
  const profile: TransferProfile = {
    transfers: count,
    // One whole request: everything up to the first transaction's end, plus the read that follows it.
    sequence: recorded.slice(0, firstCommit + 2).map((item) => item.text.replace(/\s+/g, " ").trim().slice(0, 120)),
    statementsPerTransfer: recorded.length / count,
    statementsInTransaction:
      transactionStart >= 0 && transactionEnd > transactionStart ? transactionEnd - transactionStart + 1 : 0,
    meanRequestMs: requestTimes.reduce((sum, value) => sum + value, 0) / count,
    medianRequestMs: percentile(requestTimes, 0.5),
    meanDatabaseMs: recorded.reduce((sum, item) => sum + item.durationMs, 0) / count,
    statements: summariseStatements(recorded, count),
  };
  log(`profile: ${count} transfers one at a time, errors: ${describeErrors(errors)}`);
  return { profile, profileErrors: errors };
}

type Pgbench = NonNullable<Awaited<ReturnType<typeof findPgbench>>>;
type ReferencePhase = { readonly figures: PhaseFigures; readonly isReference: boolean };

/** One reference run (pgbench's, or statement for statement from Node), with its CPU and PostgreSQL errors. */
async function measureReference(bench: Bench, name: string, body: () => Promise<ReferenceResult>) {
  const { admin, clusterDir } = bench.db;
  await admin.query("CHECKPOINT");
  const before = await takeCpuSnapshot(admin, clusterDir);
  const { value: result, postgresErrors: during } = await watchPostgresErrors(bench, body);
  const cpu = await cpuSince(before, admin, clusterDir);
  return { result, figures: referenceFigures(name, result, cpu, during) };
}

async function runPgbench(bench: Bench, pgbench: Pgbench): Promise<PhaseFigures> {
  const logDir = await mkdtemp(path.join(bench.run.tempDir, "pgbench-log-"));
  const { settings } = bench.run;
  const { result, figures } = await measureReference(bench, "reference pgbench", () =>
    runReferenceWithPgbench({
      url: bench.db.url,
      clients: settings.clients,
      durationMs: settings.seconds * 1000,
      leadInMs: settings.leadInSeconds * 1000,
      logDir,
      version: pgbench.version,
    }),
  );
  log(`reference (pgbench): ${result.transactions} transactions, ${result.perSecond.toFixed(0)}/s`);
  return figures;
}

async function runNodeReference(bench: Bench): Promise<PhaseFigures> {
  const { settings } = bench.run;
  const { result, figures } = await measureReference(bench, "reference node-pg", () =>
    runReferenceFromNode({
      url: bench.db.url,
      clients: settings.clients,
      durationMs: settings.seconds * 1000,
      leadInMs: settings.leadInSeconds * 1000,
      scale: settings.referenceScale,
    }),
  );
  log(`reference (Node): ${result.transactions} transactions, ${result.perSecond.toFixed(0)}/s`);
  return figures;
}

/**
 * The reference: pgbench when its major version is the server's (or BENCH_REFERENCE=pgbench), else
 * the Node reference, plus a mismatched pgbench for information.
 */
async function runReference(bench: Bench) {
  const { settings } = bench.run;
  const pgbench = settings.reference === "node" ? null : await findPgbench();
  if (settings.reference === "pgbench" && !pgbench) {
    throw new Error("BENCH_REFERENCE=pgbench, but no pgbench is on PATH");
  }
  const referencePhases: ReferencePhase[] = [];
  if (pgbench !== null && (settings.reference === "pgbench" || pgbench.major === bench.db.serverMajor)) {
    referencePhases.push({ figures: await runPgbench(bench, pgbench), isReference: true });
  } else {
    referencePhases.push({ figures: await runNodeReference(bench), isReference: true });
    if (pgbench) {
      log(
        `pgbench found (${pgbench.version}) but the server is PostgreSQL ${bench.db.serverMajor}: run for information only`,
      );
      await runPgbench(bench, pgbench).then(
        (figures) => referencePhases.push({ figures, isReference: false }),
        (error: unknown) => log(`pgbench could not run: ${String(error)}`),
      );
    }
  }
  return { reference: referencePhases[0].figures, referencePhases, pgbench };
}

/** The length of a paired round's lead-in, before each of its slices (bench/paired.ts). */
const PAIRED_LEAD_IN_MS = 500;

/**
 * The ratio to the reference in paired rounds (bench/paired.ts): each round a slice of the reference
 * (run as the reference phase was) and a slice of the spread load, side by side. Every slice's codes
 * are issued before the first round, so that no round waits on set-up.
 */
async function measurePaired(
  bench: Bench,
  references: Awaited<ReturnType<typeof runReference>>,
  ratePerSecond: number,
): Promise<PairedFigures | null> {
  const { settings } = bench.run;
  if (settings.pairedRounds === 0) {
    return null;
  }
  const sliceMs = settings.pairedSeconds * 1000;
  const perClient =
    Math.ceil((ratePerSecond * (sliceMs + PAIRED_LEAD_IN_MS) * 2) / 1000 / settings.clients) + MIN_POOL_PER_CLIENT;
  const plans: HttpClientPlan[][] = [];
  for (let round = 0; round < settings.pairedRounds; round += 1) {
    plans.push(await planPhase(bench, `paired-${round + 1}`, perClient, bench.spreadRecipientOf));
  }
  const { pgbench } = references;
  const isPgbench = references.reference.name === "reference pgbench" && pgbench !== null;
  const referenceOptions = {
    url: bench.db.url,
    clients: settings.clients,
    durationMs: sliceMs,
    leadInMs: PAIRED_LEAD_IN_MS,
  };
  const figures = await runPairedRounds({
    rounds: settings.pairedRounds,
    sliceSeconds: settings.pairedSeconds,
    runReference: async () => {
      // pgbench's figures come from every log in its folder: a folder for each slice.
      const result = isPgbench
        ? await runReferenceWithPgbench({
            ...referenceOptions,
            logDir: await mkdtemp(path.join(bench.run.tempDir, "pgbench-paired-")),
            version: pgbench.version,
          })
        : await runReferenceFromNode({ ...referenceOptions, scale: settings.referenceScale });
      return result.perSecond;
    },
    runFerry: async (round) => {
      const { result } = await runHttpPhase(
        bench,
        `paired ${round + 1}`,
        plans[round] as HttpClientPlan[],
        sliceMs,
        { ...TRANSFER_REQUEST, leadInMs: PAIRED_LEAD_IN_MS },
        false,
      );
      return (result.createdCount / result.elapsedMs) * 1000;
    },
  });
  for (const [index, round] of figures.rounds.entries()) {
    log(
      `paired round ${index + 1} (${round.isReferenceFirst ? "reference first" : "Ferry first"}): reference ${round.referencePerSecond.toFixed(0)}/s, spread ${round.ferryPerSecond.toFixed(0)}/s, ratio ${round.ratio.toFixed(3)}`,
    );
  }
  return figures;
}

/** As the reference's figures: a peer's client is this process's main thread, as the Node reference's. */
function asReferenceResult(result: PeerResult): ReferenceResult {
  return { ...result, kind: "node-pg", transactions: result.transfers };
}

/**
 * The peer ledger, pgledger, on spread and hot accounts: same database, same concurrency, same time
 * (bench/pgledger/README.md).
 */
async function runPeer(bench: Bench) {
  const { settings } = bench.run;
  await installPgledger(bench.db.admin);
  const measure = async (shape: "spread" | "hot") => {
    const { result, figures } = await measureReference(bench, `pgledger ${shape}`, async () =>
      asReferenceResult(
        await runPgledger({
          url: bench.db.url,
          clients: settings.clients,
          durationMs: settings.seconds * 1000,
          leadInMs: settings.leadInSeconds * 1000,
          shape,
        }),
      ),
    );
    log(`pgledger ${shape}: ${result.transactions} transfers, ${result.perSecond.toFixed(0)}/s`);
    return figures;
  };
  return { pgledgerSpread: await measure("spread"), pgledgerHot: await measure("hot") };
}

/**
 * The open loop: spread transfers arriving at 50 % and 80 % of the spread phase's rate, whatever the
 * answers; latencies counted from when each transfer was due.
 */
async function runOpenLoop(bench: Bench, spreadPerSecond: number) {
  const { settings } = bench.run;
  const phases: { share: number; arrivalsPerSecond: number; figures: PhaseFigures }[] = [];
  for (const share of OPEN_LOOP_SHARES) {
    const arrivalsPerSecond = Math.max(1, Math.round(spreadPerSecond * share));
    const name = `open loop ${Math.round(share * 100)}%`;
    const perClient = Math.ceil((arrivalsPerSecond * settings.seconds) / settings.clients) + 5;
    const plans = await planPhase(bench, `open-${Math.round(share * 100)}`, perClient, bench.spreadRecipientOf);
    const run = await runHttpPhase(bench, name, plans, settings.seconds * 1000, {
      ...TRANSFER_REQUEST,
      arrivalsPerSecond,
    });
    phases.push({
      share,
      arrivalsPerSecond,
      figures: httpPhaseFigures(name, `${arrivalsPerSecond} transfers/s arriving, ${settings.clients} senders`, run),
    });
  }
  return phases;
}

/** Deadlocks PostgreSQL counted in the benchmark's database since it started (pg_stat_database). */
export async function countDeadlocks(bench: Bench): Promise<number> {
  const result = await bench.db.admin.query<{ deadlocks: string }>(
    "SELECT deadlocks::text FROM pg_stat_database WHERE datname = current_database()",
  );
  return Number(result.rows[0]?.deadlocks ?? 0);
}

/** Optional: where the server's CPU goes, in an extra spread phase (not in the figures). */
async function profileServerCpu(bench: Bench, spreadPerSecond: number): Promise<CpuProfileSummary> {
  const { settings } = bench.run;
  const plans = await planPhase(
    bench,
    "cpu-profile",
    poolPerClient(spreadPerSecond, settings),
    bench.spreadRecipientOf,
  );
  const stopProfile = await startCpuProfile();
  await runHttpPhase(bench, "cpu-profile", plans, settings.seconds * 1000);
  const profile = await stopProfile();
  const scratchDir = path.join(import.meta.dirname, "results", "tmp");
  await mkdir(scratchDir, { recursive: true });
  await writeFile(path.join(scratchDir, "server-spread.cpuprofile"), JSON.stringify(profile));
  return summariseCpuProfile(profile);
}

/** Informational: the floor of any authenticated request (session check and a small read). */
async function measureAuthenticatedRead(bench: Bench): Promise<PhaseFigures> {
  const { settings } = bench.run;
  const readPlans = bench.people.senders.map((sender) => ({
    cookie: sender.cookie,
    ip: sender.ip,
    requests: new Array<PlannedRequest>(MAX_READS_PER_CLIENT).fill({}),
  }));
  const durationMs = Math.min(settings.seconds, READ_FLOOR_MAX_SECONDS) * 1000;
  const readRun = await runHttpPhase(bench, "authenticated read", readPlans, durationMs, AUTHENTICATED_READ);
  const description = `GET ${AUTHENTICATED_READ.path}, ${settings.clients} clients (informational)`;
  return httpPhaseFigures("authenticated read", description, readRun);
}

/**
 * The most any HTTP endpoint could answer on this machine with these clients: a bare node:http server
 * on the thread Ferry's server runs on, answering a constant, driven exactly as the read floor is.
 */
async function measureHttpCeiling(bench: Bench): Promise<PhaseFigures> {
  const { settings } = bench.run;
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK_HOST, resolve));
  const { port } = server.address() as { port: number };
  try {
    const plans = bench.people.senders.map((sender) => ({
      cookie: sender.cookie,
      ip: sender.ip,
      requests: new Array<PlannedRequest>(MAX_READS_PER_CLIENT).fill({}),
    }));
    const durationMs = Math.min(settings.seconds, READ_FLOOR_MAX_SECONDS) * 1000;
    const request = { method: "GET", path: "/", expectedStatus: 200 } as const;
    const target = { port, origin: `http://${LOOPBACK_HOST}:${port}` };
    const run = await runHttpPhase(bench, "http ceiling", plans, durationMs, request, true, target);
    const description = `GET / of a bare node:http server answering a constant, ${settings.clients} clients (informational)`;
    return httpPhaseFigures("http ceiling", description, run);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/**
 * The spread load over `settings.processes` Ferry server processes (bench/ferry-processes.ts) instead of
 * the benchmark's own: what more than one Node thread buys on this machine. Their CPU is theirs; the
 * benchmark's own server is idle meanwhile. A warm-up first, not reported.
 */
async function measureProcesses(bench: Bench, spreadPerSecond: number): Promise<PhaseFigures> {
  const { settings } = bench.run;
  const started = await startFerryProcesses({
    count: settings.processes,
    databaseUrl: bench.db.url,
    authSecret: bench.server.config.authSecret,
    publicUrl: bench.server.origin,
    logLevel: settings.logLevel,
  });
  const overProcesses = (plans: HttpClientPlan[]) =>
    plans.map((plan, index) => ({ ...plan, port: started.ports[index % started.ports.length] }));
  try {
    log(`${settings.processes} Ferry processes listening on ports ${started.ports.join(", ")}`);
    if (settings.warmupSeconds > 0) {
      const warmPlans = await planPhase(bench, "processes-warm-up", WARMUP_POOL_PER_CLIENT, bench.spreadRecipientOf);
      await runHttpPhase(bench, "processes warm-up", overProcesses(warmPlans), settings.warmupSeconds * 1000);
    }
    const pool = poolPerClient(spreadPerSecond * settings.processes, settings);
    const plans = overProcesses(await planPhase(bench, "processes", pool, bench.spreadRecipientOf));
    const cpuBefore = processesCpuMs(started.pids);
    const run = await runHttpPhase(
      bench,
      `spread over ${settings.processes} processes`,
      plans,
      settings.seconds * 1000,
    );
    const serverMs = processesCpuMs(started.pids) - cpuBefore;
    const figures = httpPhaseFigures(
      "processes",
      `${settings.clients} senders → ${settings.recipients} recipients, over ${settings.processes} Ferry processes`,
      run,
    );
    const count = run.result.createdCount;
    return { ...figures, cpu: { ...figures.cpu, serverMsPerTransfer: count > 0 ? round(serverMs / count, 3) : 0 } };
  } finally {
    await started.stop();
  }
}

/** The measured phases: spread, the optional CPU profile, hot, and the optional read floor and HTTP ceiling. */
async function runLoadPhases(bench: Bench, estimatedRate: number) {
  const { settings } = bench.run;
  const durationMs = settings.seconds * 1000;
  const measured = { ...TRANSFER_REQUEST, leadInMs: settings.leadInSeconds * 1000 };
  const spreadPlans = await planPhase(bench, "spread", poolPerClient(estimatedRate, settings), bench.spreadRecipientOf);
  const spreadRun = await runHttpPhase(bench, "spread", spreadPlans, durationMs, measured);
  const spread = httpPhaseFigures(
    "spread",
    `${settings.clients} senders → ${settings.recipients} recipients`,
    spreadRun,
  );
  const cpuProfile = settings.isCpuProfiled ? await profileServerCpu(bench, spread.perSecond) : null;
  const hotPool = poolPerClient(Math.max(estimatedRate, spread.perSecond), settings);
  const hotPlans = await planPhase(bench, "hot", hotPool, () => bench.people.hotRecipient);
  const hotRun = await runHttpPhase(bench, "hot", hotPlans, durationMs, measured);
  const hot = httpPhaseFigures("hot", `${settings.clients} senders → 1 recipient`, hotRun);
  const processes = settings.processes > 1 ? await measureProcesses(bench, spread.perSecond) : null;
  const authenticatedRead = settings.isReadFloorMeasured ? await measureAuthenticatedRead(bench) : null;
  const httpCeiling = settings.isReadFloorMeasured ? await measureHttpCeiling(bench) : null;
  const openLoop = settings.isOpenLoopMeasured ? await runOpenLoop(bench, spread.perSecond) : [];
  return { spread, hot, processes, cpuProfile, authenticatedRead, httpCeiling, openLoop };
}

/** The warm-up (not reported): the transfer rate it reached sizes the phases' prepared transfers. */
async function warmUp(bench: Bench): Promise<number> {
  const { settings } = bench.run;
  if (settings.warmupSeconds === 0) {
    return 0;
  }
  const plans = await planPhase(bench, "warm-up", WARMUP_POOL_PER_CLIENT, bench.spreadRecipientOf);
  const warmup = await runHttpPhase(bench, "warm-up", plans, settings.warmupSeconds * 1000);
  return (warmup.result.createdCount / warmup.result.elapsedMs) * 1000;
}

/** The ledger's invariants, and every acknowledged transfer stored and posted (none invented). */
export async function reconcile(bench: Bench) {
  const report = await reconcileLedger(bench.db.database.db);
  const violations = [...report.violations];
  const stored = await bench.db.admin.query<{ transfers: string; unposted: string }>(
    `SELECT count(*)::text AS transfers,
            count(*) FILTER (WHERE NOT EXISTS (
              SELECT 1 FROM ledger_transfers l
              WHERE l.reference_type = 'transfer' AND l.reference_id = t.id::text AND l.state = 'posted'))::text AS unposted
     FROM transfers t WHERE t.idempotency_key LIKE $1`,
    ["bench-%"],
  );
  const storedCount = Number(stored.rows[0].transfers);
  const { created, networkErrors } = bench.acknowledged;
  if (storedCount < created || storedCount > created + networkErrors) {
    violations.push(`the API acknowledged ${created} transfers; the database holds ${storedCount}`);
  }
  if (Number(stored.rows[0].unposted) > 0) {
    violations.push(`${stored.rows[0].unposted} Ferry-user transfers have no posted ledger movement`);
  }
  log(
    `reconciliation: ${report.accounts} accounts, ${report.transfers} ledger transfers, ${violations.length} violations`,
  );
  return { report, violations };
}

/**
 * Starts what every run needs — PostgreSQL, Ferry, the people and the load worker — guarded so that a
 * signal or `timeoutMs` cleans it all up. The caller runs its phases, then `close()`.
 */
export async function openBench(settings: Settings, timeoutMs: number) {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), "ferry-bench-"));
  const run: Run = {
    settings,
    runId: randomBytes(4).toString("hex"),
    tempDir,
    timeoutMs,
    cleanups: [],
    isCleanedUp: false,
  };
  const unguard = guardRun(run);
  const close = async () => {
    unguard();
    log("cleaning up");
    await cleanUp(run);
  };
  try {
    const db = await startBenchDatabase(run);
    const server = await startBenchServer(run, db);
    const people = await createPeople(run, db, server);
    const worker = startLoadWorker();
    run.cleanups.push({ name: "load worker", run: () => worker.stop() });
    const bench: Bench = {
      run,
      db,
      server,
      people,
      worker,
      acknowledged: { created: 0, networkErrors: 0 },
      spreadRecipientOf: (clientIndex, transferIndex) =>
        people.recipients[(clientIndex + (transferIndex % FRIENDS_PER_SENDER)) % people.recipients.length],
    };
    return { bench, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function main(): Promise<void> {
  const settings = readSettings();
  printIntroduction(settings);
  const { bench, close } = await openBench(settings, RUN_TIMEOUT_MS);
  const { db } = bench;
  try {
    const estimatedRate = await warmUp(bench);
    const profiled = await profileTransfers(bench);
    const references = await runReference(bench);
    const peer = await runPeer(bench);
    const phases = await runLoadPhases(bench, estimatedRate);
    const paired = await measurePaired(bench, references, Math.max(phases.spread.perSecond, phases.hot.perSecond));
    const reconciliation = await reconcile(bench);
    const deadlocks = await countDeadlocks(bench);
    const outcome: Outcome = {
      settings,
      db,
      ...profiled,
      ...references,
      ...peer,
      ...phases,
      paired,
      ...reconciliation,
      deadlocks,
    };
    console.log(reportLines(outcome).join("\n"));
    await writeResults(outcome);
  } finally {
    await close();
  }
}

/** What a run found, for the printed report and bench/results/transfers.json. */
interface Outcome {
  readonly settings: Settings;
  readonly db: BenchDatabase;
  readonly profile: TransferProfile;
  readonly profileErrors: Record<string, number>;
  readonly reference: PhaseFigures;
  readonly referencePhases: ReferencePhase[];
  readonly pgbench: Pgbench | null;
  readonly spread: PhaseFigures;
  readonly hot: PhaseFigures;
  /** The spread load over several Ferry processes (BENCH_PROCESSES); null when 1. */
  readonly processes: PhaseFigures | null;
  readonly cpuProfile: CpuProfileSummary | null;
  readonly authenticatedRead: PhaseFigures | null;
  /** A bare HTTP server's answers per second with the same clients: the ceiling of every endpoint here. */
  readonly httpCeiling: PhaseFigures | null;
  readonly pgledgerSpread: PhaseFigures;
  readonly pgledgerHot: PhaseFigures;
  readonly openLoop: { share: number; arrivalsPerSecond: number; figures: PhaseFigures }[];
  /** The ratio to the reference in paired rounds (bench/paired.ts); null when none were run. */
  readonly paired: PairedFigures | null;
  readonly report: Awaited<ReturnType<typeof reconcileLedger>>;
  readonly violations: string[];
  readonly deadlocks: number;
}

const TABLE_WIDTHS = [34, 10, 8, 8, 8, 9, 9, 9];

function ratiosOf(outcome: Outcome) {
  const { spread, hot, reference, pgledgerSpread, pgledgerHot, authenticatedRead } = outcome;
  const contiguousRatioToReference = spread.perSecond / reference.perSecond;
  return {
    // Measured in paired rounds when they ran (bench/paired.ts): the two phases are a minute apart.
    ratioToReference: outcome.paired ? outcome.paired.ratio : contiguousRatioToReference,
    contiguousRatioToReference,
    hotToSpread: spread.perSecond > 0 ? hot.perSecond / spread.perSecond : 0,
    ratioToPgledger: pgledgerSpread.perSecond > 0 ? spread.perSecond / pgledgerSpread.perSecond : 0,
    hotRatioToPgledger: pgledgerHot.perSecond > 0 ? hot.perSecond / pgledgerHot.perSecond : 0,
    readsToReference: authenticatedRead ? authenticatedRead.perSecond / reference.perSecond : null,
    httpCeilingToReference: outcome.httpCeiling ? outcome.httpCeiling.perSecond / reference.perSecond : null,
    processesToReference: outcome.processes ? outcome.processes.perSecond / reference.perSecond : null,
    processesToOne: outcome.processes && spread.perSecond > 0 ? outcome.processes.perSecond / spread.perSecond : null,
    ...cpuToReferenceOf(spread, reference),
  };
}

/**
 * What a transfer costs in CPU against a reference transaction: PostgreSQL's share alone, and the
 * whole (server, PostgreSQL and load generator against the reference's PostgreSQL and client). On
 * a machine whose cores every phase shares, the whole's inverse bounds the ratio to the reference
 * that any scheduling could reach.
 */
function cpuToReferenceOf(spread: PhaseFigures, reference: PhaseFigures) {
  const totalOf = ({ cpu }: PhaseFigures) =>
    cpu.serverMsPerTransfer === null && cpu.clientMsPerTransfer === null
      ? null
      : (cpu.serverMsPerTransfer ?? 0) + cpu.postgresMsPerTransfer + (cpu.clientMsPerTransfer ?? 0);
  const spreadTotal = totalOf(spread);
  const referenceTotal = totalOf(reference);
  return {
    postgresCpuToReference:
      reference.cpu.postgresMsPerTransfer > 0
        ? spread.cpu.postgresMsPerTransfer / reference.cpu.postgresMsPerTransfer
        : null,
    cpuToReference: spreadTotal !== null && referenceTotal ? spreadTotal / referenceTotal : null,
  };
}

/** One row per phase: rate, latencies, count and CPU per transfer. */
function phaseTableLines(outcome: Outcome): string[] {
  const { settings, spread, hot, referencePhases, authenticatedRead } = outcome;
  const lines = [
    "",
    `Transfers through the API vs PostgreSQL's TPC-B-like transaction and pgledger — ${settings.clients} concurrent clients, ${settings.seconds} s each, PostgreSQL ${settings.isThrowaway ? "THROWAWAY (fsync off)" : "durable"}`,
    formatRow(["phase", "per s", "p50 ms", "p99 ms", "count", "server", "postgres", "client"], TABLE_WIDTHS),
    formatRow(["", "", "", "", "", "ms CPU per transfer/transaction", "", ""], [34, 10, 8, 8, 8, 0, 0, 0]).trimEnd(),
  ];
  const phases = [
    spread,
    hot,
    ...(outcome.processes ? [outcome.processes] : []),
    ...referencePhases.map((item) => item.figures),
    outcome.pgledgerSpread,
    outcome.pgledgerHot,
    ...outcome.openLoop.map((item) => item.figures),
    ...(authenticatedRead ? [authenticatedRead] : []),
    ...(outcome.httpCeiling ? [outcome.httpCeiling] : []),
  ];
  for (const phase of phases) {
    const isLoad = phase.name === "spread" || phase.name === "hot" || phase.name === "processes";
    lines.push(
      formatRow(
        [
          `${phase.name}${isLoad ? ` (${phase.description})` : ""}`.slice(0, 34),
          phase.perSecond,
          phase.p50Ms,
          phase.p99Ms,
          String(phase.count),
          phase.cpu.serverMsPerTransfer?.toFixed(2) ?? null,
          phase.cpu.postgresMsPerTransfer.toFixed(2),
          phase.cpu.clientMsPerTransfer?.toFixed(2) ?? null,
        ],
        TABLE_WIDTHS,
      ),
    );
  }
  for (const phase of [spread, hot]) {
    const bySecond = phase.p99BySecondMs?.map((ms) => ms.toFixed(0)).join(" ");
    lines.push(`${phase.name}: p99 ms by second: ${bySecond ?? "-"}`);
  }
  return lines;
}

/** Each target and whether it was met, then the errors and how busy the machine was. */
function verdictLines(outcome: Outcome): string[] {
  const { spread, hot, reference, violations } = outcome;
  const {
    ratioToReference,
    contiguousRatioToReference,
    hotToSpread,
    ratioToPgledger,
    readsToReference,
    httpCeilingToReference,
    processesToReference,
    processesToOne,
    postgresCpuToReference,
    cpuToReference,
  } = ratiosOf(outcome);
  const verdict = (isMet: boolean) => (isMet ? "met" : "MISSED");
  return [
    "",
    `reference: ${reference.description}`,
    `ratio to pgledger (spread / pgledger spread): ${ratioToPgledger.toFixed(3)}   stretch ≥ 1`,
    `authenticated reads / reference:        ${readsToReference === null ? "not measured" : readsToReference.toFixed(3)}   target ≥ 2`,
    `bare HTTP ceiling / reference:          ${httpCeilingToReference === null ? "not measured" : httpCeilingToReference.toFixed(3)}   (no endpoint can pass it here)`,
    `CPU per transfer / per reference transaction: PostgreSQL ${postgresCpuToReference === null ? "–" : postgresCpuToReference.toFixed(3)}, all processes ${cpuToReference === null ? "–" : `${cpuToReference.toFixed(3)} (so at most ${(1 / cpuToReference).toFixed(3)} of the reference with every core busy)`}`,
    ...(outcome.processes && processesToReference !== null && processesToOne !== null
      ? [
          `over ${outcome.settings.processes} processes: ${outcome.processes.perSecond.toFixed(0)}/s, ${processesToOne.toFixed(3)} of one process, ${processesToReference.toFixed(3)} of the reference, p99 ${outcome.processes.p99Ms.toFixed(1)} ms`,
        ]
      : []),
    `deadlocks (pg_stat_database):            ${outcome.deadlocks}   target ${TARGETS.deadlocks}: ${verdict(outcome.deadlocks === 0)}`,
    ...outcome.openLoop.map(
      (item) =>
        `open loop at ${Math.round(item.share * 100)}% (${item.arrivalsPerSecond}/s): p50 ${item.figures.p50Ms.toFixed(1)} ms, p99 ${item.figures.p99Ms.toFixed(1)} ms, ${item.figures.perSecond.toFixed(0)}/s done`,
    ),
    ...(outcome.paired
      ? [
          `ratio to reference, phases above:       ${contiguousRatioToReference.toFixed(3)}   (a minute apart: the machine's drift weighs on it)`,
          `ratio to reference in ${outcome.paired.rounds.length} paired rounds of ${outcome.paired.sliceSeconds} s: rounds from ${outcome.paired.minRatio.toFixed(3)} to ${outcome.paired.maxRatio.toFixed(3)}, median ${outcome.paired.medianRatio.toFixed(3)}`,
        ]
      : []),
    `ratio to reference (spread / reference): ${ratioToReference.toFixed(3)}   target ≥ ${TARGETS.ratioToReference}: ${verdict(ratioToReference >= TARGETS.ratioToReference)}`,
    `hot / spread:                            ${hotToSpread.toFixed(3)}   target ≥ ${TARGETS.hotToSpread}: ${verdict(hotToSpread >= TARGETS.hotToSpread)}`,
    `p99 (spread):                            ${spread.p99Ms.toFixed(1)} ms   target < ${TARGETS.p99Ms} ms: ${verdict(spread.p99Ms < TARGETS.p99Ms)}`,
    ...(spread.leadIn && spread.leadIn.count > 0
      ? [
          `  with its ${outcome.settings.leadInSeconds}-s lead-in: ${spread.leadIn.p99WithItMs.toFixed(1)} ms (the lead-in alone: ${spread.leadIn.p99Ms.toFixed(1)} ms)`,
        ]
      : []),
    `invariant violations:                    ${violations.length}   target ${TARGETS.invariantViolations}: ${verdict(violations.length === 0)}`,
    `errors: spread ${describeErrors(spread.errors)}; hot ${describeErrors(hot.errors)}; reference ${describeErrors(reference.errors)}`,
    `PostgreSQL errors: spread ${describeErrors(spread.postgresErrors)}; hot ${describeErrors(hot.postgresErrors)}`,
    `machine busy: spread ${spread.cpu.machineBusyPercent}%, hot ${hot.cpu.machineBusyPercent}%, reference ${reference.cpu.machineBusyPercent}% of ${os.availableParallelism()} cores`,
  ];
}

/** One transfer sent alone: its statements, their round trips and where the database time goes. */
function profileLines(profile: TransferProfile): string[] {
  return [
    "",
    `One transfer, sent alone (${profile.transfers} samples): ${profile.statementsPerTransfer.toFixed(1)} statements, ` +
      `${profile.statementsInTransaction} of them in its transaction; per request ${profile.medianRequestMs.toFixed(2)} ms ` +
      `(median; mean ${profile.meanRequestMs.toFixed(2)} ms; its statements' times add up to ${profile.meanDatabaseMs.toFixed(2)} ms, ` +
      "more than the request's when some are sent together, db/pipelined.ts)",
    "  per transfer × median ms, share of database time, statement:",
    ...profile.statements
      .slice(0, 12)
      .map(
        (item) =>
          `  ${item.perTransfer.toFixed(1).padStart(4)}× ${item.medianMs.toFixed(3).padStart(7)} ms ${(item.shareOfDatabaseTime * 100).toFixed(0).padStart(3)}%  ${item.statement.slice(0, 110)}`,
      ),
  ];
}

function cpuProfileLines(cpuProfile: CpuProfileSummary): string[] {
  return [
    "",
    `Server CPU profile (extra spread phase, ${(cpuProfile.sampledMs / 1000).toFixed(1)} s; bench/results/tmp/server-spread.cpuprofile), self time:`,
    ...cpuProfile.byPackage.map((item) => `  ${(item.share * 100).toFixed(1).padStart(5)}%  ${item.name}`),
    "  top functions:",
    ...cpuProfile.byFunction.map(
      (item) => `  ${(item.share * 100).toFixed(1).padStart(5)}%  ${item.name.slice(0, 110)}`,
    ),
  ];
}

/** The printed report. */
function reportLines(outcome: Outcome): string[] {
  const { spread, hot, cpuProfile, violations } = outcome;
  const lines = [...phaseTableLines(outcome), ...verdictLines(outcome), ...profileLines(outcome.profile)];
  if (cpuProfile) {
    lines.push(...cpuProfileLines(cpuProfile));
  }
  if ((spread.exhaustedClients ?? 0) + (hot.exhaustedClients ?? 0) > 0) {
    lines.push(
      `note: ${spread.exhaustedClients} spread and ${hot.exhaustedClients} hot clients ran out of prepared transfers early`,
    );
  }
  if (violations.length > 0) {
    lines.push("violations:", ...violations.slice(0, 20).map((violation) => `  ${violation}`));
  }
  return lines;
}

function phaseFiguresOf(phase: PhaseFigures) {
  return {
    perSecond: round(phase.perSecond, 1),
    count: phase.count,
    p50Ms: round(phase.p50Ms, 2),
    p99Ms: round(phase.p99Ms, 2),
    ...(phase.p99BySecondMs === undefined ? {} : { p99BySecondMs: phase.p99BySecondMs.map((ms) => round(ms, 1)) }),
    ...(phase.leadIn === undefined || phase.leadIn.count === 0
      ? {}
      : {
          leadIn: {
            count: phase.leadIn.count,
            p99Ms: round(phase.leadIn.p99Ms, 2),
            p99WithItMs: round(phase.leadIn.p99WithItMs, 2),
          },
        }),
    elapsedMs: round(phase.elapsedMs, 0),
    errors: phase.errors,
    ...(phase.exhaustedClients === undefined ? {} : { exhaustedClients: phase.exhaustedClients }),
    ...(phase.meanBatchSize === undefined ? {} : { meanBatchSize: phase.meanBatchSize }),
    cpu: phase.cpu,
    postgresErrors: phase.postgresErrors,
    description: phase.description,
  };
}

function targetsOf(outcome: Outcome) {
  const { ratioToReference, hotToSpread } = ratiosOf(outcome);
  return {
    ratioToReference: { target: `>= ${TARGETS.ratioToReference}`, isMet: ratioToReference >= TARGETS.ratioToReference },
    hotToSpread: { target: `>= ${TARGETS.hotToSpread}`, isMet: hotToSpread >= TARGETS.hotToSpread },
    p99Ms: { target: `< ${TARGETS.p99Ms}`, isMet: outcome.spread.p99Ms < TARGETS.p99Ms },
    invariantViolations: { target: "0", isMet: outcome.violations.length === 0 },
    deadlocks: { target: "0", isMet: outcome.deadlocks === 0 },
  };
}

function profileFiguresOf(profile: TransferProfile) {
  return {
    ...profile,
    statementsPerTransfer: round(profile.statementsPerTransfer, 2),
    meanRequestMs: round(profile.meanRequestMs, 3),
    medianRequestMs: round(profile.medianRequestMs, 3),
    meanDatabaseMs: round(profile.meanDatabaseMs, 3),
    statements: profile.statements.map((item) => ({
      ...item,
      perTransfer: round(item.perTransfer, 2),
      meanMs: round(item.meanMs, 4),
      medianMs: round(item.medianMs, 4),
      shareOfDatabaseTime: round(item.shareOfDatabaseTime, 4),
    })),
  };
}

function environmentOf(outcome: Outcome) {
  return {
    node: process.version,
    postgres: outcome.db.serverVersion,
    pgbench: outcome.pgbench?.version ?? null,
    cores: os.availableParallelism(),
    loadAverage: os.loadavg().map((value) => round(value, 2)),
    serverPoolMax: outcome.db.database.pool.options.max,
    senders: outcome.settings.clients,
    recipients: outcome.settings.recipients,
  };
}

/** bench/results/transfers.json: the headline figures, the targets, each phase, the profile and the machine. */
function pairedFiguresOfRun(paired: PairedFigures) {
  return {
    sliceSeconds: paired.sliceSeconds,
    ratio: round(paired.ratio, 4),
    medianRatio: round(paired.medianRatio, 4),
    minRatio: round(paired.minRatio, 4),
    maxRatio: round(paired.maxRatio, 4),
    rounds: paired.rounds.map((item) => ({
      referencePerSecond: round(item.referencePerSecond, 1),
      spreadPerSecond: round(item.ferryPerSecond, 1),
      ratio: round(item.ratio, 4),
      isReferenceFirst: item.isReferenceFirst,
    })),
  };
}

function resultsOf(outcome: Outcome) {
  const { settings, spread, hot, reference, referencePhases, authenticatedRead, violations, report } = outcome;
  const {
    ratioToReference,
    contiguousRatioToReference,
    hotToSpread,
    ratioToPgledger,
    hotRatioToPgledger,
    readsToReference,
    httpCeilingToReference,
    processesToReference,
    processesToOne,
    postgresCpuToReference,
    cpuToReference,
  } = ratiosOf(outcome);
  return {
    benchmark: "transfers",
    durability: settings.isThrowaway ? "throwaway: fsync, synchronous_commit and full_page_writes off" : "durable",
    measured:
      "POST /api/v1/transfers (Ferry user to Ferry user, USD) over HTTP on 127.0.0.1 with a session cookie: session check, code verification, transfer, ledger, notification. Setup (sign-up, sign-in, funding, code issuance) is not measured.",
    transfersPerSecond: round(spread.perSecond, 1),
    hotTransfersPerSecond: round(hot.perSecond, 1),
    referencePerSecond: round(reference.perSecond, 1),
    ratioToReference: round(ratioToReference, 4),
    ratioToReferenceMeasuredIn: outcome.paired
      ? `${outcome.paired.rounds.length} paired rounds of ${outcome.paired.sliceSeconds} s (bench/paired.ts)`
      : "the spread and reference phases",
    contiguousRatioToReference: round(contiguousRatioToReference, 4),
    paired: outcome.paired ? pairedFiguresOfRun(outcome.paired) : null,
    hotToSpread: round(hotToSpread, 4),
    pgledgerPerSecond: round(outcome.pgledgerSpread.perSecond, 1),
    pgledgerHotPerSecond: round(outcome.pgledgerHot.perSecond, 1),
    ratioToPgledger: round(ratioToPgledger, 4),
    hotRatioToPgledger: round(hotRatioToPgledger, 4),
    authenticatedReadsToReference: readsToReference === null ? null : round(readsToReference, 4),
    httpCeilingToReference: httpCeilingToReference === null ? null : round(httpCeilingToReference, 4),
    postgresCpuToReference: postgresCpuToReference === null ? null : round(postgresCpuToReference, 4),
    cpuToReference: cpuToReference === null ? null : round(cpuToReference, 4),
    processes: outcome.processes
      ? {
          count: settings.processes,
          perSecond: round(outcome.processes.perSecond, 1),
          ratioToReference: processesToReference === null ? null : round(processesToReference, 4),
          ratioToOneProcess: processesToOne === null ? null : round(processesToOne, 4),
          p50Ms: round(outcome.processes.p50Ms, 2),
          p99Ms: round(outcome.processes.p99Ms, 2),
        }
      : null,
    deadlocks: outcome.deadlocks,
    openLoop: outcome.openLoop.map((item) => ({
      share: item.share,
      arrivalsPerSecond: item.arrivalsPerSecond,
      donePerSecond: round(item.figures.perSecond, 1),
      p50Ms: round(item.figures.p50Ms, 2),
      p99Ms: round(item.figures.p99Ms, 2),
      errors: item.figures.errors,
    })),
    p50Ms: round(spread.p50Ms, 2),
    p99Ms: round(spread.p99Ms, 2),
    leadInSeconds: settings.leadInSeconds,
    p99WithLeadInMs: round(spread.leadIn?.p99WithItMs ?? spread.p99Ms, 2),
    hotP50Ms: round(hot.p50Ms, 2),
    hotP99Ms: round(hot.p99Ms, 2),
    referenceP50Ms: round(reference.p50Ms, 2),
    referenceP99Ms: round(reference.p99Ms, 2),
    invariantViolations: violations.length,
    violations: violations.slice(0, 20),
    targets: targetsOf(outcome),
    clients: settings.clients,
    seconds: settings.seconds,
    errors: { spread: spread.errors, hot: hot.errors, reference: reference.errors, profile: outcome.profileErrors },
    phases: {
      spread: phaseFiguresOf(spread),
      hot: phaseFiguresOf(hot),
      ...(outcome.processes ? { processes: phaseFiguresOf(outcome.processes) } : {}),
      ...Object.fromEntries(
        referencePhases.map((item) => [
          item.isReference ? "reference" : "pgbenchInformational",
          phaseFiguresOf(item.figures),
        ]),
      ),
      pgledgerSpread: phaseFiguresOf(outcome.pgledgerSpread),
      pgledgerHot: phaseFiguresOf(outcome.pgledgerHot),
      ...(authenticatedRead ? { authenticatedRead: phaseFiguresOf(authenticatedRead) } : {}),
      ...(outcome.httpCeiling ? { httpCeiling: phaseFiguresOf(outcome.httpCeiling) } : {}),
    },
    reference: {
      kind: reference.name.replace("reference ", ""),
      description: reference.description,
      scale: settings.referenceScale,
    },
    profile: profileFiguresOf(outcome.profile),
    ...(outcome.cpuProfile ? { serverCpuProfile: outcome.cpuProfile } : {}),
    reconciliation: { accounts: report.accounts, ledgerTransfers: report.transfers, sums: report.sums },
    environment: environmentOf(outcome),
    date: new Date().toISOString(),
  };
}

async function writeResults(outcome: Outcome): Promise<void> {
  const resultsDir = path.join(import.meta.dirname, "results");
  await mkdir(resultsDir, { recursive: true });
  const resultsFile = path.join(resultsDir, "transfers.json");
  await writeFile(resultsFile, `${JSON.stringify(resultsOf(outcome), null, 2)}\n`);
  console.log(`\nWritten: ${path.relative(process.cwd(), resultsFile)}`);
}

// Run as `npm run bench`; imported by the soak (bench/soak.ts) for its set-up and phases.
if (process.argv[1] && path.basename(process.argv[1]) === "run.ts") {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
