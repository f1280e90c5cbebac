// Issue 24: migrations 015 and 016 kept the internal deposit note from the customer and masked Ferry
// recipients' names in deposits and transfers, but notifications sent before them still quoted both.
// Migration 018 rewrites those notifications as today's code writes them, and touches nothing else.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { expect, test } from "vitest";
import { maskedNameOf } from "../../apps/server/src/modules/transfers/targets.ts";
import {
  type BareUser,
  buildTestApp,
  createIsolatedDatabase,
  createSessionUser,
  fundWallet,
  insertBareUsers,
  issueCode,
  type SessionUser,
  send,
  type TestApp,
} from "./helpers.ts";

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, "../../apps/server/src/db/migrations");
const MASKED_NAMES = "016_masked_ferry_recipients.sql";
const HIDDEN_DETAILS = "018_notifications_hidden_details.sql";
const INTERNAL_NOTE = "internal: suspected fraud, compare with case 7";
const CUSTOMER_NOTE = "We found no matching bank credit";

type Payee = BareUser & { firstName: string; lastName: string; transferId: string };

function as(app: TestApp, user: SessionUser, method: "GET" | "POST" | "PATCH", url: string, payload?: unknown) {
  return send(app.app, { method, url, ip: user.ip, cookie: user.cookie, payload });
}

