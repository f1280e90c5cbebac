/**
 * Ferry as more than one process on one machine (decision 058: any number of stateless processes on one
 * database): `count` server processes started as `npm start` starts one, on the benchmark's database,
 * with its secret and public origin, so that the same session cookies and transfer codes work in each.
 * The "processes" phase spreads the clients over them, to measure what a second Node thread buys.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { findFreePort } from "../apps/server/src/db/free-port.ts";
import { sleep } from "./stats.ts";

const REPO_ROOT = path.resolve(import.meta.dirname, "..");
const READY_TIMEOUT_MS = 60_000;

export interface FerryProcesses {
  readonly ports: readonly number[];
  readonly pids: readonly number[];
  stop(): Promise<void>;
}

async function waitUntilReady(child: ChildProcess, port: number, output: string[]): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`A Ferry process exited (${child.exitCode}) before it was ready:\n${output.join("")}`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health/ready`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) {
        return;
      }
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`A Ferry process was not ready on port ${port} within ${READY_TIMEOUT_MS / 1000} s`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

export async function startFerryProcesses(options: {
  readonly count: number;
  readonly databaseUrl: string;
  readonly authSecret: string;
  readonly publicUrl: string;
  readonly logLevel: string;
}): Promise<FerryProcesses> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "ferry-bench-processes-"));
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map(stopChild));
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const ports: number[] = [];
    for (let index = 0; index < options.count; index += 1) {
      const port = await findFreePort();
      const output: string[] = [];
      const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
        cwd: REPO_ROOT,
        stdio: ["ignore", "ignore", "pipe"],
        env: {
          ...process.env,
          // As the benchmark's own server: the test settings, no jobs, no demo accounts, its log level
          // (the lines go to /dev/null, below).
          NODE_ENV: "test",
          LOG_LEVEL: options.logLevel,
          DATABASE_URL: options.databaseUrl,
          AUTH_SECRET: options.authSecret,
          PUBLIC_URL: options.publicUrl,
          HOST: "127.0.0.1",
          PORT: String(port),
          DATA_DIR: path.join(dataDir, String(index)),
          TRUST_PROXY: "loopback",
          SEED_DEMO: "false",
        },
      });
      children.push(child);
      child.stderr?.on("data", (chunk: Buffer) => {
        output.push(chunk.toString());
        if (output.length > 50) {
          output.shift();
        }
      });
      await waitUntilReady(child, port, output);
      ports.push(port);
    }
    return { ports, pids: children.map((child) => child.pid ?? 0), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
