/**
 * The group-commit batches a Ferry server in this process wrote (issue 31), read from its own batch size
 * histogram (observability/metrics.ts): how many transfers a batch held, on average, over a phase or a
 * soak minute. The closed loop's batches and the open loop's explain why one rate holds and another not.
 */
import type { FerryMetrics } from "../apps/server/src/observability/metrics.ts";
import { round } from "./stats.ts";

interface BatchTotals {
  readonly batches: number;
  readonly transfers: number;
}

/** The batches the server has written since it started, and the transfers in them (its batch size histogram). */
export async function readBatchTotals(registry: FerryMetrics["registry"]): Promise<BatchTotals> {
  const values = (await registry.getSingleMetric("ferry_transfer_batch_size")?.get())?.values ?? [];
  // A histogram's values name their series: its buckets, `_sum` and `_count`.
  const seriesValue = (name: string) =>
    values.find((item) => (item as { metricName?: string }).metricName === name)?.value ?? 0;
  return {
    batches: seriesValue("ferry_transfer_batch_size_count"),
    transfers: seriesValue("ferry_transfer_batch_size_sum"),
  };
}

/**
 * The mean batch size between two readings of `readBatchTotals`; null when this server wrote none (the
 * load went to other processes).
 */
export function meanBatchSizeBetween(before: BatchTotals, after: BatchTotals): number | null {
  const batches = after.batches - before.batches;
  return batches === 0 ? null : round((after.transfers - before.transfers) / batches, 1);
}
