import { randomUUID } from "node:crypto";
import { AUDIT_MESSAGES } from "@ferry/core/contracts/audit";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { listAuditRows, recordAdminAction } from "../../apps/server/src/modules/audit/service.ts";
import {
  buildTestApp,
  createSessionUser,
  createSignedInUser,
  insertBareUsers,
  type SessionUser,
  type TestApp,
} from "./helpers.ts";
import { reportDeposit, reviewDeposit, sendAs } from "./money-helpers-deposits.ts";

/*
 * The audit trail's reader (issue 26): admins list the rows with filters, a page at a time, and export
 * the same rows as CSV; one user's history is every row by or about them.
 */

let ferry: TestApp;

beforeAll(async () => {
  ferry = await buildTestApp();
});

afterAll(async () => {
  await ferry?.close();
});

/** A fresh admin who has banned `count` fresh users, one after another; the banned users' ids, in order. */
async function adminWhoBanned(count: number): Promise<{ admin: SessionUser; bannedIds: string[] }> {
  const admin = await createSessionUser(ferry, { label: "reader-admin", isAdmin: true });
  const users = await insertBareUsers(ferry.db, count, "reader-banned");
  for (const user of users) {
    const response = await sendAs(ferry.app, admin, "POST", `/api/v1/admin/users/${user.userId}/ban`, {});
    expect(response.statusCode, response.body).toBe(200);
  }
  return { admin, bannedIds: users.map((user) => user.userId) };
}

/** The audit list as `viewer` reads it with `query`. */
async function readAudit(viewer: SessionUser, query: Record<string, string>) {
  return sendAs(ferry.app, viewer, "GET", `/api/v1/admin/audit-log?${new URLSearchParams(query)}`);
}

/** A UTC day `days` from today, "YYYY-MM-DD". */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

describe("the audit list", () => {
  test("pages an admin's actions newest first, each row with actor, subject, before, after and address", async () => {
    const { admin, bannedIds } = await adminWhoBanned(3);

    const first = await readAudit(admin, { actor: admin.userId, limit: "2" });
    expect(first.statusCode, first.body).toBe(200);
    const second = await readAudit(admin, { actor: admin.userId, limit: "2", cursor: first.json().nextCursor });

    expect(first.json().items.map((item: { subjectId: string }) => item.subjectId)).toEqual(
      [...bannedIds].reverse().slice(0, 2),
    );
    expect(second.json()).toEqual({ items: [expect.objectContaining({ subjectId: bannedIds[0] })], nextCursor: null });
    expect(first.json().items[0]).toEqual({
      id: expect.any(String),
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      actorId: admin.userId,
      actorEmail: admin.email,
      action: "user.ban",
      subjectType: "user",
      subjectId: bannedIds[2],
      before: { status: "active" },
      after: { status: "banned" },
      details: {},
      clientAddress: admin.ip,
    });
  });

  test("filters by the actor's e-mail, a whole action or its subject, the subject, and days", async () => {
    const { admin, bannedIds } = await adminWhoBanned(2);
    const ids = async (query: Record<string, string>) => {
      const response = await readAudit(admin, { actor: admin.email, ...query });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().items.map((item: { subjectId: string }) => item.subjectId);
    };
    const newestFirst = [...bannedIds].reverse();

    expect(await ids({})).toEqual(newestFirst);
    expect(await ids({ action: "user.ban" })).toEqual(newestFirst);
    expect(await ids({ action: "user" })).toEqual(newestFirst);
    expect(await ids({ action: "user.unban" })).toEqual([]);
    expect(await ids({ action: "deposit" })).toEqual([]);
    expect(await ids({ subjectType: "user", subjectId: bannedIds[0] })).toEqual([bannedIds[0]]);
    expect(await ids({ from: dayFromToday(-1), to: dayFromToday(1) })).toEqual(newestFirst);
    expect(await ids({ from: dayFromToday(-3), to: dayFromToday(-2) })).toEqual([]);
    expect(await ids({ from: dayFromToday(2) })).toEqual([]);
    const nobody = await readAudit(admin, { actor: `nobody-${randomUUID()}@ferry.test` });
    expect(nobody.json()).toEqual({ items: [], nextCursor: null });
  });

  test("refuses a reversed range, an unknown action shape and a forged cursor, naming the field", async () => {
    const admin = await createSessionUser(ferry, { label: "reader-admin", isAdmin: true });

    const reversed = await readAudit(admin, { from: "2026-03-02", to: "2026-03-01" });
    const badAction = await readAudit(admin, { action: "DROP TABLE" });
    const badDay = await readAudit(admin, { from: "2026-02-31" });
    const forged = await readAudit(admin, { cursor: "bm90LWEtY3Vyc29y" });

    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.fields).toEqual({ to: AUDIT_MESSAGES.dateRange });
    expect(badAction.json().error.fields).toEqual({ action: AUDIT_MESSAGES.action });
    expect(badDay.json().error.fields).toEqual({ from: "Enter a date as YYYY-MM-DD" });
    expect(forged.statusCode).toBe(400);
  });

  test("is for admins only: a customer gets 403 on the list and the export", async () => {
    const customer = await createSessionUser(ferry, { label: "reader-customer" });

    for (const url of ["/api/v1/admin/audit-log", "/api/v1/admin/audit-log/export.csv"]) {
      const response = await sendAs(ferry.app, customer, "GET", url);
      expect(response.statusCode, url).toBe(403);
    }
  });
});

