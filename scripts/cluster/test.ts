/**
 * `npm run cluster:test` (not part of `npm test`): starts the loopback cluster (cluster.ts), drives
 * Ferry-user transfers through HAProxy from several clients that retry with the same Idempotency-Key
 * and code, keeps a Server-Sent Events client open for one recipient, and meanwhile kills a Ferry
 * process, the PostgreSQL primary, then the etcd leader. Then it checks that every acknowledged
 * transfer exists exactly once, that the ledger reconciles, that the SSE client saw each of its
 * user's events once, and runs the restore check (restore-check.ts). Figures go to
 * bench/results/cluster.json.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { buildApp } from "../../apps/server/src/app.ts";
import { loadConfig } from "../../apps/server/src/config.ts";
import { openDatabase } from "../../apps/server/src/db/database.ts";
import { reconcileLedger } from "../../apps/server/src/modules/ledger/reconcile.ts";
import {
  type BenchUser,
  createUsers,
  fundSenders,
  mapConcurrently,
  openWallets,
  planTransfers,
  type Sender,
  signInOverHttp,
} from "../../bench/ferry-setup.ts";
import type { HttpClientPlan } from "../../bench/http-load-worker.ts";
import { sendHttp } from "../../bench/http-request.ts";
import {
  type Cluster,
  etcdLeader,
  log,
  patroniLeader,
  startCluster,
  startFerry,
  waitFor,
  waitForFerry,
  waitForHealthyPatroni,
} from "./cluster.ts";
import {
  archiveCurrentWal,
  type BaseBackup,
  type RestoreResult,
  restoreAndCheck,
  takeBaseBackup,
} from "./restore-check.ts";

const RESULTS_FILE = path.resolve(import.meta.dirname, "../../bench/results/cluster.json");
const SENDERS = 4;
const RECIPIENTS = 3;
/** Each client sends one transfer, waits for its answer, then this long: about 40 transfers a second in all. */
const PACING_MS = 100;
const TRANSFERS_PER_SENDER = 1_200;
/** A transfer is retried (same key, same code) for this long before the client gives up on it. */
const GIVE_UP_AFTER_MS = 90_000;
const ATTEMPT_TIMEOUT_MS = 15_000;
const RETRY_PAUSE_MS = 250;
/** Traffic before the first kill, and after each kill before the next. */
const STEADY_MS = 12_000;

interface Attempt {
  readonly at: number;
  readonly ok: boolean;
}

interface TrafficLog {
  readonly attempts: Attempt[];
  readonly acknowledgedKeys: string[];
  readonly givenUpKeys: string[];
  /** Completion times of acknowledged transfers (ms since the epoch), in order. */
  readonly acknowledgedAt: number[];
  sent: number;
  replays: number;
  readonly unexpected: string[];
}

/** Sends one planned transfer until it is acknowledged (201, or 200 for a replay) or refused for good. */
async function sendUntilAnswered(
  cluster: Cluster,
  agent: http.Agent,
  plan: HttpClientPlan,
  request: HttpClientPlan["requests"][number],
  traffic: TrafficLog,
): Promise<void> {
  const started = Date.now();
  const key = request.idempotencyKey ?? "";
  for (;;) {
    let status = 0;
    let body = "";
    try {
      const response = await sendHttp({
        agent,
        port: cluster.ports.haproxyHttp,
        method: "POST",
        path: "/api/v1/transfers",
        headers: {
          origin: cluster.httpUrl,
          accept: "application/json",
          cookie: plan.cookie,
          "x-forwarded-for": plan.ip,
          "idempotency-key": key,
        },
        body: request.body,
        timeoutMs: ATTEMPT_TIMEOUT_MS,
      });
      status = response.status;
      body = response.body;
    } catch {
      status = 0;
    }
    const now = Date.now();
    if (status === 200 || status === 201) {
      traffic.attempts.push({ at: now, ok: true });
      traffic.acknowledgedKeys.push(key);
      traffic.acknowledgedAt.push(now);
      if (status === 200) {
        traffic.replays += 1;
      }
      return;
    }
    traffic.attempts.push({ at: now, ok: false });
    const isRetryable = status === 0 || status >= 500 || status === 429 || status === 409;
    if (!isRetryable) {
      traffic.unexpected.push(`${key}: ${status} ${body.slice(0, 200)}`);
      return;
    }
    if (now - started > GIVE_UP_AFTER_MS) {
      traffic.givenUpKeys.push(key);
      return;
    }
    await sleep(RETRY_PAUSE_MS);
  }
}

