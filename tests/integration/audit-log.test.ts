import { randomInt, randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  type Customer,
  createCustomer,
  createPersona,
  listRoutes,
  routeName,
  submitKycDocuments,
} from "./api-surface.ts";
import {
  type BareUser,
  buildTestApp,
  createSignedInUser,
  insertBareUsers,
  randomIp,
  type SessionUser,
  send,
  type TestApp,
} from "./helpers.ts";
import { reportDeposit, reviewDeposit, type SignedInUser, setTransferStatus } from "./money-helpers-deposits.ts";

/*
 * One audit table for admin actions: each action and its record commit together, and a refused
 * action leaves no record. Every state-changing admin route writes exactly one row (issue 24), with
 * the request's client address, and no one can change or remove a row (issue 26).
 */

let ferry: TestApp;
let admin: SignedInUser;
let payee: BareUser;

beforeAll(async () => {
  ferry = await buildTestApp();
  admin = await createSignedInUser(ferry, { label: "audit-admin", isAdmin: true });
  [payee] = await insertBareUsers(ferry.db, 1, "audit-payee");
});

afterAll(async () => {
  await ferry?.close();
});

async function auditOf(subjectId: string) {
  return ferry.db
    .selectFrom("audit_log")
    .select(["actor_user_id", "action", "subject_type", "before", "after", "details", "client_address"])
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
        before: { status: "pending" },
        after: { status: "approved", adminNotes: null, customerNote: null },
        details: { userId: user.userId, currency: "EUR", amountMinor: "1234" },
        client_address: admin.ip,
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
    expect((await auditOf(user.userId)).map(({ action, before, after }) => ({ action, before, after }))).toEqual([
      { action: "user.ban", before: { status: "active" }, after: { status: "banned" } },
      { action: "user.unban", before: { status: "banned" }, after: { status: "active" } },
    ]);
    expect(await auditOf(admin.userId)).toEqual([]);
  });
});

