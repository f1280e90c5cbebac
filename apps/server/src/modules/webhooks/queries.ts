import { type Selectable, sql } from "kysely";
import { compiledOnce } from "../../db/compiled-once.ts";
import type { Cursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { keysetPage } from "../../db/page.ts";
import type { DB } from "../../db/schema.ts";

/*
 * SQL on the webhook tables. The connected app (api_credentials, modules/api-keys) is only read here,
 * in joins: whether the app is still connected decides whether its endpoints are called.
 */

export type EndpointRow = Selectable<DB["webhook_endpoints"]>;
export type DeliveryRow = Selectable<DB["webhook_deliveries"]> & { event_type: string };

/** Whose endpoints a request may see: the user's, and with a credential only that app's. */
export interface EndpointOwner {
  readonly userId: string;
  readonly credentialId: string | null;
}

/** The owner's endpoints of apps still connected: a disconnected app's endpoints are gone with it. */
function ownedEndpoints(db: Database, owner: EndpointOwner) {
  let query = db
    .selectFrom("webhook_endpoints")
    .selectAll("webhook_endpoints")
    .where("user_id", "=", owner.userId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("api_credentials")
          .select("api_credentials.id")
          .whereRef("api_credentials.id", "=", "webhook_endpoints.credential_id")
          .where("api_credentials.revoked_at", "is", null),
      ),
    );
  if (owner.credentialId !== null) {
    query = query.where("credential_id", "=", owner.credentialId);
  }
  return query;
}

export async function selectEndpoints(db: Database, owner: EndpointOwner, page: { limit: number; after?: Cursor }) {
  const query = ownedEndpoints(db, owner);
  const rows = await keysetPage(query, {
    time: "created_at",
    id: "id",
    limit: page.limit,
    after: page.after,
  }).execute();
  return rows as (EndpointRow & { cursor_at: string })[];
}