/** One client: its sender's planned transfers one after another, until `shouldStop` or the plan ends. */
async function runClient(
  cluster: Cluster,
  plan: HttpClientPlan,
  traffic: TrafficLog,
  shouldStop: () => boolean,
): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (const request of plan.requests) {
      if (shouldStop()) {
        return;
      }
      traffic.sent += 1;
      await sendUntilAnswered(cluster, agent, plan, request, traffic);
      await sleep(PACING_MS);
    }
  } finally {
    agent.destroy();
  }
}

interface SseLog {
  readonly received: { id: string; type: string; at: number }[];
  /** When each stream opened and ended (ms since the epoch), for the report. */
  readonly streams: { opened: number; ended?: number; lastEventId?: string }[];
  connections: number;
  lastId: string | undefined;
  isStopped: boolean;
  current: http.ClientRequest | null;
}

/**
 * An EventSource as a browser runs it: GET /api/v1/events with the session cookie, and after the
 * stream drops, again with Last-Event-ID set to the last id received (after its `retry:` hint, here
 * 500 ms so the check is quick).
 */
async function runSseClient(cluster: Cluster, cookie: string, ip: string, sse: SseLog): Promise<void> {
  while (!sse.isStopped) {
    await new Promise<void>((resolve) => {
      const headers: Record<string, string> = { accept: "text/event-stream", cookie, "x-forwarded-for": ip };
      if (sse.lastId !== undefined) {
        headers["last-event-id"] = sse.lastId;
      }
      const request = http.request(
        { host: "127.0.0.1", port: cluster.ports.haproxyHttp, path: "/api/v1/events", headers },
        (response) => {
          if (response.statusCode !== 200) {
            response.resume();
            response.on("end", resolve);
            response.on("error", () => resolve());
            return;
          }
          sse.connections += 1;
          const entry: SseLog["streams"][number] = { opened: Date.now(), lastEventId: sse.lastId };
          sse.streams.push(entry);
          response.on("close", () => {
            entry.ended = Date.now();
          });
          let buffer = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => {
            buffer += chunk;
            let end = buffer.indexOf("\n\n");
            while (end >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              end = buffer.indexOf("\n\n");
              const id = /^id: ?(.*)$/m.exec(block)?.[1];
              const data = /^data: ?(.*)$/m.exec(block)?.[1];
              if (id !== undefined && data !== undefined) {
                const type = (JSON.parse(data) as { type?: string }).type ?? "message";
                sse.received.push({ id, type, at: Date.now() });
                sse.lastId = id;
              }
            }
          });
          response.on("end", resolve);
          response.on("error", () => resolve());
        },
      );
      sse.current = request;
      request.on("error", () => resolve());
      request.end();
    });
    if (!sse.isStopped) {
      await sleep(500);
    }
  }
}

interface KillRecord {
  readonly what: string;
  readonly target: string;
  /** Seconds since traffic started. */
  readonly at: number;
  atMs: number;
  /** Seconds from the kill until the cluster was whole again in Patroni's or etcd's eyes, where measured. */
  recoveredAfterSeconds?: number;
  /** Seconds from the kill until a replacement process was ready (the Ferry kill only). */
  replacementReadyAfterSeconds?: number;
}

