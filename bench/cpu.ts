import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type pg from "pg";

/**
 * Where the CPU goes during a phase: this process (the server, minus the load worker's own thread),
 * the PostgreSQL cluster the benchmark started, and the whole machine (which other work shares).
 */
export interface CpuSnapshot {
  readonly atMs: number;
  readonly processMs: number;
  readonly postgresMs: number;
  readonly machineBusyMs: number;
}

export interface CpuUsage {
  readonly wallMs: number;
  /** This process's CPU time (server, GC and libuv threads, and the load worker thread). */
  readonly processMs: number;
  readonly postgresMs: number;
  readonly machineBusyMs: number;
  /** wallMs × cores: what the machine could have given. */
  readonly machineCapacityMs: number;
}

function clockTicksPerSecond(): number {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8", timeout: 5000 }).trim()) || 100;
  } catch {
    return 100;
  }
}

const TICKS_PER_SECOND = clockTicksPerSecond();

/** utime, stime, cutime, cstime and ppid of a process from /proc/<pid>/stat (Linux only). */
function readStat(pid: number): { ppid: number; selfTicks: number; childrenTicks: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name is in parentheses and may hold spaces: fields are counted after its end.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return {
      ppid: Number(fields[1]),
      selfTicks: Number(fields[11]) + Number(fields[12]),
      childrenTicks: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return null;
  }
}

/**
 * CPU used so far by the cluster in `clusterDir`: the postmaster, its live processes (as listed by
 * pg_stat_activity, which shows backends and background workers alike), and the processes that have
 * exited (which the postmaster has reaped, so they count in its children's time). Linux only.
 */
export async function postgresCpuMs(admin: pg.Pool, clusterDir: string): Promise<number> {
  let postmasterPid: number;
  try {
    postmasterPid = Number(readFileSync(path.join(clusterDir, "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return 0;
  }
  const postmaster = readStat(postmasterPid);
  if (!postmaster) {
    return 0;
  }
  let ticks = postmaster.selfTicks + postmaster.childrenTicks;
  const live = await admin.query<{ pid: number }>("SELECT pid FROM pg_stat_activity");
  for (const row of live.rows) {
    const stat = readStat(row.pid);
    if (stat && stat.ppid === postmasterPid) {
      ticks += stat.selfTicks;
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** CPU used so far by these processes (Ferry's server processes beside the benchmark's own). */
export function processesCpuMs(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const stat = readStat(pid);
    ticks += stat ? stat.selfTicks + stat.childrenTicks : 0;
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

function machineBusyMs(): number {
  let busy = 0;
  for (const cpu of os.cpus()) {
    busy += cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.irq;
  }
  return busy;
}

/**
 * Time the host took from this machine's cores (steal: a virtual machine's CPU given to another) and
 * time they sat idle waiting for disk (iowait), so far, over all cores, from /proc/stat (Linux only;
 * zero elsewhere).
 */
export function hostWaitsMs(): { stealMs: number; iowaitMs: number } {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
    // cpu user nice system idle iowait irq softirq steal …
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    const toMs = (ticks: number | undefined) => ((ticks ?? 0) * 1000) / TICKS_PER_SECOND;
    return { stealMs: toMs(fields[7]), iowaitMs: toMs(fields[4]) };
  } catch {
    return { stealMs: 0, iowaitMs: 0 };
  }
}

export async function takeCpuSnapshot(admin: pg.Pool, clusterDir: string): Promise<CpuSnapshot> {
  const postgresMs = await postgresCpuMs(admin, clusterDir);
  const usage = process.cpuUsage();
  return {
    atMs: performance.now(),
    processMs: (usage.user + usage.system) / 1000,
    postgresMs,
    machineBusyMs: machineBusyMs(),
  };
}

export async function cpuSince(before: CpuSnapshot, admin: pg.Pool, clusterDir: string): Promise<CpuUsage> {
  const after = await takeCpuSnapshot(admin, clusterDir);
  const wallMs = after.atMs - before.atMs;
  return {
    wallMs,
    processMs: after.processMs - before.processMs,
    postgresMs: after.postgresMs - before.postgresMs,
    machineBusyMs: after.machineBusyMs - before.machineBusyMs,
    machineCapacityMs: wallMs * os.availableParallelism(),
  };
}