/** One endpoint the owner may see, locked for the caller's transaction when `forUpdate`. */
export async function selectEndpoint(db: Database, owner: EndpointOwner, id: string, forUpdate = false) {
  const query = ownedEndpoints(db, owner).where("id", "=", id);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** Whether the user holds this connected app, still connected. */
export async function isActiveCredentialOf(db: Database, userId: string, credentialId: string): Promise<boolean> {
  const row = await db
    .selectFrom("api_credentials")
    .select("id")
    .where("id", "=", credentialId)
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countEndpointsOf(db: Database, credentialId: string): Promise<number> {
  const row = await db
    .selectFrom("webhook_endpoints")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("credential_id", "=", credentialId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertEndpoint(
  db: Database,
  row: {
    id: string;
    credentialId: string;
    userId: string;
    url: string;
    events: string[];
    secret: string;
    last4: string;
  },
): Promise<EndpointRow> {
  return db
    .insertInto("webhook_endpoints")
    .values({
      id: row.id,
      credential_id: row.credentialId,
      user_id: row.userId,
      url: row.url,
      events: row.events,
      secret_encrypted: row.secret,
      secret_last4: row.last4,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteEndpointRow(db: Database, id: string): Promise<void> {
  await db.deleteFrom("webhook_endpoints").where("id", "=", id).execute();
}

/** A new secret; the one it replaces keeps signing beside it until `overlapHours` from now. */
export async function updateEndpointSecret(
  db: Database,
  id: string,
  secret: { encrypted: string; last4: string; overlapHours: number },
): Promise<EndpointRow> {
  return db
    .updateTable("webhook_endpoints")
    .set((eb) => ({
      previous_secret_encrypted: eb.ref("secret_encrypted"),
      previous_secret_expires_at: sql<Date>`now() + make_interval(hours => ${secret.overlapHours})`,
      secret_encrypted: secret.encrypted,
      secret_last4: secret.last4,
    }))
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The users' endpoints that may receive events: enabled, and of an app still connected (one read for all). */
export const selectSubscribedEndpoints = compiledOnce(
  (db: Database, userIds: readonly string[]) =>
    db
      .selectFrom("webhook_endpoints")
      .innerJoin("api_credentials", "api_credentials.id", "webhook_endpoints.credential_id")
      .select(["webhook_endpoints.id", "webhook_endpoints.user_id", "webhook_endpoints.events"])
      .where(sql<boolean>`webhook_endpoints.user_id = ANY(${userIds})`)
      .where("webhook_endpoints.is_enabled", "=", true)
      .where("api_credentials.revoked_at", "is", null),
  1,
);

export async function insertEvent(db: Database, event: { userId: string; type: string; payload: object }) {
  return db
    .insertInto("webhook_events")
    .values({ user_id: event.userId, type: event.type, payload: JSON.stringify(event.payload) })
    .returning("id")
    .executeTakeFirstOrThrow();
}

export async function insertDeliveries(
  db: Database,
  rows: readonly { eventId: string; endpointId: string; messageId: string }[],
): Promise<void> {
  await db
    .insertInto("webhook_deliveries")
    .values(
      rows.map((row) => ({
        event_id: row.eventId,
        endpoint_id: row.endpointId,
        message_id: row.messageId,
        next_attempt_at: sql<Date>`now()`,
      })),
    )
    .execute();
}

function deliveriesWithType(db: Database) {
  return db
    .selectFrom("webhook_deliveries")
    .innerJoin("webhook_events", "webhook_events.id", "webhook_deliveries.event_id")
    .selectAll("webhook_deliveries")
    .select("webhook_events.type as event_type");
}

export async function selectDeliveries(db: Database, endpointId: string, page: { limit: number; after?: Cursor }) {
  const query = deliveriesWithType(db).where("webhook_deliveries.endpoint_id", "=", endpointId);
  const rows = await keysetPage(query, {
    time: "webhook_deliveries.created_at",
    id: "webhook_deliveries.id",
    limit: page.limit,
    after: page.after,
  }).execute();
  return rows as (DeliveryRow & { cursor_at: string })[];
}

export async function selectDelivery(db: Database, endpointId: string, id: string): Promise<DeliveryRow | undefined> {
  return deliveriesWithType(db)
    .where("webhook_deliveries.endpoint_id", "=", endpointId)
    .where("webhook_deliveries.id", "=", id)
    .executeTakeFirst();
}

/** Sends a delivery again: due now, with the same webhook-id; its attempts so far stay counted. */
export async function requeueDelivery(db: Database, id: string): Promise<void> {
  await db
    .updateTable("webhook_deliveries")
    .set({ status: "pending", next_attempt_at: sql<Date>`now()`, error: null })
    .where("id", "=", id)
    .execute();
}

/** A delivery claimed for one attempt, with what the attempt needs. */
export interface ClaimedDelivery {
  readonly id: string;
  readonly message_id: string;
  readonly attempts: number;
  readonly endpoint_id: string;
  /** Whose endpoint it is: they see the attempt in Connect as it is made. */
  readonly user_id: string;
  readonly url: string;
  readonly is_enabled: boolean;
  readonly is_connected: boolean;
  /** The account is open and no ban is in force: a suspended or closed account's apps are told nothing. */
  readonly is_owner_active: boolean;
  readonly secret_encrypted: string;
  readonly previous_secret_encrypted: string | null;
  readonly type: string;
  readonly payload: unknown;
  readonly event_at: string;
}

/**
 * Claims up to `limit` due deliveries for one attempt each: counts the attempt and moves
 * next_attempt_at to the end of a lease, so no other worker takes them meanwhile (SKIP LOCKED: workers
 * never wait on each other). A process killed mid-attempt leaves the lease to run out; the delivery is
 * then due again and taken by the next run: at least once, across restarts.
 */
export async function claimDueDeliveries(db: Database, limit: number, leaseSeconds: number) {
  const result = await sql<ClaimedDelivery>`
    WITH due AS (
      SELECT id FROM webhook_deliveries
      WHERE status IN ('pending', 'retrying') AND next_attempt_at <= now()
      ORDER BY next_attempt_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE webhook_deliveries AS d
      SET attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
      FROM due WHERE d.id = due.id
      RETURNING d.id, d.message_id, d.attempts, d.endpoint_id, d.event_id
    )
    SELECT claimed.id, claimed.message_id, claimed.attempts, claimed.endpoint_id, e.user_id,
      e.url, e.is_enabled, (c.revoked_at IS NULL) AS is_connected, e.secret_encrypted,
      (u.banned IS NOT TRUE OR u."banExpires" <= now())
        AND NOT EXISTS (SELECT 1 FROM account_closures ac WHERE ac.user_id = e.user_id) AS is_owner_active,
      CASE WHEN e.previous_secret_expires_at > now() THEN e.previous_secret_encrypted END AS previous_secret_encrypted,
      ev.type, ev.payload,
      to_char(ev.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS event_at
    FROM claimed
    JOIN webhook_endpoints e ON e.id = claimed.endpoint_id
    JOIN api_credentials c ON c.id = e.credential_id
    JOIN "user" u ON u.id = e.user_id
    JOIN webhook_events ev ON ev.id = claimed.event_id`.execute(db);
  return result.rows;
}

/** What one attempt came to. */
export interface AttemptRecord {
  readonly status: "succeeded" | "retrying" | "failed";
  readonly responseStatus: number | null;
  readonly durationMs: number | null;
  readonly error: string | null;
  /** Seconds from now until the next attempt; null when none follows. */
  readonly retryInSeconds: number | null;
}

/**
 * Records what the attempt of `claim` came to, if that claim still holds the delivery: its attempt
 * count is still the one claimed. An attempt that outran its lease was claimed again by another run
 * (which counted a further attempt), so its late result is dropped rather than overwriting the newer
 * one (issue 28). Returns whether it was recorded.
 */
export async function recordAttempt(
  db: Database,
  claim: { readonly id: string; readonly attempts: number },
  attempt: AttemptRecord,
): Promise<boolean> {
  const result = await db
    .updateTable("webhook_deliveries")
    .set({
      status: attempt.status,
      response_status: attempt.responseStatus,
      duration_ms: attempt.durationMs,
      error: attempt.error === null ? null : attempt.error.slice(0, 500),
      next_attempt_at:
        attempt.retryInSeconds === null ? null : sql<Date>`now() + make_interval(secs => ${attempt.retryInSeconds})`,
    })
    .where("id", "=", claim.id)
    .where("attempts", "=", claim.attempts)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes every endpoint of the user (their deliveries with them) and every event recorded for them. */
export async function deleteWebhooksOf(db: Database, userId: string): Promise<void> {
  await db.deleteFrom("webhook_endpoints").where("user_id", "=", userId).execute();
  await db.deleteFrom("webhook_events").where("user_id", "=", userId).execute();
}

export async function disableEndpoint(db: Database, id: string, reason: string): Promise<void> {
  await db
    .updateTable("webhook_endpoints")
    .set({ is_enabled: false, disabled_reason: reason })
    .where("id", "=", id)
    .execute();
}

/** How many seconds until the next delivery falls due; null when none waits. */
export async function secondsUntilNextDue(db: Database): Promise<number | null> {
  const result = await sql<{ seconds: number | null }>`
    SELECT EXTRACT(EPOCH FROM min(next_attempt_at) - now())::float8 AS seconds
    FROM webhook_deliveries WHERE status IN ('pending', 'retrying')`.execute(db);
  return result.rows[0]?.seconds ?? null;
}
