/**
 * The load generator, run in a worker thread so that the clients' own JavaScript does not share an
 * event loop with the server under test. It receives one job per phase: for each client, a session
 * cookie and a bounded list of prepared requests (POST /api/v1/transfers, or an authenticated read);
 * each client sends its requests one after another (a closed loop) until the phase's time or its
 * list runs out. With `arrivalsPerSecond`, the phase is an open loop instead: requests start on a fixed
 * schedule whatever the answers, spread evenly over the clients, and each latency is counted from the
 * moment its request was due (so a server that falls behind shows it, instead of slowing the load).
 * With `leadInMs`, a closed loop first runs that long under the same load, counted apart (issue 31).
 */
import { parentPort } from "node:worker_threads";
import { errorCodeOf, LOOPBACK_HOST } from "./http-request.ts";
import { LeanHttpPool, requestText } from "./lean-http.ts";
import { splitAtLeadIn, tally } from "./stats.ts";

export interface PlannedRequest {
  readonly idempotencyKey?: string;
  /** The JSON body, prepared in setup: for a transfer, recipient, amount, currency and the pre-issued code. */
  readonly body?: string;
}

export interface HttpClientPlan {
  readonly cookie: string;
  /** Sent as X-Forwarded-For (the server trusts the proxy header in the benchmark). */
  readonly ip: string;
  readonly requests: readonly PlannedRequest[];
  /** The port of the server process this client sends to, when not the job's (several processes). */
  readonly port?: number;
}

export interface HttpLoadJob {
  readonly method: "GET" | "POST";
  readonly path: string;
  /** The status that counts as done (201 for a transfer created). */
  readonly expectedStatus: number;
  readonly port: number;
  readonly origin: string;
  readonly durationMs: number;
  /**
   * A closed loop's lead-in: it runs this long first, under the same load, and only what is sent after
   * it is the phase's figures (its answers are counted apart, as `leadIn`).
   */
  readonly leadInMs?: number;
  readonly requestTimeoutMs: number;
  readonly clients: readonly HttpClientPlan[];
  /** Open loop: this many requests a second in all, whatever the answers; absent for a closed loop. */
  readonly arrivalsPerSecond?: number;
  /**
   * Open loop: when its schedule starts, in milliseconds since the epoch, so that a job posted ahead
   * continues the one before it without a gap (the soak's minutes). Such jobs share their connections.
   */
  readonly startAt?: number;
}

/** A job as posted to the worker, with the id its answer carries (jobs may overlap). */
export interface HttpLoadMessage {
  readonly id: number;
  readonly job: HttpLoadJob;
}

export interface HttpLoadResult {
  /** From the first request sent after the lead-in (or at all) to the last answer received. */
  readonly elapsedMs: number;
  /** Responses with the expected status (201 Created: a transfer made). */
  readonly createdCount: number;
  /** Latency of each of those, in milliseconds. */
  readonly createdLatenciesMs: Float64Array;
  /** When each of those was due (sent, or due in an open loop), in milliseconds since the epoch. */
  readonly createdDueAtMs: Float64Array;
  /** Everything else, by status and error code. */
  readonly errors: Record<string, number>;
  /** Clients that ran out of prepared transfers before the time was up (the pool was too small). */
  readonly exhaustedClients: number;
  /** CPU time of this worker thread during the job, its lead-in included. */
  readonly clientCpuMs: number;
  /** The lead-in's answers with the expected status, and their latencies (in none of the above). */
  readonly leadIn: { readonly createdCount: number; readonly createdLatenciesMs: Float64Array };
}

/** What every request of a phase shares: the job, its connections, and where answers are counted. */
interface Phase {
  readonly job: HttpLoadJob;
  /** Keep-alive connections by port. */
  readonly pools: Map<number, LeanHttpPool>;
  readonly latencies: number[];
  /** When each of those was due, on this thread's clock (performance.now()). */
  readonly dueAts: number[];
  readonly errors: Record<string, number>;
}

/** A client's request line and headers, the same for each of its requests but the Idempotency-Key. */
function headOf(job: HttpLoadJob, plan: HttpClientPlan): string {
  return (
    `${job.method} ${job.path} HTTP/1.1\r\nhost: ${LOOPBACK_HOST}:${plan.port ?? job.port}\r\n` +
    `accept: application/json\r\ncookie: ${plan.cookie}\r\norigin: ${job.origin}\r\n` +
    `x-forwarded-for: ${plan.ip}\r\n`
  );
}

function poolFor(phase: Phase, port: number): LeanHttpPool {
  let pool = phase.pools.get(port);
  if (pool === undefined) {
    pool = new LeanHttpPool(port, phase.job.requestTimeoutMs);
    phase.pools.set(port, pool);
  }
  return pool;
}

