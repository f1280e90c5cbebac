import type { FastifyPluginAsync } from "fastify";
import type { Database } from "../../db/database.ts";
import { pruneThrottle } from "../../http/throttle.ts";

const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;

export interface HousekeepingOptions {
  readonly db: Database;
}

/**
 * Periodic clean-up while the app runs: throttle hits older than any window. A failed round is logged
 * and the next one tries again; the timer never keeps the process alive on its own.
 */
const housekeeping: FastifyPluginAsync<HousekeepingOptions> = async (app, options) => {
  const timer = setInterval(() => {
    pruneThrottle(options.db).catch((error) => app.log.warn({ err: error }, "housekeeping failed"));
  }, HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  app.addHook("onClose", async () => {
    clearInterval(timer);
  });
};

export default housekeeping;
