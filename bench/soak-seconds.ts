/**
 * A soak's seconds (bench/soak.ts, issue 31): the minute figures say that a minute was slow, not what
 * happened in its slow seconds. Every second this records what the server and PostgreSQL did in it —
 * the batches written and their transfers, the event loop's longest delay, the GC pauses, WAL written
 * and its syncs and their time (pg_stat_io, with `track_wal_io_timing`), the disk's writes and the time
 * spent on them (/proc/diskstats), and the host's pressure (/proc/pressure: time some task waited for
 * I/O or for a core). After the soak, each transfer's latency is put in the second it was due. A run of
 * seconds whose transfers took over 1 s is a slow episode; each is reported with the seconds before and
 * during it beside the soak's typical second, so that what changed can be read off. Every second goes
 * to bench/results/tmp/soak-seconds.jsonl (not committed).
 */
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import type pg from "pg";
import type { FerryMetrics } from "../apps/server/src/observability/metrics.ts";
import { readBatchTotals } from "./batches.ts";
import { percentile, round } from "./stats.ts";

/** What one second held; counters are the second's increase. */
interface SecondSample {
  /** The second's start, in milliseconds since the epoch. */
  readonly at: number;
  readonly batches: number;
  readonly batchedTransfers: number;
  readonly eventLoopMaxMs: number;
  readonly gcPauseMs: number;
  readonly walMb: number;
  readonly walSyncs: number;
  readonly walSyncMs: number;
  readonly walWriteMs: number;
  readonly diskWrites: number;
  readonly diskWriteMb: number;
  readonly diskWriteMs: number;
  readonly ioSomeMs: number;
  readonly ioFullMs: number;
  readonly cpuSomeMs: number;
}

interface Counters {
  readonly batches: number;
  readonly batchedTransfers: number;
  readonly walBytes: number;
  readonly walSyncs: number;
  readonly walSyncMs: number;
  readonly walWriteMs: number;
  readonly diskWrites: number;
  readonly diskSectors: number;
  readonly diskWriteMs: number;
  readonly ioSomeUs: number;
  readonly ioFullUs: number;
  readonly cpuSomeUs: number;
}

/** A pressure file's `total=` (microseconds) for its `some` and `full` lines; 0 where there is none. */
function pressureOf(kind: "io" | "cpu"): { someUs: number; fullUs: number } {
  try {
    const text = readFileSync(`/proc/pressure/${kind}`, "utf8");
    const total = (line: string) =>
      Number(/total=(\d+)/.exec(text.split("\n").find((row) => row.startsWith(line)) ?? "")?.[1] ?? 0);
    return { someUs: total("some"), fullUs: total("full") };
  } catch {
    return { someUs: 0, fullUs: 0 };
  }
}

/** Writes completed, sectors written and milliseconds spent writing, over the machine's whole disks. */
function diskWritesOf(): { writes: number; sectors: number; ms: number } {
  try {
    const totals = { writes: 0, sectors: 0, ms: 0 };
    for (const line of readFileSync("/proc/diskstats", "utf8").split("\n")) {
      const fields = line.trim().split(/\s+/);
      // Whole disks only (vda, sda, nvme0n1), not partitions, loop or zram devices.
      if (!/^(vd[a-z]|sd[a-z]|xvd[a-z]|nvme\d+n\d+)$/.test(fields[2] ?? "")) {
        continue;
      }
      totals.writes += Number(fields[7]);
      totals.sectors += Number(fields[9]);
      totals.ms += Number(fields[10]);
    }
    return totals;
  } catch {
    return { writes: 0, sectors: 0, ms: 0 };
  }
}

