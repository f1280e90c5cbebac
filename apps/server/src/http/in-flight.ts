import { AppError } from "../errors.ts";

/**
 * Bounds how many expensive requests (statement exports) one user has running at once in this
 * process. A rate limit alone lets a burst of parallel requests through before any is counted as
 * done; this refuses the extra ones at once, so one customer cannot slow everyone else's requests.
 */
export class InFlightLimit {
  private readonly running = new Map<string, number>();

  constructor(
    private readonly maxPerKey: number,
    private readonly message: string,
  ) {}

  /** Runs `work` if `key` has a free slot, otherwise refuses with 429; the slot is freed however `work` ends. */
  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const current = this.running.get(key) ?? 0;
    if (current >= this.maxPerKey) {
      throw new AppError("rate_limited", this.message, undefined, { "retry-after": "1" });
    }
    this.running.set(key, current + 1);
    try {
      return await work();
    } finally {
      const left = (this.running.get(key) ?? 1) - 1;
      if (left === 0) {
        this.running.delete(key);
      } else {
        this.running.set(key, left);
      }
    }
  }
}