describe("one user's audit history", () => {
  test("holds the rows about them (a ban, a deposit review) and the rows they wrote as an admin", async () => {
    const admin = await createSignedInUser(ferry, { label: "history-admin", isAdmin: true });
    const customer = await createSignedInUser(ferry, { label: "history-customer" });
    const reported = await reportDeposit(ferry, customer, { depositType: "bank", currency: "USD", amount: "5.00" });
    expect((await reviewDeposit(ferry, admin, reported.json().id, "approve")).statusCode).toBe(200);
    expect((await sendAs(ferry.app, admin, "POST", `/api/v1/admin/users/${customer.userId}/ban`, {})).statusCode).toBe(
      200,
    );

    const customerHistory = await listAuditRows(ferry.db, { involvedUserId: customer.userId, limit: 10 });
    const adminHistory = await listAuditRows(ferry.db, { involvedUserId: admin.userId, limit: 10 });

    expect(customerHistory.items.map((item) => item.action)).toEqual(["user.ban", "deposit.approve"]);
    expect(adminHistory.items.map((item) => item.action)).toEqual(["user.ban", "deposit.approve"]);
    expect(adminHistory.items.every((item) => item.actorId === admin.userId)).toBe(true);
    // The user detail reads the same history over HTTP, which a subject filter alone would cut to the ban.
    const overHttp = await readAudit(admin, { involvedUserId: customer.userId });
    expect(overHttp.statusCode, overHttp.body).toBe(200);
    expect(overHttp.json().items.map((item: { action: string }) => item.action)).toEqual([
      "user.ban",
      "deposit.approve",
    ]);
  });
});

describe("the audit export", () => {
  test("is the filtered rows as CSV, quoted, with formula-like cells neutralised", async () => {
    const admin = await createSessionUser(ferry, { label: "export-admin", isAdmin: true });
    const subjectId = `=HYPERLINK("https://evil.test","click"),${randomUUID()}`;
    await recordAdminAction(ferry.db, {
      actor: { userId: admin.userId, clientAddress: "192.0.2.7" },
      action: "rate.update",
      subjectType: "rate",
      subjectId,
      before: { rate: "1.1" },
      after: { rate: "1.2" },
      details: { note: '-2+3 "quoted"' },
    });

    const response = await sendAs(
      ferry.app,
      admin,
      "GET",
      `/api/v1/admin/audit-log/export.csv?${new URLSearchParams({ actor: admin.userId })}`,
    );

    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="ferry-audit-log.csv"');
    const [header, row, end] = response.body.split("\r\n");
    expect(header).toBe("time,actor_id,actor_email,action,subject_type,subject_id,before,after,details,client_address");
    expect(row).toMatch(
      new RegExp(
        `^"\\d{4}-[^"]+Z","${admin.userId}","${admin.email}","rate.update","rate",` +
          `"'=HYPERLINK\\(""https://evil.test"",""click""\\),[0-9a-f-]{36}",` +
          `"\\{""rate"":""1.1""\\}","\\{""rate"":""1.2""\\}","\\{""note"":""-2\\+3 \\\\""quoted\\\\""""\\}","192.0.2.7"$`,
      ),
    );
    expect(end).toBe("");
  });
});
