import "./v8-tuning.ts";
import { buildApp, type FerryApp } from "./app.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { type DatabaseHandle, openDatabase } from "./db/database.ts";
import { type EmbeddedDatabase, EmbeddedDatabaseError, startEmbeddedDatabase } from "./db/embedded.ts";
import { migrate } from "./db/migrate.ts";
import { isDatabaseUnavailableError } from "./errors.ts";
import { DEMO_ACCOUNTS, seedDemo } from "./seed.ts";

/** The setting to name when the database cannot be used: the operator's URL, or the embedded cluster. */
function databaseSetting(config: Config): string {
  return config.databaseUrl ? "DATABASE_URL" : "EMBEDDED_PG_PORT (or DATABASE_URL)";
}

/**
 * One sentence for a start-up failure that names the setting that fixes it. Known causes are named;
 * anything else still says what failed rather than printing a bare object (or `undefined`).
 */
function explainStartupFailure(error: unknown, config: Config, phase: "database" | "listen" | "app"): string {
  if (error instanceof EmbeddedDatabaseError) {
    return error.message;
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (phase === "listen") {
    if (code === "EADDRINUSE") {
      return `Port ${config.port} is in use; set PORT to a free port.`;
    }
    if (code === "EACCES") {
      return `Port ${config.port} needs privileges this user does not have; set PORT to 1024 or above.`;
    }
    if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND") {
      return `${config.host} is not an address of this machine; set HOST to one that is, such as 127.0.0.1.`;
    }
  }
  if (phase === "database") {
    const where = config.databaseUrl ? "The PostgreSQL at DATABASE_URL" : "The embedded PostgreSQL";
    if (code === "28P01" || code === "28000") {
      return `${where} refused the user name or password; set DATABASE_URL with the right credentials.`;
    }
    if (code === "3D000") {
      return `${where} has no such database; create it, or set DATABASE_URL to one that exists.`;
    }
    if (isDatabaseUnavailableError(error)) {
      const reason = typeof code === "string" ? code : "connection failed";
      return `${where} cannot be reached (${reason}); start it, or set ${databaseSetting(config)} to one that answers.`;
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  return `Ferry could not start (${phase}): ${message || (error as Error)?.name || "unknown error"}`;
}

/** The configuration, or the process ends naming every bad setting. */
function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** What has been started so far, so that a failed start stops it again. */
interface Started {
  embedded: EmbeddedDatabase | null;
  database: DatabaseHandle | null;
  ferry: FerryApp | null;
}

/** The database, embedded unless DATABASE_URL names one, migrated; with the migrations applied. */
async function openMigratedDatabase(
  config: Config,
  started: Started,
): Promise<{ database: DatabaseHandle; applied: string[] }> {
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    console.log(`Starting the embedded PostgreSQL in ${config.dataDir} (port ${config.embeddedPgPort})…`);
    started.embedded = await startEmbeddedDatabase({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
      databaseName: "ferry",
    });
    databaseUrl = started.embedded.url;
  }
  const database = openDatabase(databaseUrl);
  started.database = database;
  return { database, applied: await migrate(database.pool) };
}

/** The app on the open database, with the demo accounts when SEED_DEMO asks for them. */
async function buildSeededApp(config: Config, database: DatabaseHandle, applied: string[]): Promise<FerryApp> {
  const ferry = await buildApp({ config, db: database.db, pool: database.pool, keepsDevClockOffset: true });
  if (applied.length > 0) {
    ferry.app.log.info({ migrations: applied }, "migrations applied");
  }
  if (config.shouldSeedDemo) {
    const created = await seedDemo(ferry.auth, database.db);
    if (created.length > 0) {
      ferry.app.log.info({ accounts: created }, "demo accounts created");
    }
  }
  return ferry;
}

/**
 * The most a stop waits for the app to close before it cuts the connections still open: past the
 * app's own 10 s wait for requests being answered, within the 30 s an orchestrator usually grants.
 */
const SHUTDOWN_TIMEOUT_MS = 15_000;

/** Resolves true when `closing` ends within `timeoutMs`, false when the time ran out first. */
async function endsWithin(closing: Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([closing.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Graceful shutdown (decision 057) on SIGINT and SIGTERM: readiness fails at once, the server stops
 * accepting, the requests and transfer batches in flight finish and streams are closed (the app's
 * `preClose` and `onClose` hooks), then the pool and the embedded database close. A close that takes
 * longer than `SHUTDOWN_TIMEOUT_MS` has its connections cut, naming the requests cut short.
 */
function stopOnSignals(started: Started): void {
  let isStopping = false;
  async function stop(signal: string): Promise<void> {
    if (isStopping) {
      return;
    }
    isStopping = true;
    const app = started.ferry?.app;
    if (app) {
      app.log.info({ signal }, "stopping");
      app.shutdown.begin();
      const closing = app.close();
      if (!(await endsWithin(closing, SHUTDOWN_TIMEOUT_MS))) {
        app.log.warn({ requests: app.shutdown.inFlight() }, "shutdown: cutting the connections still open");
        app.server.closeAllConnections();
        await closing;
      }
    }
    await started.database?.close();
    await started.embedded?.stop();
    process.exit(0);
  }
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

/** Where Ferry answers, the development mailbox, the API docs and the demo accounts. */
function printWelcome(config: Config): void {
  const lines = [
    "",
    `  Ferry is running at ${config.publicUrl}`,
    config.isDevMailboxEnabled ? `  Development mailbox: ${config.publicUrl}/dev/mail` : "",
    `  API documentation:   ${config.publicUrl}/api/docs`,
  ];
  if (config.shouldSeedDemo) {
    lines.push("  Demo accounts (sign-in codes arrive in the mailbox):");
    for (const account of DEMO_ACCOUNTS) {
      lines.push(`    ${account.role.padEnd(5)}  ${account.email}  /  ${account.password}`);
    }
  }
  console.log(lines.filter((line) => line !== "").join("\n"));
}

/** Boot: config -> database (embedded or DATABASE_URL) -> migrate -> app -> listen. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const started: Started = { embedded: null, database: null, ferry: null };
  // Whatever was started before a failure is stopped again, so a failed start leaves no PostgreSQL behind.
  async function failStartup(error: unknown, phase: "database" | "listen" | "app"): Promise<never> {
    console.error(explainStartupFailure(error, config, phase));
    if (config.logLevel === "debug" || config.logLevel === "trace") {
      console.error(error);
    }
    await started.ferry?.app.close().catch(() => {});
    await started.database?.close().catch(() => {});
    await started.embedded?.stop().catch(() => {});
    process.exit(1);
  }

  let opened: { database: DatabaseHandle; applied: string[] };
  try {
    opened = await openMigratedDatabase(config, started);
  } catch (error) {
    return failStartup(error, "database");
  }
  try {
    started.ferry = await buildSeededApp(config, opened.database, opened.applied);
  } catch (error) {
    return failStartup(error, "app");
  }
  stopOnSignals(started);
  try {
    await started.ferry.app.listen({ host: config.host, port: config.port });
  } catch (error) {
    return failStartup(error, "listen");
  }
  printWelcome(config);
}

main().catch((error) => {
  console.error(`Ferry stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
