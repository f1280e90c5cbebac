/**
 * Ferry as a child process, started exactly as `npm start` starts it (`tsx apps/server/src/main.ts`,
 * without the web build), so the crash test can kill it, or its embedded PostgreSQL, with SIGKILL.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { readEmbeddedServerPid } from "../../apps/server/src/db/embedded.ts";

const REPO_ROOT = path.join(import.meta.dirname, "../..");
const TSX_CLI = path.join(REPO_ROOT, "node_modules", "tsx", "dist", "cli.mjs");
const MAIN = path.join("apps", "server", "src", "main.ts");
/** Kept to explain a failed start or an unexpected exit. */
const KEPT_OUTPUT_LINES = 80;
/** Stack traces in the server's log are cut to this, so a failure report stays readable. */
const KEPT_LINE_LENGTH = 400;

export interface FerryProcessOptions {
  readonly port: number;
  readonly embeddedPgPort: number;
  readonly dataDir: string;
  /** Settings of the test's own, over the ones below. */
  readonly env?: Readonly<Record<string, string>>;
}

/** The living children of `pid`, read from /proc (the test runs on Linux). */
function childPidsOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const [state, parentPid] = stat
        .slice(stat.lastIndexOf(")") + 2)
        .split(" ")
        .slice(0, 2);
      if (Number(parentPid) === pid && state !== "Z") {
        children.push(Number(entry));
      }
    } catch {
      // The process ended while the list was read.
    }
  }
  return children;
}

function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return !/^\S+ \(.*\) [ZX]/.test(stat);
  } catch {
    return false;
  }
}

export class FerryProcess {
  readonly baseUrl: string;
  readonly output: string[] = [];
  /** Exits nobody asked for: a crash of the server itself. */
  readonly unexpectedExits: string[] = [];
  private child: ChildProcess | null = null;
  private isKillExpected = false;

  constructor(private readonly options: FerryProcessOptions) {
    this.baseUrl = `http://127.0.0.1:${options.port}`;
  }

  private environment(): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(this.options.port),
      PUBLIC_URL: this.baseUrl,
      EMBEDDED_PG_PORT: String(this.options.embeddedPgPort),
      DATA_DIR: this.options.dataDir,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      // Real scrypt at a sixteenth of the production cost, as the other tests (decision 034).
      PASSWORD_SCRYPT_COST: "1024",
      ...this.options.env,
    };
    // The embedded default and the development mailbox, whatever the machine running the tests sets.
    delete env.DATABASE_URL;
    delete env.SMTP_URL;
    delete env.TRUST_PROXY;
    return env;
  }

  /** Starts Ferry and waits until its health check answers 200. */
  async start(timeoutMs = 120_000): Promise<void> {
    const child = spawn(process.execPath, [TSX_CLI, MAIN], {
      cwd: REPO_ROOT,
      env: this.environment(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    this.isKillExpected = false;
    const keep = (chunk: Buffer) => {
      const lines = chunk.toString("utf8").split("\n");
      this.output.push(...lines.filter((line) => line.trim() !== "").map((line) => line.slice(0, KEPT_LINE_LENGTH)));
      this.output.splice(0, Math.max(0, this.output.length - KEPT_OUTPUT_LINES));
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    child.on("exit", (code, signal) => {
      if (!this.isKillExpected) {
        this.unexpectedExits.push(`exit ${code ?? signal}`);
      }
    });
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`Ferry exited during start-up:\n${this.output.join("\n")}`);
      }
      if (await this.isHealthy()) {
        return;
      }
      await sleep(200);
    }
    throw new Error(`Ferry did not become healthy within ${timeoutMs} ms:\n${this.output.join("\n")}`);
  }

  async isHealthy(): Promise<boolean> {
    try {
      const response = await fetch(`${this.baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      return response.status === 200;
    } catch {
      return false;
    }
  }

  /** The Node process that runs main.ts: tsx's wrapper runs it as its child. */
  serverPid(): number {
    const wrapperPid = this.child?.pid;
    if (wrapperPid === undefined) {
      throw new Error("Ferry is not running");
    }
    return childPidsOf(wrapperPid)[0] ?? wrapperPid;
  }

  /** The embedded PostgreSQL's postmaster, from its `postmaster.pid`. */
  async postgresPid(): Promise<number> {
    const pid = await readEmbeddedServerPid(this.options.dataDir);
    if (pid === null || !isAlive(pid)) {
      throw new Error("The embedded PostgreSQL is not running");
    }
    return pid;
  }

  /** SIGKILL to the server (and tsx's wrapper): no shutdown of any kind, the cluster is left running. */
  async killServer(): Promise<void> {
    const child = this.child;
    if (!child) {
      return;
    }
    this.isKillExpected = true;
    const exited = new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) {
        resolve();
      } else {
        child.once("exit", () => resolve());
      }
    });
    const serverPid = this.serverPid();
    process.kill(serverPid, "SIGKILL");
    if (child.pid !== undefined && child.pid !== serverPid && isAlive(child.pid)) {
      process.kill(child.pid, "SIGKILL");
    }
    await exited;
    this.child = null;
  }

  /** SIGKILL to the embedded PostgreSQL's postmaster, leaving Ferry running. Returns its PID. */
  async killPostgres(): Promise<number> {
    const pid = await this.postgresPid();
    process.kill(pid, "SIGKILL");
    return pid;
  }

  /** A clean stop (SIGTERM: Ferry stops its cluster), killing what is left after `timeoutMs`. */
  async stop(timeoutMs = 30_000): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      this.isKillExpected = true;
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      process.kill(this.serverPid(), "SIGTERM");
      const isStopped = await Promise.race([exited.then(() => true), sleep(timeoutMs).then(() => false)]);
      if (!isStopped) {
        await this.killServer();
      }
    }
    this.child = null;
    // Whatever happened above, no PostgreSQL of this test may outlive it.
    const postgresPid = await readEmbeddedServerPid(this.options.dataDir);
    if (postgresPid !== null && isAlive(postgresPid)) {
      const cmdline = readFileSync(`/proc/${postgresPid}/cmdline`, "utf8");
      if (cmdline.includes(this.options.dataDir)) {
        process.kill(postgresPid, "SIGKILL");
      }
    }
  }
}
