import { mkdtemp, readdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { HELP_MESSAGES, MAX_ATTACHMENT_BYTES } from "@ferry/core/contracts/help";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { multipartUpload, TINY_PNG } from "./api-surface.ts";
import { buildTestApp, createSignedInUser, type TestApp } from "./helpers.ts";
import { type SignedInUser, sendAs } from "./money-helpers-deposits.ts";

/*
 * Issue 10: the support desk through its API — the spec's texts, response targets, the status rules,
 * who may read what, attachments kept outside the database and checked by their content.
 */

let ferry: TestApp;
let admin: SignedInUser;
let storageDir: string;

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(os.tmpdir(), "ferry-help-files-"));
  ferry = await buildTestApp({ FILE_STORAGE_DIR: storageDir });
  admin = await createSignedInUser(ferry, { label: "help-admin", isAdmin: true });
});

afterAll(async () => {
  await ferry?.close();
});

const PNG = TINY_PNG;

async function upload(user: SignedInUser, fileName: string, bytes: Buffer) {
  const { payload, headers } = multipartUpload(fileName, bytes);
  return sendAs(ferry.app, user, "POST", "/api/v1/help-attachments", payload, headers);
}

async function storedFiles(): Promise<number> {
  const folders = await readdir(storageDir).catch(() => []);
  let count = 0;
  for (const folder of folders) {
    count += (await readdir(path.join(storageDir, folder))).length;
  }
  return count;
}

