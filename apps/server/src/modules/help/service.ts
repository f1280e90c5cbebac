import { ADMIN_HELP_SUBJECT_PREFIX, type AdminHelpRequestRequest } from "@ferry/core/contracts/admin";
import {
  type AdminHelpRequestListQuery,
  type AttachmentContentType,
  type HelpPriority,
  type HelpRequestDetail,
  type HelpRequestList,
  type HelpRequestListQuery,
  type HelpRequestSummary,
  type HelpStatus,
  helpRequestDueAt,
  type NewHelpReply,
  type NewHelpRequest,
} from "@ferry/core/contracts/help";
import type { Clock } from "../../clock.ts";
import { decodeCursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { keysetCursorOf, paginate } from "../../db/page.ts";
import { selectActiveAdminIds, selectUserEmail } from "../../db/users.ts";
import { AppError } from "../../errors.ts";
import { servedFileName } from "../../http/upload.ts";
import type { Reader } from "../../i18n/translator.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import { type AuditActor, recordAdminAction } from "../audit/service.ts";
import { recordLiveEvents } from "../live/service.ts";
import { enqueueMail, helpRequestUpdateMail } from "../mail/service.ts";
import { createNotification } from "../notifications/service.ts";
import { toHelpAttachment } from "./attachments.ts";
import {
  attachUploads,
  countAdminRequests,
  countCustomerRequests,
  countOpenRequests,
  countUnreadForCustomer,
  type HelpRequestWithCustomerRow,
  insertHelpRequest,
  insertResponse,
  lockHelpRequest,
  markReadByCustomer,
  recordResponseOnRequest,
  selectAdminRequests,
  selectAttachment,
  selectAttachmentsOfRequest,
  selectCustomerRequests,
  selectHelpRequest,
  selectResponses,
  updateStatus,
} from "./queries.ts";
import { AWAITING_SUPPORT, queueAtOf } from "./queue-order.ts";

export { ATTACHMENT_RULES, pruneStaleUploads, storeUpload } from "./attachments.ts";

/** Who is acting on the help desk: a customer on their own requests, or an admin on any. */
export interface HelpViewer {
  readonly userId: string;
  readonly isAdmin: boolean;
  /** The request's client address, which an admin's action records in the audit log. */
  readonly clientAddress?: string;
}

/** What the help desk needs besides the database: where attachments live and the link in e-mails. */
export interface HelpDeps {
  readonly db: Database;
  /** The business clock: when a request was opened, falls due, and is overdue. */
  readonly clock: Clock;
  readonly storage: FileStorage;
  readonly publicUrl: string;
}

const NOT_FOUND = "Help request not found";

function customerNameOf(row: HelpRequestWithCustomerRow): string {
  return row.customer_profile_name || row.customer_user_name || row.customer_email;
}

function toSummary(row: HelpRequestWithCustomerRow, now: Date): HelpRequestSummary {
  const lastActivity =
    row.last_response_at && row.last_response_at > row.created_at ? row.last_response_at : row.created_at;
  const hasUnreadReply =
    row.last_admin_response_at !== null &&
    (row.customer_read_at === null || row.customer_read_at < row.last_admin_response_at);
  return {
    id: row.id,
    subject: row.subject,
    priority: row.priority as HelpRequestSummary["priority"],
    status: row.status as HelpStatus,
    createdAt: row.created_at.toISOString(),
    dueAt: row.due_at.toISOString(),
    // Waiting on support past the target with no support reply yet.
    isOverdue:
      AWAITING_SUPPORT.includes(row.status as HelpStatus) && row.first_admin_response_at === null && row.due_at < now,
    responseCount: row.response_count,
    lastResponseAt: row.last_response_at?.toISOString() ?? null,
    lastActivityAt: lastActivity.toISOString(),
    hasUnreadReply,
    customer: { id: row.user_id, email: row.customer_email, name: customerNameOf(row) },
  };
}

async function toDetail(
  db: Database,
  row: HelpRequestWithCustomerRow,
  viewer: HelpViewer,
  now: Date,
): Promise<HelpRequestDetail> {
  const [responses, attachments] = await Promise.all([
    selectResponses(db, row.id),
    selectAttachmentsOfRequest(db, row.id),
  ]);
  const attachmentsOf = (responseId: string | null) =>
    attachments
      .filter((attachment) => attachment.help_response_id === responseId)
      .map((attachment) => toHelpAttachment(attachment, viewer.isAdmin));
  return {
    ...toSummary(row, now),
    message: row.message,
    attachments: attachmentsOf(null),
    responses: responses.map((response) => ({
      id: response.id,
      message: response.message,
      isAdminResponse: response.is_admin_response,
      // Support replies are signed by the desk, not by the person: customers see "Support".
      authorName: response.is_admin_response ? "Ferry Support" : response.author_name,
      createdAt: response.created_at.toISOString(),
      attachments: attachmentsOf(response.id),
    })),
  };
}

/** Reads a request the viewer may see (their own, or any for an admin), or a 404. */
async function readableRequest(db: Database, viewer: HelpViewer, id: string): Promise<HelpRequestWithCustomerRow> {
  const row = await selectHelpRequest(db, id, viewer.isAdmin ? undefined : viewer.userId);
  if (!row) {
    throw new AppError("not_found", NOT_FOUND);
  }
  return row;
}

/** Attaches the viewer's uploads; an id that is not an unused upload of theirs refuses the whole message. */
async function attachOrRefuse(
  db: Database,
  options: { ownerId: string; ids: readonly string[]; requestId: string; responseId: string | null },
): Promise<void> {
  const attached = await attachUploads(db, options);
  if (attached !== new Set(options.ids).size) {
    const message = "An attachment was not found: upload it again";
    throw new AppError("validation_failed", message, { attachmentIds: message });
  }
}

/** Writes a new open request, due by its priority's response target (spec §9); its id. */
async function insertOpenRequest(
  trx: Database,
  userId: string,
  request: { subject: string; message: string; priority: HelpPriority },
  createdAt: Date,
): Promise<string> {
  const dueAt = helpRequestDueAt(createdAt, request.priority);
  return insertHelpRequest(trx, {
    user_id: userId,
    subject: request.subject,
    message: request.message,
    priority: request.priority,
    created_at: createdAt,
    due_at: dueAt,
    queue_at: queueAtOf("open", dueAt),
  });
}

/**
 * Opens a request for the customer, due by its priority's response target (spec §9), with its
 * attachments; every admin is told, urgent ones in so many words.
 */
export async function createHelpRequest(
  db: Database,
  clock: Clock,
  userId: string,
  request: NewHelpRequest,
): Promise<HelpRequestDetail> {
  const createdAt = clock.now();
  const id = await db.transaction().execute(async (trx) => {
    const requestId = await insertOpenRequest(trx, userId, request, createdAt);
    await attachOrRefuse(trx, { ownerId: userId, ids: request.attachmentIds, requestId, responseId: null });
    const isUrgent = request.priority === "urgent";
    for (const adminId of await selectActiveAdminIds(trx)) {
      await createNotification(trx, {
        userId: adminId,
        type: isUrgent ? "warning" : "info",
        write: (reader) => ({
          title: isUrgent ? reader.t("Urgent help request") : reader.t("New help request"),
          message: reader.t(
            "{subject} ({priority, select, low {low} medium {medium} high {high} urgent {urgent} other {{priority}}} priority)",
            { subject: request.subject, priority: request.priority },
          ),
        }),
      });
    }
    return requestId;
  });
  const viewer = { userId, isAdmin: false };
  return toDetail(db, await readableRequest(db, viewer, id), viewer, createdAt);
}

/**
 * An admin opens a request for a customer (Contact User, spec §4 and §7): the subject prefixed
 * '[ADMIN] ', open, with the chosen priority; it appears on the customer's /help, the customer is
 * notified, and the action is audited in the same transaction. The customer must exist.
 */
export async function openRequestForCustomer(
  db: Database,
  clock: Clock,
  actor: AuditActor,
  userId: string,
  request: AdminHelpRequestRequest,
): Promise<HelpRequestSummary> {
  const createdAt = clock.now();
  const subject = `${ADMIN_HELP_SUBJECT_PREFIX}${request.subject}`;
  const id = await db.transaction().execute(async (trx) => {
    const requestId = await insertOpenRequest(trx, userId, { ...request, subject }, createdAt);
    await createNotification(trx, {
      userId,
      type: "info",
      write: (reader) => ({ title: reader.t("Support opened a help request"), message: subject }),
    });
    await recordAdminAction(trx, {
      actor,
      action: "help_request.create",
      subjectType: "help_request",
      subjectId: requestId,
      before: null,
      after: { status: "open", priority: request.priority, subject },
      details: { userId },
    });
    return requestId;
  });
  return toSummary(await readableRequest(db, { userId: actor.userId, isAdmin: true }, id), createdAt);
}

/** The customer's own requests, newest first, with their total. */
export async function listCustomerRequests(
  db: Database,
  clock: Clock,
  userId: string,
  query: HelpRequestListQuery,
): Promise<HelpRequestList> {
  const rows = await selectCustomerRequests(db, { userId, limit: query.limit, after: decodeCursor(query.cursor) });
  const now = clock.now();
  const page = paginate(rows, query.limit, keysetCursorOf, (row) => toSummary(row, now));
  return { ...page, total: await countCustomerRequests(db, userId) };
}

/** The help desk's list: filtered, searched, by due time or newest first, with the total matching. */
export async function listAdminRequests(
  db: Database,
  clock: Clock,
  query: AdminHelpRequestListQuery,
): Promise<HelpRequestList> {
  const rows = await selectAdminRequests(db, { ...query, after: decodeCursor(query.cursor) });
  const now = clock.now();
  const page = paginate(rows, query.limit, keysetCursorOf, (row) => toSummary(row, now));
  return { ...page, total: await countAdminRequests(db, query) };
}

/** One request with its conversation. The customer opening their own marks support's replies read. */
export async function getHelpRequest(
  db: Database,
  clock: Clock,
  viewer: HelpViewer,
  id: string,
): Promise<HelpRequestDetail> {
  const row = await readableRequest(db, viewer, id);
  if (!viewer.isAdmin && row.last_admin_response_at !== null) {
    await markReadByCustomer(db, id);
    return toDetail(db, await readableRequest(db, viewer, id), viewer, clock.now());
  }
  return toDetail(db, row, viewer, clock.now());
}

/** Tells the customer of support's reply or status change: a notification, and an e-mail. */
async function tellCustomer(
  deps: HelpDeps,
  trx: Database,
  request: { id: string; userId: string; subject: string },
  update: { title: (reader: Reader) => string; message: (reader: Reader) => string },
): Promise<void> {
  await createNotification(trx, {
    userId: request.userId,
    type: "info",
    write: (reader) => ({ title: update.title(reader), message: update.message(reader) }),
  });
  const customerEmail = await selectUserEmail(trx, request.userId);
  if (customerEmail) {
    // Account-activity mail: enqueueMail drops it while the customer's e-mail notifications are off.
    await enqueueMail(
      trx,
      helpRequestUpdateMail(customerEmail, {
        subject: request.subject,
        update: update.message,
        url: `${deps.publicUrl}/help?request=${request.id}`,
      }),
    );
  }
}

/** The help desk's open pages follow a request's replies and status at once (issue 32's live updates). */
async function tellHelpDesk(trx: Database, helpRequestId: string): Promise<void> {
  const adminIds = await selectActiveAdminIds(trx);
  await recordLiveEvents(
    trx,
    adminIds.map((adminId) => ({ userId: adminId, type: "help" as const, payload: { helpRequestId } })),
  );
}

/**
 * Adds a reply. A customer replies only to their own request and only while it is not closed; an
 * admin to any, which moves an open request to in progress and tells the customer. The reply and its
 * count on the request are written under the request's row lock.
 */
export async function replyToHelpRequest(
  deps: HelpDeps,
  viewer: HelpViewer,
  id: string,
  reply: NewHelpReply,
): Promise<HelpRequestDetail> {
  await deps.db.transaction().execute(async (trx) => {
    const request = await lockHelpRequest(trx, id, viewer.isAdmin ? undefined : viewer.userId);
    if (!request) {
      throw new AppError("not_found", NOT_FOUND);
    }
    if (request.status === "closed" && !viewer.isAdmin) {
      throw new AppError("conflict", "This request is closed: open a new request to continue");
    }
    const response = await insertResponse(trx, {
      requestId: id,
      userId: viewer.userId,
      message: reply.message,
      isAdmin: viewer.isAdmin,
    });
    await attachOrRefuse(trx, {
      ownerId: viewer.userId,
      ids: reply.attachmentIds,
      requestId: id,
      responseId: response.id,
    });
    const statusAfter = await recordResponseOnRequest(trx, id, {
      createdAt: response.created_at,
      isAdmin: viewer.isAdmin,
    });
    if (viewer.isAdmin) {
      // Every admin action is audited (issue 24): a reply speaks for Ferry, and moves an open request on.
      await recordAdminAction(trx, {
        actor: { userId: viewer.userId, clientAddress: viewer.clientAddress ?? null },
        action: "help_request.reply",
        subjectType: "help_request",
        subjectId: id,
        before: { status: request.status },
        after: { status: statusAfter },
        details: { responseId: response.id, attachments: reply.attachmentIds.length },
      });
      await tellCustomer(
        deps,
        trx,
        { id, userId: request.user_id, subject: request.subject },
        {
          title: ({ t }) => t("Support replied"),
          message: ({ t }) => t('Support replied to your request "{subject}".', { subject: request.subject }),
        },
      );
    }
    await tellHelpDesk(trx, id);
  });
  return toDetail(deps.db, await readableRequest(deps.db, viewer, id), viewer, deps.clock.now());
}

/** An admin sets a request's status (any of the four, spec §4); audited, and the customer is told. */
export async function setHelpRequestStatus(
  deps: HelpDeps,
  actor: AuditActor,
  id: string,
  status: HelpStatus,
): Promise<HelpRequestDetail> {
  await deps.db.transaction().execute(async (trx) => {
    const request = await lockHelpRequest(trx, id);
    if (!request) {
      throw new AppError("not_found", NOT_FOUND);
    }
    if (request.status === status) {
      return;
    }
    await updateStatus(trx, { id, dueAt: request.due_at }, status);
    await recordAdminAction(trx, {
      actor,
      action: "help_request.status",
      subjectType: "help_request",
      subjectId: id,
      before: { status: request.status },
      after: { status },
    });
    await tellCustomer(
      deps,
      trx,
      { id, userId: request.user_id, subject: request.subject },
      {
        title: ({ t }) => t("Help request updated"),
        message: ({ t }) =>
          t(
            'Your request "{subject}" is now {status, select, open {open} in_progress {in progress} resolved {resolved} other {closed}}.',
            { subject: request.subject, status },
          ),
      },
    );
    await tellHelpDesk(trx, id);
  });
  const admin = { userId: actor.userId, isAdmin: true };
  return toDetail(deps.db, await readableRequest(deps.db, admin, id), admin, deps.clock.now());
}

/** The sidebar's count: open requests for an admin, requests with an unread support reply for a customer. */
export async function countForSidebar(db: Database, viewer: HelpViewer): Promise<{ count: number }> {
  return { count: viewer.isAdmin ? await countOpenRequests(db) : await countUnreadForCustomer(db, viewer.userId) };
}

/** An attachment's bytes: a customer's own request's (anyone else's reads as missing), or any for an admin. */
export async function readAttachment(
  deps: HelpDeps,
  viewer: HelpViewer,
  requestId: string,
  attachmentId: string,
): Promise<{ fileName: string; contentType: AttachmentContentType; bytes: Buffer }> {
  await readableRequest(deps.db, viewer, requestId);
  const row = await selectAttachment(deps.db, requestId, attachmentId);
  const bytes = row ? await deps.storage.get(row.storage_key) : null;
  if (!row || !bytes) {
    throw new AppError("not_found", "Attachment not found");
  }
  const contentType = row.content_type as AttachmentContentType;
  // Rows stored before names followed the type (issue 24) are served under the right extension too.
  return { fileName: servedFileName(row.file_name, contentType), contentType, bytes };
}
