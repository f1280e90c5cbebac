import { randomUUID } from "node:crypto";
import {
  CONNECT_MESSAGES,
  type CreateWebhookEndpointRequest,
  MAX_WEBHOOK_ENDPOINTS_PER_APP,
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookEndpointList,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from "@ferry/core/contracts/connect";
import type { PageQuery } from "@ferry/core/contracts/pagination";
import { decodeCursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { kyselyCarrier } from "../../db/kysely-carrier.ts";
import { lockKey } from "../../db/locks.ts";
import { keysetCursorOf, paginate } from "../../db/page.ts";
import { AppError } from "../../errors.ts";
import { type AuditActor, recordAdminAction } from "../audit/service.ts";
import { checkWebhookTarget, RefusedWebhookAddress, type ResolveHost } from "./address-check.ts";
import {
  countEndpointsOf,
  type DeliveryRow,
  deleteEndpointRow,
  deleteWebhooksOf,
  type EndpointOwner,
  type EndpointRow,
  insertDeliveries,
  insertEndpoint,
  insertEvent,
  isActiveCredentialOf,
  requeueDelivery,
  selectDeliveries,
  selectDelivery,
  selectEndpoint,
  selectEndpoints,
  selectSubscribedEndpoints,
  updateEndpointSecret,
} from "./queries.ts";
import { encryptWebhookSecret, generateWebhookSecret, newMessageId, secretLast4Of } from "./signing.ts";

/*
 * Webhooks (issue 28; docs/decisions/042-webhooks.md), the module's public file: a connected app's
 * endpoints, `recordWebhookEvent`, which the modules where money moves call inside their own
 * transaction (an outbox: a rollback leaves no event), and the delivery job's entry (attempts.ts).
 */

export type { EndpointOwner } from "./queries.ts";
/** A delivery's claim and its recorded attempt, for tests that race two runs over one lease. */
export { type AttemptRecord, claimDueDeliveries, recordAttempt } from "./queries.ts";

/** How endpoints are checked and their secrets kept. */
export interface WebhookSettings {
  /** The AES-256 key of the signing secrets (signing.ts `webhookSecretKeyOf`). */
  readonly secretKey: Buffer;
  readonly isProduction: boolean;
  /** How hosts are resolved: the system's, unless a test maps names of its own. */
  readonly resolve?: ResolveHost;
  /** How long a receiver has to answer one attempt (delivery.ts's 10 s unless configured). */
  readonly timeoutMs?: number;
}

/** How long a rotated-out secret keeps signing beside the new one. */
const ROTATION_OVERLAP_HOURS = 24;

/** Queues the delivery job in the transaction that recorded an event, so it runs at once after the commit. */
export interface WebhookDeliveryQueue {
  queueDelivery(trx: Database): Promise<void>;
}

const deliveryQueue = kyselyCarrier<WebhookDeliveryQueue>();

/** The app's database with the delivery job's queue attached (app.ts), where a runner takes jobs. */
export const withWebhookDelivery = deliveryQueue.attach;

function isoOf(value: Date | string): string {
  return new Date(value).toISOString();
}

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    credentialId: row.credential_id,
    url: row.url,
    events: row.events.filter((event): event is WebhookEventType =>
      (WEBHOOK_EVENT_TYPES as readonly string[]).includes(event),
    ),
    isEnabled: row.is_enabled,
    disabledReason: row.disabled_reason,
    secretLast4: row.secret_last4,
    createdAt: isoOf(row.created_at),
  };
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    messageId: row.message_id,
    eventType: row.event_type as WebhookEventType,
    status: row.status as WebhookDelivery["status"],
    attempts: row.attempts,
    responseStatus: row.response_status,
    durationMs: row.duration_ms,
    error: row.error,
    nextAttemptAt: row.next_attempt_at === null ? null : isoOf(row.next_attempt_at),
    createdAt: isoOf(row.created_at),
  };
}

export async function listWebhookEndpoints(
  db: Database,
  owner: EndpointOwner,
  query: PageQuery,
): Promise<WebhookEndpointList> {
  const rows = await selectEndpoints(db, owner, { limit: query.limit, after: decodeCursor(query.cursor) });
  return paginate(rows, query.limit, keysetCursorOf, toEndpoint);
}

async function endpointOrMissing(db: Database, owner: EndpointOwner, endpointId: string, forUpdate = false) {
  const row = await selectEndpoint(db, owner, endpointId, forUpdate);
  if (!row) {
    throw new AppError("not_found", "Webhook endpoint not found");
  }
  return row;
}

