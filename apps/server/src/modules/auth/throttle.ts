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
  // Count and record under a lock per key, so simultaneous requests cannot all slip under the limit.
  const sorted = [...rules].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  await db.transaction().execute(async (trx) => {
    for (const rule of sorted) {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`throttle|${rule.key}`}, 0))`.execute(trx);
    }
    for (const rule of sorted) {
      const row = await trx
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
    await trx
      .insertInto("rate_limit_hits")
      .values(sorted.map((rule) => ({ key: rule.key, hit_at: new Date() })))
      .execute();
  });
}

/** Forgets hits older than a day; called from the periodic housekeeping. */
export async function pruneThrottle(db: Kysely<DB>): Promise<void> {
  await db
    .deleteFrom("rate_limit_hits")
    .where("hit_at", "<", new Date(Date.now() - 24 * 60 * 60 * 1000))
    .execute();
}
