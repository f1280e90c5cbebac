import { z } from "zod";

/**
 * `GET /api/health`: whether Ferry and its database answer. A load balancer reads the status code
 * (200, or 503 while the database is unreachable); the body says which part is down.
 */
export const HealthStatus = z.strictObject({
  status: z.enum(["ok", "unavailable"]),
  database: z.enum(["ok", "unreachable"]),
});
export type HealthStatus = z.infer<typeof HealthStatus>;

/** `GET /health/live`: the process runs and answers (whatever its database does). */
export const LiveStatus = z.strictObject({ status: z.literal("ok") });
export type LiveStatus = z.infer<typeof LiveStatus>;

/** A check `GET /health/ready` makes: the database answers, every migration is applied, the process is not stopping. */
export const ReadinessCheck = z.enum(["database", "migrations", "process"]);
export type ReadinessCheck = z.infer<typeof ReadinessCheck>;

/**
 * `GET /health/ready`: whether this process should be sent traffic. 200 when every check passes; 503
 * naming the checks that failed (a load balancer reads the status, a person the body).
 */
export const ReadyStatus = z.strictObject({
  status: z.enum(["ready", "unavailable"]),
  checks: z.strictObject({
    database: z.enum(["ok", "unreachable"]),
    migrations: z.enum(["ok", "pending", "unknown"]),
    process: z.enum(["ok", "shutting_down"]),
  }),
  failed: z.array(ReadinessCheck),
});
export type ReadyStatus = z.infer<typeof ReadyStatus>;
