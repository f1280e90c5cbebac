import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import { fromKysely, type Job, type KyselyTransactionLike, PgBoss, type Queue } from "pg-boss";
import type { QueueCounts } from "../observability/metrics.ts";

/**
 * Ferry's one scheduler (docs/decisions/023-one-scheduler-pg-boss.md): pg-boss on the application's
 * own PostgreSQL pool, so it needs no other server and survives restarts. Each job is a queue;
 * pg-boss fires cron schedules once across every process (it keeps them in its own schema, `pgboss`)
 * and hands each queued job to one worker. Background work adds a `JobDefinition` here rather than a
 * timer or a LISTEN loop of its own.
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
  /** The queue's own retry and expiry settings, over the scheduled jobs' defaults below. */
  readonly queue?: Omit<Queue, "name">;
  /** How often an idle worker asks for this queue's next job (pg-boss's default: 2 s). */
  readonly pollingIntervalSeconds?: number;
  /** The work, given the data the job was sent with. Throwing fails this attempt; pg-boss retries it. */
  run(data: unknown): Promise<unknown>;
}

export interface JobRunner {
  /**
   * Installs or migrates pg-boss's schema and creates the queues, so jobs can be sent. With
   * `isWorking` it also schedules the crons, starts the workers and queues the catch-up runs; a
   * process without it only sends (a web-only process, or a test that runs jobs itself).
   */
  start(options: { readonly isWorking: boolean }): Promise<void>;
  /** Stops taking jobs and waits (up to `STOP_TIMEOUT_MS`) for the ones running. */
  stop(): Promise<void>;
  /**
   * Queues a job inside the caller's transaction: it exists exactly when that transaction commits,
   * and never if it rolls back. The runner must have been started.
   */
  send(name: string, data: object, trx: KyselyTransactionLike): Promise<void>;
  /** Runs a job's function in this process now, outside the queue, and returns what it returned. */
  runNow(name: string, data?: unknown): Promise<unknown>;
  /**
   * Runs, in this process, the jobs waiting in one queue now — retries included, even before their
   * back-off has passed — and settles each as a worker would (completed, or failed and retried).
   * For tests and tools, where waiting for a worker's poll would be slow and uncertain.
   * Resolves with how many jobs it ran.
   */
  drain(name: string): Promise<number>;
  /**
   * Each queue's jobs waiting, running and recently failed, as pg-boss last counted them (its
   * supervisor refreshes the counts; reading them costs one small query). None before `start`.
   */
  queueCounts(): Promise<QueueCounts[]>;
}

/** A failed scheduled run is tried again this many times, waiting 60 s, 120 s, 240 s… between them. */
const SCHEDULED_QUEUE: Omit<Queue, "name"> = {
  // 'stately': at most one run waiting and one running, so schedules and catch-ups never pile up.
  policy: "stately",
  retryLimit: 5,
  retryDelay: 60,
  retryBackoff: true,
  // A run that takes longer than this is presumed dead and retried (a day's returns take seconds).
  expireInSeconds: 30 * 60,
};
const STOP_TIMEOUT_MS = 30_000;
/** The catch-up run queued at start is one per job and per this many seconds, across processes. */
const RUN_AT_START_KEY = "run-at-start";
const RUN_AT_START_SLOT_SECONDS = 60;
/** The most jobs one `drain` takes from a queue. */
const DRAIN_BATCH_SIZE = 100;

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

  function jobNamed(name: string): JobDefinition {
    const job = byName.get(name);
    if (!job) {
      throw new Error(`No job named ${name}`);
    }
    return job;
  }

  function startedBoss(): PgBoss {
    if (!boss) {
      throw new Error("The job runner has not been started");
    }
    return boss;
  }

  const runLogged = (job: JobDefinition, trigger: string, data: unknown) => runJobLogged(log, job, trigger, data);

  return {
    async start({ isWorking }) {
      if (boss) {
        return;
      }
      // Without work to do here, pg-boss neither supervises (expiry, retention) nor fires crons.
      const instance = new PgBoss({ db: poolAdapter(options.pool), supervise: isWorking, schedule: isWorking });
      // An 'error' nobody listens to would end the process; pg-boss retries its own work after one.
      instance.on("error", (error) => log.warn({ err: error }, "job runner error"));
      await instance.start();
      boss = instance;
      for (const job of jobs) {
        await instance.createQueue(job.name, job.queue ?? SCHEDULED_QUEUE);
        if (isWorking) {
          await startWorking(instance, job, (data) => runLogged(job, "queue", data));
        }
      }
    },
    async stop() {
      const instance = boss;
      boss = null;
      // The pool is the app's: it is closed by its owner, after this.
      await instance?.stop({ graceful: true, close: false, timeout: STOP_TIMEOUT_MS });
    },
    async send(name, data, trx) {
      jobNamed(name);
      await startedBoss().send(name, data, { db: fromKysely(trx) });
    },
    runNow: (name, data) => runLogged(jobNamed(name), "now", data),
    async drain(name) {
      const job = jobNamed(name);
      const instance = startedBoss();
      const waiting = await instance.fetch(name, { batchSize: DRAIN_BATCH_SIZE, ignoreStartAfter: true });
      for (const attempt of waiting) {
        await settle(instance, attempt, () => runLogged(job, "drain", attempt.data));
      }
      return waiting.length;
    },
    async queueCounts() {
      if (!boss) {
        return [];
      }
      const queues = await boss.getQueues(jobs.map((job) => job.name));
      return queues.map((queue) => ({
        name: queue.name,
        queued: queue.queuedCount,
        active: queue.activeCount,
        failed: queue.failedCount,
      }));
    },
  };
}

/** Runs a job's function, logging how long it took and what it returned, or why it failed. */
async function runJobLogged(
  log: FastifyBaseLogger,
  job: JobDefinition,
  trigger: string,
  data: unknown,
): Promise<unknown> {
  const startedAt = performance.now();
  try {
    const result = await job.run(data);
    const ms = Math.round(performance.now() - startedAt);
    log.info({ job: job.name, trigger, ms, result: summarise(result) }, "job done");
    return result;
  } catch (error) {
    log.error({ job: job.name, trigger, err: error }, "job failed");
    throw error;
  }
}

/** The worker, the schedule and the catch-up run of one job, in a process that does the work. */
async function startWorking(instance: PgBoss, job: JobDefinition, run: (data: unknown) => Promise<unknown>) {
  await instance.work(
    job.name,
    { batchSize: 1, pollingIntervalSeconds: job.pollingIntervalSeconds ?? 2 },
    async ([attempt]: Job<unknown>[]) => {
      await run(attempt.data);
    },
  );
  if (job.cron) {
    await instance.schedule(job.name, job.cron, null, { tz: "UTC" });
  }
  if (job.isRunAtStart) {
    // One catch-up however many processes start within the same minute: pg-boss keeps one job per
    // singleton key and slot, whatever state the first is in by then.
    await instance.send(job.name, null, {
      singletonKey: RUN_AT_START_KEY,
      singletonSeconds: RUN_AT_START_SLOT_SECONDS,
    });
  }
}

/** Runs one fetched attempt and records its outcome as pg-boss's own worker would. */
async function settle(instance: PgBoss, attempt: Job<unknown>, run: () => Promise<unknown>): Promise<void> {
  const fetched = { id: attempt.id, retryCount: attempt.retryCount };
  try {
    await run();
  } catch (error) {
    await instance.fail(attempt.name, fetched, { message: (error as Error).message });
    return;
  }
  await instance.complete(attempt.name, fetched);
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
