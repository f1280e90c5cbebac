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
