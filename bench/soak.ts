/**
 * `npm run bench:soak` (not part of `npm test`, issue 31): Ferry's transfers held at 80 % of their
 * measured maximum for an hour, on durable PostgreSQL, the way Mojaloop's hour-long baseline is run.
 *
 * First the maximum: spread transfers (each sender to a handful of friends) in a closed loop for a
 * minute at the benchmark's 32 clients, with a minute's codes issued beside it as in every minute of
 * the soak. Then an open loop at
 * `BENCH_SOAK_SHARE` of it, minute after minute: transfers arrive on a fixed schedule whatever the
 * answers, and each latency counts from when the transfer was due; the minutes follow one another without
 * a pause (each is handed to the load worker ahead, with the moment it starts). Each minute reports what was done,
 * p50 and p99, the share over 1 s, the memory of the server process (RSS) and of PostgreSQL (the sum of
 * its processes' private memory with their shared memory once, as their PSS adds up), and what else happened in it (soak-watch.ts: the server's event-loop delay and
 * longest GC pause, PostgreSQL's checkpoints, autovacuum runs, WAL and shared buffers, the CPU of each
 * side and what the host took), so a slow minute can be explained. The codes of the next minute's transfers are issued during the first 40 s of a
 * minute, one sender at a time (a code lives 15 minutes), a setup load reported beside the figures.
 * At the end the ledger is reconciled and PostgreSQL's deadlock count read. Results:
 * bench/results/soak.json.
 *
 * Settings (environment): BENCH_SOAK_MINUTES (60), BENCH_SOAK_SHARE (0.8), BENCH_CLIENTS (96: enough
 * senders for an hour of distinct codes), BENCH_THROWAWAY (0).
 */
// First: the server in this process runs with V8 as `npm start` sets it.
import "../apps/server/src/v8-tuning.ts";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { meanBatchSizeBetween, readBatchTotals } from "./batches.ts";
import type { HttpClientPlan, HttpLoadResult } from "./http-load-worker.ts";
import {
  acknowledge,
  type Bench,
  countDeadlocks,
  log,
  openBench,
  planPhase,
  REQUEST_TIMEOUT_MS,
  readSettings,
  reconcile,
  runHttpPhase,
  TRANSFER_REQUEST,
} from "./run.ts";
import { DueSeconds, reportSeconds, type SlowEpisode, watchSeconds } from "./soak-seconds.ts";
import { keepPostgresLog, type MinuteWatch, watchMinute } from "./soak-watch.ts";
import { percentile, round } from "./stats.ts";

const MINUTE_MS = 60_000;
/**
 * The concurrency the maximum is measured at: `npm run bench`'s, whose spread rate is the maximum its
 * own open-loop phases take 50 % and 80 % of, and at which every target of issue 31 is set. The soak's
 * 96 senders exist for an hour of distinct codes; a closed loop of all 96 keeps 96 transfers waiting
 * for every batch, far more than an open loop at 80 % has waiting, and measured rates no open loop
 * held (decision 055, eleventh round).
 */
const MAXIMUM_CLIENTS = 32;
/** Codes per sender for the minute the maximum is measured in: more than any of them can use in it. */
const MAX_PHASE_CODES_PER_CLIENT = 3_200;
/** Codes per sender issued beside the maximum, as a soak minute's are beside its load. */
const BESIDE_CODES_PER_CLIENT = 900;
/** How long before its start a minute's transfers go to the load worker: copied there by then. */
const POST_LEAD_MS = 3_000;
/** How long into a minute the next minute's codes take to issue. */
const ISSUING_SPREAD_MS = 40_000;
/** Mojaloop's baseline: at most 1 % of transfers over 1 s. */
const TARGET_SHARE_OVER_ONE_SECOND = 0.01;

function numberSetting(name: string, fallback: number, min: number, max: number): number {
  const text = process.env[name];
  const value = text === undefined || text === "" ? fallback : Number(text);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new Error(`${name} must be a number from ${min} to ${max}, not "${text}"`);
  }
  return value;
}

