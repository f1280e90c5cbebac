import type { MailDeliveryQueue, MailSender } from "../modules/mail/delivery.ts";
import { MAX_DELIVERY_ATTEMPTS } from "../modules/mail/delivery.ts";
import type { JobDefinition, JobRunner } from "./runner.ts";

/** The mail delivery queue: one job per outbox message, carrying its id. */
export const MAIL_DELIVERY_JOB = "mail-delivery";

/**
 * Delivers one outbox message (modules/mail/delivery.ts) per job. A failed send is retried after
 * about 5 s, 10 s, 20 s, 40 s (pg-boss's back-off, with jitter); the message itself counts its
 * attempts and is marked `failed` after the last one. The job's spare retries cover attempts that
 * found the message held by another (a job retried after expiring while its first run still sends).
 */
export function mailDeliveryJob(sender: MailSender): JobDefinition {
  return {
    name: MAIL_DELIVERY_JOB,
    queue: {
      policy: "standard",
      retryLimit: MAX_DELIVERY_ATTEMPTS * 2,
      retryDelay: 5,
      retryBackoff: true,
      retryDelayMax: 10 * 60,
      // An SMTP exchange that has not ended by then is presumed dead; the message's lease ends with it.
      expireInSeconds: 60,
    },
    // People wait for their sign-in codes: an idle worker asks for the next message every second.
    pollingIntervalSeconds: 1,
    run: (data) => sender.deliver(mailIdOf(data)),
  };
}

/** Queues deliveries on the runner, in the transaction that wrote the message (modules/mail/service.ts). */
export function mailDeliveryQueue(runner: () => JobRunner): MailDeliveryQueue {
  return {
    queueDelivery: (trx, mailId) => runner().send(MAIL_DELIVERY_JOB, { mailId }, trx),
  };
}

function mailIdOf(data: unknown): string {
  const mailId = (data as { mailId?: unknown } | null)?.mailId;
  if (typeof mailId !== "string" || !/^\d+$/.test(mailId)) {
    throw new Error("A mail delivery job needs the outbox message's id");
  }
  return mailId;
}
