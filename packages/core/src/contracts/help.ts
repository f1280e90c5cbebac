import { z } from "zod";
import { multiLineText, singleLineText } from "../validation/text.ts";
import { pageOf, pageQuery } from "./pagination.ts";

/*
 * The support desk (spec §2 Help and Admin help desk, §3 help_requests and help_responses, §4 states,
 * §5 the request form, §9 response targets): customers open requests and reply to their own; admins
 * see every request, reply (flagged as admin responses) and set the status.
 */

export const HELP_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export const HelpPriority = z.enum(HELP_PRIORITIES, { error: "Please choose low, medium, high or urgent" });
export type HelpPriority = z.infer<typeof HelpPriority>;

export const HELP_STATUSES = ["open", "in_progress", "resolved", "closed"] as const;
export const HelpStatus = z.enum(HELP_STATUSES, { error: "Please choose open, in progress, resolved or closed" });
export type HelpStatus = z.infer<typeof HelpStatus>;

/** Spec §9: how soon support answers, by priority. A request is due this long after it was opened. */
export const RESPONSE_TARGET_HOURS: Readonly<Record<HelpPriority, number>> = {
  urgent: 1,
  high: 4,
  medium: 24,
  low: 48,
};

/** When a request opened at `createdAt` with `priority` is due (spec §9 response targets). */
export function helpRequestDueAt(createdAt: Date, priority: HelpPriority): Date {
  return new Date(createdAt.getTime() + RESPONSE_TARGET_HOURS[priority] * 60 * 60 * 1000);
}

/** Spec §2: the Common Issues card; each opens the New Request form with its subject filled in. */
export const COMMON_HELP_ISSUES = [
  "Transaction delays or failures",
  "Account verification issues",
  "Withdrawal address problems",
  "Balance discrepancies",
  "Security concerns",
] as const;

export const HELP_MESSAGES = {
  subjectRequired: "Subject is required",
  messageTooShort: "Message must be at least 10 characters",
  replyRequired: "Please write a reply",
  closed: "This request is closed: open a new request to continue",
} as const;

export const MAX_HELP_SUBJECT_LENGTH = 200;
export const MAX_HELP_MESSAGE_LENGTH = 5_000;
/** Files one request or reply may carry. */
export const MAX_ATTACHMENTS_PER_MESSAGE = 5;
/** The largest attachment accepted, in bytes (5 MiB): a screenshot or a statement PDF. */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
/** The attachment types accepted, recognised by their content on the server, not by their name. */
export const ATTACHMENT_CONTENT_TYPES = ["image/png", "image/jpeg", "image/webp", "application/pdf"] as const;
export type AttachmentContentType = (typeof ATTACHMENT_CONTENT_TYPES)[number];

const AttachmentIds = z.array(z.uuid()).max(MAX_ATTACHMENTS_PER_MESSAGE, {
  error: `Attach at most ${MAX_ATTACHMENTS_PER_MESSAGE} files`,
});

/** The New Request form (spec §5): subject required, message at least 10 characters, priority medium by default. */
export const NewHelpRequest = z.object({
  subject: singleLineText("Subject", { error: HELP_MESSAGES.subjectRequired })
    .min(1, HELP_MESSAGES.subjectRequired)
    .max(MAX_HELP_SUBJECT_LENGTH),
  message: multiLineText("Message", { error: HELP_MESSAGES.messageTooShort })
    .min(10, HELP_MESSAGES.messageTooShort)
    .max(MAX_HELP_MESSAGE_LENGTH),
  priority: HelpPriority.default("medium"),
  /** Files uploaded first with `POST /api/v1/help-attachments`, attached here. */
  attachmentIds: AttachmentIds.default([]),
});
export type NewHelpRequest = z.infer<typeof NewHelpRequest>;

/** A reply: trimmed, not empty (spec §5 Replies). */
export const NewHelpReply = z.object({
  message: multiLineText("Reply", { error: HELP_MESSAGES.replyRequired })
    .min(1, HELP_MESSAGES.replyRequired)
    .max(MAX_HELP_MESSAGE_LENGTH),
  attachmentIds: AttachmentIds.default([]),
});
export type NewHelpReply = z.infer<typeof NewHelpReply>;

/** An admin sets a request's status (spec §4: any of the four). */
export const HelpStatusUpdate = z.object({ status: HelpStatus });
export type HelpStatusUpdate = z.infer<typeof HelpStatusUpdate>;