/**
 * Memory in MiB: this process's RSS (the server, with the load worker), and PostgreSQL's: its processes'
 * private memory summed, plus its shared memory (shared buffers) and mapped files counted once, which
 * is what their PSS adds up to. Read from /proc/<pid>/status, counters the kernel keeps: PSS itself
 * (smaps_rollup) walks every page table of every backend, and with 1 GB of shared buffers that took a
 * core for a good part of a second at each minute's end, just when the next minute's transfers arrive
 * (decision 055, twelfth round).
 */
async function memoryOf(clusterDir: string): Promise<{ serverRssMb: number; postgresPssMb: number }> {
  const postmaster = Number((await readFile(path.join(clusterDir, "postmaster.pid"), "utf8")).split("\n")[0]);
  let privateKb = 0;
  let sharedKb = 0;
  let filesKb = 0;
  for (const entry of await readdir("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) {
      continue;
    }
    try {
      const stat = await readFile(`/proc/${pid}/stat`, "utf8");
      const parentPid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (pid !== postmaster && parentPid !== postmaster) {
        continue;
      }
      const status = await readFile(`/proc/${pid}/status`, "utf8");
      const kbOf = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
      privateKb += kbOf("RssAnon");
      sharedKb = Math.max(sharedKb, kbOf("RssShmem"));
      filesKb = Math.max(filesKb, kbOf("RssFile"));
    } catch {
      // A process that ended meanwhile.
    }
  }
  return {
    serverRssMb: round(process.memoryUsage().rss / 1024 / 1024, 1),
    postgresPssMb: round((privateKb + sharedKb + filesKb) / 1024, 1),
  };
}

interface MinuteFigures {
  readonly minute: number;
  /** When the minute ended, by the wall clock (PostgreSQL's log is timed by it). */
  readonly endedAt: string;
  readonly donePerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly overOneSecond: number;
  /** Transfers per group-commit batch, on average. */
  readonly meanBatchSize: number | null;
  readonly done: number;
  readonly errors: Record<string, number>;
  readonly serverRssMb: number;
  readonly postgresPssMb: number;
  /** What else happened in the minute: the server's event loop and GC, checkpoints, autovacuum. */
  readonly watched: MinuteWatch;
}

async function minuteFiguresOf(
  minute: number,
  result: HttpLoadResult,
  clusterDir: string,
  { watched, meanBatchSize }: MinuteWindow,
): Promise<MinuteFigures> {
  const latencies = Array.from(result.createdLatenciesMs);
  return {
    minute,
    endedAt: new Date().toISOString(),
    donePerSecond: round((result.createdCount / result.elapsedMs) * 1000, 1),
    p50Ms: round(percentile(latencies, 0.5), 1),
    p99Ms: round(percentile(latencies, 0.99), 1),
    overOneSecond: latencies.filter((latency) => latency > 1000).length,
    meanBatchSize,
    done: result.createdCount,
    errors: result.errors,
    ...(await memoryOf(clusterDir)),
    watched,
  };
}

/**
 * The closed-loop maximum the soak's rate is a share of, measured as a soak minute runs: for a whole
 * minute, with a minute's codes issued beside it over its first 40 s (codes no transfer uses; they
 * expire). A 10 s burst on fresh tables with nothing beside it said 894–1,084/s in three runs, and 80 %
 * of its highest stalled within minutes (decision 055, sixth round).
 */
async function measureMaximum(bench: Bench): Promise<{ perSecond: number; meanBatchSize: number | null }> {
  const plans = await planPhase(bench, "soak-maximum", MAX_PHASE_CODES_PER_CLIENT, bench.spreadRecipientOf, {
    senders: bench.people.senders.slice(0, MAXIMUM_CLIENTS),
  });
  const beside = planPhase(bench, "soak-maximum-beside", BESIDE_CODES_PER_CLIENT, bench.spreadRecipientOf, {
    spreadOverMs: ISSUING_SPREAD_MS,
  });
  // Handled when awaited, after the minute; until then a failure must not end the process.
  beside.catch(() => undefined);
  const { result, meanBatchSize } = await runHttpPhase(bench, "maximum (closed loop, a minute)", plans, MINUTE_MS);
  await beside;
  return { perSecond: (result.createdCount / result.elapsedMs) * 1000, meanBatchSize };
}