/** The longest time without an acknowledged transfer from `from` until `to` (kill to next kill). */
function longestGapSeconds(acknowledgedAt: readonly number[], from: number, to: number): number {
  const inside = acknowledgedAt.filter((at) => at > from && at <= to).sort((a, b) => a - b);
  let previous = from;
  let longest = 0;
  for (const at of inside) {
    longest = Math.max(longest, at - previous);
    previous = at;
  }
  longest = Math.max(longest, inside.length === 0 ? to - from : 0);
  return Math.round(longest) / 1000;
}

function versionOf(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: "utf8" });
  return (result.stdout || result.stderr).split("\n")[0].trim();
}

async function main(): Promise<void> {
  const runId = Date.now().toString(36);
  const keyPrefix = `cluster-${runId}-`;
  const cluster = await startCluster({ ferryEnv: { LOG_LEVEL: "warn" } });
  let isDone = false;
  const stopOnSignal = async () => {
    if (!isDone) {
      isDone = true;
      await cluster.stop();
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void stopOnSignal());
  process.on("SIGTERM", () => void stopOnSignal());
  try {
    await runTest(cluster, runId, keyPrefix);
  } finally {
    isDone = true;
    log("stopping the cluster");
    await cluster.stop();
  }
  if (process.exitCode === 1) {
    log(`cluster directory (logs, archive) left for inspection at ${cluster.baseDir}`);
  } else {
    rmSync(cluster.baseDir, { recursive: true, force: true });
  }
}

/** Customers made, funded and signed in through HAProxy; each sender's transfers planned with their codes. */
async function prepareCustomers(cluster: Cluster, runId: string, keyPrefix: string) {
  const testDir = path.join(cluster.baseDir, "test-app");
  mkdirSync(testDir, { recursive: true });
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PORT: "0",
    DATA_DIR: testDir,
    PUBLIC_URL: cluster.httpUrl,
    AUTH_SECRET: cluster.authSecret,
    TRUST_PROXY: "loopback",
  });
  // The setup's own connection to the database (through HAProxy); it is not used while traffic flows.
  const setupDb = openDatabase(cluster.databaseUrl, 4);
  const { app, auth } = await buildApp({ config, db: setupDb.db, pool: setupDb.pool });
  log("creating senders and recipients");
  const senderUsers = await createUsers(auth, runId, "sender", SENDERS);
  const recipients = await createUsers(auth, runId, "recipient", RECIPIENTS);
  await fundSenders(setupDb.db, senderUsers);
  await openWallets(setupDb.db, recipients);
  const setupAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const port = cluster.ports.haproxyHttp;
  const origin = cluster.httpUrl;
  const signIn = (user: BenchUser, ip: string) =>
    signInOverHttp({ db: setupDb.db, agent: setupAgent, port, origin, email: user.email, ip });
  const senders: Sender[] = await mapConcurrently(senderUsers, async (user, index) => {
    const ip = `10.88.0.${index + 1}`;
    return { ...user, ip, cookie: await signIn(user, ip), plannedCount: 0 };
  });
  const watched = recipients[0];
  const watchedIp = "10.88.1.1";
  const watchedCookie = await signIn(watched, watchedIp);
  log(`${SENDERS} senders and the watched recipient signed in over HTTP through HAProxy`);
  const plans = await planTransfers({
    db: setupDb.db,
    authSecret: cluster.authSecret,
    phase: runId,
    senders,
    perClient: TRANSFERS_PER_SENDER,
    recipientOf: (_client, index) => recipients[index % recipients.length],
  });
  for (const plan of plans) {
    for (const request of plan.requests) {
      Object.assign(request, { idempotencyKey: `${keyPrefix}${request.idempotencyKey}` });
    }
  }
  const eventsBefore = await setupDb.pool.query<{ id: string | null }>(
    "SELECT max(id)::text AS id FROM live_events WHERE user_id = $1",
    [watched.userId],
  );
  const firstEventId = eventsBefore.rows[0].id ?? "0";
  await app.close();
  await setupDb.close();
  setupAgent.destroy();
  return { plans, watched, watchedIp, watchedCookie, firstEventId };
}