async function readCounters(admin: pg.Pool, metrics: FerryMetrics): Promise<Counters> {
  const [batches, wal] = await Promise.all([
    readBatchTotals(metrics.registry),
    admin.query<{ bytes: string; syncs: string | null; sync_ms: number | null; write_ms: number | null }>(
      `SELECT (SELECT wal_bytes FROM pg_stat_wal)::text AS bytes, sum(fsyncs)::text AS syncs,
              sum(fsync_time) AS sync_ms, sum(write_time) AS write_ms
         FROM pg_stat_io WHERE object = 'wal'`,
    ),
  ]);
  const row = wal.rows[0];
  const disk = diskWritesOf();
  const io = pressureOf("io");
  return {
    batches: batches.batches,
    batchedTransfers: batches.transfers,
    walBytes: Number(row?.bytes ?? 0),
    walSyncs: Number(row?.syncs ?? 0),
    walSyncMs: Number(row?.sync_ms ?? 0),
    walWriteMs: Number(row?.write_ms ?? 0),
    diskWrites: disk.writes,
    diskSectors: disk.sectors,
    diskWriteMs: disk.ms,
    ioSomeUs: io.someUs,
    ioFullUs: io.fullUs,
    cpuSomeUs: pressureOf("cpu").someUs,
  };
}

/** Starts sampling every second; the function returned stops it and answers the samples. */
export async function watchSeconds(admin: pg.Pool, metrics: FerryMetrics): Promise<() => Promise<SecondSample[]>> {
  // WAL's I/O times are PostgreSQL's only with this on (off by default: it reads the clock per write).
  await admin.query("ALTER SYSTEM SET track_wal_io_timing = on");
  await admin.query("SELECT pg_reload_conf()");
  const samples: SecondSample[] = [];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let gcPauseMs = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcPauseMs += entry.duration;
    }
  });
  gc.observe({ entryTypes: ["gc"] });
  let before = await readCounters(admin, metrics);
  let startedAt = Date.now();
  let isSampling = false;
  const sample = async () => {
    if (isSampling) {
      return;
    }
    isSampling = true;
    try {
      const after = await readCounters(admin, metrics);
      const endedAt = Date.now();
      samples.push({
        at: startedAt,
        batches: after.batches - before.batches,
        batchedTransfers: after.batchedTransfers - before.batchedTransfers,
        eventLoopMaxMs: round(loop.max / 1e6, 1),
        gcPauseMs: round(gcPauseMs, 1),
        walMb: round((after.walBytes - before.walBytes) / 1024 / 1024, 2),
        walSyncs: after.walSyncs - before.walSyncs,
        walSyncMs: round(after.walSyncMs - before.walSyncMs, 1),
        walWriteMs: round(after.walWriteMs - before.walWriteMs, 1),
        diskWrites: after.diskWrites - before.diskWrites,
        diskWriteMb: round(((after.diskSectors - before.diskSectors) * 512) / 1024 / 1024, 1),
        diskWriteMs: after.diskWriteMs - before.diskWriteMs,
        ioSomeMs: round((after.ioSomeUs - before.ioSomeUs) / 1000, 0),
        ioFullMs: round((after.ioFullUs - before.ioFullUs) / 1000, 0),
        cpuSomeMs: round((after.cpuSomeUs - before.cpuSomeUs) / 1000, 0),
      });
      loop.reset();
      gcPauseMs = 0;
      before = after;
      startedAt = endedAt;
    } finally {
      isSampling = false;
    }
  };
  const timer = setInterval(() => void sample(), 1000);
  return async () => {
    clearInterval(timer);
    loop.disable();
    gc.disconnect();
    return samples;
  };
}

/** The transfers due in one second: how many, how many took over 1 s, and their p99 and longest. */
interface DueSecond {
  readonly due: number;
  readonly overOneSecond: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

/** Each transfer's latency in the second it was due (epoch seconds), from a phase's results. */
export class DueSeconds {
  private readonly latenciesBySecond = new Map<number, number[]>();

  add(dueAtMs: Float64Array, latenciesMs: Float64Array): void {
    for (let index = 0; index < dueAtMs.length; index += 1) {
      const second = Math.floor((dueAtMs[index] ?? 0) / 1000);
      let list = this.latenciesBySecond.get(second);
      if (!list) {
        list = [];
        this.latenciesBySecond.set(second, list);
      }
      list.push(latenciesMs[index] ?? 0);
    }
  }

