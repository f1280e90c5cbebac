import type { HelpPriority, HelpStatus } from "@ferry/core/contracts/help";
import { type Insertable, type Selectable, sql } from "kysely";
import type { Cursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { keysetPage } from "../../db/page.ts";
import type { DB } from "../../db/schema.ts";
import { queueAtOf } from "./queue-order.ts";

export type HelpRequestRow = Selectable<DB["help_requests"]>;
export type HelpAttachmentRow = Selectable<DB["help_attachments"]>;

/** A request with who opened it, as every view of a request reads it. */
function selectRequestsWithCustomer(db: Database) {
  return db
    .selectFrom("help_requests")
    .innerJoin("user", "user.id", "help_requests.user_id")
    .leftJoin("profiles", "profiles.user_id", "help_requests.user_id")
    .selectAll("help_requests")
    .select(["user.email as customer_email", "user.name as customer_user_name"])
    .select(
      sql<string>`trim(coalesce(profiles.first_name, '') || ' ' || coalesce(profiles.last_name, ''))`.as(
        "customer_profile_name",
      ),
    );
}

export type HelpRequestWithCustomerRow = Awaited<
  ReturnType<ReturnType<typeof selectRequestsWithCustomer>["executeTakeFirstOrThrow"]>
>;

export async function insertHelpRequest(db: Database, values: Insertable<DB["help_requests"]>): Promise<string> {
  const row = await db.insertInto("help_requests").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** One request with its customer; `ownerId` limits it to that customer's own (someone else's reads as missing). */
export async function selectHelpRequest(
  db: Database,
  id: string,
  ownerId?: string,
): Promise<HelpRequestWithCustomerRow | undefined> {
  let query = selectRequestsWithCustomer(db).where("help_requests.id", "=", id);
  if (ownerId !== undefined) {
    query = query.where("help_requests.user_id", "=", ownerId);
  }
  return query.executeTakeFirst();
}

/** Locks a request's row until the transaction ends, so replies and status changes apply one at a time. */
export async function lockHelpRequest(db: Database, id: string, ownerId?: string): Promise<HelpRequestRow | undefined> {
  let query = db.selectFrom("help_requests").selectAll().where("id", "=", id);
  if (ownerId !== undefined) {
    query = query.where("user_id", "=", ownerId);
  }
  return query.forUpdate().executeTakeFirst();
}

/** A customer's requests, newest first, after `after`; one row past `limit`. */
export async function selectCustomerRequests(db: Database, options: { userId: string; limit: number; after?: Cursor }) {
  const query = selectRequestsWithCustomer(db).where("help_requests.user_id", "=", options.userId);
  return keysetPage(query, {
    time: "help_requests.created_at",
    id: "help_requests.id",
    limit: options.limit,
    after: options.after,
  }).execute();
}

export async function countCustomerRequests(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom("help_requests")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface AdminRequestFilter {
  readonly status?: HelpStatus;
  readonly priority?: HelpPriority;
  readonly search?: string;
  readonly sort: "due" | "newest";
}

function filteredAdminRequests(db: Database, filter: AdminRequestFilter) {
  let query = selectRequestsWithCustomer(db);
  if (filter.status) {
    query = query.where("help_requests.status", "=", filter.status);
  }
  if (filter.priority) {
    query = query.where("help_requests.priority", "=", filter.priority);
  }
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([eb("help_requests.subject", "ilike", pattern), eb("user.email", "ilike", pattern)]),
    );
  }
  return query;
}

/**
 * Every customer's requests for the help desk, filtered: by due time (those waiting on support, soonest
 * due first, then the finished ones, latest due first: `queue_at`) or newest first.
 */
export async function selectAdminRequests(
  db: Database,
  options: AdminRequestFilter & { limit: number; after?: Cursor },
) {
  const isByDue = options.sort === "due";
  return keysetPage(filteredAdminRequests(db, options), {
    time: isByDue ? "help_requests.queue_at" : "help_requests.created_at",
    id: "help_requests.id",
    order: isByDue ? "oldest-first" : "newest-first",
    limit: options.limit,
    after: options.after,
  }).execute();
}