/** The Ferry process whose `/metrics` counts an open live stream (open outside production without a token). */
async function ferryHoldingAStream(cluster: Cluster): Promise<number | undefined> {
  for (const [index, port] of cluster.ports.ferry.entries()) {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(5_000) }).catch(
      () => undefined,
    );
    const text = response?.ok ? await response.text() : "";
    if (Number(/^ferry_live_streams (\d+)/m.exec(text)?.[1] ?? 0) > 0) {
      return index + 1;
    }
  }
  return undefined;
}

/** A Ferry process, the PostgreSQL primary, then the etcd leader, each after STEADY_MS of traffic. */
async function killInTurn(cluster: Cluster, traffic: TrafficLog, trafficStarted: number): Promise<KillRecord[]> {
  const kills: KillRecord[] = [];
  const record = (what: string, target: string): KillRecord => {
    const now = Date.now();
    const kill = { what, target, at: (now - trafficStarted) / 1000, atMs: now };
    kills.push(kill);
    log(
      `kill: ${what} (${target}) at +${kill.at.toFixed(1)} s; ${traffic.acknowledgedKeys.length} acknowledged so far`,
    );
    return kill;
  };

  await sleep(STEADY_MS);
  // The process holding the SSE client's stream, so the reconnect with Last-Event-ID is tested too.
  const victim = (await ferryHoldingAStream(cluster)) ?? 2;
  record("Ferry process", `ferry${victim}, the one holding the SSE stream (SIGKILL)`);
  cluster.signal(`ferry${victim}`, "SIGKILL");
  // A replacement starts a few seconds later, as a supervisor would start one, and rejoins the balancer.
  await sleep(3_000);
  const restarted = Date.now();
  startFerry(cluster, victim);
  await waitForFerry(cluster, victim, 120_000);
  kills[0].replacementReadyAfterSeconds = Math.round((Date.now() - kills[0].atMs) / 100) / 10;
  log(`ferry${victim} restarted: ready ${((Date.now() - restarted) / 1000).toFixed(1)} s after its start`);
  await sleep(Math.max(0, STEADY_MS - (Date.now() - kills[0].atMs)));
  const leader = await waitFor("Patroni's leader", 30_000, () => patroniLeader(cluster));
  const postmaster = cluster.postmasterPidOf(leader);
  if (postmaster === undefined) {
    throw new Error(`pg${leader} has no postmaster.pid`);
  }
  const pgKill = record("PostgreSQL primary", `pg${leader}'s postmaster, pid ${postmaster} (SIGKILL)`);
  process.kill(postmaster, "SIGKILL");
  const newLeader = await waitFor("a new primary", 60_000, async () => {
    const current = await patroniLeader(cluster);
    return current !== undefined && current !== leader ? current : undefined;
  });
  pgKill.recoveredAfterSeconds = (Date.now() - pgKill.atMs) / 1000;
  log(`Patroni promoted pg${newLeader} ${pgKill.recoveredAfterSeconds.toFixed(1)} s after the kill`);
  await waitForHealthyPatroni(cluster, 90_000).catch((error: unknown) => log(`warning: ${String(error)}`));
  await sleep(STEADY_MS);
  const etcdMember = await waitFor("etcd's leader", 30_000, () => etcdLeader(cluster));
  const etcdKill = record("etcd leader", `etcd${etcdMember} (SIGKILL)`);
  cluster.signal(`etcd${etcdMember}`, "SIGKILL");
  const newEtcdLeader = await waitFor("a new etcd leader", 30_000, async () => {
    const current = await etcdLeader(cluster);
    return current !== undefined && current !== etcdMember ? current : undefined;
  });
  etcdKill.recoveredAfterSeconds = (Date.now() - etcdKill.atMs) / 1000;
  log(`etcd${newEtcdLeader} leads ${etcdKill.recoveredAfterSeconds.toFixed(1)} s after the kill`);
  await sleep(STEADY_MS);
  return kills;
}

