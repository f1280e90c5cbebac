import type { JobDefinition } from "./runner.ts";

/** The housekeeping queue. */
export const HOUSEKEEPING_JOB = "housekeeping";

/**
 * Clean-up every 10 minutes (old throttle hits, help-desk uploads nobody attached), fired once across
 * every process by pg-boss's cron. Each task runs even when another failed; a failure fails the run,
 * which pg-boss retries, and every task is safe to run again.
 */
export function housekeepingJob(tasks: readonly (() => Promise<unknown>)[]): JobDefinition {
  return {
    name: HOUSEKEEPING_JOB,
    cron: "*/10 * * * *",
    run: async () => {
      const outcomes = await Promise.allSettled(tasks.map((task) => task()));
      const failures = outcomes.filter((outcome) => outcome.status === "rejected").map((outcome) => outcome.reason);
      if (failures.length > 0) {
        throw new AggregateError(failures, `${failures.length} of ${tasks.length} housekeeping tasks failed`);
      }
      return { tasks: tasks.length };
    },
  };
}
