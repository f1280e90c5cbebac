import type { Database } from "../../db/database.ts";

/*
 * The sessions module's SQL: Better Auth's "session" rows, which Better Auth creates and reads, and
 * their "lastActiveAt" (migration 028), which only this module writes.
 */

/** When the session last counted as active, or undefined when it no longer exists. */
export async function selectLastActiveAt(db: Database, sessionId: string): Promise<Date | undefined> {
  const row = await db.selectFrom("session").select("lastActiveAt").where("id", "=", sessionId).executeTakeFirst();
  return row ? new Date(row.lastActiveAt) : undefined;
}

/**
 * Records activity at `now`, only when the last record is older than `notBefore`: the condition in the
 * UPDATE itself, so concurrent requests (in any process) write at most once a minute. Returns the
 * instant written, or undefined when the record was recent enough.
 */
export async function updateLastActiveAt(
  db: Database,
  sessionId: string,
  now: Date,
  notBefore: Date,
): Promise<Date | undefined> {
  const row = await db
    .updateTable("session")
    .set({ lastActiveAt: now })
    .where("id", "=", sessionId)
    .where("lastActiveAt", "<", notBefore)
    .returning("lastActiveAt")
    .executeTakeFirst();
  return row ? new Date(row.lastActiveAt) : undefined;
}

/** Deletes one session, if it still exists. */
export async function deleteSessionById(db: Database, sessionId: string): Promise<void> {
  await db.deleteFrom("session").where("id", "=", sessionId).execute();
}

/**
 * The user's sessions that have neither expired nor been idle since `idleSince` (null: no idle limit),
 * the most recently active first.
 */
export async function selectLiveSessionsOf(db: Database, userId: string, now: Date, idleSince: Date | null) {
  let query = db
    .selectFrom("session")
    .select(["id", "createdAt", "lastActiveAt", "ipAddress", "userAgent"])
    .where("userId", "=", userId)
    .where("expiresAt", ">", now);
  if (idleSince) {
    query = query.where("lastActiveAt", ">=", idleSince);
  }
  return query.orderBy("lastActiveAt", "desc").orderBy("id", "desc").execute();
}

/** Deletes one of the user's sessions; whether it was theirs and existed. */
export async function deleteSessionOf(db: Database, userId: string, sessionId: string): Promise<boolean> {
  const row = await db
    .deleteFrom("session")
    .where("id", "=", sessionId)
    .where("userId", "=", userId)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes every session of the user's but `keptSessionId`; the ids deleted. */
export async function deleteOtherSessionsOf(db: Database, userId: string, keptSessionId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom("session")
    .where("userId", "=", userId)
    .where("id", "<>", keptSessionId)
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}