interface RunFigures {
  readonly kills: KillRecord[];
  readonly trafficStarted: number;
  readonly trafficStopped: number;
  readonly trafficEnded: number;
  readonly traffic: TrafficLog;
  readonly checks: Awaited<ReturnType<typeof checkTransfers>>;
  readonly backup: BaseBackup;
  readonly walFile: string;
  readonly restore: RestoreResult | { error: string };
}

/** bench/results/cluster.json from the run's figures. */
function writeResults(figures: RunFigures) {
  const { kills, trafficStarted, trafficStopped, trafficEnded, traffic, checks, backup, walFile, restore } = figures;
  const killWindows = kills.map((kill, index) => {
    const next = kills[index + 1]?.atMs ?? trafficStopped;
    return {
      what: kill.what,
      target: kill.target,
      atSeconds: kill.at,
      longestOutageSeconds: longestGapSeconds(traffic.acknowledgedAt, kill.atMs, next),
      failedAttempts: traffic.attempts.filter((attempt) => !attempt.ok && attempt.at >= kill.atMs && attempt.at < next)
        .length,
      ...(kill.replacementReadyAfterSeconds === undefined
        ? {}
        : { replacementReadyAfterSeconds: kill.replacementReadyAfterSeconds }),
      ...(kill.recoveredAfterSeconds === undefined
        ? {}
        : { newLeaderAfterSeconds: Math.round(kill.recoveredAfterSeconds * 10) / 10 }),
    };
  });
  const results = {
    generatedAt: new Date().toISOString(),
    command: "npm run cluster:test",
    machine: {
      cpus: os.cpus().length,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      note: "shared with other sessions",
    },
    engines: {
      postgres: versionOf("/usr/lib/postgresql/15/bin/postgres", ["--version"]),
      patroni: versionOf("/usr/bin/patroni", ["--version"]),
      etcd: versionOf("etcd", ["--version"]),
      haproxy: versionOf("haproxy", ["-v"]),
    },
    settings: {
      ferryProcesses: 3,
      postgresMembers: 3,
      etcdMembers: 3,
      patroni: { ttl: 10, loop_wait: 1, retry_timeout: 4, synchronous_mode: true, primary_start_timeout: 0 },
      clients: SENDERS,
      pacingMs: PACING_MS,
      steadySecondsBetweenKills: STEADY_MS / 1000,
      retry: "same Idempotency-Key and code on a network error, 5xx, 409 or 429, every 250 ms, for up to 90 s",
    },
    trafficSeconds: Math.round((trafficEnded - trafficStarted) / 100) / 10,
    requests: {
      sent: traffic.sent,
      httpAttempts: traffic.attempts.length,
      acknowledged: traffic.acknowledgedKeys.length,
      acknowledgedAsReplay: traffic.replays,
      lost: checks.lost,
      duplicated: checks.duplicated,
      givenUp: traffic.givenUpKeys.length,
      refused: traffic.unexpected.length,
      storedButNotAcknowledged: checks.storedNotAcknowledged,
      unposted: checks.unposted,
    },
    reconciliation: checks.reconciliation,
    liveEvents: checks.sse,
    kills: killWindows,
    restore: {
      baseBackupTakenAt: backup.takenAt,
      baseBackupSeconds: backup.seconds,
      transfersAcknowledgedAfterBackup: traffic.acknowledgedKeys.length,
      archivedThrough: walFile,
      ...restore,
    },
  };
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  console.log(
    JSON.stringify({ requests: results.requests, liveEvents: results.liveEvents, kills: killWindows }, null, 2),
  );
  log(`results written to ${path.relative(process.cwd(), RESULTS_FILE)}`);
  return results;
}

