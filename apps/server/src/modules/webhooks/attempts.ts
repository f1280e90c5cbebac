import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database.ts";
import { recordLiveEvents } from "../live/service.ts";
import { checkWebhookTarget, RESOLVE_TIMEOUT_MS, RefusedWebhookAddress } from "./address-check.ts";
import { DELIVERY_TIMEOUT_MS, postToReceiver } from "./delivery.ts";
import {
  type AttemptRecord,
  type ClaimedDelivery,
  claimDueDeliveries,
  disableEndpoint,
  recordAttempt,
  secondsUntilNextDue,
} from "./queries.ts";
import type { WebhookSettings } from "./service.ts";
import { decryptWebhookSecret, signatureHeaderOf } from "./signing.ts";

/*
 * The delivery of due webhooks (run by jobs/webhook-delivery.ts): claim, check the address again, sign,
 * POST to the checked address, record. 2xx succeeds; 410 Gone disables the endpoint; anything else
 * (3xx included: redirects are never followed) is retried on Standard Webhooks' example schedule,
 * later when the receiver's Retry-After asks for it, and fails after the last attempt, about a day on.
 */

/** Seconds to wait after each failed attempt: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;
/** Attempts in all: the first, and one after each delay. */
export const MAX_WEBHOOK_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
/** The longest wait a receiver's Retry-After may ask for. */
const MAX_RETRY_AFTER_SECONDS = 10 * 3600;
/**
 * How long one attempt holds its delivery: the longest it can take (the name resolved, then the
 * answer), and the answer's time limit again to spare. 25 s with the default 10 s limit.
 */
function leaseSecondsOf(settings: WebhookSettings): number {
  return Math.ceil((RESOLVE_TIMEOUT_MS + 2 * timeoutMsOf(settings)) / 1000);
}

function timeoutMsOf(settings: WebhookSettings): number {
  return settings.timeoutMs ?? DELIVERY_TIMEOUT_MS;
}
/** Deliveries claimed, and sent side by side, at a time. */
const BATCH_SIZE = 16;

/** The Retry-After header in seconds (a number or an HTTP date), bounded; null when absent or unreadable. */
export function retryAfterSecondsOf(header: string | undefined, now: Date): number | null {
  if (header === undefined) {
    return null;
  }
  const seconds = /^\d+$/.test(header.trim()) ? Number(header.trim()) : (Date.parse(header) - now.getTime()) / 1000;
  if (!Number.isFinite(seconds) || seconds < 0) {
    return null;
  }
  return Math.min(Math.ceil(seconds), MAX_RETRY_AFTER_SECONDS);
}

/** A failed attempt: retried after the schedule's delay (or the receiver's longer Retry-After), or failed for good. */
function failure(
  delivery: ClaimedDelivery,
  outcome: {
    responseStatus: number | null;
    durationMs: number | null;
    error: string | null;
    retryAfter: number | null;
  },
): AttemptRecord {
  const scheduled = RETRY_DELAYS_SECONDS[delivery.attempts - 1];
  if (scheduled === undefined) {
    return { ...outcome, status: "failed", retryInSeconds: null };
  }
  return { ...outcome, status: "retrying", retryInSeconds: Math.max(scheduled, outcome.retryAfter ?? 0) };
}

/** The headers and body of one attempt, signed with the endpoint's secret (and the previous one during a rotation). */
function signedRequestOf(settings: WebhookSettings, delivery: ClaimedDelivery) {
  const body = JSON.stringify({ type: delivery.type, timestamp: delivery.event_at, data: delivery.payload });
  const timestamp = Math.floor(Date.now() / 1000);
  const stored = [delivery.secret_encrypted, delivery.previous_secret_encrypted].filter(
    (secret): secret is string => secret !== null,
  );
  const secrets = stored.map((secret) => decryptWebhookSecret(settings.secretKey, delivery.endpoint_id, secret));
  const headers = {
    "content-type": "application/json",
    "user-agent": "Ferry-Webhooks/1",
    "webhook-id": delivery.message_id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signatureHeaderOf(secrets, { id: delivery.message_id, timestamp, body }),
  };
  return { headers, body };
}

