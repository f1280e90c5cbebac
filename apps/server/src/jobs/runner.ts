import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import { PgBoss } from "pg-boss";

/**
 * Ferry's one job runner (docs/decisions/019-investment-returns.md): pg-boss on the application's own
 * PostgreSQL pool, so it needs no other server and survives restarts. Each job is a queue; pg-boss
 * fires cron schedules once across every process (it keeps them in its own schema, `pgboss`) and
 * hands each queued job to one worker. Later background work (webhooks with retries) adds a
 * `JobDefinition` here rather than a timer of its own.
 *
 * A job must be safe to run twice and concurrently: pg-boss delivers at least once (a process that
 * dies mid-job leaves it to be retried), and `runNow` runs a job here and now beside any scheduled run.
 */
export interface JobDefinition {
  /** The queue's name: letters, digits, dashes. */
  readonly name: string;
  /** A cron expression evaluated in UTC ("5 0 * * *" is 00:05 every day); none: only on demand. */
  readonly cron?: string;
  /** Queue one run as soon as the runner starts: catching up what came due while no process ran. */
  readonly isRunAtStart?: boolean;
  /** The work. Throwing fails this attempt; pg-boss retries it (`RETRY_LIMIT` times). */
  run(): Promise<unknown>;
}

export interface JobRunner {
  /** Installs or migrates pg-boss's schema, creates the queues, schedules the crons and starts the workers. */
  start(): Promise<void>;
  /** Stops taking jobs and waits (up to `STOP_TIMEOUT_MS`) for the ones running. */
  stop(): Promise<void>;
  /** Runs a job's function in this process now, outside the queue, and returns what it returned. */
  runNow(name: string): Promise<unknown>;
}

/** A failed attempt is tried again this many times, waiting 60 s, 120 s, 240 s… between them. */
const RETRY_LIMIT = 5;
const RETRY_DELAY_SECONDS = 60;
/** A run that takes longer than this is presumed dead and retried (a day's returns take seconds). */
const EXPIRE_SECONDS = 30 * 60;
const STOP_TIMEOUT_MS = 30_000;

/**
 * pg-boss speaks to PostgreSQL through this: the app's pool, so jobs share its connections and its
 * database (embedded or DATABASE_URL). node-postgres's answer is handed on as it is: for a
 * multi-statement query (pg-boss's locked commands) that is one result per statement, all of which
 * pg-boss reads.
 */
export function poolAdapter(pool: pg.Pool) {
  return {
    executeSql: (text: string, values?: unknown[]) => pool.query(text, values) as Promise<{ rows: unknown[] }>,
  };
}

export function createJobRunner(options: {
  readonly pool: pg.Pool;
  readonly log: FastifyBaseLogger;
  readonly jobs: readonly JobDefinition[];
}): JobRunner {
  const { log, jobs } = options;
  const byName = new Map(jobs.map((job) => [job.name, job]));
  if (byName.size !== jobs.length) {
    throw new Error("Every job needs its own name");
  }
  let boss: PgBoss | null = null;

  async function runLogged(job: JobDefinition, trigger: string): Promise<unknown> {
    const startedAt = Date.now();
    try {
      const result = await job.run();
      log.info({ job: job.name, trigger, ms: Date.now() - startedAt, result: summarise(result) }, "job done");
      return result;
    } catch (error) {
      log.error({ job: job.name, trigger, err: error }, "job failed");
      throw error;
    }
  }

  return {
    async start() {
      if (boss) {
        return;
      }
      const instance = new PgBoss({ db: poolAdapter(options.pool) });
      // An 'error' nobody listens to would end the process; pg-boss retries its own work after one.
      instance.on("error", (error) => log.warn({ err: error }, "job runner error"));
      await instance.start();
      boss = instance;
      for (const job of jobs) {
        // 'stately': at most one run waiting and one running, so schedules and catch-ups never pile up.
        await instance.createQueue(job.name, {
          policy: "stately",
          retryLimit: RETRY_LIMIT,
          retryDelay: RETRY_DELAY_SECONDS,
          retryBackoff: true,
          expireInSeconds: EXPIRE_SECONDS,
        });
        await instance.work(job.name, async () => {
          await runLogged(job, "queue");
        });
        if (job.cron) {
          await instance.schedule(job.name, job.cron, null, { tz: "UTC" });
        }
        if (job.isRunAtStart) {
          await instance.send(job.name, null);
        }
      }
    },
    async stop() {
      const instance = boss;
      boss = null;
      // The pool is the app's: it is closed by its owner, after this.
      await instance?.stop({ graceful: true, close: false, timeout: STOP_TIMEOUT_MS });
    },
    async runNow(name) {
      const job = byName.get(name);
      if (!job) {
        throw new Error(`No job named ${name}`);
      }
      return runLogged(job, "now");
    },
  };
}

/** A job's result as a log field: bigints as strings (JSON has none). */
function summarise(result: unknown): unknown {
  if (result === null || typeof result !== "object") {
    return typeof result === "bigint" ? result.toString() : result;
  }
  return Object.fromEntries(
    Object.entries(result).map(([key, value]) => [key, typeof value === "bigint" ? value.toString() : value]),
  );
}
