import type { FastifyBaseLogger } from "fastify";
import type { Kysely, KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from "kysely";
import type { DB } from "../../db/schema.ts";
import { claimSmsMessage, markSmsSent, recordSmsFailure, smsStatusOf } from "./outbox.ts";

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

/**
 * Carries the app's SMS channel on its Kysely instance, as modules/mail carries its delivery queue:
 * every transaction begun from it knows the channel without each caller passing it. It changes no query.
 */
class SmsChannelPlugin implements KyselyPlugin {
  constructor(readonly channel: SmsChannel) {}

  transformQuery(args: PluginTransformQueryArgs) {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  }
}

/** The app's database with its SMS channel attached (app.ts). */
export function withSmsChannel(db: Kysely<DB>, channel: SmsChannel): Kysely<DB> {
  return db.withPlugin(new SmsChannelPlugin(channel));
}

/** The SMS channel attached to `db` (or to the database its transaction began from); null: none. */
export function smsChannelOf(db: Kysely<DB>): SmsChannel | null {
  const plugin = db.getExecutor().plugins.find((candidate) => candidate instanceof SmsChannelPlugin);
  return plugin?.channel ?? null;
}

/** What one delivery attempt did. */
export type SmsDeliveryOutcome = "sent" | "failed" | "already-settled";

export interface SmsSender {
  /**
   * One attempt at one outbox message: POSTs it to the gateway and marks it sent. A message already
   * sent or failed is left alone; a failed attempt throws (the job retries with back-off) until the
   * last, which marks the message `failed`.
   */
  deliver(smsId: string): Promise<SmsDeliveryOutcome>;
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
  return {
    async deliver(smsId) {
      const message = await claimSmsMessage(db, smsId, LEASE_SECONDS);
      if (!message) {
        if ((await smsStatusOf(db, smsId)) === "queued") {
          throw new Error(`Text message ${smsId} is being delivered by another attempt`);
        }
        return "already-settled";
      }
      try {
        await postToGateway(options.smsUrl, message);
      } catch (error) {
        const isFinal = message.attempts >= MAX_SMS_ATTEMPTS;
        log.warn({ err: error, smsId, attempts: message.attempts }, "text message delivery failed");
        await recordSmsFailure(db, smsId, { isFinal, error: String((error as Error).message) });
        if (isFinal) {
          return "failed";
        }
        throw error;
      }
      await markSmsSent(db, smsId);
      return "sent";
    },
  };
}
