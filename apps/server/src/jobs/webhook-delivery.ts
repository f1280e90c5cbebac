import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database.ts";
import { deliverDueWebhooks } from "../modules/webhooks/attempts.ts";
import type { WebhookDeliveryQueue, WebhookSettings } from "../modules/webhooks/service.ts";
import type { JobDefinition, JobRunner } from "./runner.ts";

/** The webhook delivery queue: each run delivers every webhook due (modules/webhooks/attempts.ts). */
export const WEBHOOK_DELIVERY_JOB = "webhook-delivery";

/** A run waits for a delivery due this soon (the 5-second retry) rather than leaving it to the next minute's run. */
const MAX_WAIT_SECONDS = 10;
/** A run stops waiting after this long, so the minute's next run takes over and a stop is never held long. */
const MAX_RUN_SECONDS = 45;

/**
 * Delivers due webhooks. A run is queued in the transaction that records an event (so it is delivered at
 * once), every minute (retries; deliveries a killed process had claimed, once their lease ends) and at
 * start. 'short': one run waiting at most, however many events are recorded. Not 'stately': a run a
 * killed process left "active" would block every new run until pg-boss expired it; runs side by side
 * are safe, as each claims its deliveries with SKIP LOCKED. Data `{ once: true }` makes one pass
 * without waiting for soon-due retries (tests, tools).
 */
export function webhookDeliveryJob(db: Database, settings: WebhookSettings, log: FastifyBaseLogger): JobDefinition {
  return {
    name: WEBHOOK_DELIVERY_JOB,
    cron: "* * * * *",
    isRunAtStart: true,
    queue: { policy: "short", retryLimit: 3, retryDelay: 5, expireInSeconds: 5 * 60 },
    pollingIntervalSeconds: 1,
    async run(data) {
      const isOnce = (data as { once?: unknown } | null)?.once === true;
      const startedAt = Date.now();
      let result = await deliverDueWebhooks(db, settings, log);
      let attempts = result.attempts;
      while (!isOnce && isWorthWaiting(result.nextDueInSeconds, startedAt)) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, (result.nextDueInSeconds ?? 0) * 1000)));
        result = await deliverDueWebhooks(db, settings, log);
        attempts += result.attempts;
      }
      return { attempts };
    },
  };
}

function isWorthWaiting(nextDueInSeconds: number | null, startedAt: number): boolean {
  if (nextDueInSeconds === null || nextDueInSeconds > MAX_WAIT_SECONDS) {
    return false;
  }
  return (Date.now() - startedAt) / 1000 + nextDueInSeconds < MAX_RUN_SECONDS;
}

/** Queues a run on the runner, in the transaction that recorded the events (modules/webhooks/service.ts). */
export function webhookDeliveryQueue(runner: () => JobRunner): WebhookDeliveryQueue {
  return {
    queueDelivery: (trx) => runner().send(WEBHOOK_DELIVERY_JOB, {}, trx),
  };
}
