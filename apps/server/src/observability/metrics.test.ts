import type pg from "pg";
import { describe, expect, test } from "vitest";
import { createMetrics } from "./metrics.ts";

/** A pool as the gauges read it: three connections, one idle, two clients waiting. */
const pool = { totalCount: 3, idleCount: 1, waitingCount: 2 } as pg.Pool;

/** The value of the one sample whose line starts with `series`. */
function sampleOf(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("Ferry's metrics", () => {
  test("reconcile the ledger at most once a minute, however often they are scraped", async () => {
    let nowMs = Date.UTC(2026, 10, 27, 12);
    let checks = 0;
    let isReconciled = true;
    const metrics = createMetrics({
      pool,
      queueCounts: async () => [],
      reconcile: async () => {
        checks += 1;
        return isReconciled;
      },
      now: () => nowMs,
    });
    const first = await metrics.registry.metrics();
    expect(sampleOf(first, "ferry_ledger_reconciled")).toBe(1);
    expect(sampleOf(first, "ferry_ledger_reconciled_timestamp_seconds")).toBe(nowMs / 1000);
    // Both reconciliation gauges are filled by one check.
    expect(checks).toBe(1);

    isReconciled = false;
    nowMs += 59_000;
    expect(sampleOf(await metrics.registry.metrics(), "ferry_ledger_reconciled")).toBe(1);
    expect(checks).toBe(1);

    nowMs += 2_000;
    const later = await metrics.registry.metrics();
    expect(sampleOf(later, "ferry_ledger_reconciled")).toBe(0);
    expect(sampleOf(later, "ferry_ledger_reconciled_timestamp_seconds")).toBe(nowMs / 1000);
    expect(checks).toBe(2);
  });

  test("read the pool, the job queues and the open streams when scraped", async () => {
    const metrics = createMetrics({
      pool,
      queueCounts: async () => [{ name: "mail-delivery", queued: 4, active: 1, failed: 2 }],
      reconcile: async () => true,
    });
    metrics.setOpenStreams(7);
    const text = await metrics.registry.metrics();
    expect(sampleOf(text, 'ferry_db_pool_connections{state="total"}')).toBe(3);
    expect(sampleOf(text, 'ferry_db_pool_connections{state="idle"}')).toBe(1);
    expect(sampleOf(text, 'ferry_db_pool_connections{state="waiting"}')).toBe(2);
    expect(sampleOf(text, 'ferry_job_queue_jobs{queue="mail-delivery",state="queued"}')).toBe(4);
    expect(sampleOf(text, 'ferry_job_queue_jobs{queue="mail-delivery",state="active"}')).toBe(1);
    expect(sampleOf(text, 'ferry_job_queue_jobs{queue="mail-delivery",state="failed"}')).toBe(2);
    expect(sampleOf(text, "ferry_live_streams")).toBe(7);
  });

  test("keep the last reconciliation when a check cannot run", async () => {
    let nowMs = Date.UTC(2026, 10, 27, 12);
    let isDatabaseDown = false;
    const metrics = createMetrics({
      pool,
      queueCounts: async () => {
        throw new Error("database down");
      },
      reconcile: async () => {
        if (isDatabaseDown) {
          throw new Error("database down");
        }
        return true;
      },
      now: () => nowMs,
    });
    await metrics.registry.metrics();
    isDatabaseDown = true;
    nowMs += 120_000;
    const text = await metrics.registry.metrics();
    expect(sampleOf(text, "ferry_ledger_reconciled")).toBe(1);
    expect(text).not.toContain("ferry_job_queue_jobs{");
  });
});
