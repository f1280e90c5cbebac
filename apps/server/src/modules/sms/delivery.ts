import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { kyselyCarrier } from "../../db/kysely-carrier.ts";
import { type DeliveryOutcome, deliverOutboxMessage } from "../../db/outbox.ts";
import type { DB } from "../../db/schema.ts";

/** A text message is tried this many times in all; after the last failure its outbox row is `failed`. */
export const MAX_SMS_ATTEMPTS = 5;
/** How long one attempt holds its message: no other attempt sends it meanwhile. */
const LEASE_SECONDS = 60;
/** A gateway that has not answered by then has failed this attempt. */
const GATEWAY_TIMEOUT_MS = 15_000;

/** Queues the delivery of a new outbox message inside the transaction that wrote it. */
export interface SmsDeliveryQueue {
  queueDelivery(trx: Kysely<DB>, smsId: string): Promise<void>;
}

/**
 * Where a text message written now goes: to the provider (SMS_URL), through a delivery job queued
 * in the writing transaction, or to the development outbox, where it stays to be read at /dev/sms.
 * A database without a channel has no way to send text messages (production without SMS_URL).
 */
export type SmsChannel =
  | { readonly kind: "provider"; readonly queue: SmsDeliveryQueue }
  | { readonly kind: "development-outbox" };

const smsChannel = kyselyCarrier<SmsChannel>();

/** The app's database with its SMS channel attached (app.ts). */
export const withSmsChannel = smsChannel.attach;

/** The SMS channel attached to `db` (or to the database its transaction began from); null: none. */
export const smsChannelOf = smsChannel.of;

export interface SmsSender {
  /**
   * One attempt at one outbox message: POSTs it to the gateway and marks it sent. A message already
   * sent or failed is left alone; a failed attempt throws (the job retries with back-off) until the
   * last, which marks the message `failed`.
   */
  deliver(smsId: string): Promise<DeliveryOutcome>;
}

async function postToGateway(smsUrl: string, message: { to: string; text: string }): Promise<void> {
  const response = await fetch(smsUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ to: message.to, text: message.text }),
    signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
  });
  if (!response.ok) {
    throw new Error(`The SMS gateway answered ${response.status}`);
  }
}

/** Delivers outbox messages to the SMS gateway at `smsUrl` (SMS_URL). */
export function createSmsSender(options: {
  readonly db: Kysely<DB>;
  readonly smsUrl: string;
  readonly log: FastifyBaseLogger;
}): SmsSender {
  const { db, log } = options;
  const outbox = {
    table: "sms_outbox",
    leaseSeconds: LEASE_SECONDS,
    maxAttempts: MAX_SMS_ATTEMPTS,
    log,
    noun: "text message",
  } as const;
  return {
    deliver: (smsId) =>
      deliverOutboxMessage<{ recipient: string; body: string; attempts: number }>(db, outbox, smsId, (row) =>
        postToGateway(options.smsUrl, { to: row.recipient, text: row.body }),
      ),
  };
}