/** Sends one planned request; its latency counts from `dueAt` (when it was sent, or due in an open loop). */
async function sendPlanned(phase: Phase, plan: HttpClientPlan, head: string, planned: PlannedRequest, dueAt: number) {
  const { job } = phase;
  const withKey = planned.idempotencyKey ? `${head}idempotency-key: ${planned.idempotencyKey}\r\n` : head;
  try {
    const response = await poolFor(phase, plan.port ?? job.port).send(requestText(withKey, planned.body));
    if (response.status === job.expectedStatus) {
      phase.latencies.push(performance.now() - dueAt);
      phase.dueAts.push(dueAt);
    } else {
      tally(phase.errors, errorCodeOf(response.status, response.body));
    }
  } catch (error) {
    tally(phase.errors, `network ${(error as Error).message}`);
  }
}

/** A closed loop: one request at a time. True when the list ran out before the deadline. */
async function runClient(phase: Phase, plan: HttpClientPlan, deadline: number): Promise<boolean> {
  const head = headOf(phase.job, plan);
  for (const planned of plan.requests) {
    if (performance.now() >= deadline) {
      return false;
    }
    await sendPlanned(phase, plan, head, planned, performance.now());
  }
  return performance.now() < deadline;
}

/**
 * An open loop: this client's share of the arrivals, each started when due (`intervalMs` apart, from
 * `firstDueAt`) without waiting for earlier answers. True when the list ran out before the deadline.
 */
async function runOpenLoopClient(
  phase: Phase,
  plan: HttpClientPlan,
  schedule: { firstDueAt: number; intervalMs: number; deadline: number },
): Promise<boolean> {
  const sent: Promise<void>[] = [];
  const head = headOf(phase.job, plan);
  for (const [index, planned] of plan.requests.entries()) {
    const dueAt = schedule.firstDueAt + index * schedule.intervalMs;
    if (dueAt >= schedule.deadline) {
      await Promise.all(sent);
      return false;
    }
    const waitMs = dueAt - performance.now();
    if (waitMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
    sent.push(sendPlanned(phase, plan, head, planned, dueAt));
  }
  await Promise.all(sent);
  return true;
}

/** The connections of jobs that continue one another (`startAt`), kept from one job to the next. */
const continuingPools = new Map<number, LeanHttpPool>();

async function runJob(job: HttpLoadJob): Promise<HttpLoadResult> {
  const { arrivalsPerSecond } = job;
  const isContinuing = arrivalsPerSecond !== undefined && job.startAt !== undefined;
  const pools = isContinuing ? continuingPools : new Map<number, LeanHttpPool>();
  const cpuBefore = process.threadCpuUsage();
  const latencies: number[] = [];
  const dueAts: number[] = [];
  const errors: Record<string, number> = {};
  const phase: Phase = { job, pools, latencies, dueAts, errors };
  const startedAt = job.startAt === undefined ? performance.now() : job.startAt - performance.timeOrigin;
  const measuredFrom = startedAt + (arrivalsPerSecond === undefined ? (job.leadInMs ?? 0) : 0);
  const deadline = measuredFrom + job.durationMs;
  try {
    const exhausted = await Promise.all(
      job.clients.map((plan, index) => {
        if (!arrivalsPerSecond) {
          return runClient(phase, plan, deadline);
        }
        const intervalMs = (1000 * job.clients.length) / arrivalsPerSecond;
        const firstDueAt = startedAt + (index * intervalMs) / job.clients.length;
        return runOpenLoopClient(phase, plan, { firstDueAt, intervalMs, deadline });
      }),
    );
    const elapsedMs = performance.now() - measuredFrom;
    const cpu = process.threadCpuUsage(cpuBefore);
    const { measured, measuredStartedAt, leadIn } = splitAtLeadIn(latencies, dueAts, measuredFrom);
    return {
      elapsedMs,
      createdCount: measured.length,
      createdLatenciesMs: Float64Array.from(measured),
      createdDueAtMs: Float64Array.from(measuredStartedAt, (dueAt) => performance.timeOrigin + dueAt),
      errors,
      exhaustedClients: exhausted.filter(Boolean).length,
      clientCpuMs: (cpu.user + cpu.system) / 1000,
      leadIn: { createdCount: leadIn.length, createdLatenciesMs: Float64Array.from(leadIn) },
    };
  } finally {
    if (!isContinuing) {
      for (const pool of pools.values()) {
        pool.destroy();
      }
    }
  }
}

parentPort?.on("message", ({ id, job }: HttpLoadMessage) => {
  runJob(job).then(
    (result) => parentPort?.postMessage({ id, ok: true, result }),
    (error: unknown) => parentPort?.postMessage({ id, ok: false, message: String(error) }),
  );
});