/** A minute's figures, and what else happened in it. */
function logMinute(row: MinuteFigures): void {
  const { watched, minute } = row;
  log(
    `minute ${minute}: ${row.donePerSecond}/s done, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, over 1 s ${row.overOneSecond}, batches of ${row.meanBatchSize} on average, server ${row.serverRssMb} MiB, PostgreSQL ${row.postgresPssMb} MiB`,
  );
  log(
    `minute ${minute} (ended ${row.endedAt}): event loop delay p99 ${watched.eventLoopDelayP99Ms} ms, max ${watched.eventLoopDelayMaxMs} ms; longest GC pause ${watched.gcMaxPauseMs} ms (${watched.gcMaxPauseKind}), all ${watched.gcPauseTotalMs} ms (${watched.gcMajorPauses} major), heap ${watched.heapUsedMb} MiB; checkpoints ${watched.checkpoints} (write ${watched.checkpointWriteMs} ms, sync ${watched.checkpointSyncMs} ms); autovacuum: ${watched.autovacuum.join(", ") || "none"}; WAL ${watched.walMb} MiB (${watched.walFullPages} whole pages); buffers: ${watched.bufferHits} hits, ${watched.bufferReads} reads, ${watched.backendWrites} written by connections; CPU: server ${watched.serverCpuPercent} %, PostgreSQL ${watched.postgresCpuPercent} % of a core, machine ${watched.machineBusyPercent} % busy, steal ${watched.stealPercent} %, iowait ${watched.iowaitPercent} %`,
  );
}

/** The slow episodes beside the typical second (bench/soak-seconds.ts). */
function logEpisodes(typical: Record<string, number>, episodes: readonly SlowEpisode[]): void {
  const line = (figures: Record<string, number>) =>
    Object.entries(figures)
      .map(([name, value]) => `${name} ${value}`)
      .join(", ");
  log(`a typical second (medians): ${line(typical)}`);
  for (const episode of episodes) {
    log(
      `slow episode at ${episode.startedAt}: ${episode.seconds} s, ${episode.overOneSecond} over 1 s, longest ${episode.maxLatencyMs} ms`,
    );
    log(`  the 5 s before (medians): ${line(episode.before)}`);
    log(`  during (medians): ${line(episode.during)}`);
    log(`  before and during (largest): ${line(episode.duringMax)}`);
  }
}

/** What a wall-clock minute held beside its transfers (soak-watch.ts), and its mean batch size. */
interface MinuteWindow {
  readonly watched: MinuteWatch;
  readonly meanBatchSize: number | null;
}

/** Starts watching a minute; the function returned ends it. */
async function openWindow(bench: Bench): Promise<() => Promise<MinuteWindow>> {
  const endWatch = await watchMinute(bench.db.admin, bench.db.clusterDir);
  const batchesBefore = await readBatchTotals(bench.server.metrics.registry);
  return async () => {
    const meanBatchSize = meanBatchSizeBetween(batchesBefore, await readBatchTotals(bench.server.metrics.registry));
    return { watched: await endWatch(), meanBatchSize };
  };
}

function sleepUntil(epochMs: number): Promise<void> {
  const waitMs = epochMs - Date.now();
  return waitMs > 0 ? new Promise((resolve) => setTimeout(resolve, waitMs)) : Promise.resolve();
}

/**
 * The soak's minutes, one after another without a gap: each minute's transfers go to the load worker
 * a few seconds ahead (POST_LEAD_MS) with the moment their schedule starts, which is the moment the
 * minute before it ends; the answers still due for that one arrive beside the new minute's. (Started
 * only once the one before had all its answers, each minute began with a pause in arrivals and then
 * a stall of the server's thread while the load was handed over, and nearly every slow second of a
 * 28-minute soak was at the start of a minute: decision 055, twelfth round.) A minute's figures are
 * its transfers' (those due in it) and its wall-clock minute's (soak-watch.ts, batch sizes).
 */
