/**
 * Where the server reads the time for business days (which UTC day is finished, when the next payout
 * is). Injected, so tests and the development clock (`POST /dev/clock`) can move days; the real clock
 * by default. Timestamps PostgreSQL writes itself (`now()`) are not affected.
 */
export interface Clock {
  now(): Date;
}

/** The machine's clock. */
export const systemClock: Clock = { now: () => new Date() };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A clock running `offsetMs` ahead of another: what `POST /dev/clock` advances outside production.
 * It only ever moves forward, so a business day never happens twice.
 */
export class OffsetClock implements Clock {
  readonly #base: Clock;
  #offsetMs = 0;

  constructor(base: Clock) {
    this.#base = base;
  }

  now(): Date {
    return new Date(this.#base.now().getTime() + this.#offsetMs);
  }

  /** Moves the clock forward by whole days. */
  advanceDays(days: number): void {
    if (!Number.isInteger(days) || days < 1) {
      throw new RangeError(`the clock only moves forward by whole days, got ${days}`);
    }
    this.#offsetMs += days * DAY_MS;
  }

  /**
   * Puts the clock back where a previous run of the server left it (`offsetDays` ahead of its base),
   * so a day already settled is not shown as the next one after a restart. It never moves back.
   */
  restoreOffsetDays(days: number): void {
    if (!Number.isInteger(days) || days < 0) {
      throw new RangeError(`a stored clock offset is a whole number of days, got ${days}`);
    }
    this.#offsetMs = Math.max(this.#offsetMs, days * DAY_MS);
  }

  /** How far ahead of its base clock this one runs, in whole days. */
  get offsetDays(): number {
    return Math.round(this.#offsetMs / DAY_MS);
  }
}

/** A UTC calendar day, "2025-01-31". */
export type UtcDay = string;

/** The UTC day an instant falls on. */
export function utcDayOf(instant: Date): UtcDay {
  return instant.toISOString().slice(0, 10);
}

/** The instant a UTC day starts (its midnight). */
export function startOfUtcDay(day: UtcDay): Date {
  const start = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(start.getTime()) || utcDayOf(start) !== day) {
    throw new RangeError(`not a UTC day: ${day}`);
  }
  return start;
}

/** The instant a UTC day ends: the next day's midnight, which a range "to the end of `day`" excludes. */
export function endOfUtcDay(day: UtcDay): Date {
  return new Date(startOfUtcDay(day).getTime() + DAY_MS);
}

/** The day `days` after `day` (before it when negative). */
export function addUtcDays(day: UtcDay, days: number): UtcDay {
  return utcDayOf(new Date(startOfUtcDay(day).getTime() + days * DAY_MS));
}
