import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type pg from "pg";
import type { MetricsAccess } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../errors.ts";
import { reconcileLedger } from "../../modules/ledger/reconcile.ts";
import { attachMetrics, createMetrics, type FerryMetrics } from "../../observability/metrics.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** This app's Prometheus metrics (observability/metrics.ts); `setOpenStreams` is the live streams' gauge. */
    metrics: FerryMetrics;
  }
}

export interface MetricsOptions {
  readonly pool: pg.Pool;
  /** The database the modules use: transfers and batches are counted through it. */
  readonly db: Database;
  readonly access: MetricsAccess;
}

/** The label of a request no route matched (the web app's pages, answered by the not-found handler). */
const UNROUTED = "(unrouted)";

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function hasToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? "";
  const match = /^Bearer (.+)$/.exec(header);
  if (!match?.[1]) {
    return false;
  }
  // Hashed first, so that the comparison takes the same time whatever the lengths.
  const given = createHash("sha256").update(match[1]).digest();
  const expected = createHash("sha256").update(token).digest();
  return timingSafeEqual(given, expected);
}

/**
 * `GET /metrics` in Prometheus's text format (decision 057), and the request latency histogram every
 * answered request is observed in. Registered as a route of its own, so `/metrics` never falls through
 * to the web app: off (404) in production without METRICS_TOKEN, 401 without the token when it is set.
 */
export default fp<MetricsOptions>(
  async (app, options) => {
    const { db, pool, access } = options;
    const metrics = createMetrics({
      pool,
      // The job runner is registered after the routes: read when scraped, never before it exists.
      queueCounts: () => app.jobs.queueCounts(),
      reconcile: async () => (await reconcileLedger(db)).violations.length === 0,
    });
    attachMetrics(db, metrics);
    app.decorate("metrics", metrics);
    app.addHook("onResponse", (request, reply, done) => {
      const route = request.routeOptions.url ?? UNROUTED;
      metrics.observeRequest({ method: request.method, route, statusCode: reply.statusCode }, reply.elapsedTime / 1000);
      done();
    });
    app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
      if (access.kind === "disabled") {
        throw new AppError("not_found", "Metrics are off: set METRICS_TOKEN to read them in production");
      }
      if (access.kind === "token" && !hasToken(request, access.token)) {
        reply.header("www-authenticate", 'Bearer realm="metrics"');
        throw new AppError("unauthenticated", "Send the metrics token as Authorization: Bearer <METRICS_TOKEN>");
      }
      const text = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).header("cache-control", "no-store").send(text);
    });
  },
  { name: "ferry-metrics", fastify: "5.x" },
);