async function runMinutes(
  bench: Bench,
  minutes: number,
  rate: number,
  plan: (minute: number) => Promise<HttpClientPlan[]>,
) {
  const figures: MinuteFigures[] = [];
  const dueSeconds = new DueSeconds();
  const reports: Promise<void>[] = [];
  let failure: unknown = null;
  const report = (minute: number, result: Promise<HttpLoadResult>, window: MinuteWindow) => {
    const reported = async () => {
      const answered = await result;
      acknowledge(bench, answered);
      dueSeconds.add(answered.createdDueAtMs, answered.createdLatenciesMs);
      const row = await minuteFiguresOf(minute, answered, bench.db.clusterDir, window);
      figures.push(row);
      logMinute(row);
    };
    reports.push(
      reported().catch((error: unknown) => {
        failure ??= error;
      }),
    );
  };
  let endedEarly: string | null = null;
  let next = plan(1);
  let startAt = 0;
  let closeWindow: (() => Promise<MinuteWindow>) | null = null;
  let running: { minute: number; result: Promise<HttpLoadResult> } | null = null;
  for (let minute = 1; minute <= minutes; minute += 1) {
    let plans: HttpClientPlan[];
    try {
      plans = await next;
    } catch (error) {
      endedEarly = `minute ${minute}'s codes could not be issued: ${String(error)}`;
      log(`ending early: ${endedEarly}`);
      break;
    }
    if (minute === 1) {
      // Fresh statistics and no checkpoint pending at the start, as every phase of `npm run bench`.
      await bench.db.admin.query("ANALYZE");
      await bench.db.admin.query("CHECKPOINT");
    }
    const due = minute === 1 ? Date.now() + POST_LEAD_MS : Math.max(startAt + MINUTE_MS, Date.now() + POST_LEAD_MS);
    if (minute > 1 && due > startAt + MINUTE_MS) {
      log(`minute ${minute} starts ${due - startAt - MINUTE_MS} ms late: its codes were not issued in time`);
    }
    startAt = due;
    await sleepUntil(startAt - POST_LEAD_MS);
    const { port, origin } = bench.server;
    const result = bench.worker.run({
      ...TRANSFER_REQUEST,
      arrivalsPerSecond: rate,
      startAt,
      port,
      origin,
      durationMs: MINUTE_MS,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      clients: plans,
    });
    // Handled when reported; until then a failure must not end the process.
    result.catch(() => undefined);
    await sleepUntil(startAt);
    // The next minute's codes are issued while this one runs: a code lives 15 minutes.
    next = minute < minutes ? plan(minute + 1) : Promise.resolve([]);
    const window = closeWindow ? await closeWindow() : null;
    closeWindow = await openWindow(bench);
    if (running && window) {
      report(running.minute, running.result, window);
    }
    running = { minute, result };
  }
  if (running && closeWindow) {
    await sleepUntil(startAt + MINUTE_MS);
    report(running.minute, running.result, await closeWindow());
  }
  await Promise.all(reports);
  if (failure) {
    throw failure;
  }
  figures.sort((a, b) => a.minute - b.minute);
  return { figures, endedEarly, dueSeconds, next };
}

/** Prints the soak's outcome in a line and writes bench/results/soak.json. */
async function writeResults(
  results: object,
  outcome: { done: number; minutes: number; rate: number; violations: number; deadlocks: number },
): Promise<void> {
  const { shareOverOneSecond } = results as { shareOverOneSecond: number };
  console.log(
    `\n${outcome.done} transfers in ${outcome.minutes} min at ${outcome.rate}/s arriving; over 1 s: ${(shareOverOneSecond * 100).toFixed(2)} % (target ≤ 1 %); invariant violations ${outcome.violations}; deadlocks ${outcome.deadlocks}`,
  );
  const resultsDir = path.join(import.meta.dirname, "results");
  await mkdir(resultsDir, { recursive: true });
  await writeFile(path.join(resultsDir, "soak.json"), `${JSON.stringify(results, null, 2)}\n`);
  console.log("Written: bench/results/soak.json");
}

