import type { FastifyBaseLogger } from "fastify";
import type { Kysely, KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from "kysely";
import nodemailer from "nodemailer";
import type { DB } from "../../db/schema.ts";
import { claimOutboxMessage, markOutboxMessageSent, outboxStatusOf, recordOutboxFailure } from "./outbox.ts";

/** A message is tried this many times in all; after the last failure its outbox row is `failed`. */
export const MAX_DELIVERY_ATTEMPTS = 5;
/** How long one attempt holds its message: no other attempt sends it meanwhile. */
const LEASE_SECONDS = 60;

/** Queues the delivery of a new outbox message inside the transaction that wrote it. */
export interface MailDeliveryQueue {
  queueDelivery(trx: Kysely<DB>, mailId: string): Promise<void>;
}

/**
 * Carries the app's delivery queue on its Kysely instance, and so on every transaction begun from it
 * (Kysely hands its plugins on to them): `enqueueMail(db, message)` then queues the delivery in the
 * caller's own transaction without every module passing the queue along. It changes no query.
 */
class MailDeliveryPlugin implements KyselyPlugin {
  constructor(readonly queue: MailDeliveryQueue) {}

  transformQuery(args: PluginTransformQueryArgs) {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  }
}

/** The app's database with its mail delivery attached (app.ts, when SMTP_URL is set). */
export function withMailDelivery(db: Kysely<DB>, queue: MailDeliveryQueue): Kysely<DB> {
  return db.withPlugin(new MailDeliveryPlugin(queue));
}

/** The delivery queue attached to `db` (or to the database its transaction began from), if any. */
export function mailDeliveryQueueOf(db: Kysely<DB>): MailDeliveryQueue | null {
  const plugin = db.getExecutor().plugins.find((candidate) => candidate instanceof MailDeliveryPlugin);
  return plugin?.queue ?? null;
}

/** What one delivery attempt did. */
export type DeliveryOutcome = "sent" | "failed" | "already-settled";

export interface MailSender {
  /**
   * One attempt at one outbox message: sends it over SMTP and marks it sent. A message already sent
   * or failed is left alone, so a message id is delivered at most once however often its job runs.
   * A failed send throws (the job is retried with back-off) until the last attempt, which marks the
   * message `failed` instead.
   */
  deliver(mailId: string): Promise<DeliveryOutcome>;
  close(): void;
}

/** Delivers outbox messages over SMTP (`SMTP_URL`), from `from`. */
export function createMailSender(options: {
  readonly db: Kysely<DB>;
  readonly smtpUrl: string;
  readonly from: string;
  readonly log: FastifyBaseLogger;
}): MailSender {
  const { db, log } = options;
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async deliver(mailId) {
      const message = await claimOutboxMessage(db, mailId, LEASE_SECONDS);
      if (!message) {
        if ((await outboxStatusOf(db, mailId)) === "queued") {
          // Another attempt holds it: this one fails and is retried once that lease has ended.
          throw new Error(`Mail ${mailId} is being delivered by another attempt`);
        }
        return "already-settled";
      }
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      } catch (error) {
        const isFinal = message.attempts >= MAX_DELIVERY_ATTEMPTS;
        log.warn({ err: error, mailId, attempts: message.attempts }, "mail delivery failed");
        await recordOutboxFailure(db, mailId, { isFinal, error: String((error as Error).message) });
        if (isFinal) {
          return "failed";
        }
        throw error;
      }
      await markOutboxMessageSent(db, mailId);
      return "sent";
    },
    close: () => transport.close(),
  };
}
