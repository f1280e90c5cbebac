/** Small numeric helpers shared by the benchmark's phases. */

/** The `fraction` percentile (0..1) of `values` by nearest rank; 0 for an empty list. */
export function percentile(values: ArrayLike<number>, fraction: number): number {
  if (values.length === 0) {
    return 0;
  }
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank];
}

/** Rounds to `digits` decimals, for figures meant to be read. */
export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Adds `count` to `key` of a tally. */
export function tally(counts: Record<string, number>, key: string, count = 1): void {
  counts[key] = (counts[key] ?? 0) + count;
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The `fraction` percentile of the latencies due in each whole second since the first was due. */
export function percentileBySecond(
  latencies: ArrayLike<number>,
  dueAtMs: ArrayLike<number>,
  fraction: number,
): number[] {
  let firstMs = Number.POSITIVE_INFINITY;
  for (let index = 0; index < dueAtMs.length; index += 1) {
    firstMs = Math.min(firstMs, dueAtMs[index] as number);
  }
  const seconds: number[][] = [];
  for (let index = 0; index < latencies.length; index += 1) {
    const second = Math.floor(((dueAtMs[index] as number) - firstMs) / 1000);
    const values = seconds[second] ?? [];
    values.push(latencies[index] as number);
    seconds[second] = values;
  }
  return Array.from(seconds, (values) => percentile(values ?? [], fraction));
}

/**
 * A closed loop's latencies split at the end of its lead-in (issue 31): those started (or due) from
 * `measuredFromMs` on are the phase's figures; the lead-in's, run under the same load just before, are
 * reported beside them. `startedAtMs` and `measuredFromMs` are on one clock.
 */
export function splitAtLeadIn(latencies: ArrayLike<number>, startedAtMs: ArrayLike<number>, measuredFromMs: number) {
  const measured: number[] = [];
  const measuredStartedAt: number[] = [];
  const leadIn: number[] = [];
  for (let index = 0; index < latencies.length; index += 1) {
    const latency = latencies[index] as number;
    const startedAt = startedAtMs[index] as number;
    if (startedAt >= measuredFromMs) {
      measured.push(latency);
      measuredStartedAt.push(startedAt);
    } else {
      leadIn.push(latency);
    }
  }
  return { measured, measuredStartedAt, leadIn };
}

/** A lead-in's own figures (issue 31): how many it made, its p99, and the p99 of it and the phase together. */
export interface LeadInFigures {
  readonly count: number;
  readonly p99Ms: number;
  readonly p99WithItMs: number;
}

export function leadInFiguresOf(leadIn: ArrayLike<number>, measured: ArrayLike<number>): LeadInFigures {
  return {
    count: leadIn.length,
    p99Ms: percentile(leadIn, 0.99),
    p99WithItMs: percentile([...Array.from(leadIn), ...Array.from(measured)], 0.99),
  };
}

/**
 * A closed loop's figures after its lead-in, from each transaction's latency and start and the loop's
 * end (all on one clock): the rate, p50 and p99 of those started from `measuredFromMs` on.
 */
export function closedLoopFigures(
  latencies: number[],
  startedAtMs: number[],
  measuredFromMs: number,
  endedAtMs: number,
) {
  const { measured, leadIn } = splitAtLeadIn(latencies, startedAtMs, measuredFromMs);
  const elapsedMs = Math.max(1, endedAtMs - measuredFromMs);
  return {
    elapsedMs,
    count: measured.length,
    perSecond: (measured.length / elapsedMs) * 1000,
    p50Ms: percentile(measured, 0.5),
    p99Ms: percentile(measured, 0.99),
    leadIn: leadInFiguresOf(leadIn, measured),
  };
}
