import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, createSignedInUser, send, type TestApp } from "./helpers.ts";
import { reportDeposit, reviewDeposit, type SignedInUser } from "./money-helpers-deposits.ts";

/*
 * One audit table for admin actions: each action and its record commit together, and a refused
 * action leaves no record.
 */

let ferry: TestApp;
let admin: SignedInUser;

beforeAll(async () => {
  ferry = await buildTestApp();
  admin = await createSignedInUser(ferry, { label: "audit-admin", isAdmin: true });
});

afterAll(async () => {
  await ferry?.close();
});

async function auditOf(subjectId: string) {
  return ferry.db
    .selectFrom("audit_log")
    .select(["actor_user_id", "action", "subject_type", "details"])
    .where("subject_id", "=", subjectId)
    .orderBy("created_at")
    .execute();
}

describe("the audit log", () => {
  test("records a deposit approval with its amount, and nothing for a second, refused review", async () => {
    const user = await createSignedInUser(ferry, { label: "audit-depositor" });
    const reported = await reportDeposit(ferry, user, { depositType: "bank", currency: "EUR", amount: "12.34" });
    const depositId = reported.json().id as string;

    expect((await reviewDeposit(ferry, admin, depositId, "approve")).statusCode).toBe(200);
    expect((await reviewDeposit(ferry, admin, depositId, "reject")).statusCode).toBe(409);

    expect(await auditOf(depositId)).toEqual([
      {
        actor_user_id: admin.userId,
        action: "deposit.approve",
        subject_type: "deposit",
        details: { userId: user.userId, currency: "EUR", amountMinor: "1234" },
      },
    ]);
  });

  test("records a ban and an unban, and nothing for an admin's refused self-ban", async () => {
    const user = await createSignedInUser(ferry, { label: "audit-banned" });
    for (const action of ["ban", "unban"]) {
      const response = await send(ferry.app, {
        method: "POST",
        url: `/api/v1/admin/users/${user.userId}/${action}`,
        ip: admin.ip,
        cookie: admin.cookie,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const selfBan = await send(ferry.app, {
      method: "POST",
      url: `/api/v1/admin/users/${admin.userId}/ban`,
      ip: admin.ip,
      cookie: admin.cookie,
    });

    expect(selfBan.statusCode).toBe(409);
    expect((await auditOf(user.userId)).map((row) => row.action)).toEqual(["user.ban", "user.unban"]);
    expect(await auditOf(admin.userId)).toEqual([]);
  });
});