  of(second: number): DueSecond {
    const latencies = this.latenciesBySecond.get(second) ?? [];
    return {
      due: latencies.length,
      overOneSecond: latencies.filter((latency) => latency > 1000).length,
      p99Ms: latencies.length > 0 ? round(percentile(latencies, 0.99), 0) : 0,
      maxMs: latencies.length > 0 ? round(Math.max(...latencies), 0) : 0,
    };
  }
}

type Figures = Omit<SecondSample, "at">;
const FIGURES: readonly (keyof Figures)[] = [
  "batches",
  "batchedTransfers",
  "eventLoopMaxMs",
  "gcPauseMs",
  "walMb",
  "walSyncs",
  "walSyncMs",
  "walWriteMs",
  "diskWrites",
  "diskWriteMb",
  "diskWriteMs",
  "ioSomeMs",
  "ioFullMs",
  "cpuSomeMs",
];

/** Each figure's median over `samples`, for the soak's typical second or an episode's seconds. */
function mediansOf(samples: readonly SecondSample[]): Record<keyof Figures, number> {
  return Object.fromEntries(
    FIGURES.map((name) => [
      name,
      samples.length > 0
        ? round(
            percentile(
              samples.map((item) => item[name]),
              0.5,
            ),
            1,
          )
        : 0,
    ]),
  ) as Record<keyof Figures, number>;
}

/** Each figure's largest over `samples`. */
function maximaOf(samples: readonly SecondSample[]): Record<keyof Figures, number> {
  return Object.fromEntries(
    FIGURES.map((name) => [name, samples.length > 0 ? Math.max(...samples.map((item) => item[name])) : 0]),
  ) as Record<keyof Figures, number>;
}

export interface SlowEpisode {
  /** When the first second whose transfers took over 1 s began. */
  readonly startedAt: string;
  readonly seconds: number;
  readonly overOneSecond: number;
  readonly maxLatencyMs: number;
  /** The episode's seconds and the 5 before it: each figure's median and largest, to set beside the typical second. */
  readonly before: Record<keyof Figures, number>;
  readonly during: Record<keyof Figures, number>;
  readonly duringMax: Record<keyof Figures, number>;
}

/** How many seconds before an episode are read with it: a stall shows before the transfers it slowed. */
const LEAD_SECONDS = 5;
/** How many of the longest episodes the report keeps. */
const EPISODES_KEPT = 12;

/**
 * The soak's typical second and its slow episodes (runs of seconds with transfers over 1 s, gaps of up
 * to 2 s joined), the largest first; every second written to bench/results/tmp/soak-seconds.jsonl.
 */
export async function reportSeconds(
  samples: readonly SecondSample[],
  dueSeconds: DueSeconds,
): Promise<{ typical: Record<keyof Figures, number>; episodes: SlowEpisode[] }> {
  const rows = samples.map((sample) => ({ ...sample, ...dueSeconds.of(Math.floor(sample.at / 1000)) }));
  const dir = path.join(import.meta.dirname, "results", "tmp");
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, "soak-seconds.jsonl"), rows.map((row) => JSON.stringify(row)).join("\n"));
  const episodes: SlowEpisode[] = [];
  let index = 0;
  while (index < rows.length) {
    if ((rows[index]?.overOneSecond ?? 0) === 0) {
      index += 1;
      continue;
    }
    let end = index;
    while (end + 1 < rows.length && rows.slice(end + 1, end + 4).some((row) => row.overOneSecond > 0)) {
      end += 1;
    }
    const during = rows.slice(index, end + 1);
    episodes.push({
      startedAt: new Date(rows[index]?.at ?? 0).toISOString(),
      seconds: during.length,
      overOneSecond: during.reduce((sum, row) => sum + row.overOneSecond, 0),
      maxLatencyMs: Math.max(...during.map((row) => row.maxMs)),
      before: mediansOf(rows.slice(Math.max(0, index - LEAD_SECONDS), index)),
      during: mediansOf(during),
      duringMax: maximaOf(rows.slice(Math.max(0, index - LEAD_SECONDS), end + 1)),
    });
    index = end + 1;
  }
  episodes.sort((a, b) => b.overOneSecond - a.overOneSecond);
  return { typical: mediansOf(samples), episodes: episodes.slice(0, EPISODES_KEPT) };
}
