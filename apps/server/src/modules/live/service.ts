import { sql } from "kysely";
import type { Database } from "../../db/database.ts";

/*
 * Live events (issue 32, decision 056): what an open page needs to hear about without asking. Each is
 * a row written in the transaction of the change it reports; PostgreSQL delivers the NOTIFY written
 * with it only when that transaction commits, so a page never hears of a change that was rolled back.
 */

/** The channel every Ferry process listens on; its payload is the user whose events were written. */
export const LIVE_CHANNEL = "ferry_live";
/** Notified (by migration 035's trigger) with a session's id when its row is deleted. */
export const SESSION_ENDED_CHANNEL = "ferry_session_ended";
/** Notified (by migration 035's trigger) with a user's id when the account is banned. */
export const USER_BANNED_CHANNEL = "ferry_user_banned";

/**
 * What a page refreshes on hearing an event: its notifications (and help requests), its balances and
 * money movements, or an endpoint's webhook delivery log.
 */
export type LiveEventType = "notification" | "balance" | "webhook";

export interface LiveEvent {
  readonly userId: string;
  readonly type: LiveEventType;
  readonly payload?: Readonly<Record<string, unknown>>;
}

/** Writes the events, in the caller's transaction, and tells every process whose they are: one statement. */
export async function recordLiveEvents(trx: Database, events: readonly LiveEvent[]): Promise<void> {
  if (events.length === 0) {
    return;
  }
  await sql`
    WITH written AS (
      INSERT INTO live_events (user_id, type, payload)
      SELECT * FROM unnest(${events.map((event) => event.userId)}::text[], ${events.map((event) => event.type)}::text[],
                           ${events.map((event) => JSON.stringify(event.payload ?? {}))}::jsonb[])
      RETURNING user_id
    )
    SELECT pg_notify(${LIVE_CHANNEL}, users.user_id) FROM (SELECT DISTINCT user_id FROM written) AS users
  `.execute(trx);
}

/** A user's events after `afterId`, oldest first, at most `limit`. */
export async function selectLiveEventsAfter(db: Database, userId: string, afterId: string, limit: number) {
  return db
    .selectFrom("live_events")
    .select(["id", "type", "payload"])
    .where("user_id", "=", userId)
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** The id of the user's newest event ("0" without one): where a stream opened without Last-Event-ID starts. */
export async function latestLiveEventId(db: Database, userId: string): Promise<string> {
  const row = await db
    .selectFrom("live_events")
    .select((eb) => eb.fn.max("id").as("id"))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.id ?? "0";
}

/** Whether the user's event `id` is still kept: a Last-Event-ID no longer kept may have missed pruned events. */
export async function isLiveEventKept(db: Database, userId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom("live_events")
    .select("id")
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row !== undefined;
}

/** How long events are kept for reconnecting browsers; one away longer is told to refresh everything. */
const LIVE_EVENTS_KEPT_MS = 24 * 60 * 60 * 1000;

/** Deletes events older than a day (housekeeping). */
export async function pruneLiveEvents(db: Database): Promise<number> {
  const before = new Date(Date.now() - LIVE_EVENTS_KEPT_MS);
  const result = await db.deleteFrom("live_events").where("created_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
