import { AppError } from "../errors.ts";

/** A bound on how many requests of one kind run at once in the whole process, whoever sends them. */
interface OverallLimit {
  readonly max: number;
  /** The 429's message: the server is busy, not the caller. */
  readonly message: string;
}

/**
 * Bounds how many expensive requests (statement exports, uploads) one user has running at once in
 * this process, and optionally how many run at once in all. A rate limit alone lets a burst of
 * parallel requests through before any is counted as done; this refuses the extra ones at once, so
 * one customer cannot slow everyone else's requests, and many cannot together exhaust the process.
 */
export class InFlightLimit {
  private readonly running = new Map<string, number>();
  private runningInAll = 0;

  constructor(
    private readonly maxPerKey: number,
    private readonly message: string,
    private readonly overall?: OverallLimit,
  ) {}

  /**
   * Runs `work` if `key` has a free slot (and the process one, when bounded), otherwise refuses with
   * 429; the slot is freed however `work` ends.
   */
  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const current = this.running.get(key) ?? 0;
    if (current >= this.maxPerKey) {
      throw new AppError("rate_limited", this.message, undefined, { "retry-after": "1" });
    }
    if (this.overall && this.runningInAll >= this.overall.max) {
      throw new AppError("rate_limited", this.overall.message, undefined, { "retry-after": "1" });
    }
    this.running.set(key, current + 1);
    this.runningInAll += 1;
    try {
      return await work();
    } finally {
      this.runningInAll -= 1;
      const left = (this.running.get(key) ?? 1) - 1;
      if (left === 0) {
        this.running.delete(key);
      } else {
        this.running.set(key, left);
      }
    }
  }
}
