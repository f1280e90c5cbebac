import type { Database } from "../../db/database.ts";

/** One admin action as the audit log keeps it. */
export interface AuditEntry {
  /** The admin who acted. */
  readonly actorId: string;
  /** "<subject>.<verb>", lower case: "deposit.approve", "user.ban", "rate.update". */
  readonly action: string;
  readonly subjectType: string;
  readonly subjectId: string;
  /** The facts of the action: old and new values, amounts as strings of minor units. Never secrets. */
  readonly details?: Readonly<Record<string, string | number | boolean | null>>;
}

/**
 * Appends an admin action to the audit log, in the caller's transaction: the action and its record
 * commit together or not at all.
 */
export async function recordAdminAction(trx: Database, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto("audit_log")
    .values({
      actor_user_id: entry.actorId,
      action: entry.action,
      subject_type: entry.subjectType,
      subject_id: entry.subjectId,
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
}
