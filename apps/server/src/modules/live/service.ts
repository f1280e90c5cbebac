import { sql } from "kysely";
import { statementOnce } from "../../db/compiled-once.ts";
import type { Database } from "../../db/database.ts";
import { sendBeforeCommit } from "../../db/pipelined.ts";

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
 * money movements, an endpoint's webhook delivery log, or (for admins) the help desk after a customer's
 * reply.
 */
export type LiveEventType = "notification" | "balance" | "webhook" | "help";

export interface LiveEvent {
  readonly userId: string;
  readonly type: LiveEventType;
  readonly payload?: Readonly<Record<string, unknown>>;
}

/** The events held back in a transaction by `recordLiveEventsAtEnd`, written when its work ends. */
const heldBack = new WeakMap<Database, LiveEvent[]>();

/**
 * Writes the events, in the caller's transaction, and tells every process whose they are: one
 * statement. Inside `recordLiveEventsAtEnd` they join that work's one statement instead.
 */
export async function recordLiveEvents(trx: Database, events: readonly LiveEvent[]): Promise<void> {
  const held = heldBack.get(trx);
  if (held) {
    held.push(...events);
    return;
  }
  await writeLiveEvents(trx, events);
}

/**
 * Runs `work` in the transaction `trx`, writing every live event it records there in one statement
 * once it is done (a batch of transfers: the notifications' and the balances' events together, issue
 * 31). After all the rows they announce, sent with the COMMIT; nothing is written if `work` fails.
 */
export async function recordLiveEventsAtEnd<T>(trx: Database, work: () => Promise<T>): Promise<T> {
  const held: LiveEvent[] = [];
  heldBack.set(trx, held);
  let result: T;
  try {
    result = await work();
  } finally {
    heldBack.delete(trx);
  }
  if (held.length > 0) {
    // The transaction's last statement: it goes out with the COMMIT (db/pipelined.ts).
    await sendBeforeCommit(trx, liveEventsStatement(trx, held));
  }
  return result;
}

async function writeLiveEvents(trx: Database, events: readonly LiveEvent[]): Promise<void> {
  if (events.length > 0) {
    await trx.executeQuery(liveEventsStatement(trx, events));
  }
}

function liveEventsStatement(db: Database, events: readonly LiveEvent[]) {
  return liveEventsInsert(
    db,
    events.map((event) => event.userId),
    events.map((event) => event.type),
    events.map((event) => JSON.stringify(event.payload ?? {})),
  );
}

const liveEventsInsert = statementOnce(
  (_db: Database, userIds: readonly string[], types: readonly string[], payloads: readonly string[]) => sql`
    WITH written AS (
      INSERT INTO live_events (user_id, type, payload)
      SELECT * FROM unnest(${userIds}::text[], ${types}::text[], ${payloads}::jsonb[])
      RETURNING user_id
    )
    SELECT pg_notify(${LIVE_CHANNEL}, users.user_id) FROM (SELECT DISTINCT user_id FROM written) AS users
  `,
  3,
);

/**
 * Where a stream stands: the last event it sent, by the transaction that wrote it and its id. Events
 * are sent in (txid, id) order, and only once settled: written by a transaction older than every one
 * still running, so none can commit before them afterwards.
 */
export interface LiveCursor {
  readonly txid: string;
  readonly id: string;
}

/** A user's events after `after` in (txid, id) order, at most `limit`, each saying whether it is settled. */
export async function selectLiveEventsAfter(db: Database, userId: string, after: LiveCursor, limit: number) {
  const { rows } = await sql<{ id: string; txid: string; type: string; payload: unknown; is_settled: boolean }>`
    SELECT id, txid::text AS txid, type, payload, txid < pg_snapshot_xmin(pg_current_snapshot()) AS is_settled
    FROM live_events
    WHERE user_id = ${userId} AND (txid, id) > (${after.txid}::xid8, ${after.id}::bigint)
    ORDER BY txid, id
    LIMIT ${limit}
  `.execute(db);
  return rows;
}

/**
 * Where a stream opened without Last-Event-ID starts: after every settled event. Events of
 * transactions still unsettled are sent once settled (at worst one the page had already fetched).
 */
export async function currentLiveCursor(db: Database): Promise<LiveCursor> {
  const { rows } = await sql<{ txid: string }>`
    SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS txid
  `.execute(db);
  return { txid: rows[0]?.txid ?? "0", id: "0" };
}

/** The cursor of the user's event `id` while it is kept; undefined once pruned (or never the user's). */
export async function liveCursorOf(db: Database, userId: string, id: string): Promise<LiveCursor | undefined> {
  const { rows } = await sql<{ txid: string }>`
    SELECT txid::text AS txid FROM live_events WHERE user_id = ${userId} AND id = ${id}
  `.execute(db);
  const row = rows[0];
  return row && { txid: row.txid, id };
}

/** How long events are kept for reconnecting browsers; one away longer is told to refresh everything. */
const LIVE_EVENTS_KEPT_MS = 24 * 60 * 60 * 1000;

/** Deletes events older than a day (housekeeping). */
export async function pruneLiveEvents(db: Database): Promise<number> {
  const before = new Date(Date.now() - LIVE_EVENTS_KEPT_MS);
  const result = await db.deleteFrom("live_events").where("created_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
