import fp from "fastify-plugin";
import type pg from "pg";
import { createJobRunner, type JobDefinition, type JobRunner } from "../../jobs/runner.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Scheduled and queued work (pg-boss). Its jobs can be run on demand even when scheduling is off. */
    jobs: JobRunner;
  }
}

export interface JobsOptions {
  readonly pool: pg.Pool;
  readonly jobs: readonly JobDefinition[];
  /** JOBS_ENABLED: this process does the work (schedules, workers, the catch-up at start). */
  readonly isEnabled: boolean;
  /**
   * This process queues jobs from its requests (mail delivery, with SMTP_URL set), so pg-boss is
   * started even where it does no work.
   */
  readonly isSending: boolean;
  /** Called once the runner has stopped: what the jobs held (the SMTP transport) is released. */
  readonly onStopped?: () => void;
}

/**
 * Starts the job runner when this process works or sends jobs, and stops it when the app closes
 * (before the pool it uses is closed by its owner). Registered last, after the routes, so that a
 * start which fails earlier leaves nothing running.
 */
export default fp<JobsOptions>(
  async (app, options) => {
    const runner = createJobRunner({ pool: options.pool, log: app.log, jobs: options.jobs });
    app.decorate("jobs", runner);
    if (options.isEnabled || options.isSending) {
      await runner.start({ isWorking: options.isEnabled });
    }
    app.addHook("onClose", async () => {
      await runner.stop();
      options.onStopped?.();
    });
  },
  { name: "ferry-jobs", fastify: "5.x" },
);
