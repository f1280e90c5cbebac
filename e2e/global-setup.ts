import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { openDatabase } from "../apps/server/src/db/database.ts";
import { startEmbeddedDatabase } from "../apps/server/src/db/embedded.ts";
import { findFreePort } from "../apps/server/src/db/free-port.ts";
import { migrate } from "../apps/server/src/db/migrate.ts";
import { seedDemo } from "../apps/server/src/seed.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * Starts Ferry as `npm start` does — real PostgreSQL (embedded, throwaway), migrations, demo seed,
 * the built web app — on a free port, for the end-to-end tests to drive with Chromium.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "ferry-e2e-"));
  const embedded = await startEmbeddedDatabase({
    dataDir,
    port: await findFreePort(),
    databaseName: "ferry_e2e",
    isThrowaway: true,
  });
  const database = openDatabase(embedded.url);
  await migrate(database.pool);
  const port = await findFreePort();
  const baseUrl = `http://localhost:${port}`;
  const config = loadConfig({
    NODE_ENV: "test",
    PORT: String(port),
    LOG_LEVEL: "warn",
    PUBLIC_URL: baseUrl,
    // Real scrypt at a sixteenth of the production cost, as the integration tests (decision 034).
    PASSWORD_SCRYPT_COST: "1024",
    // Browser contexts send X-Forwarded-For so each test is its own client address.
    TRUST_PROXY: "loopback",
    // The job runner works here as in production, so a webhook is delivered by its job (issue 28).
    JOBS_ENABLED: "true",
    // A web build elsewhere than apps/web/dist (WEB_BUILD_OUT_DIR of the web build), when given.
    ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
  });
  const { app, auth } = await buildApp({ config, db: database.db, pool: database.pool });
  await seedDemo(auth, database.db);
  await app.listen({ host: "localhost", port });
  project.provide("baseUrl", baseUrl);
  return async () => {
    await app.close();
    await database.close();
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
