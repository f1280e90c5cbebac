/**
 * The load generator, run in a worker thread so that the clients' own JavaScript does not share an
 * event loop with the server under test. It receives one job per phase: for each client, a session
 * cookie and a bounded list of prepared requests (POST /api/v1/transfers, or an authenticated read);
 * each client sends its requests one after another (a closed loop) until the phase's time or its
 * list runs out.
 */
import http from "node:http";
import { parentPort } from "node:worker_threads";
import { errorCodeOf, sendHttp } from "./http-request.ts";
import { tally } from "./stats.ts";

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
}

export interface HttpLoadJob {
  readonly method: "GET" | "POST";
  readonly path: string;
  /** The status that counts as done (201 for a transfer created). */
  readonly expectedStatus: number;
  readonly port: number;
  readonly origin: string;
  readonly durationMs: number;
  readonly requestTimeoutMs: number;
  readonly clients: readonly HttpClientPlan[];
}

export interface HttpLoadResult {
  /** From the first request sent to the last answer received. */
  readonly elapsedMs: number;
  /** Responses with the expected status (201 Created: a transfer made). */
  readonly createdCount: number;
  /** Latency of each of those, in milliseconds. */
  readonly createdLatenciesMs: Float64Array;
  /** Everything else, by status and error code. */
  readonly errors: Record<string, number>;
  /** Clients that ran out of prepared transfers before the time was up (the pool was too small). */
  readonly exhaustedClients: number;
  /** CPU time of this worker thread during the job. */
  readonly clientCpuMs: number;
}

async function runClient(
  job: HttpLoadJob,
  plan: HttpClientPlan,
  agent: http.Agent,
  deadline: number,
  latencies: number[],
  errors: Record<string, number>,
): Promise<boolean> {
  const baseHeaders = {
    accept: "application/json",
    cookie: plan.cookie,
    origin: job.origin,
    "x-forwarded-for": plan.ip,
  };
  for (const planned of plan.requests) {
    if (performance.now() >= deadline) {
      return false;
    }
    const startedAt = performance.now();
    try {
      const response = await sendHttp({
        agent,
        port: job.port,
        method: job.method,
        path: job.path,
        headers: planned.idempotencyKey ? { ...baseHeaders, "idempotency-key": planned.idempotencyKey } : baseHeaders,
        body: planned.body,
        timeoutMs: job.requestTimeoutMs,
      });
      if (response.status === job.expectedStatus) {
        latencies.push(performance.now() - startedAt);
      } else {
        tally(errors, errorCodeOf(response.status, response.body));
      }
    } catch (error) {
      tally(errors, `network ${(error as Error).message}`);
    }
  }
  return performance.now() < deadline;
}

async function runJob(job: HttpLoadJob): Promise<HttpLoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.clients.length });
  const cpuBefore = process.threadCpuUsage();
  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  const startedAt = performance.now();
  const deadline = startedAt + job.durationMs;
  try {
    const exhausted = await Promise.all(
      job.clients.map((plan) => runClient(job, plan, agent, deadline, latencies, errors)),
    );
    const elapsedMs = performance.now() - startedAt;
    const cpu = process.threadCpuUsage(cpuBefore);
    return {
      elapsedMs,
      createdCount: latencies.length,
      createdLatenciesMs: Float64Array.from(latencies),
      errors,
      exhaustedClients: exhausted.filter(Boolean).length,
      clientCpuMs: (cpu.user + cpu.system) / 1000,
    };
  } finally {
    agent.destroy();
  }
}

parentPort?.on("message", (job: HttpLoadJob) => {
  runJob(job).then(
    (result) => parentPort?.postMessage({ ok: true, result }),
    (error: unknown) => parentPort?.postMessage({ ok: false, message: String(error) }),
  );
});
