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
  /** JOBS_ENABLED: start pg-boss (schedules, workers, the catch-up at start) in this process. */
  readonly isEnabled: boolean;
}

/**
 * Starts the job runner when jobs are enabled, and stops it when the app closes (before the pool it
 * uses is closed by its owner). Registered last, after the routes, like the mail worker.
 */
export default fp<JobsOptions>(
  async (app, options) => {
    const runner = createJobRunner({ pool: options.pool, log: app.log, jobs: options.jobs });
    app.decorate("jobs", runner);
    if (options.isEnabled) {
      await runner.start();
    }
    app.addHook("onClose", async () => {
      await runner.stop();
    });
  },
  { name: "ferry-jobs", fastify: "5.x" },
);