export async function countAdminRequests(db: Database, filter: AdminRequestFilter): Promise<number> {
  const row = await filteredAdminRequests(db, filter)
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Requests with a support reply newer than the customer's last look. */
export async function countUnreadForCustomer(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom("help_requests")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("user_id", "=", userId)
    .where("last_admin_response_at", "is not", null)
    .where((eb) =>
      eb.or([eb("customer_read_at", "is", null), eb("customer_read_at", "<", eb.ref("last_admin_response_at"))]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function countOpenRequests(db: Database): Promise<number> {
  const row = await db
    .selectFrom("help_requests")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("status", "=", "open")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A request's replies with their authors, oldest first (spec §3). */
export async function selectResponses(db: Database, requestId: string) {
  return db
    .selectFrom("help_responses")
    .innerJoin("user", "user.id", "help_responses.user_id")
    .selectAll("help_responses")
    .select("user.name as author_name")
    .where("help_request_id", "=", requestId)
    .orderBy("help_responses.created_at")
    .orderBy("help_responses.id")
    .execute();
}

export async function insertResponse(
  db: Database,
  values: { requestId: string; userId: string; message: string; isAdmin: boolean },
): Promise<{ id: string; created_at: Date }> {
  return db
    .insertInto("help_responses")
    .values({
      help_request_id: values.requestId,
      user_id: values.userId,
      message: values.message,
      is_admin_response: values.isAdmin,
      // The clock at insert, under the request's lock, not the transaction's start: replies get their
      // times in the order they were counted, so the last one counted is the latest.
      created_at: sql<Date>`clock_timestamp()`,
    })
    .returning(["id", "created_at"])
    .executeTakeFirstOrThrow();
}

/**
 * Counts a reply on its request in one statement, under the row lock the caller holds: the count and
 * last response time can never lose a concurrent reply. A support reply also moves an open request to
 * in progress (spec §4) and records when support last answered. Returns the request's status after it.
 */
export async function recordResponseOnRequest(
  db: Database,
  requestId: string,
  response: { createdAt: Date; isAdmin: boolean },
): Promise<string> {
  const updated = await db
    .updateTable("help_requests")
    .set((eb) => ({
      response_count: eb("response_count", "+", 1),
      last_response_at: sql<Date>`greatest(last_response_at, ${response.createdAt})`,
      ...(response.isAdmin
        ? {
            last_admin_response_at: response.createdAt,
            first_admin_response_at: eb.fn.coalesce("first_admin_response_at", sql<Date>`${response.createdAt}`),
            status: sql<HelpStatus>`CASE WHEN status = 'open' THEN 'in_progress' ELSE status END`,
          }
        : { customer_read_at: response.createdAt }),
    }))
    .where("id", "=", requestId)
    .returning("status")
    .executeTakeFirstOrThrow();
  return updated.status;
}

export async function updateStatus(
  db: Database,
  request: { id: string; dueAt: Date },
  status: HelpStatus,
): Promise<void> {
  await db
    .updateTable("help_requests")
    .set({ status, queue_at: queueAtOf(status, request.dueAt) })
    .where("id", "=", request.id)
    .execute();
}

/** The customer opened the request: every support reply so far is read. */
export async function markReadByCustomer(db: Database, requestId: string): Promise<void> {
  await db.updateTable("help_requests").set({ customer_read_at: sql`now()` }).where("id", "=", requestId).execute();
}

export async function insertAttachment(db: Database, values: Insertable<DB["help_attachments"]>) {
  return db.insertInto("help_attachments").values(values).returningAll().executeTakeFirstOrThrow();
}

/**
 * Attaches the owner's unattached uploads to a request (and reply). Returns how many were attached:
 * fewer than asked means an id was someone else's, already used, or unknown.
 */
export async function attachUploads(
  db: Database,
  options: { ownerId: string; ids: readonly string[]; requestId: string; responseId: string | null },
): Promise<number> {
  if (options.ids.length === 0) {
    return 0;
  }
  const result = await db
    .updateTable("help_attachments")
    .set({ help_request_id: options.requestId, help_response_id: options.responseId })
    .where("id", "in", options.ids)
    .where("owner_user_id", "=", options.ownerId)
    .where("help_request_id", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function selectAttachmentsOfRequest(db: Database, requestId: string): Promise<HelpAttachmentRow[]> {
  return db
    .selectFrom("help_attachments")
    .selectAll()
    .where("help_request_id", "=", requestId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export async function selectAttachment(
  db: Database,
  requestId: string,
  attachmentId: string,
): Promise<HelpAttachmentRow | undefined> {
  return db
    .selectFrom("help_attachments")
    .selectAll()
    .where("id", "=", attachmentId)
    .where("help_request_id", "=", requestId)
    .executeTakeFirst();
}

/** Uploads no request or reply named within `olderThanHours`; deleted with their bytes by housekeeping. */
export async function deleteStaleUploads(db: Database, olderThanHours: number): Promise<string[]> {
  const rows = await db
    .deleteFrom("help_attachments")
    .where("help_request_id", "is", null)
    .where("created_at", "<", sql<Date>`now() - make_interval(hours => ${olderThanHours})`)
    .returning("storage_key")
    .execute();
  return rows.map((row) => row.storage_key);
}
