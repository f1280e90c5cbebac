import type { FastifyRequest } from "fastify";
import type { Database } from "../../db/database.ts";
import { viewerOf } from "../../http/guards.ts";

/** Values an audit row keeps: flat, amounts as strings of minor units. Never secrets. */
export type AuditValues = Readonly<Record<string, string | number | boolean | null>>;

/** Who acted, and from where: the signed-in admin and the client address of their request. */
export interface AuditActor {
  readonly userId: string;
  /** As Fastify reads it (`request.ip`, behind `TRUST_PROXY` the forwarded client); null off HTTP. */
  readonly clientAddress: string | null;
}

/** One admin action as the audit log keeps it. */
export interface AuditEntry {
  readonly actor: AuditActor;
  /** "<subject>.<verb>", lower case: "deposit.approve", "user.ban", "rate.update". */
  readonly action: string;
  readonly subjectType: string;
  readonly subjectId: string;
  /** What the action changed, as it was before: null when the action created the subject. */
  readonly before: AuditValues | null;
  /** What the action changed, as it is after: null when the action removed the subject. */
  readonly after: AuditValues | null;
  /** Facts of the action that are not the subject's state: the customer concerned, an amount, a key. */
  readonly details?: AuditValues;
}

/** The acting admin of a request a guard has admitted, with the request's client address. */
export function auditActorOf(request: FastifyRequest): AuditActor {
  return { userId: viewerOf(request).userId, clientAddress: request.ip };
}

/**
 * Appends an admin action to the audit log, in the caller's transaction: the action and its record
 * commit together or not at all. The table refuses UPDATE, DELETE and TRUNCATE (migration 022).
 */
export async function recordAdminAction(trx: Database, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto("audit_log")
    .values({
      actor_user_id: entry.actor.userId,
      action: entry.action,
      subject_type: entry.subjectType,
      subject_id: entry.subjectId,
      before: entry.before === null ? null : JSON.stringify(entry.before),
      after: entry.after === null ? null : JSON.stringify(entry.after),
      details: JSON.stringify(entry.details ?? {}),
      client_address: entry.actor.clientAddress,
    })
    .execute();
}