async function openRequest(user: SignedInUser, body: Record<string, unknown> = {}) {
  const response = await sendAs(ferry.app, user, "POST", "/api/v1/help-requests", {
    subject: "Transfer delayed",
    message: "My transfer has not arrived after two days.",
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe("opening a request", () => {
  test("refuses a blank subject and a short message with the spec's texts, and stores nothing", async () => {
    const user = await createSignedInUser(ferry, { label: "help-invalid" });
    const response = await sendAs(ferry.app, user, "POST", "/api/v1/help-requests", {
      subject: " ",
      message: "too short",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      subject: HELP_MESSAGES.subjectRequired,
      message: HELP_MESSAGES.messageTooShort,
    });
    const list = await sendAs(ferry.app, user, "GET", "/api/v1/help-requests");
    expect(list.json()).toMatchObject({ items: [], total: 0 });
  });

  test.each([
    ["urgent", 1],
    ["high", 4],
    ["medium", 24],
    ["low", 48],
  ])("a %s request is due %i hours after it was opened", async (priority, hours) => {
    const user = await createSignedInUser(ferry, { label: `help-${priority}` });
    const request = await openRequest(user, { priority });
    const due = new Date(request.dueAt).getTime() - new Date(request.createdAt).getTime();
    expect(due).toBe(hours * 60 * 60 * 1000);
    expect(request).toMatchObject({ status: "open", priority, responseCount: 0, isOverdue: false });
  });

  test("defaults to medium priority and tells every admin, urgent ones as urgent", async () => {
    const user = await createSignedInUser(ferry, { label: "help-notify" });
    expect((await openRequest(user)).priority).toBe("medium");
    await openRequest(user, { subject: "Card stolen", priority: "urgent" });
    // Every admin is told of every request, other tests' deposits too: find this request's notification.
    const notifications = await sendAs(ferry.app, admin, "GET", "/api/v1/notifications?limit=100");
    const items = notifications.json().items as { title: string; message: string }[];
    expect(items.find((item) => item.message === "Card stolen (urgent priority)")).toMatchObject({
      title: "Urgent help request",
    });
  });
});

describe("the conversation", () => {
  test("an admin reply moves an open request to in progress, marked admin, and the customer is told", async () => {
    const user = await createSignedInUser(ferry, { label: "help-reply" });
    const request = await openRequest(user);
    const reply = await sendAs(ferry.app, admin, "POST", `/api/v1/admin/help-requests/${request.id}/responses`, {
      message: "  We are looking into it.  ",
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json()).toMatchObject({ status: "in_progress", responseCount: 1 });
    expect(reply.json().responses).toMatchObject([{ message: "We are looking into it.", isAdminResponse: true }]);

    const unread = await sendAs(ferry.app, user, "GET", "/api/v1/help-requests/unread-count");
    expect(unread.json()).toEqual({ count: 1 });
    const notifications = await sendAs(ferry.app, user, "GET", "/api/v1/notifications");
    expect(notifications.json().items[0]).toMatchObject({ title: "Support replied" });
    const outbox = await ferry.db
      .selectFrom("mail_outbox")
      .select("subject")
      .where("recipient", "=", user.email)
      .execute();
    expect(outbox.map((row) => row.subject)).toContain("Your help request: Transfer delayed");

    const opened = await sendAs(ferry.app, user, "GET", `/api/v1/help-requests/${request.id}`);
    expect(opened.json()).toMatchObject({ hasUnreadReply: false });
    expect((await sendAs(ferry.app, user, "GET", "/api/v1/help-requests/unread-count")).json()).toEqual({ count: 0 });
  });

  test("the customer cannot reply once it is closed; the change is audited", async () => {
    const user = await createSignedInUser(ferry, { label: "help-closed" });
    const request = await openRequest(user);
    const customerReply = await sendAs(ferry.app, user, "POST", `/api/v1/help-requests/${request.id}/responses`, {
      message: "Any news?",
    });
    expect(customerReply.statusCode).toBe(201);
    const closed = await sendAs(ferry.app, admin, "PUT", `/api/v1/admin/help-requests/${request.id}/status`, {
      status: "closed",
    });
    expect(closed.json()).toMatchObject({ status: "closed" });

    const refused = await sendAs(ferry.app, user, "POST", `/api/v1/help-requests/${request.id}/responses`, {
      message: "Hello?",
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(HELP_MESSAGES.closed);
    // The help desk's open pages heard the customer's reply and the status change (issue 32), not the refusal.
    const heard = await ferry.db
      .selectFrom("live_events")
      .select("id")
      .where("user_id", "=", admin.userId)
      .where("type", "=", "help")
      .where(sql<boolean>`payload->>'helpRequestId' = ${request.id}`)
      .execute();
    expect(heard).toHaveLength(2);
    const audit = await ferry.db.selectFrom("audit_log").selectAll().where("subject_id", "=", request.id).execute();
    expect(audit).toMatchObject([
      { action: "help_request.status", before: { status: "open" }, after: { status: "closed" }, details: {} },
    ]);
  });

  test("a blank reply is refused and counts nothing", async () => {
    const user = await createSignedInUser(ferry, { label: "help-blank" });
    const request = await openRequest(user);
    const blank = await sendAs(ferry.app, user, "POST", `/api/v1/help-requests/${request.id}/responses`, {
      message: "   ",
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toEqual({ message: HELP_MESSAGES.replyRequired });
  });

  test("concurrent replies are all counted, with the last one's time", async () => {
    const user = await createSignedInUser(ferry, { label: "help-concurrent" });
    const request = await openRequest(user);
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        index % 2 === 0
          ? sendAs(ferry.app, user, "POST", `/api/v1/help-requests/${request.id}/responses`, { message: `c${index}` })
          : sendAs(ferry.app, admin, "POST", `/api/v1/admin/help-requests/${request.id}/responses`, {
              message: `a${index}`,
            }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(8).fill(201));
    const detail = (await sendAs(ferry.app, admin, "GET", `/api/v1/admin/help-requests/${request.id}`)).json();
    expect(detail.responseCount).toBe(8);
    expect(detail.responses).toHaveLength(8);
    expect(detail.lastResponseAt).toBe(detail.responses.at(-1).createdAt);
  });
});

describe("who may see what", () => {
  test("another customer gets 404 for a request, its replies and its attachments; admins 403 for none", async () => {
    const owner = await createSignedInUser(ferry, { label: "help-owner" });
    const other = await createSignedInUser(ferry, { label: "help-other" });
    const uploaded = await upload(owner, "screen.png", PNG);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const request = await openRequest(owner, { attachmentIds: [uploaded.json().id] });
    const [attachment] = request.attachments;
    expect(attachment).toMatchObject({ fileName: "screen.png", contentType: "image/png", size: PNG.length });

    const own = await sendAs(ferry.app, owner, "GET", attachment.url);
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toBe("image/png");
    expect(own.rawPayload.equals(PNG)).toBe(true);
    const deskView = await sendAs(ferry.app, admin, "GET", `/api/v1/admin/help-requests/${request.id}`);
    const deskUrl = deskView.json().attachments[0].url;
    expect(deskUrl).toBe(`/api/v1/admin/help-requests/${request.id}/attachments/${attachment.id}`);
    expect((await sendAs(ferry.app, admin, "GET", deskUrl)).rawPayload.equals(PNG)).toBe(true);
    // The customer's URL is the customer's own: an admin reads through the help desk's.
    expect((await sendAs(ferry.app, admin, "GET", attachment.url)).statusCode).toBe(404);
    expect((await sendAs(ferry.app, owner, "GET", deskUrl)).statusCode).toBe(403);

    for (const [method, url, body] of [
      ["GET", `/api/v1/help-requests/${request.id}`, undefined],
      ["POST", `/api/v1/help-requests/${request.id}/responses`, { message: "Mine now" }],
      ["GET", attachment.url, undefined],
    ] as const) {
      const response = await sendAs(ferry.app, other, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    // Someone else's upload cannot be attached to your own request either.
    const theirs = await upload(owner, "again.png", PNG);
    const stolen = await sendAs(ferry.app, other, "POST", "/api/v1/help-requests", {
      subject: "Mine",
      message: "Attaching a file that is not mine.",
      attachmentIds: [theirs.json().id],
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.fields).toHaveProperty("attachmentIds");

    for (const url of [
      "/api/v1/admin/help-requests",
      `/api/v1/admin/help-requests/${request.id}`,
      "/api/v1/admin/help-requests/open-count",
    ]) {
      expect((await sendAs(ferry.app, owner, "GET", url)).statusCode, url).toBe(403);
    }
  });

  test("the help desk filters by status and priority, searches by e-mail, and puts the soonest due first", async () => {
    const user = await createSignedInUser(ferry, { label: "help-desk-search" });
    const closed = await openRequest(user, { subject: "Closed one", priority: "high" });
    const low = await openRequest(user, { subject: "Low one", priority: "low" });
    const urgent = await openRequest(user, { subject: "Urgent one", priority: "urgent" });
    await sendAs(ferry.app, admin, "PUT", `/api/v1/admin/help-requests/${closed.id}/status`, { status: "closed" });
    const search = encodeURIComponent(user.email);
    // Waiting on support first, soonest due first; then the finished ones.
    const byDue = await sendAs(ferry.app, admin, "GET", `/api/v1/admin/help-requests?search=${search}`);
    expect(byDue.json().items.map((item: { id: string }) => item.id)).toEqual([urgent.id, low.id, closed.id]);
    expect(byDue.json().total).toBe(3);
    const paged = await sendAs(ferry.app, admin, "GET", `/api/v1/admin/help-requests?search=${search}&limit=2`);
    const rest = await sendAs(
      ferry.app,
      admin,
      "GET",
      `/api/v1/admin/help-requests?search=${search}&limit=2&cursor=${paged.json().nextCursor}`,
    );
    expect(rest.json().items.map((item: { id: string }) => item.id)).toEqual([closed.id]);
    const newest = await sendAs(ferry.app, admin, "GET", `/api/v1/admin/help-requests?search=${search}&sort=newest`);
    expect(newest.json().items.map((item: { id: string }) => item.id)).toEqual([urgent.id, low.id, closed.id]);
    const urgentOnly = await sendAs(
      ferry.app,
      admin,
      "GET",
      `/api/v1/admin/help-requests?search=${search}&priority=urgent`,
    );
    expect(urgentOnly.json().items).toMatchObject([{ id: urgent.id, customer: { email: user.email } }]);
    const count = await sendAs(ferry.app, admin, "GET", "/api/v1/admin/help-requests/open-count");
    expect(count.json().count).toBeGreaterThanOrEqual(2);
  });
});

describe("attachments", () => {
  test("a file over the limit and a file that is not an image or PDF are refused, and nothing is stored", async () => {
    const user = await createSignedInUser(ferry, { label: "help-upload-limits" });
    const before = await storedFiles();
    const tooLarge = await upload(user, "huge.png", Buffer.concat([PNG, Buffer.alloc(MAX_ATTACHMENT_BYTES)]));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.code).toBe("payload_too_large");
    const html = await upload(user, "innocent.png", Buffer.from("<html><script>alert(1)</script></html>"));
    expect(html.statusCode).toBe(415);
    expect(html.json().error.code).toBe("unsupported_media_type");
    const json = await sendAs(ferry.app, user, "POST", "/api/v1/help-attachments", { file: "x" });
    expect(json.statusCode).toBe(415);
    expect(await storedFiles()).toBe(before);
    const rows = await ferry.db
      .selectFrom("help_attachments")
      .select("id")
      .where("owner_user_id", "=", user.userId)
      .execute();
    expect(rows).toEqual([]);
  });

  test("a PDF is served as a download under its cleaned name", async () => {
    const user = await createSignedInUser(ferry, { label: "help-pdf" });
    const pdf = Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");
    const uploaded = await upload(user, "../../etc/statement\u0007.pdf", pdf);
    expect(uploaded.json()).toMatchObject({ fileName: "statement.pdf", contentType: "application/pdf" });
    const request = await openRequest(user, { attachmentIds: [uploaded.json().id] });
    const served = await sendAs(ferry.app, user, "GET", request.attachments[0].url);
    expect(served.headers["content-disposition"]).toBe("attachment; filename*=UTF-8''statement.pdf");
  });
});
