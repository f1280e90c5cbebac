/**
 * A Ferry cluster on loopback built from Debian's engines, nothing home-made (docs/decisions/058):
 * three etcd members, three PostgreSQL 15 members managed by Patroni (synchronous replication, WAL
 * archived to one directory), HAProxy sending PostgreSQL connections to whichever member Patroni's
 * REST API calls the primary and balancing HTTP over three Ferry processes. Used by `npm run cluster`
 * (start.ts) and `npm run cluster:test` (test.ts); never by `npm test`.
 */
import { type ChildProcess, execFile, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import pg from "pg";
import { findFreePort } from "../../apps/server/src/db/free-port.ts";

const execFileAsync = promisify(execFile);

export const PG_BIN = "/usr/lib/postgresql/15/bin";
const REPO_ROOT = path.resolve(import.meta.dirname, "../..");
const MEMBERS = [1, 2, 3] as const;
/** The Debian packages the cluster runs on, and a file each one installs. */
const PACKAGES = [
  { name: "postgresql-15", file: `${PG_BIN}/postgres` },
  { name: "patroni", file: "/usr/bin/patroni" },
  { name: "etcd-server", file: "/usr/bin/etcd" },
  { name: "etcd-client", file: "/usr/bin/etcdctl" },
  { name: "haproxy", file: "/usr/sbin/haproxy" },
] as const;
/** PostgreSQL refuses to run as root: its processes, data and archive belong to this user. */
const PG_USER = "postgres";
export const DATABASE_NAME = "ferry";
export const DATABASE_USER = "ferry";

export function log(message: string): void {
  console.log(`[cluster ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

/** Installs the missing Debian packages with apt-get (as root), or says which are missing and exits. */
export function ensurePackages(): void {
  const missing = PACKAGES.filter((item) => !existsSync(item.file)).map((item) => item.name);
  if (missing.length === 0) {
    return;
  }
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const command = `apt-get install -y ${missing.join(" ")}`;
  if (!isRoot) {
    console.error(`✖ The cluster needs Debian's ${missing.join(", ")}. Install them with: sudo ${command}`);
    process.exit(1);
  }
  log(`installing ${missing.join(", ")} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  const install = spawnSync("apt-get", ["install", "-y", "-qq", ...missing], { stdio: "inherit", env });
  const stillMissing = PACKAGES.filter((item) => !existsSync(item.file)).map((item) => item.name);
  if (update.status !== 0 || install.status !== 0 || stillMissing.length > 0) {
    console.error(`✖ Could not install ${stillMissing.join(", ") || missing.join(", ")} with apt-get (${command}).`);
    process.exit(1);
  }
}

export interface ClusterPorts {
  readonly etcdClient: number[];
  readonly etcdPeer: number[];
  readonly patroni: number[];
  readonly postgres: number[];
  readonly ferry: number[];
  readonly haproxyPostgres: number;
  readonly haproxyHttp: number;
  readonly haproxyStats: number;
}

/** Free loopback ports, all different, picked now (other sessions on this machine use their own). */
async function pickPorts(): Promise<ClusterPorts> {
  const taken = new Set<number>();
  async function next(): Promise<number> {
    for (;;) {
      const port = await findFreePort();
      if (!taken.has(port)) {
        taken.add(port);
        return port;
      }
    }
  }
  const three = async () => [await next(), await next(), await next()];
  return {
    etcdClient: await three(),
    etcdPeer: await three(),
    patroni: await three(),
    postgres: await three(),
    ferry: await three(),
    haproxyPostgres: await next(),
    haproxyHttp: await next(),
    haproxyStats: await next(),
  };
}

/** A started process: its own process group, its output in a log file. */
interface Managed {
  readonly name: string;
  readonly child: ChildProcess;
  readonly logFile: string;
  isRunning: boolean;
}

export interface ClusterOptions {
  /** Where data, configuration, logs and the WAL archive go; a new temporary directory by default. */
  readonly baseDir?: string;
  /** Extra environment for every Ferry process. */
  readonly ferryEnv?: Record<string, string>;
}

/** Passwords of this cluster's run, new each time (loopback only, but never a fixed published one). */
function secret(): string {
  return randomBytes(18).toString("base64url");
}

export class Cluster {
  readonly processes = new Map<string, Managed>();
  readonly superuserPassword = secret();
  readonly replicationPassword = secret();
  readonly ferryPassword = secret();
  readonly authSecret = `cluster-${secret()}-${secret()}`;
  /** PostgreSQL's side (data, archive, sockets, Patroni's files), owned by the postgres user. */
  readonly pgDir: string;
  readonly archiveDir: string;
  readonly logDir: string;
  private isStopping = false;

  constructor(
    readonly baseDir: string,
    readonly ports: ClusterPorts,
    readonly options: ClusterOptions,
  ) {
    this.pgDir = path.join(baseDir, "postgres");
    this.archiveDir = path.join(this.pgDir, "wal-archive");
    this.logDir = path.join(baseDir, "logs");
  }

  /** Ferry's DATABASE_URL: HAProxy's PostgreSQL port, which always leads to the primary. */
  get databaseUrl(): string {
    return `postgres://${DATABASE_USER}:${this.ferryPassword}@127.0.0.1:${this.ports.haproxyPostgres}/${DATABASE_NAME}`;
  }

  /** The superuser's URL through HAProxy (for backups and the test's own checks). */
  get superuserUrl(): string {
    return `postgres://postgres:${this.superuserPassword}@127.0.0.1:${this.ports.haproxyPostgres}/${DATABASE_NAME}`;
  }

  get httpUrl(): string {
    return `http://localhost:${this.ports.haproxyHttp}`;
  }

  dataDirOf(member: number): string {
    return path.join(this.pgDir, `pg${member}`);
  }

  /** Starts `command` in its own process group with its output in logs/<name>.log. */
  spawnManaged(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Managed {
    const logFile = path.join(this.logDir, `${name}.log`);
    const fd = openSync(logFile, "a");
    const child = spawn(command, args, { detached: true, stdio: ["ignore", fd, fd], env, cwd: REPO_ROOT });
    const managed: Managed = { name, child, logFile, isRunning: true };
    child.on("error", (error) => {
      managed.isRunning = false;
      log(`${name} could not start: ${error.message}`);
    });
    child.on("exit", (code, signal) => {
      managed.isRunning = false;
      if (!this.isStopping) {
        log(`${name} exited (${signal ?? `code ${code}`}); its log: ${logFile}`);
      }
    });
    this.processes.set(name, managed);
    return managed;
  }

  /** Sends `signal` to a managed process's whole group. */
  signal(name: string, signal: NodeJS.Signals): void {
    const managed = this.processes.get(name);
    if (managed?.isRunning && managed.child.pid) {
      try {
        process.kill(-managed.child.pid, signal);
      } catch {
        // Already gone.
      }
    }
  }

  /** The pid in a member's postmaster.pid while its PostgreSQL runs (Patroni starts it in a session of its own). */
  postmasterPidOf(member: number): number | undefined {
    const file = path.join(this.dataDirOf(member), "postmaster.pid");
    if (!existsSync(file)) {
      return undefined;
    }
    const pid = Number(readFileSync(file, "utf8").split("\n")[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  }

  /** Stops everything started: Ferry, HAProxy, Patroni (which stops its PostgreSQL), etcd; then kills what is left. */
  async stop(): Promise<void> {
    if (this.isStopping) {
      return;
    }
    this.isStopping = true;
    const groups = [
      [...this.processes.keys()].filter((name) => name.startsWith("ferry") || name === "haproxy"),
      [...this.processes.keys()].filter((name) => name.startsWith("patroni")),
      [...this.processes.keys()].filter((name) => name.startsWith("etcd")),
    ];
    for (const names of groups) {
      for (const name of names) {
        this.signal(name, "SIGTERM");
      }
      await this.waitForExit(names, 15_000);
      for (const name of names) {
        this.signal(name, "SIGKILL");
      }
      log(`stopped ${names.join(", ")}`);
    }
    for (const member of MEMBERS) {
      const pid = this.postmasterPidOf(member);
      if (pid !== undefined && isAlive(pid)) {
        // A postmaster whose Patroni was killed: stop it fast, then for good.
        signalPid(pid, "SIGQUIT");
        await sleep(2_000);
        signalPid(pid, "SIGKILL");
      }
    }
  }

  /** Last resort when this process exits without stop(): kill every group and postmaster at once. */
  killAllNow(): void {
    for (const name of this.processes.keys()) {
      this.signal(name, "SIGKILL");
    }
    for (const member of MEMBERS) {
      const pid = this.postmasterPidOf(member);
      if (pid !== undefined) {
        signalPid(pid, "SIGKILL");
      }
    }
  }

  private async waitForExit(names: string[], timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && names.some((name) => this.processes.get(name)?.isRunning)) {
      await sleep(200);
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalPid(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

/** Polls `check` until it returns a value (not undefined) or `timeoutMs` passes. */
export async function waitFor<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined) {
        return value;
      }
    } catch (error) {
      lastError = error;
    }
    await sleep(250);
  }
  throw new Error(
    `Timed out after ${timeoutMs / 1000} s waiting for ${what}${lastError ? `: ${String(lastError)}` : ""}`,
  );
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
  return response.json();
}

function startEtcd(cluster: Cluster): void {
  const { etcdClient, etcdPeer } = cluster.ports;
  const initial = MEMBERS.map((member, index) => `etcd${member}=http://127.0.0.1:${etcdPeer[index]}`).join(",");
  for (const [index, member] of MEMBERS.entries()) {
    const dataDir = path.join(cluster.baseDir, `etcd${member}`);
    cluster.spawnManaged(`etcd${member}`, "/usr/bin/etcd", [
      `--name=etcd${member}`,
      `--data-dir=${dataDir}`,
      `--listen-client-urls=http://127.0.0.1:${etcdClient[index]}`,
      `--advertise-client-urls=http://127.0.0.1:${etcdClient[index]}`,
      `--listen-peer-urls=http://127.0.0.1:${etcdPeer[index]}`,
      `--initial-advertise-peer-urls=http://127.0.0.1:${etcdPeer[index]}`,
      `--initial-cluster=${initial}`,
      "--initial-cluster-state=new",
      `--initial-cluster-token=ferry-${path.basename(cluster.baseDir)}`,
      // etcd's defaults (100 ms heartbeats, 1 s election): a killed leader is replaced in about a second.
      "--heartbeat-interval=100",
      "--election-timeout=1000",
    ]);
  }
}

export function etcdEndpoints(cluster: Cluster): string {
  return cluster.ports.etcdClient.map((port) => `127.0.0.1:${port}`).join(",");
}

/** The etcd member that is the Raft leader now (by `etcdctl endpoint status`), or undefined. */
export async function etcdLeader(cluster: Cluster): Promise<number | undefined> {
  // Asynchronous: the test's clients share this process. Only the members still running are asked, so
  // a killed one does not make etcdctl wait its timeout.
  const runningEndpoints = MEMBERS.filter((member) => cluster.processes.get(`etcd${member}`)?.isRunning)
    .map((member) => `127.0.0.1:${cluster.ports.etcdClient[member - 1]}`)
    .join(",");
  const stdout = await execFileAsync(
    "/usr/bin/etcdctl",
    [`--endpoints=${runningEndpoints}`, "endpoint", "status", "--write-out=json", "--command-timeout=2s"],
    { encoding: "utf8", env: { ...process.env, ETCDCTL_API: "3" } },
  ).then(
    (result) => result.stdout,
    // One member down: etcdctl fails but still prints the others' status.
    (error: { stdout?: string }) => error.stdout ?? "",
  );
  const statuses = (() => {
    try {
      // Member ids are 64-bit and lose precision as numbers, the same way on both sides of the comparison.
      return JSON.parse(stdout) as {
        Endpoint: string;
        Status: { header: { member_id: number }; leader: number };
      }[];
    } catch {
      return [];
    }
  })();
  const leader = statuses.find((status) => status.Status.header.member_id === status.Status.leader);
  if (!leader) {
    return undefined;
  }
  const port = Number(leader.Endpoint.split(":").at(-1));
  const index = cluster.ports.etcdClient.indexOf(port);
  return index >= 0 ? MEMBERS[index] : undefined;
}

/**
 * Patroni's configuration of one member. Test timings: the leader key lives 10 s, Patroni loops every
 * second and retries the DCS for 4 s (loop_wait + 2 × retry_timeout ≤ ttl, as Patroni asks); a
 * crashed primary is failed over at once rather than restarted (primary_start_timeout 0).
 */
function patroniConfig(cluster: Cluster, member: number): string {
  const index = member - 1;
  const { patroni, postgres } = cluster.ports;
  const dataDir = cluster.dataDirOf(member);
  // Each member archives into its own directory, atomically, so a segment archived again after a crash
  // simply replaces its copy; restoreCommand reads from all three.
  const archive = path.join(cluster.archiveDir, `pg${member}`);
  const archiveCommand = `cp %p ${archive}/%f.tmp && mv ${archive}/%f.tmp ${archive}/%f`;
  const config = {
    scope: `ferry-${path.basename(cluster.baseDir)}`,
    name: `pg${member}`,
    log: { level: "INFO" },
    restapi: { listen: `127.0.0.1:${patroni[index]}`, connect_address: `127.0.0.1:${patroni[index]}` },
    etcd3: { hosts: etcdEndpoints(cluster) },
    bootstrap: {
      dcs: {
        ttl: 10,
        loop_wait: 1,
        retry_timeout: 4,
        maximum_lag_on_failover: 1_048_576,
        primary_start_timeout: 0,
        synchronous_mode: true,
        postgresql: {
          use_pg_rewind: true,
          use_slots: true,
          parameters: {
            wal_level: "replica",
            wal_log_hints: "on",
            hot_standby: "on",
            max_connections: 200,
            max_wal_senders: 10,
            max_replication_slots: 10,
            archive_timeout: 60,
          },
        },
      },
      initdb: [{ encoding: "UTF8" }, "data-checksums", { locale: "C.UTF-8" }],
      pg_hba: [
        "local all all trust",
        "host replication replicator 127.0.0.1/32 scram-sha-256",
        "host all all 127.0.0.1/32 scram-sha-256",
      ],
    },
    postgresql: {
      listen: `127.0.0.1:${postgres[index]}`,
      connect_address: `127.0.0.1:${postgres[index]}`,
      data_dir: dataDir,
      bin_dir: PG_BIN,
      pgpass: path.join(cluster.pgDir, `pgpass${member}`),
      // A new replica copies the primary after a fast checkpoint, not a spread one of minutes.
      basebackup: [{ checkpoint: "fast" }],
      authentication: {
        superuser: { username: "postgres", password: cluster.superuserPassword },
        replication: { username: "replicator", password: cluster.replicationPassword },
        rewind: { username: "postgres", password: cluster.superuserPassword },
      },
      parameters: {
        unix_socket_directories: path.join(cluster.pgDir, "sockets"),
        // "always": standbys archive the WAL they receive too, so a segment the primary had not yet
        // archived when it was lost still reaches the archive (point-in-time recovery needs every one).
        archive_mode: "always",
        archive_command: archiveCommand,
      },
    },
  };
  // JSON is YAML: Patroni reads this file as it is.
  return JSON.stringify(config, null, 2);
}

/** A restore_command that finds a WAL file (or timeline history) in any member's archive directory. */
export function restoreCommand(archiveDir: string): string {
  const tries = MEMBERS.map(
    (member) => `test -f ${archiveDir}/pg${member}/%f && exec cp ${archiveDir}/pg${member}/%f %p`,
  );
  return `sh -c '${tries.join("; ")}; exit 1'`;
}

interface PatroniMember {
  readonly name: string;
  readonly role: string;
  readonly state: string;
  readonly lag?: number | string;
}

/** Patroni's view of the cluster, asked of the first member that answers. */
export async function patroniMembers(cluster: Cluster): Promise<PatroniMember[] | undefined> {
  for (const port of cluster.ports.patroni) {
    try {
      const body = (await getJson(`http://127.0.0.1:${port}/cluster`)) as { members: PatroniMember[] };
      return body.members;
    } catch {
      // Ask the next member.
    }
  }
  return undefined;
}

/** The member number of Patroni's current leader (the primary). */
export async function patroniLeader(cluster: Cluster): Promise<number | undefined> {
  const members = await patroniMembers(cluster);
  const leader = members?.find((member) => member.role === "leader" && member.state === "running");
  return leader ? Number(leader.name.replace("pg", "")) : undefined;
}

/** Waits until one leader runs and both others stream from it, one of them synchronous. */
export async function waitForHealthyPatroni(cluster: Cluster, timeoutMs: number): Promise<void> {
  await waitFor("a leader, a synchronous standby and a streaming replica", timeoutMs, async () => {
    const members = await patroniMembers(cluster);
    const leader = members?.filter((member) => member.role === "leader" && member.state === "running");
    const streaming = members?.filter(
      (member) =>
        (member.role === "sync_standby" || member.role === "replica") &&
        (member.state === "streaming" || member.state === "running"),
    );
    const sync = members?.filter((member) => member.role === "sync_standby");
    return leader?.length === 1 && streaming?.length === 2 && sync?.length === 1 ? true : undefined;
  });
}

function startPatroni(cluster: Cluster): void {
  const sockets = path.join(cluster.pgDir, "sockets");
  mkdirSync(sockets, { recursive: true });
  mkdirSync(cluster.archiveDir, { recursive: true });
  const owner = userIds(PG_USER);
  const archives = MEMBERS.map((member) => path.join(cluster.archiveDir, `pg${member}`));
  for (const dir of archives) {
    mkdirSync(dir, { recursive: true });
  }
  for (const dir of [cluster.pgDir, sockets, cluster.archiveDir, ...archives]) {
    chownSync(dir, owner.uid, owner.gid);
  }
  for (const member of MEMBERS) {
    const file = path.join(cluster.pgDir, `patroni${member}.yml`);
    writeFileSync(file, patroniConfig(cluster, member), { mode: 0o600 });
    chownSync(file, owner.uid, owner.gid);
    const home = cluster.pgDir;
    cluster.spawnManaged(`patroni${member}`, "/usr/sbin/runuser", ["-u", PG_USER, "--", "/usr/bin/patroni", file], {
      PATH: "/usr/bin:/bin",
      HOME: home,
      LANG: "C.UTF-8",
    });
  }
}

/** The uid and gid of a system user. */
export function userIds(user: string): { uid: number; gid: number } {
  const uid = Number(spawnSync("id", ["-u", user], { encoding: "utf8" }).stdout.trim());
  const gid = Number(spawnSync("id", ["-g", user], { encoding: "utf8" }).stdout.trim());
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) {
    throw new Error(`No system user ${user}: Debian's postgresql-15 package creates it`);
  }
  return { uid, gid };
}

/** Creates Ferry's role and database on the primary (once; the replicas copy them). */
async function createFerryDatabase(cluster: Cluster): Promise<void> {
  const leader = await waitFor("Patroni's leader", 60_000, () => patroniLeader(cluster));
  const client = new pg.Client({
    host: "127.0.0.1",
    port: cluster.ports.postgres[leader - 1],
    user: "postgres",
    password: cluster.superuserPassword,
    database: "postgres",
  });
  await client.connect();
  try {
    await client.query(`CREATE ROLE ${DATABASE_USER} LOGIN PASSWORD '${cluster.ferryPassword}'`);
    await client.query(`CREATE DATABASE ${DATABASE_NAME} OWNER ${DATABASE_USER}`);
  } finally {
    await client.end();
  }
}

/**
 * HAProxy: PostgreSQL connections go to the one member whose Patroni answers `GET /primary` with 200
 * (checked every second; a member marked down has its sessions cut, so Ferry's pool reconnects to
 * the new primary), and HTTP is balanced round-robin over the Ferry processes that pass their check.
 */
function haproxyConfig(cluster: Cluster): string {
  const { ports } = cluster;
  const postgresServers = MEMBERS.map(
    (member, index) => `  server pg${member} 127.0.0.1:${ports.postgres[index]} check port ${ports.patroni[index]}`,
  );
  const ferryServers = MEMBERS.map((member, index) => `  server ferry${member} 127.0.0.1:${ports.ferry[index]} check`);
  return [
    "global",
    "  maxconn 4000",
    "defaults",
    "  timeout connect 2s",
    "  timeout client 30m",
    "  timeout server 30m",
    "  timeout tunnel 1h",
    "  timeout check 2s",
    "listen postgres",
    `  bind 127.0.0.1:${ports.haproxyPostgres}`,
    "  mode tcp",
    "  option httpchk GET /primary",
    "  http-check expect status 200",
    "  default-server inter 1s fall 2 rise 1 on-marked-down shutdown-sessions",
    ...postgresServers,
    "frontend ferry_http",
    `  bind 127.0.0.1:${ports.haproxyHttp}`,
    "  mode http",
    "  option forwardfor",
    "  default_backend ferry",
    "backend ferry",
    "  mode http",
    "  balance roundrobin",
    // Only a connection that never reached a process is retried elsewhere; a request that did is the
    // client's to retry (with its Idempotency-Key), never the proxy's.
    "  retries 3",
    "  option redispatch",
    "  retry-on conn-failure",
    // Ready: database reachable, migrations applied, not shutting down (a stopping process leaves the pool).
    "  option httpchk GET /health/ready",
    "  default-server inter 1s fall 2 rise 2",
    ...ferryServers,
    "listen stats",
    `  bind 127.0.0.1:${ports.haproxyStats}`,
    "  mode http",
    "  stats enable",
    "  stats uri /",
    "  stats refresh 2s",
    "",
  ].join("\n");
}

function startHaproxy(cluster: Cluster): void {
  const file = path.join(cluster.baseDir, "haproxy.cfg");
  writeFileSync(file, haproxyConfig(cluster));
  cluster.spawnManaged("haproxy", "/usr/sbin/haproxy", ["-db", "-f", file]);
}

/** Ferry's processes, started as `npm start` starts one (the web app is built once beforehand). */
export function startFerry(cluster: Cluster, member: number): void {
  const index = member - 1;
  const dataDir = path.join(cluster.baseDir, `ferry${member}`);
  mkdirSync(dataDir, { recursive: true });
  cluster.spawnManaged(`ferry${member}`, "npx", ["tsx", "apps/server/src/main.ts"], {
    ...process.env,
    NODE_ENV: "development",
    DATABASE_URL: cluster.databaseUrl,
    PORT: String(cluster.ports.ferry[index]),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: cluster.httpUrl,
    AUTH_SECRET: cluster.authSecret,
    // HAProxy and the test's clients are all on loopback; a real deployment names its proxies (docs/operations.md).
    TRUST_PROXY: "loopback",
    JOBS_ENABLED: "true",
    // One process seeds the demo accounts; the others find them.
    SEED_DEMO: member === 1 ? "true" : "false",
    LOG_LEVEL: "warn",
    ...cluster.options.ferryEnv,
  });
}

/** Waits until Ferry's process `member` answers HTTP. */
export async function waitForFerry(cluster: Cluster, member: number, timeoutMs: number): Promise<void> {
  const port = cluster.ports.ferry[member - 1];
  await waitFor(`Ferry ${member} on port ${port}`, timeoutMs, async () => {
    if (!cluster.processes.get(`ferry${member}`)?.isRunning) {
      throw new Error(`Ferry ${member} exited; see ${path.join(cluster.logDir, `ferry${member}.log`)}`);
    }
    const response = await fetch(`http://127.0.0.1:${port}/health/ready`, { signal: AbortSignal.timeout(2_000) });
    return response.status === 200 ? true : undefined;
  });
}

/** Builds the web app once when it is not built (every Ferry process serves it). */
function ensureWebBuild(): void {
  if (existsSync(path.join(REPO_ROOT, "apps/web/dist/index.html"))) {
    return;
  }
  log("building the web app (npm run build)");
  const build = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit", cwd: REPO_ROOT });
  if (build.status !== 0) {
    throw new Error("npm run build failed");
  }
}

/** Starts the whole cluster; on any failure stops what was started and rethrows. */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  ensurePackages();
  ensureWebBuild();
  const baseDir = options.baseDir ?? mkdtempSync(path.join(os.tmpdir(), "ferry-cluster-"));
  chmodSync(baseDir, 0o755);
  const cluster = new Cluster(baseDir, await pickPorts(), options);
  process.on("exit", () => cluster.killAllNow());
  mkdirSync(cluster.logDir, { recursive: true });
  try {
    log(`directory ${baseDir}`);
    startEtcd(cluster);
    await waitFor("three healthy etcd members", 30_000, async () => {
      const healthy = await Promise.all(
        cluster.ports.etcdClient.map(async (port) => {
          const body = (await getJson(`http://127.0.0.1:${port}/health`)) as { health: string };
          return body.health === "true";
        }),
      );
      return healthy.every(Boolean) ? true : undefined;
    });
    log("etcd: three members up");
    startPatroni(cluster);
    await createFerryDatabase(cluster);
    await waitForHealthyPatroni(cluster, 120_000);
    log("Patroni: a primary, a synchronous standby and a replica");
    startHaproxy(cluster);
    startFerry(cluster, 1);
    await waitForFerry(cluster, 1, 180_000);
    startFerry(cluster, 2);
    startFerry(cluster, 3);
    await Promise.all([waitForFerry(cluster, 2, 180_000), waitForFerry(cluster, 3, 180_000)]);
    log("Ferry: three processes up behind HAProxy");
    return cluster;
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

/** What an operator reads when the cluster is up. */
export function describeCluster(cluster: Cluster): string {
  const { ports } = cluster;
  return [
    "",
    `  Ferry (HAProxy, 3 processes):   ${cluster.httpUrl}`,
    `  Development mailbox:            ${cluster.httpUrl}/dev/mail`,
    `  HAProxy statistics:             http://127.0.0.1:${ports.haproxyStats}/`,
    `  PostgreSQL primary (HAProxy):   ${cluster.databaseUrl}`,
    `  Superuser (HAProxy):            ${cluster.superuserUrl}`,
    `  Patroni REST API:               ${ports.patroni.map((port) => `http://127.0.0.1:${port}`).join("  ")}`,
    `  patronictl:                     runuser -u postgres -- patronictl -c ${path.join(cluster.pgDir, "patroni1.yml")} list`,
    `  etcd:                           ${etcdEndpoints(cluster)}`,
    `  Ferry processes:                ${ports.ferry.map((port) => `http://127.0.0.1:${port}`).join("  ")}`,
    `  WAL archive:                    ${cluster.archiveDir}`,
    `  Logs:                           ${cluster.logDir}`,
    "",
  ].join("\n");
}