/** The app a new endpoint belongs to: a credential's own, or the one a signed-in user names. */
async function credentialForNewEndpoint(
  db: Database,
  owner: EndpointOwner,
  request: CreateWebhookEndpointRequest,
): Promise<string> {
  if (owner.credentialId !== null) {
    if (request.credentialId !== undefined && request.credentialId !== owner.credentialId) {
      throw new AppError("validation_failed", "An app adds endpoints to itself only", {
        credentialId: "An app adds endpoints to itself only",
      });
    }
    return owner.credentialId;
  }
  if (request.credentialId === undefined) {
    throw new AppError("validation_failed", "Choose the app this endpoint is for", {
      credentialId: "Choose the app this endpoint is for",
    });
  }
  if (!(await isActiveCredentialOf(db, owner.userId, request.credentialId))) {
    throw new AppError("not_found", "App not found");
  }
  return request.credentialId;
}

/**
 * Whether the address may be called now (address-check.ts); a refusal is the url field's error, in
 * its public words only: whether the host resolved, and to what, is not told (issue 28).
 */
async function checkUrl(settings: WebhookSettings, url: string): Promise<void> {
  try {
    await checkWebhookTarget(url, settings);
  } catch (error) {
    if (error instanceof RefusedWebhookAddress) {
      throw new AppError("validation_failed", error.publicMessage, { url: error.publicMessage });
    }
    throw error;
  }
}

/**
 * Adds an endpoint to a connected app and returns its `whsec_` secret, this once. The address is
 * checked first; the app's endpoints are counted under its lock, so requests sent together cannot
 * pass the cap together. Audited.
 */
export async function createWebhookEndpoint(
  db: Database,
  settings: WebhookSettings,
  context: { owner: EndpointOwner; actor: AuditActor },
  request: CreateWebhookEndpointRequest,
): Promise<WebhookEndpointWithSecret> {
  const { owner } = context;
  const credentialId = await credentialForNewEndpoint(db, owner, request);
  await checkUrl(settings, request.url);
  return db.transaction().execute(async (trx) => {
    await lockKey(trx, `webhook-endpoints|${credentialId}`);
    if ((await countEndpointsOf(trx, credentialId)) >= MAX_WEBHOOK_ENDPOINTS_PER_APP) {
      throw new AppError("conflict", CONNECT_MESSAGES.tooManyEndpoints);
    }
    const id = randomUUID();
    const secret = generateWebhookSecret();
    const row = await insertEndpoint(trx, {
      id,
      credentialId,
      userId: owner.userId,
      url: request.url,
      events: [...request.events],
      secret: encryptWebhookSecret(settings.secretKey, id, secret),
      last4: secretLast4Of(secret),
    });
    await recordAdminAction(trx, {
      actor: context.actor,
      action: "webhook_endpoint.create",
      subjectType: "webhook_endpoint",
      subjectId: id,
      before: null,
      after: { url: request.url, events: request.events.join(" ") },
      details: { credentialId },
    });
    return { ...toEndpoint(row), secret };
  });
}

/** Removes an endpoint (its deliveries with it). Audited. */
export async function deleteWebhookEndpoint(
  db: Database,
  context: { owner: EndpointOwner; actor: AuditActor },
  endpointId: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await endpointOrMissing(trx, context.owner, endpointId, true);
    await deleteEndpointRow(trx, row.id);
    await recordAdminAction(trx, {
      actor: context.actor,
      action: "webhook_endpoint.delete",
      subjectType: "webhook_endpoint",
      subjectId: row.id,
      before: { url: row.url, events: row.events.join(" ") },
      after: null,
      details: { credentialId: row.credential_id },
    });
  });
}

/** A new signing secret, returned this once; the old one keeps signing beside it for 24 hours. Audited. */
export async function rotateWebhookEndpointSecret(
  db: Database,
  settings: WebhookSettings,
  context: { owner: EndpointOwner; actor: AuditActor },
  endpointId: string,
): Promise<WebhookEndpointWithSecret> {
  return db.transaction().execute(async (trx) => {
    const row = await endpointOrMissing(trx, context.owner, endpointId, true);
    const secret = generateWebhookSecret();
    const updated = await updateEndpointSecret(trx, row.id, {
      encrypted: encryptWebhookSecret(settings.secretKey, row.id, secret),
      last4: secretLast4Of(secret),
      overlapHours: ROTATION_OVERLAP_HOURS,
    });
    await recordAdminAction(trx, {
      actor: context.actor,
      action: "webhook_endpoint.rotate_secret",
      subjectType: "webhook_endpoint",
      subjectId: row.id,
      before: { secretLast4: row.secret_last4 },
      after: { secretLast4: updated.secret_last4 },
      details: { credentialId: row.credential_id },
    });
    return { ...toEndpoint(updated), secret };
  });
}

