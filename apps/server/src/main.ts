import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { type EmbeddedDatabase, startEmbeddedDatabase } from "./db/embedded.ts";
import { migrate } from "./db/migrate.ts";
import { DEMO_ACCOUNTS, seedDemo } from "./seed.ts";

/** Boot: config -> database (embedded or DATABASE_URL) -> migrate -> app -> listen. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    console.log(`Starting the embedded PostgreSQL in ${config.dataDir} (port ${config.embeddedPgPort})…`);
    embedded = await startEmbeddedDatabase({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
      databaseName: "ferry",
    });
    databaseUrl = embedded.url;
  }
  const database = openDatabase(databaseUrl);
  const applied = await migrate(database.pool);
  const { app, auth } = await buildApp({ config, db: database.db, pool: database.pool });
  if (applied.length > 0) {
    app.log.info({ migrations: applied }, "migrations applied");
  }
  if (config.shouldSeedDemo) {
    const created = await seedDemo(auth, database.db);
    if (created.length > 0) {
      app.log.info({ accounts: created }, "demo accounts created");
    }
  }

  let isStopping = false;
  async function stop(signal: string): Promise<void> {
    if (isStopping) {
      return;
    }
    isStopping = true;
    app.log.info({ signal }, "stopping");
    await app.close();
    await database.close();
    await embedded?.stop();
    process.exit(0);
  }
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  await app.listen({ host: config.host, port: config.port });
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

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