/** Why a delivery is not sent at all: its app was disconnected, its endpoint disabled, its account suspended or closed. */
function refusalOf(delivery: ClaimedDelivery): string | null {
  if (!delivery.is_connected) {
    return "The app was disconnected";
  }
  if (!delivery.is_enabled) {
    return "The endpoint is disabled";
  }
  if (!delivery.is_owner_active) {
    return "The account is suspended or closed";
  }
  return null;
}

/** One attempt at one claimed delivery, and what it came to. */
async function attempt(settings: WebhookSettings, delivery: ClaimedDelivery): Promise<AttemptRecord> {
  const refusal = refusalOf(delivery);
  if (refusal !== null) {
    return { status: "failed", responseStatus: null, durationMs: null, error: refusal, retryInSeconds: null };
  }
  const startedAt = performance.now();
  try {
    // Again before every attempt: what the name resolves to may have changed since it was saved.
    const target = await checkWebhookTarget(delivery.url, settings);
    const { headers, body } = signedRequestOf(settings, delivery);
    const answer = await postToReceiver(target, headers, body, timeoutMsOf(settings));
    const durationMs = Math.round(performance.now() - startedAt);
    if (answer.status >= 200 && answer.status < 300) {
      return { status: "succeeded", responseStatus: answer.status, durationMs, error: null, retryInSeconds: null };
    }
    if (answer.status === 410) {
      return { status: "failed", responseStatus: 410, durationMs, error: "410 Gone", retryInSeconds: null };
    }
    const retryAfter = retryAfterSecondsOf(answer.retryAfter, new Date());
    return failure(delivery, { responseStatus: answer.status, durationMs, error: null, retryAfter });
  } catch (error) {
    const durationMs = Math.round(performance.now() - startedAt);
    const message = error instanceof RefusedWebhookAddress ? error.message : String((error as Error).message);
    return failure(delivery, { responseStatus: null, durationMs, error: message, retryAfter: null });
  }
}

async function attemptAndRecord(
  db: Database,
  settings: WebhookSettings,
  log: FastifyBaseLogger,
  delivery: ClaimedDelivery,
): Promise<AttemptRecord> {
  const record = await attempt(settings, delivery);
  if (record.responseStatus === 410) {
    await disableEndpoint(db, delivery.endpoint_id, "The receiver answered 410 Gone");
  }
  if (!(await recordAttempt(db, delivery, record))) {
    // The attempt outran its lease and another run claimed the delivery again: its result stands.
    log.warn(
      { deliveryId: delivery.id, attempts: delivery.attempts },
      "webhook attempt outran its lease; not recorded",
    );
    return record;
  }
  // The endpoint's delivery log on an open Connect page follows each attempt (issue 32).
  await recordLiveEvents(db, [
    { userId: delivery.user_id, type: "webhook", payload: { endpointId: delivery.endpoint_id } },
  ]);
  if (record.status !== "succeeded") {
    log.info({ deliveryId: delivery.id, attempts: delivery.attempts, status: record.status }, "webhook attempt failed");
  }
  return record;
}

/**
 * Delivers every webhook due now, a batch at a time, until none is due: one attempt each. Safe to run
 * twice and concurrently (claims skip what another run holds). Returns how many attempts it made and
 * how many seconds until the next delivery is due (null: none waits).
 */
export async function deliverDueWebhooks(
  db: Database,
  settings: WebhookSettings,
  log: FastifyBaseLogger,
): Promise<{ attempts: number; succeeded: number; nextDueInSeconds: number | null }> {
  let attempts = 0;
  let succeeded = 0;
  for (;;) {
    const claimed = await claimDueDeliveries(db, BATCH_SIZE, leaseSecondsOf(settings));
    if (claimed.length === 0) {
      break;
    }
    const records = await Promise.all(claimed.map((delivery) => attemptAndRecord(db, settings, log, delivery)));
    attempts += records.length;
    succeeded += records.filter((record) => record.status === "succeeded").length;
  }
  return { attempts, succeeded, nextDueInSeconds: await secondsUntilNextDue(db) };
}