/** Sends 1.00 USD with a code issued for it; returns the transfer's id. */
async function sendOneDollar(app: TestApp, sender: SessionUser, target: unknown, recipientKey: string) {
  const code = await issueCode(app, { userId: sender.userId, recipientKey, amountMinor: 100n, currency: "USD" });
  const response = await send(app.app, {
    method: "POST",
    url: "/api/v1/transfers",
    ip: sender.ip,
    cookie: sender.cookie,
    payload: { target, amount: "1.00", currency: "USD", code },
    headers: { "idempotency-key": `old-notifications-${randomUUID()}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

async function setStatus(app: TestApp, admin: SessionUser, transferId: string, status: string) {
  const response = await as(app, admin, "PATCH", `/api/v1/admin/transactions/${transferId}/status`, { status });
  expect(response.statusCode, response.body).toBe(200);
}

async function rejectDeposit(app: TestApp, customer: SessionUser, admin: SessionUser, notes: Record<string, string>) {
  const reported = await as(app, customer, "POST", "/api/v1/deposits", {
    depositType: "bank",
    currency: "CAD",
    amount: "75",
  });
  expect(reported.statusCode, reported.body).toBe(201);
  const depositId = reported.json().id as string;
  const review = { decision: "reject", ...notes };
  const response = await as(app, admin, "POST", `/api/v1/admin/deposits/${depositId}/review`, review);
  expect(response.statusCode, response.body).toBe(200);
}

async function messagesOf(app: TestApp, userId: string): Promise<Map<string, string>> {
  const rows = await app.db
    .selectFrom("notifications")
    .select(["id", "message"])
    .where("user_id", "=", userId)
    .execute();
  return new Map(rows.map((row) => [row.id, row.message]));
}

async function runMigrations(databaseUrl: string, files: readonly string[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const file of files) {
      await client.query(await readFile(path.join(MIGRATIONS_DIR, file), "utf8"));
    }
  } finally {
    await client.end();
  }
}

/**
 * What code before issue 24 had written: the Ferry recipients' full names (or their e-mail without a
 * name) in the transfers and in every notification about them, and the internal note quoted after a
 * rejection that had no note to the customer.
 */
async function restoreOldContent(app: TestApp, customerId: string, payees: readonly Payee[]) {
  for (const payee of payees) {
    const fullName = `${payee.firstName} ${payee.lastName}`.trim() || payee.email;
    const masked = maskedNameOf(payee.firstName, payee.lastName, payee.email);
    await app.db
      .updateTable("transfers")
      .set({ recipient_name: fullName })
      .where("id", "=", payee.transferId)
      .execute();
    await app.db
      .updateTable("notifications")
      .set((eb) => ({ message: eb.fn("replace", ["message", eb.val(` to ${masked}`), eb.val(` to ${fullName}`)]) }))
      .where("user_id", "=", customerId)
      .execute();
  }
  await app.db
    .updateTable("notifications")
    .set({ message: `Your deposit of CAD 75.00 was rejected. Note: ${INTERNAL_NOTE}` })
    .where("user_id", "=", customerId)
    .where("message", "=", "Your deposit of CAD 75.00 was rejected.")
    .execute();
}

test("migration 018 rewrites notifications sent before issue 24 as today's code writes them", async () => {
  const databaseUrl = await createIsolatedDatabase("old_notifications");
  const isolated = await buildTestApp({}, { databaseUrl });
  try {
    const admin = await createSessionUser(isolated, { label: "old-notes-admin", isAdmin: true });
    const customer = await createSessionUser(isolated, { label: "old-notes-customer" });
    await fundWallet(isolated.db, customer.userId, "USD", 100_000n);
    const rule = { type: "transaction", currency: "USD", amount: "1", direction: "outgoing", method: "email" };
    expect((await as(isolated, customer, "POST", "/api/v1/alert-rules", rule)).statusCode).toBe(201);

    const payees: Payee[] = [];
    for (const [firstName, lastName] of [
      ["Jane", "Doolittle"],
      ["Mary Ann", "van der Berg"],
      ["", "Solo"],
    ]) {
      const [user] = await insertBareUsers(isolated.db, 1, "old-notes-payee");
      await isolated.db
        .updateTable("profiles")
        .set({ first_name: firstName, last_name: lastName })
        .where("user_id", "=", user.userId)
        .execute();
      const target = { method: "ferry_user", recipientEmail: user.email };
      const transferId = await sendOneDollar(isolated, customer, target, `user:${user.userId}`);
      await setStatus(isolated, admin, transferId, "failed");
      payees.push({ ...user, firstName, lastName, transferId });
    }
    // A saved bank recipient of the same full name: the customer typed it, and keeps seeing it.
    const saved = await as(isolated, customer, "POST", "/api/v1/recipients", {
      type: "bank",
      name: "Jane Doolittle",
      email: "jane@example.com",
      bankName: "Deutsche Bank",
      country: "DE",
      accountNumber: "DE89 3704 0044 0532 0130 00",
      swiftCode: "DEUTDEFF",
      currency: "USD",
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const recipientId = saved.json().id as string;
    const bankTransferId = await sendOneDollar(
      isolated,
      customer,
      { method: "bank", recipientId },
      `recipient:${recipientId}`,
    );
    await setStatus(isolated, admin, bankTransferId, "sent");
    await rejectDeposit(isolated, customer, admin, { adminNotes: INTERNAL_NOTE });
    await rejectDeposit(isolated, customer, admin, { adminNotes: INTERNAL_NOTE, customerNote: CUSTOMER_NOTE });

    const asWrittenToday = await messagesOf(isolated, customer.userId);
    await restoreOldContent(isolated, customer.userId, payees);
    const before = [...(await messagesOf(isolated, customer.userId)).values()].join("\n");
    expect(before).toContain("to Jane Doolittle is now failed.");
    expect(before).toContain("You sent USD 1.00 to Mary Ann van der Berg. Alert rule:");
    expect(before).toContain(`Note: ${INTERNAL_NOTE}`);

    // As an upgrade applies them, and once more: a migration run twice changes nothing more.
    await runMigrations(databaseUrl, [MASKED_NAMES, HIDDEN_DETAILS, HIDDEN_DETAILS]);

    const after = await messagesOf(isolated, customer.userId);
    expect(after).toEqual(asWrittenToday);
    const text = [...after.values()].join("\n");
    expect(text).toContain("You sent USD 1.00 to Jane D.. Alert rule:");
    expect(text).toContain("Your transfer of USD 1.00 to Mary Ann v. is now failed.");
    expect(text).toContain("Your transfer of USD 1.00 to Jane Doolittle is now sent.");
    expect(text).toContain("You sent USD 1.00 to Jane Doolittle. Alert rule:");
    expect(text).toContain(`Your deposit of CAD 75.00 was rejected. Note: ${CUSTOMER_NOTE}`);
    expect(text).not.toContain("van der Berg");
    expect(text).not.toContain("suspected fraud");
  } finally {
    await isolated.close();
  }
}, 60_000);