export async function listWebhookDeliveries(
  db: Database,
  owner: EndpointOwner,
  endpointId: string,
  query: PageQuery,
): Promise<WebhookDeliveryList> {
  await endpointOrMissing(db, owner, endpointId);
  const rows = await selectDeliveries(db, endpointId, { limit: query.limit, after: decodeCursor(query.cursor) });
  return paginate(rows, query.limit, keysetCursorOf, toDelivery);
}

/** Sends one delivery again, with the same webhook-id (receivers deduplicate by it), as soon as the job runs. */
export async function resendWebhookDelivery(
  db: Database,
  owner: EndpointOwner,
  ids: { endpointId: string; deliveryId: string },
): Promise<WebhookDelivery> {
  return db.transaction().execute(async (trx) => {
    await endpointOrMissing(trx, owner, ids.endpointId);
    const row = await selectDelivery(trx, ids.endpointId, ids.deliveryId);
    if (!row) {
      throw new AppError("not_found", "Delivery not found");
    }
    await requeueDelivery(trx, row.id);
    await deliveryQueue.of(trx)?.queueDelivery(trx);
    return toDelivery((await selectDelivery(trx, ids.endpointId, ids.deliveryId)) as DeliveryRow);
  });
}

/** Deletes the user's webhook endpoints, their delivery logs and events, in the caller's transaction: their account is being closed. */
export async function deleteAllWebhooksOf(trx: Database, userId: string): Promise<void> {
  await deleteWebhooksOf(trx, userId);
}

/** An event of an account, as the module where it happened describes it; amounts as decimal strings. */
export interface WebhookEventInput {
  readonly userId: string;
  readonly type: WebhookEventType;
  readonly data: Readonly<Record<string, string | number | boolean | null>>;
}

/** The endpoints of these users that may receive events (enabled, of a connected app), in one read. */
export type SubscribedEndpoints = Awaited<ReturnType<typeof selectSubscribedEndpoints>>;

export function subscribedEndpointsOf(db: Database, userIds: readonly string[]): Promise<SubscribedEndpoints> {
  return selectSubscribedEndpoints(db, userIds);
}

/**
 * Records events in the caller's transaction (the money change's own: a rollback leaves none) and
 * fans each out as one delivery per endpoint of the account subscribed to its type, enabled and of a
 * connected app. An account without such an endpoint gets no row at all, so money paths pay one
 * indexed read for all the events' accounts when nobody listens (a batch of transfers, one for all).
 */
export async function recordWebhookEvents(
  trx: Database,
  events: readonly WebhookEventInput[],
  /** The events' users' endpoints, when read already (`subscribedEndpointsOf`, a batch of transfers). */
  knownEndpoints?: SubscribedEndpoints,
): Promise<void> {
  if (events.length === 0) {
    return;
  }
  if (!trx.isTransaction) {
    // An event, its deliveries and its delivery run commit together even when the caller has no transaction.
    return trx.transaction().execute((inner) => recordWebhookEvents(inner, events, knownEndpoints));
  }
  const endpoints =
    knownEndpoints ?? (await subscribedEndpointsOf(trx, [...new Set(events.map((event) => event.userId))]));
  let isRecorded = false;
  for (const event of events) {
    const endpointIds = endpoints
      .filter((endpoint) => endpoint.user_id === event.userId && endpoint.events.includes(event.type))
      .map((endpoint) => endpoint.id);
    if (endpointIds.length === 0) {
      continue;
    }
    const { id: eventId } = await insertEvent(trx, { userId: event.userId, type: event.type, payload: event.data });
    await insertDeliveries(
      trx,
      endpointIds.map((endpointId) => ({ eventId, endpointId, messageId: newMessageId() })),
    );
    isRecorded = true;
  }
  if (isRecorded) {
    await deliveryQueue.of(trx)?.queueDelivery(trx);
  }
}
