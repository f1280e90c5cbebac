import type { HelpStatus } from "@ferry/core/contracts/help";

/** Statuses still waiting on support: the head of the help desk's queue. */
export const AWAITING_SUPPORT: readonly HelpStatus[] = ["open", "in_progress"];

/** Far after any due date: finished requests sort after every waiting one. */
const FINISHED_BASE_MS = Date.UTC(9000, 0, 1);

/**
 * Where a request stands in the help desk's "by due time" order (migration 013): a waiting request at
 * its due time, a finished one after all of them, the latest due first.
 */
export function queueAtOf(status: HelpStatus, dueAt: Date): Date {
  return AWAITING_SUPPORT.includes(status) ? dueAt : new Date(FINISHED_BASE_MS - dueAt.getTime());
}
