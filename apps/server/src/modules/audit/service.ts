import type { AuditEntry as AuditEntryItem, AuditLogExportQuery, AuditLogPage } from "@ferry/core/contracts/audit";
import type { FastifyRequest } from "fastify";
import { endOfUtcDay, startOfUtcDay } from "../../clock.ts";
import { decodeCursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { paginate } from "../../db/page.ts";
import { selectUserEmailsByIds, selectUserIdByEmail } from "../../db/users.ts";
import { csvCell, csvDocumentOf } from "../../http/csv.ts";
import { viewerOf } from "../../http/guards.ts";
import type { Reader } from "../../i18n/translator.ts";
import { type AuditRowFilters, selectAuditRows } from "./queries.ts";

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

/** Which rows to list: the reader's filters, and optionally every row by or about one user. */
export interface AuditRowsQuery extends AuditLogExportQuery {
  /** Rows where this user acted, is the `user` subject, or is the customer concerned (`details.userId`). */
  readonly involvedUserId?: string;
  readonly limit: number;
  readonly cursor?: string;
}

/** The reader's filters as the query reads them: an e-mail actor resolved, days made instants. */
async function rowFiltersOf(db: Database, query: AuditLogExportQuery & { involvedUserId?: string }) {
  const actorId = query.actor?.includes("@") ? await selectUserIdByEmail(db, query.actor.toLowerCase()) : query.actor;
  const filters: AuditRowFilters = {
    actorId,
    action: query.action,
    subjectType: query.subjectType,
    subjectId: query.subjectId,
    since: query.from === undefined ? undefined : startOfUtcDay(query.from),
    // `to` is a whole day, included.
    before: query.to === undefined ? undefined : endOfUtcDay(query.to),
    involvedUserId: query.involvedUserId,
  };
  // An e-mail that names no account has acted on nothing.
  return { filters, isEmpty: query.actor !== undefined && actorId === undefined };
}

type AuditRow = Awaited<ReturnType<typeof selectAuditRows>>[number];

/** Rows as the API shows them, each with its actor's e-mail address (one look-up for the page). */
async function toEntries(db: Database, rows: readonly AuditRow[]): Promise<AuditEntryItem[]> {
  const emails = await selectUserEmailsByIds(db, [...new Set(rows.map((row) => row.actor_user_id))]);
  return rows.map((row) => ({
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    actorId: row.actor_user_id,
    actorEmail: emails.get(row.actor_user_id) ?? null,
    action: row.action,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    before: row.before as AuditEntryItem["before"],
    after: row.after as AuditEntryItem["after"],
    details: row.details as AuditEntryItem["details"],
    clientAddress: row.client_address,
  }));
}

/**
 * One page of audit rows, newest first, filtered: the admin's audit list, and (with `involvedUserId`)
 * one user's audit history in the admin's user detail.
 */
export async function listAuditRows(db: Database, query: AuditRowsQuery): Promise<AuditLogPage> {
  const after = decodeCursor(query.cursor);
  const { filters, isEmpty } = await rowFiltersOf(db, query);
  if (isEmpty) {
    return { items: [], nextCursor: null };
  }
  const rows = await selectAuditRows(db, filters, { limit: query.limit, after });
  const page = paginate(
    rows,
    query.limit,
    (row) => ({ createdAt: row.cursor_at, id: row.id }),
    (row) => row,
  );
  return { items: await toEntries(db, page.items), nextCursor: page.nextCursor };
}

/** The most rows one export holds: the newest, when the filters match more. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

/** The export's column names, in the reading admin's language. */
function auditCsvHeaderFor({ t }: Reader): string[] {
  return [
    t("time"),
    t("actor_id"),
    t("actor_email"),
    t("action"),
    t("subject_type"),
    t("subject_id"),
    t("before"),
    t("after"),
    t("details"),
    t("client_address"),
  ];
}

/** A JSON column as one CSV cell; an absent value is an empty cell. */
function jsonCell(value: unknown): string {
  return csvCell(value === null ? null : JSON.stringify(value));
}

/**
 * The filtered audit rows as CSV, newest first, at most `AUDIT_EXPORT_MAX_ROWS`: column names in the
 * reading admin's language, times as ISO 8601 in their time zone with its offset.
 */
export async function exportAuditCsv(db: Database, query: AuditLogExportQuery, reader: Reader): Promise<string> {
  const { filters, isEmpty } = await rowFiltersOf(db, query);
  const rows = isEmpty ? [] : await selectAuditRows(db, filters, { limit: AUDIT_EXPORT_MAX_ROWS });
  const entries = await toEntries(db, rows.slice(0, AUDIT_EXPORT_MAX_ROWS));
  return csvDocumentOf(
    auditCsvHeaderFor(reader),
    entries.map((entry) => [
      csvCell(reader.format.isoDateTime(entry.createdAt)),
      csvCell(entry.actorId),
      csvCell(entry.actorEmail),
      csvCell(entry.action),
      csvCell(entry.subjectType),
      csvCell(entry.subjectId),
      jsonCell(entry.before),
      jsonCell(entry.after),
      jsonCell(entry.details),
      csvCell(entry.clientAddress),
    ]),
  );
}