/** A file attached to a request or a reply; `url` serves it to the request's owner and admins only. */
export const HelpAttachment = z.object({
  id: z.uuid(),
  fileName: z.string(),
  contentType: z.enum(ATTACHMENT_CONTENT_TYPES),
  size: z.number().int(),
  url: z.string(),
});
export type HelpAttachment = z.infer<typeof HelpAttachment>;

/**
 * A file just uploaded (`POST /api/v1/help-attachments`, multipart field `file`), not yet part of a
 * request or reply: its id goes in `attachmentIds`. Unused uploads are deleted after a day.
 */
export const UploadedHelpAttachment = HelpAttachment.omit({ url: true });
export type UploadedHelpAttachment = z.infer<typeof UploadedHelpAttachment>;

/**
 * The form of `POST /api/v1/help-attachments` (multipart/form-data): exactly one file part, in the
 * field `file`, and nothing else; a PNG, JPEG, WebP or PDF (judged by its bytes) of at most
 * `MAX_ATTACHMENT_BYTES`. The server reads it as a stream, checking each of these as the bytes arrive;
 * this schema is what the API document shows.
 */
export const HelpAttachmentUpload = z.object({
  file: z
    .file()
    .max(MAX_ATTACHMENT_BYTES)
    .mime([...ATTACHMENT_CONTENT_TYPES]),
});
export type HelpAttachmentUpload = z.infer<typeof HelpAttachmentUpload>;

/** A request as its lists show it. */
export const HelpRequestSummary = z.object({
  id: z.uuid(),
  subject: z.string(),
  priority: HelpPriority,
  status: HelpStatus,
  createdAt: z.string(),
  /** When support should have answered by (spec §9 targets). */
  dueAt: z.string(),
  /** Past its due time with no support reply yet, and still open. */
  isOverdue: z.boolean(),
  responseCount: z.number().int(),
  lastResponseAt: z.string().nullable(),
  /** The latest of the request and its replies. */
  lastActivityAt: z.string(),
  /** For the customer: a support reply they have not opened yet. */
  hasUnreadReply: z.boolean(),
  /** Who opened it: shown to admins; the customer's own requests carry their own. */
  customer: z.object({ id: z.string(), email: z.string(), name: z.string() }),
});
export type HelpRequestSummary = z.infer<typeof HelpRequestSummary>;

export const HelpResponse = z.object({
  id: z.uuid(),
  message: z.string(),
  /** Written by an admin: marked 'Support' for the customer and 'Admin' on the help desk. */
  isAdminResponse: z.boolean(),
  authorName: z.string(),
  createdAt: z.string(),
  attachments: z.array(HelpAttachment),
});
export type HelpResponse = z.infer<typeof HelpResponse>;

/** A request with its first message and the conversation, oldest first. */
export const HelpRequestDetail = HelpRequestSummary.extend({
  message: z.string(),
  attachments: z.array(HelpAttachment),
  responses: z.array(HelpResponse),
});
export type HelpRequestDetail = z.infer<typeof HelpRequestDetail>;

/** The customer's list: newest first, with the total count (spec §2). */
export const HelpRequestListQuery = pageQuery({ defaultLimit: 50, maxLimit: 100 });
export type HelpRequestListQuery = z.infer<typeof HelpRequestListQuery>;
export const HelpRequestList = pageOf(HelpRequestSummary).extend({ total: z.number().int() });
export type HelpRequestList = z.infer<typeof HelpRequestList>;

/** The help desk's list: filters, a search over subject and customer e-mail, and the order. */
export const AdminHelpRequestListQuery = pageQuery({ defaultLimit: 50, maxLimit: 100 }).extend({
  status: HelpStatus.optional(),
  priority: HelpPriority.optional(),
  search: singleLineText("Search").max(200).optional(),
  /**
   * `due`: the requests waiting on support (open, in progress) soonest due first, overdue on top, then
   * the resolved and closed ones; `newest`: newest first.
   */
  sort: z.enum(["due", "newest"]).default("due"),
});
export type AdminHelpRequestListQuery = z.infer<typeof AdminHelpRequestListQuery>;

/** The sidebar's counts: open requests for admins, requests with unread replies for customers. */
export const HelpCounts = z.object({ count: z.number().int() });
export type HelpCounts = z.infer<typeof HelpCounts>;

export const HelpRequestIdParams = z.object({ helpRequestId: z.uuid() });
export const HelpAttachmentParams = z.object({ helpRequestId: z.uuid(), attachmentId: z.uuid() });