/** How many audit rows an admin has written. */
async function countAuditRowsBy(actorId: string): Promise<number> {
  const row = await ferry.db
    .selectFrom("audit_log")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("actor_user_id", "=", actorId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** What an admin request sends. */
interface BuiltRequest {
  readonly url: string;
  readonly payload?: unknown;
  readonly headers?: Record<string, string>;
}

/** A state-changing admin request: what to send, given a customer who owns one of each resource. */
interface AdminAction {
  /** The audit action the request must write, once. */
  readonly action: string;
  readonly request: (owner: Customer) => BuiltRequest | Promise<BuiltRequest>;
}

/**
 * Every unsafe admin route, by `METHOD url` as the router lists it, with a request that changes
 * something. A new admin route missing here fails the test, so it cannot ship unaudited.
 */
const ADMIN_ACTIONS: Record<string, AdminAction> = {
  "PATCH /api/v1/admin/transactions/:transferId/status": {
    action: "transfer.status",
    request: (owner) => ({
      url: `/api/v1/admin/transactions/${owner.owns.transferId}/status`,
      payload: { status: "processed" },
    }),
  },
  "POST /api/v1/admin/deposits/:depositId/review": {
    action: "deposit.reject",
    request: (owner) => ({
      url: `/api/v1/admin/deposits/${owner.owns.depositId}/review`,
      payload: { decision: "reject", adminNotes: "No matching payment" },
    }),
  },
  "POST /api/v1/admin/yield-reserve/top-ups": {
    action: "yield_reserve.top_up",
    request: () => ({
      url: "/api/v1/admin/yield-reserve/top-ups",
      payload: { amount: "1.00" },
      headers: { "idempotency-key": `audit-${randomUUID()}` },
    }),
  },
  "POST /api/v1/admin/users/:userId/ban": {
    action: "user.ban",
    request: (owner) => ({ url: `/api/v1/admin/users/${owner.userId}/ban`, payload: {} }),
  },
  "POST /api/v1/admin/users/:userId/unban": {
    action: "user.unban",
    request: (owner) => ({ url: `/api/v1/admin/users/${owner.userId}/unban`, payload: {} }),
  },
  // The owner holds money, so it is a user with none who is closed.
  "DELETE /api/v1/admin/users/:userId": {
    action: "user.delete",
    request: async () => {
      const [leaver] = await insertBareUsers(ferry.db, 1, "audit-leaver");
      return { url: `/api/v1/admin/users/${leaver.userId}` };
    },
  },
  "POST /api/v1/admin/users/:userId/emails": {
    action: "user.email",
    request: (owner) => ({
      url: `/api/v1/admin/users/${owner.userId}/emails`,
      payload: { subject: "Hello", message: "A word from support." },
    }),
  },
  "POST /api/v1/admin/users/:userId/help-requests": {
    action: "help_request.create",
    request: (owner) => ({
      url: `/api/v1/admin/users/${owner.userId}/help-requests`,
      payload: { subject: "Hello", message: "A word from support.", priority: "high" },
    }),
  },
  "POST /api/v1/admin/users/:userId/kyc/decision": {
    action: "kyc.approve",
    request: async (owner) => {
      await submitKycDocuments(ferry, owner);
      return { url: `/api/v1/admin/users/${owner.userId}/kyc/decision`, payload: { decision: "approve" } };
    },
  },
  // AUD → CAD, the pair the hardening suites may edit; a rate no other test sets, so it is a change.
  "PUT /api/v1/admin/rates/:from/:to": {
    action: "rate.update",
    request: () => ({
      url: "/api/v1/admin/rates/AUD/CAD",
      payload: { rate: `0.9${randomInt(10_000, 100_000)}`, feeBasisPoints: 25 },
    }),
  },
  "POST /api/v1/admin/help-requests/:helpRequestId/responses": {
    action: "help_request.reply",
    request: (owner) => ({
      url: `/api/v1/admin/help-requests/${owner.owns.helpRequestId}/responses`,
      payload: { message: "We are on it." },
    }),
  },
  "PUT /api/v1/admin/help-requests/:helpRequestId/status": {
    action: "help_request.status",
    request: (owner) => ({
      url: `/api/v1/admin/help-requests/${owner.owns.helpRequestId}/status`,
      payload: { status: "in_progress" },
    }),
  },
};

describe("every admin action is audited", () => {
  test("each unsafe admin route that succeeds writes exactly one audit row, in its own name", async () => {
    const unsafeAdminRoutes = listRoutes(ferry.app)
      .filter((route) => route.method !== "GET" && route.url.startsWith("/api/v1/admin/"))
      .map(routeName);
    const unjudged = unsafeAdminRoutes.filter((name) => !(name in ADMIN_ACTIONS));
    expect(unjudged, "admin routes without an entry in ADMIN_ACTIONS").toEqual([]);
    expect(unsafeAdminRoutes.length).toBeGreaterThanOrEqual(Object.keys(ADMIN_ACTIONS).length);

    const outcomes: string[] = [];
    for (const name of unsafeAdminRoutes) {
      const request = ADMIN_ACTIONS[name]?.request;
      if (!request) {
        continue;
      }
      const method = name.slice(0, name.indexOf(" ")) as "POST" | "PUT" | "PATCH" | "DELETE";
      // A fresh admin per route, so the count is this request's alone whatever other suites do meanwhile.
      const actor: SessionUser = await createPersona(ferry, "audit-actor", true);
      const owner = await createCustomer(ferry, "audit-owner", payee);
      const built = await request(owner);
      const ip = randomIp();
      const response = await send(ferry.app, {
        method,
        url: built.url,
        ip,
        cookie: actor.cookie,
        payload: built.payload,
        headers: built.headers,
      });
      expect(response.statusCode, `${name}: ${response.body}`).toBeLessThan(300);
      const actions = await ferry.db
        .selectFrom("audit_log")
        .select(["action", "client_address"])
        .where("actor_user_id", "=", actor.userId)
        .execute();
      // Each row also names the request's client address; a row without it shows where it differs.
      const written = actions.map((row) =>
        row.client_address === ip ? row.action : `${row.action} from ${row.client_address}`,
      );
      outcomes.push(`${name} -> ${written.join(", ") || "(none)"}`);
    }

    const expected = unsafeAdminRoutes.map((name) => `${name} -> ${ADMIN_ACTIONS[name]?.action ?? "(none)"}`);
    expect(outcomes).toEqual(expected);
  }, 120_000);

  test("records an admin's transfer status change with its old and new status, and nothing for a repeat", async () => {
    const owner = await createCustomer(ferry, "audit-sender", payee);
    const transferId = owner.owns.transferId;
    const before = await countAuditRowsBy(admin.userId);

    expect((await setTransferStatus(ferry, admin, transferId, "processed")).statusCode).toBe(200);
    const repeat = await setTransferStatus(ferry, admin, transferId, "processed");
    expect(repeat.json()).toEqual({ status: "processed", isChanged: false });
    const missing = await setTransferStatus(ferry, admin, randomUUID(), "failed");
    expect(missing.statusCode).toBe(404);

    expect(await auditOf(transferId)).toEqual([
      {
        actor_user_id: admin.userId,
        action: "transfer.status",
        subject_type: "transfer",
        before: { status: "sent" },
        after: { status: "processed" },
        details: { senderId: owner.userId, currency: "USD", amountMinor: "100" },
        client_address: admin.ip,
      },
    ]);
    expect(await countAuditRowsBy(admin.userId)).toBe(before + 1);
  });
});

describe("the audit log cannot be rewritten", () => {
  test("the app's own connection cannot UPDATE, DELETE or TRUNCATE an audit row; the row stays as written", async () => {
    const user = await createSignedInUser(ferry, { label: "audit-immutable" });
    const banned = await send(ferry.app, {
      method: "POST",
      url: `/api/v1/admin/users/${user.userId}/ban`,
      ip: admin.ip,
      cookie: admin.cookie,
    });
    expect(banned.statusCode, banned.body).toBe(200);
    const [written] = await auditOf(user.userId);

    await expect(
      ferry.db.updateTable("audit_log").set({ action: "user.unban" }).where("subject_id", "=", user.userId).execute(),
    ).rejects.toThrow(/audit_log is append-only: UPDATE is refused/);
    await expect(ferry.db.deleteFrom("audit_log").where("subject_id", "=", user.userId).execute()).rejects.toThrow(
      /audit_log is append-only: DELETE is refused/,
    );
    await expect(sql`TRUNCATE audit_log`.execute(ferry.db)).rejects.toThrow(/audit_log is append-only: TRUNCATE/);

    expect(await auditOf(user.userId)).toEqual([written]);
    expect(written).toMatchObject({ action: "user.ban", client_address: admin.ip });
  });
});
