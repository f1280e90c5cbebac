import { z } from "zod";
import { singleLineText } from "../validation/text.ts";
import { pageOf, pageQuery } from "./pagination.ts";

/*
 * The audit trail an admin reads (issue 26): one row per admin action, append-only in the database.
 * The list pages like every list; the export is the same filters as CSV.
 */

/** The values a row keeps of its subject before and after the action, and the action's other facts. */
export const AuditValues = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type AuditValues = z.infer<typeof AuditValues>;

/** One admin action as the audit log shows it. */
export const AuditEntry = z.object({
  id: z.string(),
  /** When it happened, ISO 8601 UTC. */
  createdAt: z.string(),
  actorId: z.string(),
  /** The acting admin's e-mail address today; null when their account no longer exists. */
  actorEmail: z.string().nullable(),
  /** "<subject>.<verb>": "deposit.approve", "user.ban". */
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  /** The subject as it was: null when the action created it, or the row predates before/after. */
  before: AuditValues.nullable(),
  /** The subject as the action left it: null when the action removed it, or the row predates it. */
  after: AuditValues.nullable(),
  details: AuditValues,
  /** The client address of the admin's request; null for rows written before it was recorded. */
  clientAddress: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `text` is a real calendar day "YYYY-MM-DD" (no 2026-02-31, no year 0). */
function isCalendarDay(text: string): boolean {
  const parsed = new Date(`${text}T00:00:00.000Z`);
  return !text.startsWith("0000") && !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(text);
}

/** A UTC calendar day a time-range filter starts or ends on. */
const FilterDay = z
  .string()
  .regex(DAY_PATTERN, "Enter a date as YYYY-MM-DD")
  .refine(isCalendarDay, "Enter a date as YYYY-MM-DD");

/** The messages of the audit filters. */
export const AUDIT_MESSAGES = {
  action: 'Enter an action such as "deposit.approve", or its subject such as "deposit"',
  subjectType: 'Enter a subject type such as "user" or "deposit"',
  dateRange: "The end date cannot be before the start date",
} as const;

/**
 * Which rows to read. `actor` is the acting admin's user id or e-mail address; `action` a whole action
 * ("deposit.approve") or a subject ("deposit", every deposit action); `from` and `to` UTC days, both
 * included.
 */
const auditFilterFields = {
  actor: singleLineText("Actor").min(1).max(254).optional(),
  action: z
    .string()
    .max(100)
    .regex(/^[a-z_]+(\.[a-z_]+)?$/, AUDIT_MESSAGES.action)
    .optional(),
  subjectType: z
    .string()
    .max(50)
    .regex(/^[a-z_]+$/, AUDIT_MESSAGES.subjectType)
    .optional(),
  subjectId: singleLineText("Subject id").min(1).max(200).optional(),
  from: FilterDay.optional(),
  to: FilterDay.optional(),
};

/** Whether a range's end is on or after its start (days compare as text). */
function isOrderedRange(filters: { from?: string; to?: string }): boolean {
  return filters.from === undefined || filters.to === undefined || filters.from <= filters.to;
}

const ORDERED_RANGE = { message: AUDIT_MESSAGES.dateRange, path: ["to"] };

/** The audit list's query: the filters, and a page of 50 (at most 100), newest first. */
export const AuditLogQuery = pageQuery({ defaultLimit: 50, maxLimit: 100 })
  .extend(auditFilterFields)
  .extend({
    /** Rows by or about one user (the admin's user detail): they acted, are the `user` subject, or the customer concerned. */
    involvedUserId: singleLineText("User id").min(1).max(200).optional(),
  })
  .refine(isOrderedRange, ORDERED_RANGE);
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;

/** The export's query: the same filters, no paging (the export is bounded on the server). */
export const AuditLogExportQuery = z.object(auditFilterFields).refine(isOrderedRange, ORDERED_RANGE);
export type AuditLogExportQuery = z.infer<typeof AuditLogExportQuery>;

export const AuditLogPage = pageOf(AuditEntry);
export type AuditLogPage = z.infer<typeof AuditLogPage>;
