import { z } from "zod";

/**
 * `POST /dev/clock` (development and tests only, from this machine): move the server's business
 * clock forward by whole days, then pay the investment returns that came due.
 */
export const AdvanceClockRequest = z.object({
  advanceDays: z.number().int().min(1).max(400),
});
export type AdvanceClockRequest = z.infer<typeof AdvanceClockRequest>;

/** The business clock: what time the server thinks it is, and how far ahead of the real time. */
export const DevClock = z.object({
  now: z.string(),
  offsetDays: z.number().int(),
  /** What the daily returns run paid after the move (`POST` only). */
  returns: z
    .object({
      throughDay: z.string(),
      daysPaid: z.number().int(),
      paid: z.string(),
      daysShort: z.number().int(),
    })
    .nullable(),
});
export type DevClock = z.infer<typeof DevClock>;
