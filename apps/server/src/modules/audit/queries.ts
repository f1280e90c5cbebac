import { type ExpressionBuilder, sql } from "kysely";
import type { Cursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { keysetPage } from "../../db/page.ts";
import type { DB } from "../../db/schema.ts";

/** Which audit rows to read; every filter given must hold. Times bound `created_at`, end excluded. */
export interface AuditRowFilters {
  readonly actorId?: string;
  /** A whole action ("deposit.approve") or a subject type's every action ("deposit"). */
  readonly action?: string;
  readonly subjectType?: string;
  readonly subjectId?: string;
  readonly since?: Date;
  readonly before?: Date;
  /** Rows by or about this user: they acted, they are the `user` subject, or `details.userId` names them. */
  readonly involvedUserId?: string;
}

/** The conditions of `filters`, each only when given. */
function matchesFilters(filters: AuditRowFilters) {
  return (eb: ExpressionBuilder<DB, "audit_log">) => {
    const conditions = [];
    if (filters.actorId !== undefined) {
      conditions.push(eb("actor_user_id", "=", filters.actorId));
    }
    if (filters.action !== undefined) {
      // "deposit" is every "deposit.<verb>"; the contract lets only [a-z_.] through, so no LIKE wildcard.
      conditions.push(
        filters.action.includes(".")
          ? eb("action", "=", filters.action)
          : eb("action", "like", `${filters.action.replaceAll("_", "\\_")}.%`),
      );
    }
    if (filters.subjectType !== undefined) {
      conditions.push(eb("subject_type", "=", filters.subjectType));
    }
    if (filters.subjectId !== undefined) {
      conditions.push(eb("subject_id", "=", filters.subjectId));
    }
    if (filters.since !== undefined) {
      conditions.push(eb("created_at", ">=", filters.since));
    }
    if (filters.before !== undefined) {
      conditions.push(eb("created_at", "<", filters.before));
    }
    if (filters.involvedUserId !== undefined) {
      const userId = filters.involvedUserId;
      conditions.push(
        eb.or([
          eb("actor_user_id", "=", userId),
          eb.and([eb("subject_type", "=", "user"), eb("subject_id", "=", userId)]),
          eb(sql<string>`details->>'userId'`, "=", userId),
        ]),
      );
    }
    return eb.and(conditions);
  };
}

/** Audit rows newest first, `limit` of them after `after` (plus one, to know whether more exist). */
export async function selectAuditRows(db: Database, filters: AuditRowFilters, page: { limit: number; after?: Cursor }) {
  const query = db
    .selectFrom("audit_log")
    .select([
      "id",
      "created_at",
      "actor_user_id",
      "action",
      "subject_type",
      "subject_id",
      "before",
      "after",
      "details",
      sql<string | null>`host(client_address)`.as("client_address"),
    ])
    .where(matchesFilters(filters));
  return keysetPage(query, { time: "audit_log.created_at", id: "audit_log.id", ...page }).execute();
}
