import type pg from "pg";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/database.ts";

/*
 * Ferry's Prometheus metrics (issue 32, decision 057), all in one registry per app instance: tests build
 * several apps in one process, and prom-client's global default registry would mix their counts and
 * refuse a metric registered twice. `GET /metrics` (plugins/app/metrics.ts) prints this registry.
 */

/** How `createTransfer` ended: made, answered from its Idempotency-Key, refused for a wrong code, or refused otherwise. */
export type TransferOutcomeLabel = "created" | "replayed" | "wrong_code" | "refused";

/** One pg-boss queue's counts, as pg-boss last recorded them. */
export interface QueueCounts {
  readonly name: string;
  readonly queued: number;
  readonly active: number;
  /** Failed jobs pg-boss still keeps (a rolling count of recent failures, bounded by its retention). */
  readonly failed: number;
}

/** Whether the ledger's invariants held at its last check (modules/ledger/reconcile.ts). */
export interface ReconciliationState {
  readonly isReconciled: boolean;
  readonly checkedAt: Date;
}

/** What the metrics read when scraped, rather than counting as things happen. */
export interface MetricSources {
  readonly pool: pg.Pool;
  /** The job queues' depths and failures; none where the job runner is not started. */
  readonly queueCounts: () => Promise<readonly QueueCounts[]>;
  /** The ledger's reconciliation: run at most once every `RECONCILE_INTERVAL_MS`, however often scraped. */
  readonly reconcile: () => Promise<boolean>;
  /** Milliseconds since the epoch; a test passes its own. */
  readonly now?: () => number;
}

export interface FerryMetrics {
  readonly registry: Registry;
  /** One answered HTTP request: `route` is the route's pattern (`/api/v1/transfers/:transferId`), never the URL. */
  observeRequest(labels: { method: string; route: string; statusCode: number }, seconds: number): void;
  countTransfer(outcome: TransferOutcomeLabel): void;
  /** The number of transfers one group-commit batch wrote (modules/transfers/batcher.ts). */
  observeBatchSize(size: number): void;
  /** The open Server-Sent-Event streams of this process: set whenever one opens or closes. */
  setOpenStreams(count: number): void;
}

/** The ledger is reconciled at most this often for `/metrics`: a full check reads every account. */
const RECONCILE_INTERVAL_MS = 60_000;

/** Request latency buckets, in seconds: from a cached read (5 ms) to a request timing out (30 s). */
const LATENCY_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Batch size buckets, up to the batcher's most (64 transfers). */
const BATCH_SIZE_BUCKETS = [1, 2, 4, 8, 16, 32, 64];

/** The last reconciliation, refreshed when older than the interval; one check at a time. */
function reconciliationCache(sources: MetricSources) {
  const now = sources.now ?? Date.now;
  let last: ReconciliationState | null = null;
  let running: Promise<ReconciliationState | null> | null = null;
  return (): Promise<ReconciliationState | null> => {
    if (last && now() - last.checkedAt.getTime() < RECONCILE_INTERVAL_MS) {
      return Promise.resolve(last);
    }
    running ??= sources
      .reconcile()
      .then((isReconciled) => {
        last = { isReconciled, checkedAt: new Date(now()) };
        return last;
      })
      // A check that could not run (the database is down) keeps the last known state; /health/ready says why.
      .catch(() => last)
      .finally(() => {
        running = null;
      });
    return running;
  };
}

/** The gauges read at scrape time: the pool, the job queues, the reconciliation. */
function registerScrapedGauges(registry: Registry, sources: MetricSources): void {
  const { pool } = sources;
  new Gauge({
    name: "ferry_db_pool_connections",
    help: "Connections of the PostgreSQL pool, by state (total, idle, waiting = clients queued for one)",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      this.set({ state: "total" }, pool.totalCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });
  // One gauge for depth and failures: prom-client collects each metric of a scrape concurrently, so
  // two gauges filled by one read could be printed before it ends.
  new Gauge({
    name: "ferry_job_queue_jobs",
    help: "Jobs per pg-boss queue by state: queued (waiting), active (running), failed (recent failures pg-boss still keeps), as of pg-boss's last count",
    labelNames: ["queue", "state"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const queue of await sources.queueCounts().catch(() => [])) {
        this.set({ queue: queue.name, state: "queued" }, queue.queued);
        this.set({ queue: queue.name, state: "active" }, queue.active);
        this.set({ queue: queue.name, state: "failed" }, queue.failed);
      }
    },
  });
  const reconciliation = reconciliationCache(sources);
  // Both read the same check (one at a time, at most once a minute), whichever is collected first.
  new Gauge({
    name: "ferry_ledger_reconciled_timestamp_seconds",
    help: "When the ledger was last reconciled for /metrics (Unix time)",
    registers: [registry],
    async collect() {
      const state = await reconciliation();
      if (state) {
        this.set(state.checkedAt.getTime() / 1000);
      }
    },
  });
  new Gauge({
    name: "ferry_ledger_reconciled",
    help: "1 when the ledger's invariants held at the last check (at most once a minute), 0 when one was violated",
    registers: [registry],
    async collect() {
      const state = await reconciliation();
      if (state) {
        this.set(state.isReconciled ? 1 : 0);
      }
    },
  });
}

/** A fresh registry with the process's default metrics and Ferry's own. */
export function createMetrics(sources: MetricSources): FerryMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method, route pattern and status code",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: LATENCY_BUCKETS_SECONDS,
    registers: [registry],
  });
  const transfers = new Counter({
    name: "ferry_transfers_total",
    help: "Transfer requests by how they ended: created, replayed, wrong_code, refused",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  const batchSize = new Histogram({
    name: "ferry_transfer_batch_size",
    help: "Transfers written per group-commit batch",
    buckets: BATCH_SIZE_BUCKETS,
    registers: [registry],
  });
  const openStreams = new Gauge({
    name: "ferry_live_streams",
    help: "Server-Sent-Event streams open in this process",
    registers: [registry],
  });
  registerScrapedGauges(registry, sources);
  return {
    registry,
    observeRequest: ({ method, route, statusCode }, seconds) =>
      requestDuration.observe({ method, route, status_code: String(statusCode) }, seconds),
    countTransfer: (outcome) => transfers.inc({ outcome }),
    observeBatchSize: (size) => batchSize.observe(size),
    setOpenStreams: (count) => openStreams.set(count),
  };
}

/**
 * The metrics of the app whose modules use this database handle. Modules count through it rather than
 * taking the metrics as a parameter: each app has its own handle (tests build several apps, each on
 * its own pool), and the transfer batcher's lanes are already found the same way.
 */
const metricsByDatabase = new WeakMap<Database, FerryMetrics>();

/** Counts what the modules using `db` do into `metrics` (app.ts, once per app). */
export function attachMetrics(db: Database, metrics: FerryMetrics): void {
  metricsByDatabase.set(db, metrics);
}

/** The metrics the modules using `db` count into; none outside an app (scripts, unit tests). */
export function metricsOf(db: Database): FerryMetrics | undefined {
  return metricsByDatabase.get(db);
}
