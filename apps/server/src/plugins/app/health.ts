import { HealthStatus } from "@ferry/core/contracts/health";
import type { FastifyPluginAsync } from "fastify";
import type pg from "pg";
import { isDatabaseReachable } from "../../db/database.ts";
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
};

export default health;
