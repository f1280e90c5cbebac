import type { SmsDeliveryQueue, SmsSender } from "../modules/sms/delivery.ts";
import { MAX_SMS_ATTEMPTS } from "../modules/sms/delivery.ts";
import type { JobDefinition, JobRunner } from "./runner.ts";

/** The text message delivery queue: one job per SMS outbox message, carrying its id. */
export const SMS_DELIVERY_JOB = "sms-delivery";

/** Delivers one SMS outbox message (modules/sms/delivery.ts) per job, retried as mail delivery is. */
export function smsDeliveryJob(sender: SmsSender): JobDefinition {
  return {
    name: SMS_DELIVERY_JOB,
    queue: {
      policy: "standard",
      retryLimit: MAX_SMS_ATTEMPTS * 2,
      retryDelay: 5,
      retryBackoff: true,
      retryDelayMax: 10 * 60,
      expireInSeconds: 60,
    },
    pollingIntervalSeconds: 1,
    run: (data) => sender.deliver(smsIdOf(data)),
  };
}

/** Queues deliveries on the runner, in the transaction that wrote the message (modules/sms/service.ts). */
export function smsDeliveryQueue(runner: () => JobRunner): SmsDeliveryQueue {
  return {
    queueDelivery: (trx, smsId) => runner().send(SMS_DELIVERY_JOB, { smsId }, trx),
  };
}

function smsIdOf(data: unknown): string {
  const smsId = (data as { smsId?: unknown } | null)?.smsId;
  if (typeof smsId !== "string" || !/^\d+$/.test(smsId)) {
    throw new Error("A text message delivery job needs the outbox message's id");
  }
  return smsId;
}
