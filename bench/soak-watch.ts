/**
 * What else happened in a soak's minute (bench/soak.ts), so that a slow minute can be told apart from
 * a slow transfer path: the server's event loop (its longest and 99th-percentile delay), its garbage
 * collector's longest pause, all its pauses together and the heap it marks, in this process (the server runs here); PostgreSQL's checkpoints and the
 * time they spent writing and syncing, the tables autovacuum vacuumed or analysed, the WAL written (and
 * its whole-page images), and how the server's connections fared in shared buffers; the CPU each side
 * used, and what the host took (steal). And PostgreSQL's
 * own account, with times, in bench/results/tmp/soak-postgres.log (`keepPostgresLog`).
 */
import { createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { constants, monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { getHeapStatistics } from "node:v8";
import type pg from "pg";
import { cpuSince, hostWaitsMs, takeCpuSnapshot } from "./cpu.ts";
import { round } from "./stats.ts";

export interface MinuteWatch {
  readonly eventLoopDelayP99Ms: number;
  readonly eventLoopDelayMaxMs: number;
  readonly gcMaxPauseMs: number;
  /** What that longest pause was: "major" (mark-compact), "minor" (scavenge), "incremental" or "weak callbacks". */
  readonly gcMaxPauseKind: string;
  /** All the minute's garbage-collection pauses added up, and how many were major (mark-compact). */
  readonly gcPauseTotalMs: number;
  readonly gcMajorPauses: number;
  /** The JavaScript heap in use at the minute's end: what a major collection has to mark. */
  readonly heapUsedMb: number;
  readonly checkpoints: number;
  readonly checkpointWriteMs: number;
  readonly checkpointSyncMs: number;
  /** Tables vacuumed or analysed by autovacuum in the minute, as "name (vacuum)" or "name (analyze)". */
  readonly autovacuum: string[];
  /** WAL written in the minute, and how many of its records were whole pages (after a checkpoint). */
  readonly walMb: number;
  readonly walFullPages: number;
  /** Pages the server's connections found in and out of shared buffers, and dirty pages they wrote out to evict. */
  readonly bufferHits: number;
  readonly bufferReads: number;
  readonly backendWrites: number;
  /**
   * Where the CPU went, in % of one core: this process (the server and the load worker) and PostgreSQL;
   * and in % of all cores: the machine busy, the host's steal and iowait. A minute that makes fewer
   * transfers with its processes using less CPU and steal up lost its cores to the host.
   */
  readonly serverCpuPercent: number;
  readonly postgresCpuPercent: number;
  readonly machineBusyPercent: number;
  readonly stealPercent: number;
  readonly iowaitPercent: number;
}

interface PostgresCounters {
  readonly checkpoints: number;
  readonly writeMs: number;
  readonly syncMs: number;
  readonly tables: Map<string, { vacuums: number; analyzes: number }>;
  readonly walBytes: number;
  readonly walFullPages: number;
  readonly hits: number;
  readonly reads: number;
  readonly writes: number;
}

async function readPostgresCounters(admin: pg.Pool): Promise<PostgresCounters> {
  const [checkpointer, tables, wal, io] = await Promise.all([
    admin.query<{ checkpoints: string; write_time: number; sync_time: number }>(
      "SELECT (num_timed + num_requested)::text AS checkpoints, write_time, sync_time FROM pg_stat_checkpointer",
    ),
    admin.query<{ name: string; vacuums: string; analyzes: string }>(
      `SELECT schemaname || '.' || relname AS name, autovacuum_count::text AS vacuums,
              autoanalyze_count::text AS analyzes
         FROM pg_stat_all_tables WHERE autovacuum_count + autoanalyze_count > 0`,
    ),
    admin.query<{ bytes: string; full_pages: string }>(
      "SELECT wal_bytes::text AS bytes, wal_fpi::text AS full_pages FROM pg_stat_wal",
    ),
    admin.query<{ hits: string | null; reads: string | null; writes: string | null }>(
      `SELECT sum(hits)::text AS hits, sum(reads)::text AS reads, sum(writes)::text AS writes
         FROM pg_stat_io WHERE backend_type = 'client backend' AND object = 'relation'`,
    ),
  ]);
  const walRow = wal.rows[0];
  const ioRow = io.rows[0];
  const row = checkpointer.rows[0];
  return {
    checkpoints: Number(row?.checkpoints ?? 0),
    writeMs: Number(row?.write_time ?? 0),
    syncMs: Number(row?.sync_time ?? 0),
    tables: new Map(
      tables.rows.map((table) => [table.name, { vacuums: Number(table.vacuums), analyzes: Number(table.analyzes) }]),
    ),
    walBytes: Number(walRow?.bytes ?? 0),
    walFullPages: Number(walRow?.full_pages ?? 0),
    hits: Number(ioRow?.hits ?? 0),
    reads: Number(ioRow?.reads ?? 0),
    writes: Number(ioRow?.writes ?? 0),
  };
}

function autovacuumBetween(before: PostgresCounters, after: PostgresCounters): string[] {
  const runs: string[] = [];
  for (const [name, counts] of after.tables) {
    const earlier = before.tables.get(name) ?? { vacuums: 0, analyzes: 0 };
    if (counts.vacuums > earlier.vacuums) {
      runs.push(`${name} (vacuum)`);
    }
    if (counts.analyzes > earlier.analyzes) {
      runs.push(`${name} (analyze)`);
    }
  }
  return runs.sort();
}

const GC_KINDS = new Map([
  [constants.NODE_PERFORMANCE_GC_MAJOR, "major"],
  [constants.NODE_PERFORMANCE_GC_MINOR, "minor"],
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL, "incremental"],
  [constants.NODE_PERFORMANCE_GC_WEAKCB, "weak callbacks"],
]);

/** Starts watching; the function returned ends the minute and says what happened in it. */
export async function watchMinute(admin: pg.Pool, clusterDir: string): Promise<() => Promise<MinuteWatch>> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  let gcMaxPauseMs = 0;
  let gcMaxPauseKind = "none";
  let gcPauseTotalMs = 0;
  let gcMajorPauses = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
      if (entry.duration > gcMaxPauseMs) {
        gcMaxPauseMs = entry.duration;
        gcMaxPauseKind = GC_KINDS.get(kind ?? -1) ?? `kind ${kind}`;
      }
      gcPauseTotalMs += entry.duration;
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        gcMajorPauses += 1;
      }
    }
  });
  gc.observe({ entryTypes: ["gc"] });
  loop.enable();
  const before = await readPostgresCounters(admin);
  const cpuBefore = await takeCpuSnapshot(admin, clusterDir);
  const waitsBefore = hostWaitsMs();
  return async () => {
    loop.disable();
    gc.disconnect();
    const after = await readPostgresCounters(admin);
    const cpu = await cpuSince(cpuBefore, admin, clusterDir);
    const waits = hostWaitsMs();
    const ofOneCore = (ms: number) => round((100 * ms) / cpu.wallMs, 1);
    const ofAllCores = (ms: number) => round((100 * ms) / cpu.machineCapacityMs, 1);
    const nsToMs = (ns: number) => round(ns / 1e6, 1);
    return {
      eventLoopDelayP99Ms: nsToMs(loop.percentile(99)),
      eventLoopDelayMaxMs: nsToMs(loop.max),
      gcMaxPauseMs: round(gcMaxPauseMs, 1),
      gcMaxPauseKind,
      gcPauseTotalMs: round(gcPauseTotalMs, 0),
      gcMajorPauses,
      heapUsedMb: round(getHeapStatistics().used_heap_size / 1024 / 1024, 1),
      checkpoints: after.checkpoints - before.checkpoints,
      checkpointWriteMs: round(after.writeMs - before.writeMs, 0),
      checkpointSyncMs: round(after.syncMs - before.syncMs, 0),
      autovacuum: autovacuumBetween(before, after),
      walMb: round((after.walBytes - before.walBytes) / 1024 / 1024, 1),
      walFullPages: after.walFullPages - before.walFullPages,
      bufferHits: after.hits - before.hits,
      bufferReads: after.reads - before.reads,
      backendWrites: after.writes - before.writes,
      serverCpuPercent: ofOneCore(cpu.processMs),
      postgresCpuPercent: ofOneCore(cpu.postgresMs),
      machineBusyPercent: ofAllCores(cpu.machineBusyMs),
      stealPercent: ofAllCores(waits.stealMs - waitsBefore.stealMs),
      iowaitPercent: ofAllCores(waits.iowaitMs - waitsBefore.iowaitMs),
    };
  };
}

/**
 * Has PostgreSQL log what can hold a transaction up — a lock waited for over `deadlock_timeout` (1 s), a
 * statement over 500 ms, each checkpoint and autovacuum run — and keeps everything it logs, with its
 * times, in bench/results/tmp/soak-postgres.log (not committed). Returns the file's path.
 */
export async function keepPostgresLog(admin: pg.Pool, listeners: ((message: string) => void)[]): Promise<string> {
  const dir = path.join(import.meta.dirname, "results", "tmp");
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, "soak-postgres.log");
  const out = createWriteStream(file);
  listeners.push((message) => out.write(message.endsWith("\n") ? message : `${message}\n`));
  for (const setting of [
    "log_lock_waits = on",
    "log_min_duration_statement = 500",
    "log_checkpoints = on",
    "log_autovacuum_min_duration = 0",
  ]) {
    await admin.query(`ALTER SYSTEM SET ${setting}`);
  }
  await admin.query("SELECT pg_reload_conf()");
  return file;
}