async function runTest(cluster: Cluster, runId: string, keyPrefix: string): Promise<void> {
  const { plans, watched, watchedIp, watchedCookie, firstEventId } = await prepareCustomers(cluster, runId, keyPrefix);
  log("base backup (pg_basebackup) before the traffic");
  const backup = takeBaseBackup(cluster);
  log(`base backup taken in ${backup.seconds.toFixed(1)} s`);

  const sse: SseLog = { received: [], streams: [], connections: 0, lastId: undefined, isStopped: false, current: null };
  const sseDone = runSseClient(cluster, watchedCookie, watchedIp, sse);
  await waitFor("the SSE stream to open", 30_000, async () => (sse.connections > 0 ? true : undefined));

  const traffic: TrafficLog = {
    attempts: [],
    acknowledgedKeys: [],
    givenUpKeys: [],
    acknowledgedAt: [],
    sent: 0,
    replays: 0,
    unexpected: [],
  };
  let isTrafficStopped = false;
  const trafficStarted = Date.now();
  log(`traffic: ${SENDERS} clients through HAProxy, one transfer each every ~${PACING_MS} ms plus its answer`);
  const clients = plans.map((plan) => runClient(cluster, plan, traffic, () => isTrafficStopped));
  const kills = await killInTurn(cluster, traffic, trafficStarted);
  isTrafficStopped = true;
  const trafficStopped = Date.now();
  log("traffic stopping; waiting for the clients' last transfers");
  await Promise.all(clients);
  const trafficEnded = Date.now();

  // Give the SSE client time to hear the last events, then close it.
  await sleep(3_000);

  const db = openDatabase(cluster.databaseUrl, 4);
  let checks: Awaited<ReturnType<typeof checkTransfers>>;
  try {
    await waitFor("the SSE client to hear every event", 20_000, async () => {
      const expected = await db.pool.query<{ count: string }>(
        "SELECT count(*)::text AS count FROM live_events WHERE user_id = $1 AND id > $2",
        [watched.userId, firstEventId],
      );
      return new Set(sse.received.map((event) => event.id)).size >= Number(expected.rows[0].count) ? true : undefined;
    }).catch(() => log("warning: the SSE client did not hear every event within 20 s"));
    sse.isStopped = true;
    sse.current?.destroy();
    await sseDone;
    checks = await checkTransfers(db, traffic, keyPrefix, watched, firstEventId, sse);
  } finally {
    await db.close();
  }

  log("restore check: archive the current WAL, restore the base backup into a fresh PostgreSQL");
  const walFile = await archiveCurrentWal(cluster);
  const restore: RestoreResult | { error: string } = await restoreAndCheck(
    cluster,
    backup,
    traffic.acknowledgedKeys,
    keyPrefix,
  ).catch((error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }));

  writeResults({
    kills,
    trafficStarted,
    trafficStopped,
    trafficEnded,
    traffic,
    checks,
    backup,
    walFile,
    restore,
  });
  const failures = [
    checks.lost > 0 ? `${checks.lost} acknowledged transfers lost` : "",
    checks.duplicated > 0 ? `${checks.duplicated} transfers stored twice` : "",
    checks.unposted > 0 ? `${checks.unposted} transfers without a posted ledger movement` : "",
    checks.reconciliation.violations.length > 0 ? `${checks.reconciliation.violations.length} ledger violations` : "",
    checks.sse.missed > 0 ? `${checks.sse.missed} live events missed` : "",
    checks.sse.duplicated > 0 ? `${checks.sse.duplicated} live events received twice` : "",
    "error" in restore ? `the restore check failed: ${restore.error}` : "",
    "missing" in restore && restore.missing > 0
      ? `${restore.missing} acknowledged transfers missing after the restore`
      : "",
    "missing" in restore && restore.reconcileViolations.length > 0 ? "the restored ledger does not reconcile" : "",
    traffic.unexpected.length > 0 ? `${traffic.unexpected.length} transfers refused: ${traffic.unexpected[0]}` : "",
  ].filter(Boolean);
  if (failures.length > 0) {
    console.error(`✖ cluster test failed:\n  - ${failures.join("\n  - ")}`);
    process.exitCode = 1;
  } else {
    log("✔ every acknowledged transfer exists once, the ledger reconciles, no live event missed or repeated");
  }
}

