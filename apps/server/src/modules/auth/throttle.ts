import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";

export interface ThrottleRule {
  /** What is being limited, and for whom: `sign-in:account:ada@example.com`. */
  readonly key: string;
  readonly max: number;
  readonly windowSeconds: number;
}

/**
 * Sliding-window rate limiting stored in PostgreSQL, so every server process sees the same counts.
 * Each call records one hit per rule; when any rule is over its limit the request is refused with
 * 429 and Retry-After, and its hits are not recorded (a refused request does not extend the lockout).
 */
export async function enforceThrottle(db: Kysely<DB>, rules: readonly ThrottleRule[]): Promise<void> {
  for (const rule of rules) {
    const row = await db
      .selectFrom("rate_limit_hits")
      .select([sql<string>`count(*)`.as("hits"), sql<Date | null>`min(hit_at)`.as("oldest")])
      .where("key", "=", rule.key)
      .where("hit_at", ">", new Date(Date.now() - rule.windowSeconds * 1000))
      .executeTakeFirstOrThrow();
    if (Number(row.hits) >= rule.max) {
      const oldestMs = row.oldest ? new Date(row.oldest).getTime() : Date.now();
      const retryAfterSeconds = Math.max(1, Math.ceil((oldestMs + rule.windowSeconds * 1000 - Date.now()) / 1000));
      throw new AppError("rate_limited", "Too many attempts. Please wait a moment and try again.", undefined, {
        "retry-after": String(retryAfterSeconds),
      });
    }
  }
  await db
    .insertInto("rate_limit_hits")
    .values(rules.map((rule) => ({ key: rule.key, hit_at: new Date() })))
    .execute();
}

/** Forgets hits older than a day; called from the periodic housekeeping. */
export async function pruneThrottle(db: Kysely<DB>): Promise<void> {
  await db
    .deleteFrom("rate_limit_hits")
    .where("hit_at", "<", new Date(Date.now() - 24 * 60 * 60 * 1000))
    .execute();
}
