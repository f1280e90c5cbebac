import type { FastifyPluginAsync } from "fastify";
import type { Database } from "../../db/database.ts";
import { pruneThrottle } from "../../http/throttle.ts";

const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;

export interface HousekeepingOptions {
  readonly db: Database;
  /** The modules' own clean-ups (help-desk uploads nobody attached), run in the same rounds. */
  readonly tasks?: readonly (() => Promise<void>)[];
}

/**
 * Periodic clean-up while the app runs: throttle hits older than any window, and the modules' tasks.
 * A failed task is logged and the next round tries again; the timer never keeps the process alive.
 */
const housekeeping: FastifyPluginAsync<HousekeepingOptions> = async (app, options) => {
  const tasks = [() => pruneThrottle(options.db), ...(options.tasks ?? [])];
  const timer = setInterval(() => {
    for (const task of tasks) {
      task().catch((error) => app.log.warn({ err: error }, "housekeeping failed"));
    }
  }, HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  app.addHook("onClose", async () => {
    clearInterval(timer);
  });
};

export default housekeeping;
