import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import nodemailer from "nodemailer";
import { kyselyCarrier } from "../../db/kysely-carrier.ts";
import { type DeliveryOutcome, deliverOutboxMessage } from "../../db/outbox.ts";
import type { DB } from "../../db/schema.ts";

/** A message is tried this many times in all; after the last failure its outbox row is `failed`. */
export const MAX_DELIVERY_ATTEMPTS = 5;
/** How long one attempt holds its message: no other attempt sends it meanwhile. */
const LEASE_SECONDS = 60;

/** Queues the delivery of a new outbox message inside the transaction that wrote it. */
export interface MailDeliveryQueue {
  queueDelivery(trx: Kysely<DB>, mailId: string): Promise<void>;
}

const mailDelivery = kyselyCarrier<MailDeliveryQueue>();

/** The app's database with its mail delivery attached (app.ts, when SMTP_URL is set): `enqueueMail` queues in the caller's transaction. */
export const withMailDelivery = mailDelivery.attach;

/** The delivery queue attached to `db` (or to the database its transaction began from), if any. */
export const mailDeliveryQueueOf = mailDelivery.of;

/** The mail outbox's row, as a delivery attempt reads it. */
interface MailRow {
  readonly recipient: string;
  readonly subject: string;
  readonly text_body: string;
  readonly html_body: string;
  readonly attempts: number;
}

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
  const outbox = {
    table: "mail_outbox",
    leaseSeconds: LEASE_SECONDS,
    maxAttempts: MAX_DELIVERY_ATTEMPTS,
    log,
    noun: "mail",
  } as const;
  return {
    deliver: (mailId) =>
      deliverOutboxMessage<MailRow>(db, outbox, mailId, async (row) => {
        await transport.sendMail({
          from: options.from,
          to: row.recipient,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
        });
      }),
    close: () => transport.close(),
  };
}
