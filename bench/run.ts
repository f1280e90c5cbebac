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
 * request at a time per client; the clients run in a worker thread, off the server's event loop):
 * "spread" (each client sends from its own account to many others) and "hot" (every client sends to
 * one account).
 * In the same run, on the same database, at the same concurrency and for the same time: the
 * reference, PostgreSQL's TPC-B-like transaction (pgbench's `tpcb-like`), run by `pgbench` when its
 * major version is the server's, otherwise statement for statement from Node (and a mismatched
 * `pgbench`, if present, for information). Machines are shared and noisy, so the figures that matter
 * are the ratios. Afterwards the ledger is reconciled. Results: bench/results/transfers.json.
 *
 * Settings (environment):
 * - BENCH_SECONDS (10), BENCH_CLIENTS (32), BENCH_WARMUP_SECONDS (2)
 * - BENCH_RECIPIENTS (as many as clients), BENCH_REF_SCALE (as many pgbench branches as clients)
 * - BENCH_REFERENCE (auto | node | pgbench), BENCH_POOL_MAX (default: the server's own pool size)
 * - BENCH_PROFILE_TRANSFERS (20): transfers sent one at a time with their statements recorded
 * - BENCH_READ_FLOOR (1; 0 skips the informational GET /api/v1/me phase, the floor of any
 *   authenticated request)
 * - BENCH_CPU_PROFILE (0; 1 adds a spread phase under V8's profiler, not counted in the figures, and
 *   writes bench/results/tmp/server-spread.cpuprofile)
 */
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import pg from "pg";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { openDatabase } from "../apps/server/src/db/database.ts";
import { findFreePort, startEmbeddedDatabase } from "../apps/server/src/db/embedded.ts";
import { migrate } from "../apps/server/src/db/migrate.ts";
import { reconcileLedger } from "../apps/server/src/modules/ledger/reconcile.ts";
import { type CpuUsage, cpuSince, takeCpuSnapshot } from "./cpu.ts";
import { type CpuProfileSummary, startCpuProfile, summariseCpuProfile } from "./cpu-profile.ts";
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
import type { HttpClientPlan, HttpLoadJob, HttpLoadResult, PlannedRequest } from "./http-load-worker.ts";
import { errorCodeOf, LOOPBACK_HOST, sendHttp } from "./http-request.ts";
import { recordPoolStatements, type StatementSummary, summariseStatements } from "./statement-recorder.ts";
import { percentile, round, sleep, tally } from "./stats.ts";
import {
  createReferenceTables,
  findPgbench,
  type ReferenceResult,
  runReferenceFromNode,
  runReferenceWithPgbench,
} from "./tpcb-reference.ts";

const REQUEST_TIMEOUT_MS = 10_000;
/** After a phase, how long to wait for requests still running on the server. */
const QUIET_TIMEOUT_MS = 60_000;
/** The whole run is abandoned (and cleaned up) after this long, whatever happens. */
const RUN_TIMEOUT_MS = 10 * 60 * 1000;
/** Prepared transfers per client and phase: enough for 3× the rate seen so far, within bounds. */
const POOL_HEADROOM = 3;
const MIN_POOL_PER_CLIENT = 50;
const MAX_POOL_PER_CLIENT = 3000;
const WARMUP_POOL_PER_CLIENT = 40;

const TRANSFER_REQUEST = { method: "POST", path: "/api/v1/transfers", expectedStatus: 201 } as const;
/** The cheapest authenticated request: the session check and one small read, for the floor of any API call. */
const AUTHENTICATED_READ = { method: "GET", path: "/api/v1/me", expectedStatus: 200 } as const;
const MAX_READS_PER_CLIENT = 20_000;
const READ_FLOOR_MAX_SECONDS = 5;

const TARGETS = {
  ratioToReference: 1,
  hotToSpread: 0.5,
  p99Ms: 50,
  invariantViolations: 0,
} as const;

interface Settings {
  readonly seconds: number;
  readonly clients: number;
  readonly warmupSeconds: number;
  readonly recipients: number;
  readonly referenceScale: number;
  readonly reference: "auto" | "node" | "pgbench";
  readonly poolMax: number | undefined;
  readonly profileTransfers: number;
  readonly isCpuProfiled: boolean;
  readonly isReadFloorMeasured: boolean;
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

function readSettings(): Settings {
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
    recipients: intSetting("BENCH_RECIPIENTS", clients, 1, 512),
    referenceScale: intSetting("BENCH_REF_SCALE", clients, 1, 200),
    reference,
    poolMax,
    profileTransfers: intSetting("BENCH_PROFILE_TRANSFERS", 20, 1, 200),
    isCpuProfiled: process.env.BENCH_CPU_PROFILE === "1",
    isReadFloorMeasured: process.env.BENCH_READ_FLOOR !== "0",
  };
}

const runStartedAt = performance.now();
function log(message: string): void {
  const seconds = ((performance.now() - runStartedAt) / 1000).toFixed(1).padStart(6);
  console.log(`[${seconds}s] ${message}`);
}

/** The load worker thread: one job at a time, each bounded by the phase's time plus a margin. */
function startLoadWorker() {
  const worker = new Worker(new URL("./http-load-worker.ts", import.meta.url));
  return {
    run(job: HttpLoadJob): Promise<HttpLoadResult> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => {
            finish();
            reject(new Error("The load worker did not finish in time"));
          },
          job.durationMs + job.requestTimeoutMs + 30_000,
        );
        const onMessage = (message: { ok: boolean; result?: HttpLoadResult; message?: string }) => {
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
        worker.postMessage(job);
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
  readonly elapsedMs: number;
  readonly errors: Record<string, number>;
  readonly exhaustedClients?: number;
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
  run: { result: HttpLoadResult; cpu: CpuUsage; postgresErrors: Record<string, number> },
): PhaseFigures {
  const { result, cpu } = run;
  return {
    name,
    description,
    perSecond: (result.createdCount / result.elapsedMs) * 1000,
    count: result.createdCount,
    p50Ms: percentile(result.createdLatenciesMs, 0.5),
    p99Ms: percentile(result.createdLatenciesMs, 0.99),
    elapsedMs: result.elapsedMs,
    errors: result.errors,
    exhaustedClients: result.exhaustedClients,
    // The process's CPU minus the load worker's thread is the server's (its JavaScript, GC, libuv).
    cpu: cpuFigures(cpu, result.createdCount, result.clientCpuMs, cpu.processMs - result.clientCpuMs),
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
    elapsedMs: result.elapsedMs,
    errors: result.errors,
    // The Node reference's client runs on this process's main thread; pgbench is another process.
    cpu: cpuFigures(cpu, result.transactions, result.kind === "node-pg" ? cpu.processMs : null, null),
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

async function main(): Promise<void> {
  const settings = readSettings();
  const runId = randomBytes(4).toString("hex");
  const tempDir = await mkdtemp(path.join(os.tmpdir(), "ferry-bench-"));
  const cleanups: { name: string; run: () => Promise<unknown> }[] = [];
  let isCleanedUp = false;
  async function cleanUp(): Promise<void> {
    if (isCleanedUp) {
      return;
    }
    isCleanedUp = true;
    for (const cleanup of cleanups.reverse()) {
      await cleanup.run().catch((error: unknown) => console.error(`Cleanup (${cleanup.name}) failed:`, error));
    }
    await rm(tempDir, { recursive: true, force: true });
  }
  const watchdog = setTimeout(() => {
    console.error(`The benchmark did not finish within ${RUN_TIMEOUT_MS / 60_000} minutes; stopping.`);
    void cleanUp().finally(() => process.exit(2));
  }, RUN_TIMEOUT_MS);
  watchdog.unref();
  const onSignal = (signal: string) => {
    console.error(`${signal}: stopping and cleaning up.`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  try {
    console.log(
      `Ferry transfer benchmark: ${settings.clients} clients, ${settings.seconds} s per phase, ` +
        `Node ${process.version}, ${os.availableParallelism()} cores, load average ${os
          .loadavg()
          .map((value) => value.toFixed(2))
          .join(" ")}`,
    );
    console.log(
      "Measured: POST /api/v1/transfers over HTTP on 127.0.0.1 (session check, code verification, transfer, " +
        "ledger, notification; one database transaction). Not measured: sign-up, sign-in, funding, issuing codes.",
    );

    // --- Database -------------------------------------------------------------------------------
    log("starting a throwaway PostgreSQL cluster");
    const postgresLog: string[] = [];
    const postgresErrors: Record<string, number> = {};
    const embedded = await startEmbeddedDatabase({
      dataDir: tempDir,
      port: await findFreePort(),
      databaseName: "ferry_bench",
      isThrowaway: true,
      onLog: (message) => {
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
      },
    }).catch((error: unknown) => {
      throw new Error(`Could not start the embedded PostgreSQL: ${String(error)}\n${postgresLog.join("")}`);
    });
    cleanups.push({ name: "PostgreSQL", run: () => embedded.stop() });
    const clusterDir = path.join(tempDir, "postgres");
    const database = openDatabase(embedded.url, settings.poolMax);
    const recorder = recordPoolStatements(database.pool);
    cleanups.push({ name: "server pool", run: () => database.close() });
    const admin = new pg.Pool({ connectionString: embedded.url, max: 2 });
    // pg-pool's end() resolves before its sockets have closed, so stopping the cluster right after can
    // reach a closing idle client as an 'error' event; without a listener that would crash the run.
    for (const pool of [database.pool, admin]) {
      pool.on("error", (error) => {
        if (!isCleanedUp) {
          log(`idle database connection failed: ${error.message}`);
        }
      });
    }
    cleanups.push({ name: "admin pool", run: () => admin.end() });
    await migrate(database.pool);
    const serverVersion = (
      await admin.query<{ version: string; num: string }>(
        "SELECT current_setting('server_version') AS version, current_setting('server_version_num') AS num",
      )
    ).rows[0];
    const serverMajor = Math.floor(Number(serverVersion.num) / 10_000);
    log(`PostgreSQL ${serverVersion.version}; creating the reference tables (scale ${settings.referenceScale})`);
    await createReferenceTables(admin, settings.referenceScale);

    // --- Server ---------------------------------------------------------------------------------
    const appPort = await findFreePort();
    const origin = `http://localhost:${appPort}`;
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      PORT: String(appPort),
      PUBLIC_URL: origin,
      // Each simulated user has its own client address, sent as X-Forwarded-For.
      TRUST_PROXY: "loopback",
    });
    const { app, auth } = await buildApp({ config, db: database.db, pool: database.pool });
    cleanups.push({ name: "server", run: () => app.close() });
    await app.listen({ host: LOOPBACK_HOST, port: appPort });
    log(`server listening on ${LOOPBACK_HOST}:${appPort} (pool of ${database.pool.options.max} connections)`);

    // --- Users ----------------------------------------------------------------------------------
    log(`creating ${settings.clients} senders, ${settings.recipients} recipients and 1 hot recipient`);
    const senderUsers = await createUsers(auth, runId, "sender", settings.clients);
    const recipients = await createUsers(auth, runId, "recipient", settings.recipients);
    const [hotRecipient] = await createUsers(auth, runId, "hot", 1);
    await fundSenders(database.db, senderUsers);
    await openWallets(database.db, [...recipients, hotRecipient]);
    const setupAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    cleanups.push({ name: "setup agent", run: async () => setupAgent.destroy() });
    const senders: Sender[] = await mapConcurrently(senderUsers, async (user, index) => {
      const ip = `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`;
      const cookie = await signInOverHttp({
        db: database.db,
        agent: setupAgent,
        port: appPort,
        origin,
        email: user.email,
        ip,
      });
      return { ...user, ip, cookie, plannedCount: 0 };
    });
    log(`${senders.length} senders signed in over HTTP (password, e-mailed code, session cookie)`);

    const worker = startLoadWorker();
    cleanups.push({ name: "load worker", run: () => worker.stop() });
    const spreadRecipientOf = (clientIndex: number, transferIndex: number): BenchUser =>
      recipients[(clientIndex + transferIndex) % recipients.length];
    const acknowledged = { created: 0, networkErrors: 0 };

    /** PostgreSQL errors logged while `body` runs. */
    async function watchPostgresErrors<T>(body: () => Promise<T>) {
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
    async function waitForQuietServer(): Promise<boolean> {
      const pool = database.pool;
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

    async function runHttpPhase(
      phase: string,
      plans: HttpClientPlan[],
      durationMs: number,
      request: Pick<HttpLoadJob, "method" | "path" | "expectedStatus"> = TRANSFER_REQUEST,
    ) {
      // Same starting conditions for every phase: fresh statistics, no checkpoint pending.
      await admin.query("ANALYZE");
      await admin.query("CHECKPOINT");
      const before = await takeCpuSnapshot(admin, clusterDir);
      const { value: result, postgresErrors: phaseErrors } = await watchPostgresErrors(() =>
        worker.run({
          ...request,
          port: appPort,
          origin,
          durationMs,
          requestTimeoutMs: REQUEST_TIMEOUT_MS,
          clients: plans,
        }),
      );
      const cpu = await cpuSince(before, admin, clusterDir);
      // Requests the clients gave up on may still be running on the server: let them finish first.
      if (!(await waitForQuietServer())) {
        log(`${phase}: the server was still busy ${QUIET_TIMEOUT_MS / 1000} s after the phase ended`);
      }
      if (request.path === TRANSFER_REQUEST.path) {
        acknowledged.created += result.createdCount;
        for (const [code, count] of Object.entries(result.errors)) {
          if (code.startsWith("network")) {
            acknowledged.networkErrors += count;
          }
        }
      }
      log(
        `${phase}: ${result.createdCount} ${request.path === TRANSFER_REQUEST.path ? "transfers" : "requests"} in ${(result.elapsedMs / 1000).toFixed(1)} s, errors: ${describeErrors(result.errors)}` +
          `; PostgreSQL errors: ${describeErrors(phaseErrors)}`,
      );
      return { result, cpu, postgresErrors: phaseErrors };
    }

    async function planPhase(phase: string, perClient: number, recipientOf: (c: number, t: number) => BenchUser) {
      log(`${phase}: issuing ${perClient * senders.length} transfer codes (${perClient} per client; setup)`);
      return planTransfers({
        db: database.db,
        authSecret: config.authSecret,
        phase: `${phase}-${runId}`,
        senders,
        perClient,
        recipientOf,
      });
    }

    // --- Warm-up (not reported) -----------------------------------------------------------------
    let estimatedRate = 0;
    if (settings.warmupSeconds > 0) {
      const plans = await planPhase("warm-up", WARMUP_POOL_PER_CLIENT, spreadRecipientOf);
      const warmup = await runHttpPhase("warm-up", plans, settings.warmupSeconds * 1000);
      estimatedRate = (warmup.result.createdCount / warmup.result.elapsedMs) * 1000;
    }

    // --- Profile: the statements of one transfer, sent one at a time on a quiet server ----------
    const [profilePlan] = await planTransfers({
      db: database.db,
      authSecret: config.authSecret,
      phase: `profile-${runId}`,
      senders: [senders[0]],
      perClient: settings.profileTransfers,
      recipientOf: spreadRecipientOf,
    });
    const profileErrors: Record<string, number> = {};
    const requestTimes: number[] = [];
    recorder.start();
    for (const transfer of profilePlan.requests) {
      const startedAt = performance.now();
      const response = await sendHttp({
        agent: setupAgent,
        port: appPort,
        method: "POST",
        path: "/api/v1/transfers",
        headers: {
          cookie: profilePlan.cookie,
          origin,
          "idempotency-key": transfer.idempotencyKey ?? "",
          "x-forwarded-for": profilePlan.ip,
        },
        body: transfer.body,
        timeoutMs: REQUEST_TIMEOUT_MS,
      });
      requestTimes.push(performance.now() - startedAt);
      if (response.status === 201) {
        acknowledged.created += 1;
      } else {
        tally(profileErrors, errorCodeOf(response.status, response.body));
      }
    }
    const recorded = recorder.stop();
    const profiledCount = profilePlan.requests.length;
    const transactionStart = recorded.findIndex((item) => /^begin/i.test(item.text.trim()));
    const transactionEnd = recorded.findIndex((item) => /^commit/i.test(item.text.trim()));
    const firstCommit = recorded.findIndex((item) => /^commit/i.test(item.text.trim()));
    const profile: TransferProfile = {
      transfers: profiledCount,
      // One whole request: everything up to the first transaction's end, plus the read that follows it.
      sequence: recorded.slice(0, firstCommit + 2).map((item) => item.text.replace(/\s+/g, " ").trim().slice(0, 120)),
      statementsPerTransfer: recorded.length / profiledCount,
      statementsInTransaction:
        transactionStart >= 0 && transactionEnd > transactionStart ? transactionEnd - transactionStart + 1 : 0,
      meanRequestMs: requestTimes.reduce((sum, value) => sum + value, 0) / profiledCount,
      medianRequestMs: percentile(requestTimes, 0.5),
      meanDatabaseMs: recorded.reduce((sum, item) => sum + item.durationMs, 0) / profiledCount,
      statements: summariseStatements(recorded, profiledCount),
    };
    log(`profile: ${profiledCount} transfers one at a time, errors: ${describeErrors(profileErrors)}`);

    // --- Reference ------------------------------------------------------------------------------
    const pgbench = settings.reference === "node" ? null : await findPgbench();
    if (settings.reference === "pgbench" && !pgbench) {
      throw new Error("BENCH_REFERENCE=pgbench, but no pgbench is on PATH");
    }
    const isPgbenchReference = pgbench !== null && (settings.reference === "pgbench" || pgbench.major === serverMajor);
    const referencePhases: { figures: PhaseFigures; isReference: boolean }[] = [];
    async function runPgbench(isReference: boolean) {
      if (!pgbench) {
        return;
      }
      await admin.query("CHECKPOINT");
      const logDir = await mkdtemp(path.join(tempDir, "pgbench-log-"));
      const before = await takeCpuSnapshot(admin, clusterDir);
      const { value: result, postgresErrors: during } = await watchPostgresErrors(() =>
        runReferenceWithPgbench({
          url: embedded.url,
          clients: settings.clients,
          durationMs: settings.seconds * 1000,
          logDir,
          version: pgbench.version,
        }),
      );
      const cpu = await cpuSince(before, admin, clusterDir);
      log(`reference (pgbench): ${result.transactions} transactions, ${result.perSecond.toFixed(0)}/s`);
      referencePhases.push({ figures: referenceFigures("reference pgbench", result, cpu, during), isReference });
    }
    if (isPgbenchReference) {
      await runPgbench(true);
    } else {
      await admin.query("CHECKPOINT");
      const before = await takeCpuSnapshot(admin, clusterDir);
      const { value: result, postgresErrors: during } = await watchPostgresErrors(() =>
        runReferenceFromNode({
          url: embedded.url,
          clients: settings.clients,
          durationMs: settings.seconds * 1000,
          scale: settings.referenceScale,
        }),
      );
      const cpu = await cpuSince(before, admin, clusterDir);
      log(`reference (Node): ${result.transactions} transactions, ${result.perSecond.toFixed(0)}/s`);
      referencePhases.push({
        figures: referenceFigures("reference node-pg", result, cpu, during),
        isReference: true,
      });
      if (pgbench) {
        log(`pgbench found (${pgbench.version}) but the server is PostgreSQL ${serverMajor}: run for information only`);
        await runPgbench(false).catch((error: unknown) => log(`pgbench could not run: ${String(error)}`));
      }
    }
    const reference = referencePhases.find((item) => item.isReference)?.figures;
    if (!reference) {
      throw new Error("The reference did not run");
    }

    // --- Spread ---------------------------------------------------------------------------------
    const spreadPlans = await planPhase("spread", poolPerClient(estimatedRate, settings), spreadRecipientOf);
    const spreadRun = await runHttpPhase("spread", spreadPlans, settings.seconds * 1000);
    const spread = httpPhaseFigures(
      "spread",
      `${settings.clients} senders → ${settings.recipients} recipients`,
      spreadRun,
    );

    // --- Optional: where the server's CPU goes, in an extra spread phase (not in the figures) ----
    let cpuProfile: CpuProfileSummary | null = null;
    if (settings.isCpuProfiled) {
      const plans = await planPhase("cpu-profile", poolPerClient(spread.perSecond, settings), spreadRecipientOf);
      const stopProfile = await startCpuProfile();
      await runHttpPhase("cpu-profile", plans, settings.seconds * 1000);
      const profile = await stopProfile();
      const scratchDir = path.join(import.meta.dirname, "results", "tmp");
      await mkdir(scratchDir, { recursive: true });
      await writeFile(path.join(scratchDir, "server-spread.cpuprofile"), JSON.stringify(profile));
      cpuProfile = summariseCpuProfile(profile);
    }

    // --- Hot ------------------------------------------------------------------------------------
    const hotPlans = await planPhase(
      "hot",
      poolPerClient(Math.max(estimatedRate, spread.perSecond), settings),
      () => hotRecipient,
    );
    const hotRun = await runHttpPhase("hot", hotPlans, settings.seconds * 1000);
    const hot = httpPhaseFigures("hot", `${settings.clients} senders → 1 recipient`, hotRun);

    // --- Informational: the floor of any authenticated request (session check and a small read) --
    let authenticatedRead: PhaseFigures | null = null;
    if (settings.isReadFloorMeasured) {
      const readPlans = senders.map((sender) => ({
        cookie: sender.cookie,
        ip: sender.ip,
        requests: new Array<PlannedRequest>(MAX_READS_PER_CLIENT).fill({}),
      }));
      const readRun = await runHttpPhase(
        "authenticated read",
        readPlans,
        Math.min(settings.seconds, READ_FLOOR_MAX_SECONDS) * 1000,
        AUTHENTICATED_READ,
      );
      authenticatedRead = httpPhaseFigures(
        "authenticated read",
        `GET ${AUTHENTICATED_READ.path}, ${settings.clients} clients (informational)`,
        readRun,
      );
    }

    // --- Reconciliation -------------------------------------------------------------------------
    const report = await reconcileLedger(database.db);
    const violations = [...report.violations];
    const stored = await admin.query<{ transfers: string; unposted: string }>(
      `SELECT count(*)::text AS transfers,
              count(*) FILTER (WHERE NOT EXISTS (
                SELECT 1 FROM ledger_transfers l
                WHERE l.reference_type = 'transfer' AND l.reference_id = t.id::text AND l.state = 'posted'))::text AS unposted
       FROM transfers t WHERE t.idempotency_key LIKE $1`,
      ["bench-%"],
    );
    const storedCount = Number(stored.rows[0].transfers);
    if (storedCount < acknowledged.created || storedCount > acknowledged.created + acknowledged.networkErrors) {
      violations.push(`the API acknowledged ${acknowledged.created} transfers; the database holds ${storedCount}`);
    }
    if (Number(stored.rows[0].unposted) > 0) {
      violations.push(`${stored.rows[0].unposted} Ferry-user transfers have no posted ledger movement`);
    }
    log(
      `reconciliation: ${report.accounts} accounts, ${report.transfers} ledger transfers, ${violations.length} violations`,
    );

    // --- Report ---------------------------------------------------------------------------------
    const ratioToReference = spread.perSecond / reference.perSecond;
    const hotToSpread = spread.perSecond > 0 ? hot.perSecond / spread.perSecond : 0;
    const widths = [34, 10, 8, 8, 8, 9, 9, 9];
    const lines = [
      "",
      `Transfers through the API vs PostgreSQL's TPC-B-like transaction — ${settings.clients} concurrent clients, ${settings.seconds} s each`,
      formatRow(["phase", "per s", "p50 ms", "p99 ms", "count", "server", "postgres", "client"], widths),
      formatRow(["", "", "", "", "", "ms CPU per transfer/transaction", "", ""], [34, 10, 8, 8, 8, 0, 0, 0]).trimEnd(),
    ];
    const phases = [
      spread,
      hot,
      ...referencePhases.map((item) => item.figures),
      ...(authenticatedRead ? [authenticatedRead] : []),
    ];
    for (const phase of phases) {
      lines.push(
        formatRow(
          [
            `${phase.name}${phase.name === "spread" || phase.name === "hot" ? ` (${phase.description})` : ""}`.slice(
              0,
              34,
            ),
            phase.perSecond,
            phase.p50Ms,
            phase.p99Ms,
            String(phase.count),
            phase.cpu.serverMsPerTransfer?.toFixed(2) ?? null,
            phase.cpu.postgresMsPerTransfer.toFixed(2),
            phase.cpu.clientMsPerTransfer?.toFixed(2) ?? null,
          ],
          widths,
        ),
      );
    }
    const verdict = (isMet: boolean) => (isMet ? "met" : "MISSED");
    lines.push(
      "",
      `reference: ${reference.description}`,
      `ratio to reference (spread / reference): ${ratioToReference.toFixed(3)}   target ≥ ${TARGETS.ratioToReference}: ${verdict(ratioToReference >= TARGETS.ratioToReference)}`,
      `hot / spread:                            ${hotToSpread.toFixed(3)}   target ≥ ${TARGETS.hotToSpread}: ${verdict(hotToSpread >= TARGETS.hotToSpread)}`,
      `p99 (spread):                            ${spread.p99Ms.toFixed(1)} ms   target < ${TARGETS.p99Ms} ms: ${verdict(spread.p99Ms < TARGETS.p99Ms)}`,
      `invariant violations:                    ${violations.length}   target ${TARGETS.invariantViolations}: ${verdict(violations.length === 0)}`,
      `errors: spread ${describeErrors(spread.errors)}; hot ${describeErrors(hot.errors)}; reference ${describeErrors(reference.errors)}`,
      `PostgreSQL errors: spread ${describeErrors(spread.postgresErrors)}; hot ${describeErrors(hot.postgresErrors)}`,
      `machine busy: spread ${spread.cpu.machineBusyPercent}%, hot ${hot.cpu.machineBusyPercent}%, reference ${reference.cpu.machineBusyPercent}% of ${os.availableParallelism()} cores`,
      "",
      `One transfer, sent alone (${profile.transfers} samples): ${profile.statementsPerTransfer.toFixed(1)} statements (round trips), ` +
        `${profile.statementsInTransaction} of them in its transaction; per request ${profile.medianRequestMs.toFixed(2)} ms ` +
        `(median; mean ${profile.meanRequestMs.toFixed(2)} ms, of which ${profile.meanDatabaseMs.toFixed(2)} ms waiting on the database)`,
      "  per transfer × median ms, share of database time, statement:",
      ...profile.statements
        .slice(0, 12)
        .map(
          (item) =>
            `  ${item.perTransfer.toFixed(1).padStart(4)}× ${item.medianMs.toFixed(3).padStart(7)} ms ${(item.shareOfDatabaseTime * 100).toFixed(0).padStart(3)}%  ${item.statement.slice(0, 110)}`,
        ),
    );
    if (cpuProfile) {
      lines.push(
        "",
        `Server CPU profile (extra spread phase, ${(cpuProfile.sampledMs / 1000).toFixed(1)} s; bench/results/tmp/server-spread.cpuprofile), self time:`,
        ...cpuProfile.byPackage.map((item) => `  ${(item.share * 100).toFixed(1).padStart(5)}%  ${item.name}`),
        "  top functions:",
        ...cpuProfile.byFunction.map(
          (item) => `  ${(item.share * 100).toFixed(1).padStart(5)}%  ${item.name.slice(0, 110)}`,
        ),
      );
    }
    if ((spread.exhaustedClients ?? 0) + (hot.exhaustedClients ?? 0) > 0) {
      lines.push(
        `note: ${spread.exhaustedClients} spread and ${hot.exhaustedClients} hot clients ran out of prepared transfers early`,
      );
    }
    if (violations.length > 0) {
      lines.push("violations:", ...violations.slice(0, 20).map((violation) => `  ${violation}`));
    }
    console.log(lines.join("\n"));

    const figures = (phase: PhaseFigures) => ({
      perSecond: round(phase.perSecond, 1),
      count: phase.count,
      p50Ms: round(phase.p50Ms, 2),
      p99Ms: round(phase.p99Ms, 2),
      elapsedMs: round(phase.elapsedMs, 0),
      errors: phase.errors,
      ...(phase.exhaustedClients === undefined ? {} : { exhaustedClients: phase.exhaustedClients }),
      cpu: phase.cpu,
      postgresErrors: phase.postgresErrors,
      description: phase.description,
    });
    const results = {
      benchmark: "transfers",
      measured:
        "POST /api/v1/transfers (Ferry user to Ferry user, USD) over HTTP on 127.0.0.1 with a session cookie: session check, code verification, transfer, ledger, notification. Setup (sign-up, sign-in, funding, code issuance) is not measured.",
      transfersPerSecond: round(spread.perSecond, 1),
      hotTransfersPerSecond: round(hot.perSecond, 1),
      referencePerSecond: round(reference.perSecond, 1),
      ratioToReference: round(ratioToReference, 4),
      hotToSpread: round(hotToSpread, 4),
      p50Ms: round(spread.p50Ms, 2),
      p99Ms: round(spread.p99Ms, 2),
      hotP50Ms: round(hot.p50Ms, 2),
      hotP99Ms: round(hot.p99Ms, 2),
      referenceP50Ms: round(reference.p50Ms, 2),
      referenceP99Ms: round(reference.p99Ms, 2),
      invariantViolations: violations.length,
      violations: violations.slice(0, 20),
      targets: {
        ratioToReference: {
          target: `>= ${TARGETS.ratioToReference}`,
          isMet: ratioToReference >= TARGETS.ratioToReference,
        },
        hotToSpread: { target: `>= ${TARGETS.hotToSpread}`, isMet: hotToSpread >= TARGETS.hotToSpread },
        p99Ms: { target: `< ${TARGETS.p99Ms}`, isMet: spread.p99Ms < TARGETS.p99Ms },
        invariantViolations: { target: "0", isMet: violations.length === 0 },
      },
      clients: settings.clients,
      seconds: settings.seconds,
      errors: { spread: spread.errors, hot: hot.errors, reference: reference.errors, profile: profileErrors },
      phases: {
        spread: figures(spread),
        hot: figures(hot),
        ...Object.fromEntries(
          referencePhases.map((item) => [
            item.isReference ? "reference" : "pgbenchInformational",
            figures(item.figures),
          ]),
        ),
        ...(authenticatedRead ? { authenticatedReadInformational: figures(authenticatedRead) } : {}),
      },
      reference: {
        kind: reference.name.replace("reference ", ""),
        description: reference.description,
        scale: settings.referenceScale,
      },
      profile: {
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
      },
      ...(cpuProfile ? { serverCpuProfile: cpuProfile } : {}),
      reconciliation: { accounts: report.accounts, ledgerTransfers: report.transfers, sums: report.sums },
      environment: {
        node: process.version,
        postgres: serverVersion.version,
        pgbench: pgbench?.version ?? null,
        cores: os.availableParallelism(),
        loadAverage: os.loadavg().map((value) => round(value, 2)),
        serverPoolMax: database.pool.options.max,
        senders: settings.clients,
        recipients: settings.recipients,
      },
      date: new Date().toISOString(),
    };
    const resultsDir = path.join(import.meta.dirname, "results");
    await mkdir(resultsDir, { recursive: true });
    const resultsFile = path.join(resultsDir, "transfers.json");
    await writeFile(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\nWritten: ${path.relative(process.cwd(), resultsFile)}`);
  } finally {
    clearTimeout(watchdog);
    log("cleaning up");
    await cleanUp();
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
