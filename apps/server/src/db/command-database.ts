import { loadConfig } from "../config.ts";
import { type Database, openDatabase } from "./database.ts";
import {
  type EmbeddedDatabase,
  embeddedDatabaseUrl,
  isEmbeddedDatabaseRunning,
  startEmbeddedDatabase,
} from "./embedded.ts";
import { migrate } from "./migrate.ts";

/**
 * Runs one operator command (`npm run reconcile`, `npm run check-destinations`) against the configured
 * database: `DATABASE_URL`, else the embedded one — through a running Ferry that owns it, or started
 * here and stopped again afterwards. Migrations are applied first, so the command reads today's schema.
 */
export async function withCommandDatabase(command: (db: Database) => Promise<void>): Promise<void> {
  const config = loadConfig();
  let embedded: EmbeddedDatabase | null = null;
  let url = config.databaseUrl;
  if (!url && (await isEmbeddedDatabaseRunning(config.embeddedPgPort, "ferry"))) {
    // A running Ferry owns the embedded cluster: read the same database through it.
    url = embeddedDatabaseUrl(config.embeddedPgPort, "ferry");
  }
  if (!url) {
    embedded = await startEmbeddedDatabase({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
      databaseName: "ferry",
    });
    url = embedded.url;
  }
  const database = openDatabase(url, 2);
  try {
    await migrate(database.pool);
    await command(database.db);
  } finally {
    await database.close();
    await embedded?.stop();
  }
}
