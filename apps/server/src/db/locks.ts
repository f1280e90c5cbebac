import { sql } from "kysely";
import { statementOnce } from "./compiled-once.ts";
import type { Database } from "./database.ts";

/**
 * Takes PostgreSQL's transaction-level advisory lock named by `key` ("recipients|<userId>",
 * "exchange|<userId>|<idempotencyKey>"), held until `trx` commits or rolls back. Two transactions
 * that lock the same key run one after the other, which is how Ferry serialises the checks that a
 * row lock cannot cover (a row that does not exist yet, a count across rows). Callers holding more
 * than one key take them in a fixed order, so no two wait on each other in a cycle.
 */
export async function lockKey(trx: Database, key: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

/**
 * The statement that takes the locks of all of `keys`, in the order of their hashes (the locks' own
 * names), so two transactions locking overlapping sets this way never wait on each other in a cycle.
 */
export const lockKeysStatement = statementOnce(
  (_db: Database, keys: readonly string[]) => sql`
    SELECT pg_advisory_xact_lock(hashed.lock)
    FROM (SELECT DISTINCT hashtextextended(key, 0) AS lock FROM unnest(${keys}::text[]) AS key ORDER BY lock) AS hashed
  `,
  1,
);
