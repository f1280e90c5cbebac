import { HealthStatus, LiveStatus, type ReadinessCheck, ReadyStatus } from "@ferry/core/contracts/health";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type pg from "pg";
import { isDatabaseReachable } from "../../db/database.ts";
import { pendingMigrations } from "../../db/migrate.ts";
import { DATABASE_RETRY_AFTER_SECONDS } from "../../errors.ts";
import { PUBLIC } from "../../http/openapi.ts";

/** `/api/health` reports the database unreachable when `SELECT 1` takes longer than this. */
const HEALTH_DATABASE_TIMEOUT_MS = 2_000;

export interface HealthOptions {
  readonly pool: pg.Pool;
}

/** Health is the database's health too: a load balancer must stop sending traffic while it is gone. */
const health: FastifyPluginAsync<HealthOptions> = async (app, options) => {
  const schema = {
    tags: ["operations"],
    operationId: "getHealth",
    summary: "Whether Ferry and its database answer (for load balancers)",
    security: PUBLIC,
    response: {
      200: { description: "Ferry and its database answer", content: { "application/json": { schema: HealthStatus } } },
      503: {
        description: "The database is unreachable; `Retry-After` says when to ask again",
        content: { "application/json": { schema: HealthStatus } },
      },
    },
  };
  app.get("/api/health", { schema }, async (_request, reply) => {
    if (await isDatabaseReachable(options.pool, HEALTH_DATABASE_TIMEOUT_MS)) {
      return { status: "ok", database: "ok" };
    }
    return reply
      .status(503)
      .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
      .send({ status: "unavailable", database: "unreachable" });
  });
  registerProbes(app, options.pool);
};

/**
 * Whether every migration file this build carries is applied. Once true it stays true (migrations are
 * forward-only and this process's files do not change), so a ready process asks the database once.
 */
function migrationsCheck(pool: pg.Pool): () => Promise<ReadyStatus["checks"]["migrations"]> {
  let isApplied = false;
  return async () => {
    if (!isApplied) {
      try {
        isApplied = (await pendingMigrations(pool, HEALTH_DATABASE_TIMEOUT_MS)).length === 0;
      } catch {
        return "unknown";
      }
    }
    return isApplied ? "ok" : "pending";
  };
}

/**
 * The probes of an orchestrator or load balancer (decision 057). Liveness: the process answers, even
 * with its database down (restarting it would not help). Readiness: send it traffic — the database
 * answers, the schema is the code's, and it is not shutting down.
 */
function registerProbes(app: FastifyInstance, pool: pg.Pool): void {
  app.get(
    "/health/live",
    {
      schema: {
        tags: ["operations"],
        operationId: "getLiveness",
        summary: "Whether the Ferry process runs (liveness probe)",
        security: PUBLIC,
        response: {
          200: { description: "The process answers", content: { "application/json": { schema: LiveStatus } } },
        },
      },
    },
    async () => ({ status: "ok" as const }),
  );
  const checkMigrations = migrationsCheck(pool);
  const schema = {
    tags: ["operations"],
    operationId: "getReadiness",
    summary: "Whether this Ferry process should be sent traffic (readiness probe)",
    security: PUBLIC,
    response: {
      200: {
        description: "The database answers, every migration is applied, the process is not stopping",
        content: { "application/json": { schema: ReadyStatus } },
      },
      503: {
        description: "A check failed, named in `failed`; `Retry-After` says when to ask again",
        content: { "application/json": { schema: ReadyStatus } },
      },
    },
  };
  app.get("/health/ready", { schema }, async (_request, reply) => {
    const isDatabaseUp = await isDatabaseReachable(pool, HEALTH_DATABASE_TIMEOUT_MS);
    const checks: ReadyStatus["checks"] = {
      database: isDatabaseUp ? "ok" : "unreachable",
      migrations: isDatabaseUp ? await checkMigrations() : "unknown",
      process: app.shutdown?.isShuttingDown ? "shutting_down" : "ok",
    };
    const failed = (Object.keys(checks) as ReadinessCheck[]).filter((check) => checks[check] !== "ok");
    if (failed.length === 0) {
      return { status: "ready" as const, checks, failed };
    }
    return reply
      .status(503)
      .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
      .send({ status: "unavailable" as const, checks, failed });
  });
}

export default health;