/** Every acknowledged transfer stored once and posted; the ledger's invariants; the SSE client's events. */
async function checkTransfers(
  db: ReturnType<typeof openDatabase>,
  traffic: TrafficLog,
  keyPrefix: string,
  watched: BenchUser,
  firstEventId: string,
  sse: SseLog,
) {
  const stored = await db.pool.query<{ idempotency_key: string; copies: string; unposted: string }>(
    `SELECT t.idempotency_key, count(*)::text AS copies,
            count(*) FILTER (WHERE NOT EXISTS (
              SELECT 1 FROM ledger_transfers l
              WHERE l.reference_type = 'transfer' AND l.reference_id = t.id::text AND l.state = 'posted'))::text AS unposted
     FROM transfers t WHERE t.idempotency_key LIKE $1 GROUP BY t.idempotency_key`,
    [`${keyPrefix}%`],
  );
  const storedKeys = new Map(stored.rows.map((row) => [row.idempotency_key, Number(row.copies)]));
  const acknowledged = new Set(traffic.acknowledgedKeys);
  const lost = [...acknowledged].filter((key) => !storedKeys.has(key)).length;
  const duplicated =
    [...storedKeys.values()].filter((copies) => copies > 1).length +
    (traffic.acknowledgedKeys.length - acknowledged.size);
  const storedNotAcknowledged = [...storedKeys.keys()].filter((key) => !acknowledged.has(key)).length;
  const unposted = stored.rows.reduce((sum, row) => sum + Number(row.unposted), 0);
  const report = await reconcileLedger(db.db);

  const events = await db.pool.query<{ id: string; type: string; created_at: Date }>(
    "SELECT id::text AS id, type, created_at FROM live_events WHERE user_id = $1 AND id > $2 ORDER BY id",
    [watched.userId, firstEventId],
  );
  const receivedIds = sse.received.map((event) => event.id);
  const receivedSet = new Set(receivedIds);
  const missedRows = events.rows.filter((row) => !receivedSet.has(row.id));
  const missed = missedRows.length;
  const toWatched = await db.pool.query<{ count: string }>(
    `SELECT count(*)::text AS count FROM transfers t
     WHERE t.idempotency_key LIKE $1 AND t.recipient_user_id = $2`,
    [`${keyPrefix}%`, watched.userId],
  );
  return {
    lost,
    duplicated,
    storedNotAcknowledged,
    unposted,
    reconciliation: {
      accounts: Number(report.accounts),
      ledgerTransfers: Number(report.transfers),
      violations: report.violations,
    },
    sse: {
      eventsWrittenForUser: events.rows.length,
      notificationEventsWritten: events.rows.filter((row) => row.type === "notification").length,
      transfersReceivedByUser: Number(toWatched.rows[0].count),
      received: receivedIds.length,
      missed,
      duplicated: receivedIds.length - receivedSet.size,
      connections: sse.connections,
      missedSample: missedRows.slice(0, 10).map((row) => ({ id: row.id, type: row.type, at: row.created_at })),
      streams: sse.streams.map((stream) => ({
        opened: new Date(stream.opened).toISOString(),
        ended: stream.ended === undefined ? null : new Date(stream.ended).toISOString(),
        lastEventId: stream.lastEventId ?? null,
      })),
    },
  };
}

main().catch((error: unknown) => {
  console.error(`✖ cluster test failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
