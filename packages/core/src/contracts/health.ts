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