async function main(): Promise<void> {
  process.env.BENCH_CLIENTS ??= "96";
  const settings = readSettings();
  const minutes = numberSetting("BENCH_SOAK_MINUTES", 60, 1, 600);
  const share = numberSetting("BENCH_SOAK_SHARE", 0.8, 0.05, 1);
  console.log(
    `Ferry soak: ${minutes} min at ${share * 100} % of the measured maximum, ${settings.clients} senders, PostgreSQL ${settings.isThrowaway ? "throwaway" : "durable"}`,
  );
  const { bench, close } = await openBench(settings, (minutes + 20) * MINUTE_MS);
  try {
    const postgresLogFile = await keepPostgresLog(bench.db.admin, bench.db.postgresLogListeners);
    log(`PostgreSQL's log (lock waits, statements over 500 ms, checkpoints, autovacuum): ${postgresLogFile}`);
    const { perSecond: maximum, meanBatchSize: maximumMeanBatchSize } = await measureMaximum(bench);
    const rate = Math.max(1, Math.round(maximum * share));
    const perClient = Math.ceil((rate * 60) / settings.clients) + 5;
    log(
      `maximum ${maximum.toFixed(0)}/s (batches of ${maximumMeanBatchSize} on average); holding ${rate}/s (${perClient} codes per sender and minute)`,
    );
    // A minute's codes that could not be issued beside the load are issued again before it, once;
    // failing that, the soak ends early and says why, with the minutes it held.
    // Minute 1's codes are issued before the load; each later minute's over the 40 s after the minute
    // before it starts, one sender at a time, as people ask for codes: all at once, 44,000 codes in a
    // few seconds in the server's own process, stalled the transfers beside them for seconds.
    const plan = (minute: number) => {
      const spreadOverMs = minute === 1 ? undefined : ISSUING_SPREAD_MS;
      const issued = planPhase(bench, `soak-${minute}`, perClient, bench.spreadRecipientOf, { spreadOverMs });
      const planned = issued.catch((error: unknown) => {
        log(`issuing minute ${minute}'s codes failed (${String(error)}); issuing them again before it`);
        return planPhase(bench, `soak-${minute}-again`, perClient, bench.spreadRecipientOf);
      });
      // Handled when awaited, at the minute's start; until then a failure must not end the process.
      planned.catch(() => undefined);
      return planned;
    };
    const stopSeconds = await watchSeconds(bench.db.admin, bench.server.metrics);
    const { figures, endedEarly, dueSeconds, next } = await runMinutes(bench, minutes, rate, plan);
    await next.catch(() => undefined);
    const seconds = await reportSeconds(await stopSeconds(), dueSeconds);
    logEpisodes(seconds.typical, seconds.episodes);
    const { report, violations } = await reconcile(bench);
    const deadlocks = await countDeadlocks(bench);
    const done = figures.reduce((sum, row) => sum + row.done, 0);
    const overOneSecond = figures.reduce((sum, row) => sum + row.overOneSecond, 0);
    const shareOverOneSecond = done > 0 ? overOneSecond / done : 0;
    const results = {
      benchmark: "soak",
      durability: settings.isThrowaway ? "throwaway: fsync, synchronous_commit and full_page_writes off" : "durable",
      measured:
        "POST /api/v1/transfers (Ferry user to Ferry user, USD) arriving at a fixed rate (open loop), latency from when each was due, the minutes one after another without a pause; the next minute's codes are issued during each minute (setup, beside the load).",
      minutes,
      minutesHeld: figures.length,
      endedEarly,
      senders: settings.clients,
      maximumPerSecond: round(maximum, 1),
      maximumClients: MAXIMUM_CLIENTS,
      maximumMeanBatchSize,
      share,
      arrivalsPerSecond: rate,
      transfers: done,
      shareOverOneSecond: round(shareOverOneSecond, 5),
      targets: {
        shareOverOneSecond: {
          target: `<= ${TARGET_SHARE_OVER_ONE_SECOND}`,
          isMet: shareOverOneSecond <= TARGET_SHARE_OVER_ONE_SECOND,
        },
        invariantViolations: { target: "0", isMet: violations.length === 0 },
        deadlocks: { target: "0", isMet: deadlocks === 0 },
      },
      invariantViolations: violations.length,
      violations: violations.slice(0, 20),
      deadlocks,
      reconciliation: { accounts: report.accounts, ledgerTransfers: report.transfers },
      perMinute: figures,
      typicalSecond: seconds.typical,
      slowEpisodes: seconds.episodes,
      date: new Date().toISOString(),
    };
    await writeResults(results, { done, minutes, rate, violations: violations.length, deadlocks });
  } finally {
    await close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
