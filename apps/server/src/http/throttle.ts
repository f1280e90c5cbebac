import type { Kysely } from "kysely";
import { sql } from "kysely";
import { lockKey } from "../db/locks.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";

export interface ThrottleRule {
  /** What is being limited, and for whom: `sign-in:ip:10.0.0.1`. */
  readonly key: string;
  /** Hits admitted in any window before the rule refuses (or, with `backoff`, starts slowing). */
  readonly max: number;
  readonly windowSeconds: number;
  /**
   * With a back-off the rule never refuses for the rest of the window: after `max` hits it admits
   * one more hit once `firstWaitSeconds` have passed since the newest one, and each further hit
   * doubles that wait, up to `maxWaitSeconds`. Without it, hit `max + 1` is refused until the
   * oldest hit leaves the window.
   */
  readonly backoff?: { readonly firstWaitSeconds: number; readonly maxWaitSeconds: number };
}

/** The hits one admitted request recorded, so the caller can take them back (see `releaseHits`). */
export interface ThrottleHits {
  readonly keys: readonly string[];
  readonly hitAt: Date;
}

/** Why a rule refused: how long until it would admit the request. */
interface Refusal {
  readonly retryAfterSeconds: number;
}

/** The wait a rule imposes on the next hit, given the hits in its window; 0 when it admits now. */
function waitSecondsOf(rule: ThrottleRule, hits: number, oldest: Date | null, newest: Date | null): number {
  if (hits < rule.max) {
    return 0;
  }
  const nowMs = Date.now();
  if (!rule.backoff) {
    const oldestMs = oldest ? oldest.getTime() : nowMs;
    return Math.max(1, Math.ceil((oldestMs + rule.windowSeconds * 1000 - nowMs) / 1000));
  }
  // 2^(hits - max) grows fast; the exponent is bounded so the number stays finite before the cap.
  const doublings = Math.min(hits - rule.max, 30);
  const waitSeconds = Math.min(rule.backoff.firstWaitSeconds * 2 ** doublings, rule.backoff.maxWaitSeconds);
  const newestMs = newest ? newest.getTime() : nowMs;
  const remainingMs = newestMs + waitSeconds * 1000 - nowMs;
  return remainingMs <= 0 ? 0 : Math.max(1, Math.ceil(remainingMs / 1000));
}

/**
 * Counts and records one hit per rule under an advisory lock per key, so simultaneous requests
 * cannot all slip under a limit: each one sees the hits of those admitted before it. A refused
 * request records nothing (it does not extend the wait).
 */
async function admit(db: Kysely<DB>, rules: readonly ThrottleRule[]): Promise<ThrottleHits | Refusal> {
  // Locks are taken in key order so two requests sharing keys never wait on each other in a cycle.
  const sorted = [...rules].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return db.transaction().execute(async (trx) => {
    for (const rule of sorted) {
      await lockKey(trx, `throttle|${rule.key}`);
    }
    let retryAfterSeconds = 0;
    for (const rule of sorted) {
      const row = await trx
        .selectFrom("rate_limit_hits")
        .select([
          sql<string>`count(*)`.as("hits"),
          sql<Date | null>`min(hit_at)`.as("oldest"),
          sql<Date | null>`max(hit_at)`.as("newest"),
        ])
        .where("key", "=", rule.key)
        .where("hit_at", ">", new Date(Date.now() - rule.windowSeconds * 1000))
        .executeTakeFirstOrThrow();
      const oldest = row.oldest ? new Date(row.oldest) : null;
      const newest = row.newest ? new Date(row.newest) : null;
      retryAfterSeconds = Math.max(retryAfterSeconds, waitSecondsOf(rule, Number(row.hits), oldest, newest));
    }
    if (retryAfterSeconds > 0) {
      return { retryAfterSeconds };
    }
    const hitAt = new Date();
    if (sorted.length > 0) {
      await trx
        .insertInto("rate_limit_hits")
        .values(sorted.map((rule) => ({ key: rule.key, hit_at: hitAt })))
        .execute();
    }
    return { keys: sorted.map((rule) => rule.key), hitAt };
  });
}

/**
 * Sliding-window rate limiting stored in PostgreSQL, so every server process sees the same counts.
 * Records one hit per rule; when any rule refuses, the request fails with 429 and Retry-After (the
 * longest wait of the refusing rules) and nothing is recorded.
 */
export async function enforceThrottle(db: Kysely<DB>, rules: readonly ThrottleRule[]): Promise<ThrottleHits> {
  const result = await admit(db, rules);
  if ("retryAfterSeconds" in result) {
    throw new AppError("rate_limited", "Too many attempts. Please wait a moment and try again.", undefined, {
      "retry-after": String(result.retryAfterSeconds),
    });
  }
  return result;
}

/** Like `enforceThrottle`, but answers whether the hits were admitted instead of throwing. */
export async function tryThrottle(db: Kysely<DB>, rules: readonly ThrottleRule[]): Promise<boolean> {
  return (await tryRecordHits(db, rules)) !== undefined;
}

/**
 * Like `tryThrottle`, but returns the hits it recorded (to be taken back on success, `releaseHits`),
 * or undefined when a rule refused: for a limit whose refusal must not show in the answer.
 */
export async function tryRecordHits(db: Kysely<DB>, rules: readonly ThrottleRule[]): Promise<ThrottleHits | undefined> {
  const result = await admit(db, rules);
  return "retryAfterSeconds" in result ? undefined : result;
}

/**
 * Takes back hits an admitted request recorded, for the keys given: a limit on failures reserves a
 * hit before the outcome is known (so simultaneous attempts are counted), and a success returns it.
 */
export async function releaseHits(db: Kysely<DB>, hits: ThrottleHits, keys: readonly string[]): Promise<void> {
  for (const key of keys.filter((candidate) => hits.keys.includes(candidate))) {
    // One row per key and call; rows have no id, so the physical row (ctid) of one match is deleted.
    await sql`
      DELETE FROM rate_limit_hits
      WHERE ctid = (SELECT ctid FROM rate_limit_hits WHERE key = ${key} AND hit_at = ${hits.hitAt} LIMIT 1)`.execute(
      db,
    );
  }
}

/**
 * Records one hit of `rule.key` whatever the count, and answers whether `rule.max` hits were already
 * in the window before it: a threshold that changes how a request is answered rather than refusing
 * it. Counted under the key's advisory lock, like `enforceThrottle`, so a burst sees its own hits.
 */
export async function recordThresholdHit(
  db: Kysely<DB>,
  rule: Omit<ThrottleRule, "backoff">,
): Promise<{ readonly isPastThreshold: boolean; readonly hits: ThrottleHits }> {
  return db.transaction().execute(async (trx) => {
    await lockKey(trx, `throttle|${rule.key}`);
    const row = await trx
      .selectFrom("rate_limit_hits")
      .select(sql<string>`count(*)`.as("hits"))
      .where("key", "=", rule.key)
      .where("hit_at", ">", new Date(Date.now() - rule.windowSeconds * 1000))
      .executeTakeFirstOrThrow();
    const hitAt = new Date();
    await trx.insertInto("rate_limit_hits").values({ key: rule.key, hit_at: hitAt }).execute();
    return { isPastThreshold: Number(row.hits) >= rule.max, hits: { keys: [rule.key], hitAt } };
  });
}

/**
 * A fixed-size sliding window that tells the caller where it stands (an API credential's limit,
 * decision 041): records one hit and answers the limit, the hits left and the seconds until the
 * oldest leaves the window; over the limit it records nothing and throws 429 with `Retry-After` and
 * the `RateLimit-*` headers. Counted under the key's advisory lock, like `enforceThrottle`.
 */
export async function enforceRateLimit(
  db: Kysely<DB>,
  rule: Omit<ThrottleRule, "backoff">,
): Promise<{ readonly limit: number; readonly remaining: number; readonly resetSeconds: number }> {
  const state = await db.transaction().execute(async (trx) => {
    await lockKey(trx, `throttle|${rule.key}`);
    const row = await trx
      .selectFrom("rate_limit_hits")
      .select([sql<string>`count(*)`.as("hits"), sql<Date | null>`min(hit_at)`.as("oldest")])
      .where("key", "=", rule.key)
      .where("hit_at", ">", new Date(Date.now() - rule.windowSeconds * 1000))
      .executeTakeFirstOrThrow();
    const hits = Number(row.hits);
    const nowMs = Date.now();
    const oldestMs = row.oldest ? new Date(row.oldest).getTime() : nowMs;
    const resetSeconds = Math.max(1, Math.ceil((oldestMs + rule.windowSeconds * 1000 - nowMs) / 1000));
    if (hits >= rule.max) {
      return { isAdmitted: false, remaining: 0, resetSeconds };
    }
    await trx
      .insertInto("rate_limit_hits")
      .values({ key: rule.key, hit_at: new Date(nowMs) })
      .execute();
    return { isAdmitted: true, remaining: rule.max - hits - 1, resetSeconds };
  });
  if (!state.isAdmitted) {
    throw new AppError("rate_limited", "Too many requests. Please wait a moment and try again.", undefined, {
      "retry-after": String(state.resetSeconds),
      "ratelimit-limit": String(rule.max),
      "ratelimit-remaining": "0",
      "ratelimit-reset": String(state.resetSeconds),
    });
  }
  return { limit: rule.max, remaining: state.remaining, resetSeconds: state.resetSeconds };
}

/** Forgets every hit of `key` (a success that proves the earlier failures were the owner's). */
export async function clearThrottle(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom("rate_limit_hits").where("key", "=", key).execute();
}

/** Forgets every hit of every key that starts with `prefix` (one account's limits across addresses or devices). */
export async function clearThrottleByPrefix(db: Kysely<DB>, prefix: string): Promise<void> {
  await db.deleteFrom("rate_limit_hits").where(sql<boolean>`starts_with(key, ${prefix})`).execute();
}

/** How many hits `key` has in the last `windowSeconds`. */
export async function countHits(db: Kysely<DB>, key: string, windowSeconds: number): Promise<number> {
  const row = await db
    .selectFrom("rate_limit_hits")
    .select(sql<string>`count(*)`.as("hits"))
    .where("key", "=", key)
    .where("hit_at", ">", new Date(Date.now() - windowSeconds * 1000))
    .executeTakeFirstOrThrow();
  return Number(row.hits);
}

/** Forgets hits older than a day; run by the housekeeping job every 10 minutes (jobs/housekeeping.ts). */
export async function pruneThrottle(db: Kysely<DB>): Promise<void> {
  await db
    .deleteFrom("rate_limit_hits")
    .where("hit_at", "<", new Date(Date.now() - 24 * 60 * 60 * 1000))
    .execute();
}
