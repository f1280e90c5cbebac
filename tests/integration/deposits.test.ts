import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, createSignedInUser, send, type TestApp } from "./helpers.ts";
import {
  balanceOf,
  notificationsOf,
  reportDeposit,
  reviewDeposit,
  type SignedInUser,
  sendAs,
} from "./money-helpers-deposits.ts";

let ferry: TestApp;
let admin: SignedInUser;

beforeAll(async () => {
  ferry = await buildTestApp();
  admin = await createSignedInUser(ferry, { label: "deposit-admin", isAdmin: true });
});

afterAll(async () => {
  await ferry?.close();
});

async function storedDeposits(userId: string) {
  return ferry.db.selectFrom("deposits").selectAll().where("user_id", "=", userId).execute();
}

async function reportedDepositId(user: SignedInUser, body: Record<string, unknown>): Promise<string> {
  const response = await reportDeposit(ferry, user, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

async function countPendingDeposits(): Promise<number> {
  const row = await ferry.db
    .selectFrom("deposits")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const TX_HASH = `0x${"ab".repeat(32)}`;

/** A page of the admin's list of deposits to review, as the tests read it. */
interface AdminDepositPage {
  items: Array<{ id: string; userId: string; userEmail: string; amount: string; status: string }>;
  nextCursor: string | null;
}

describe("reporting a deposit", () => {
  test("records a bank deposit as pending with the user's own reference", async () => {
    const user = await createSignedInUser(ferry, { label: "bank-depositor" });
    const instructions = await sendAs(ferry.app, user, "GET", "/api/v1/deposits/instructions");
    const reference = instructions.json().bank.reference;

    const response = await reportDeposit(ferry, user, { depositType: "bank", currency: "EUR", amount: "250.5" });

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      depositType: "bank",
      currency: "EUR",
      amount: "250.50",
      status: "pending",
      reference,
      network: null,
      customerNote: null,
    });
    expect(response.json()).not.toHaveProperty("adminNotes");
    const own = await sendAs(ferry.app, user, "GET", "/api/v1/deposits");
    expect(own.json().items.map((deposit: { id: string }) => deposit.id)).toEqual([response.json().id]);
    expect(await balanceOf(ferry, user, "EUR")).toEqual({ balance: "0.00", reserved: "0.00", available: "0.00" });
  });

  test("puts a reported deposit in front of the admins: each admin gets a 'Deposit to review' notification", async () => {
    const user = await createSignedInUser(ferry, { label: "watched-depositor" });

    const response = await reportDeposit(ferry, user, { depositType: "bank", currency: "GBP", amount: "77.70" });

    expect(response.statusCode, response.body).toBe(201);
    const forAdmin = await notificationsOf(ferry, admin);
    const review = forAdmin.notifications.find((item) => item.message.includes(user.email));
    expect(review).toMatchObject({ title: "Deposit to review", type: "info", read: false });
    expect(review?.message).toContain("GBP 77.70");
    const forUser = await notificationsOf(ferry, user);
    expect(forUser.notifications.filter((item) => item.title === "Deposit to review")).toEqual([]);
  });

  test("records a crypto deposit with its network and lower-cased transaction hash", async () => {
    const user = await createSignedInUser(ferry, { label: "crypto-depositor" });

    const response = await reportDeposit(ferry, user, {
      depositType: "crypto",
      network: "tron",
      currency: "USDT",
      amount: "12.345678",
      transactionHash: TX_HASH.toUpperCase().replace("0X", "0x"),
    });

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      depositType: "crypto",
      network: "tron",
      currency: "USDT",
      amount: "12.345678",
      transactionHash: TX_HASH,
      reference: null,
      status: "pending",
    });
    const [stored] = await storedDeposits(user.userId);
    expect(stored.amount).toBe("12345678");
  });

  test.each([
    ["zero", { depositType: "bank", currency: "USD", amount: "0" }, "amount", "Please enter a valid amount"],
    [
      "a negative amount",
      { depositType: "bank", currency: "USD", amount: "-1" },
      "amount",
      "Please enter a valid amount",
    ],
    [
      "more decimals than the currency has",
      { depositType: "bank", currency: "USD", amount: "1.001" },
      "amount",
      "USD amounts have at most 2 decimals",
    ],
    ["a JSON number", { depositType: "bank", currency: "USD", amount: 10 }, "amount", "Please enter a valid amount"],
    [
      "a coin on a network that does not carry it",
      { depositType: "crypto", network: "tron", currency: "BTC", amount: "0.1" },
      "currency",
      "BTC is not received on Tron (TRC-20)",
    ],
    [
      "a malformed transaction hash",
      { depositType: "crypto", network: "bitcoin", currency: "BTC", amount: "0.1", transactionHash: "0x1234" },
      "transactionHash",
      "A transaction hash is 64 hexadecimal characters",
    ],
    [
      "a currency banks do not deposit",
      { depositType: "bank", currency: "BTC", amount: "1" },
      "currency",
      "Please choose a currency",
    ],
  ])("refuses %s with 400 and a field message, storing nothing", async (_case, body, field, message) => {
    const user = await createSignedInUser(ferry, { label: "bad-depositor" });

    const response = await reportDeposit(ferry, user, body);

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.code).toBe("validation_failed");
    expect(response.json().error.fields[field]).toBe(message);
    expect(await storedDeposits(user.userId)).toEqual([]);
  });
});

describe("reviewing a deposit", () => {
  test("approving credits the wallet once, records the review and tells the user", async () => {
    const user = await createSignedInUser(ferry, { label: "approved" });
    const depositId = await reportedDepositId(user, { depositType: "bank", currency: "USD", amount: "150.25" });

    const response = await reviewDeposit(ferry, admin, depositId, "approve", "Matched statement line 42");

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: depositId,
      status: "approved",
      adminNotes: "Matched statement line 42",
    });
    expect(await balanceOf(ferry, user, "USD")).toEqual({
      balance: "150.25",
      reserved: "0.00",
      available: "150.25",
    });
    const [stored] = await storedDeposits(user.userId);
    expect(stored.reviewed_by).toBe(admin.userId);
    expect(stored.reviewed_at).not.toBeNull();
    const { notifications } = await notificationsOf(ferry, user);
    expect(notifications).toEqual([
      expect.objectContaining({
        title: "Deposit approved",
        type: "success",
        read: false,
        message: "Your deposit of USD 150.25 was approved and added to your balance.",
      }),
    ]);
  });

  test("approving a second time answers 409 and credits nothing more", async () => {
    const user = await createSignedInUser(ferry, { label: "approved-twice" });
    const depositId = await reportedDepositId(user, { depositType: "bank", currency: "GBP", amount: "40" });
    const first = await reviewDeposit(ferry, admin, depositId, "approve");
    expect(first.statusCode, first.body).toBe(200);

    const second = await reviewDeposit(ferry, admin, depositId, "approve");

    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().error).toMatchObject({ code: "conflict", message: "This deposit was already approved" });
    const inGerman = await send(ferry.app, {
      method: "POST",
      url: `/api/v1/admin/deposits/${depositId}/review`,
      ip: admin.ip,
      cookie: admin.cookie,
      headers: { "accept-language": "de" },
      payload: { decision: "reject" },
    });
    expect(inGerman.json().error).toEqual({ code: "conflict", message: "Diese Einzahlung wurde bereits genehmigt" });
    expect((await balanceOf(ferry, user, "GBP")).balance).toBe("40.00");
    const credits = await ferry.db
      .selectFrom("ledger_transfers")
      .select("amount")
      .where("reference_type", "=", "deposit")
      .where("reference_id", "=", depositId)
      .execute();
    expect(credits).toEqual([{ amount: "4000" }]);
    const { notifications } = await notificationsOf(ferry, user);
    expect(notifications.map((notification) => notification.title)).toEqual(["Deposit approved"]);
  });

  test("an approval and a rejection sent together have exactly one outcome, and the balance follows it", async () => {
    const user = await createSignedInUser(ferry, { label: "raced" });
    const depositId = await reportedDepositId(user, {
      depositType: "crypto",
      network: "bitcoin",
      currency: "BTC",
      amount: "0.015",
    });

    const [approve, reject] = await Promise.all([
      reviewDeposit(ferry, admin, depositId, "approve"),
      reviewDeposit(ferry, admin, depositId, "reject", "Not found on chain"),
    ]);

    expect([approve.statusCode, reject.statusCode].sort()).toEqual([200, 409]);
    const [stored] = await storedDeposits(user.userId);
    const isApproved = approve.statusCode === 200;
    expect(stored.status).toBe(isApproved ? "approved" : "rejected");
    expect((await balanceOf(ferry, user, "BTC")).balance).toBe(isApproved ? "0.01500000" : "0.00000000");
    const { notifications } = await notificationsOf(ferry, user);
    expect(notifications.map((notification) => notification.title)).toEqual([
      isApproved ? "Deposit approved" : "Deposit rejected",
    ]);
  });

  test("rejecting credits nothing, stores the admin's internal notes and keeps them from the user", async () => {
    const user = await createSignedInUser(ferry, { label: "rejected" });
    const depositId = await reportedDepositId(user, { depositType: "bank", currency: "CAD", amount: "75" });

    const response = await reviewDeposit(ferry, admin, depositId, "reject", "No matching bank credit");

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: "rejected", adminNotes: "No matching bank credit" });
    const [stored] = await storedDeposits(user.userId);
    expect(stored).toMatchObject({ status: "rejected", admin_notes: "No matching bank credit" });
    expect(await balanceOf(ferry, user, "CAD")).toEqual({ balance: "0.00", reserved: "0.00", available: "0.00" });
    const { notifications } = await notificationsOf(ferry, user);
    expect(notifications).toEqual([
      expect.objectContaining({
        title: "Deposit rejected",
        type: "error",
        message: "Your deposit of CAD 75.00 was rejected.",
      }),
    ]);
    const again = await reviewDeposit(ferry, admin, depositId, "approve");
    expect(again.statusCode).toBe(409);
    expect((await balanceOf(ferry, user, "CAD")).balance).toBe("0.00");
  });

  test("keeps the internal note from the customer, who sees only the note to them (issue 24)", async () => {
    const user = await createSignedInUser(ferry, { label: "noted" });
    const depositId = await reportedDepositId(user, { depositType: "bank", currency: "EUR", amount: "900" });
    const internalNote = "internal: suspected fraud, compare with case 7";
    const customerNote = "We found no matching bank credit";

    const response = await sendAs(ferry.app, admin, "POST", `/api/v1/admin/deposits/${depositId}/review`, {
      decision: "reject",
      adminNotes: internalNote,
      customerNote,
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: "rejected", adminNotes: internalNote, customerNote });
    const [stored] = await storedDeposits(user.userId);
    expect(stored).toMatchObject({ admin_notes: internalNote, customer_note: customerNote });
    const own = await sendAs(ferry.app, user, "GET", "/api/v1/deposits");
    expect(own.json().items).toEqual([expect.objectContaining({ id: depositId, status: "rejected", customerNote })]);
    const { notifications } = await notificationsOf(ferry, user);
    expect(notifications.map((notification) => notification.message)).toEqual([
      `Your deposit of EUR 900.00 was rejected. Note: ${customerNote}`,
    ]);
    // Nothing the customer can read carries the internal note.
    for (const url of ["/api/v1/deposits", "/api/v1/notifications", "/api/v1/transactions"]) {
      const body = (await sendAs(ferry.app, user, "GET", url)).body;
      expect(body, url).not.toContain("suspected fraud");
      expect(body, url).not.toContain("adminNotes");
    }
    // Once the deposit has left the pending list, the admins read both notes in the audit log.
    const audit = await ferry.db
      .selectFrom("audit_log")
      .select(["action", "before", "after"])
      .where("subject_id", "=", depositId)
      .execute();
    expect(audit).toEqual([
      {
        action: "deposit.reject",
        before: { status: "pending" },
        after: { status: "rejected", adminNotes: internalNote, customerNote },
      },
    ]);
  });

  test("an approved deposit appears in the user's history as a completed deposit", async () => {
    const user = await createSignedInUser(ferry, { label: "history" });
    const depositId = await reportedDepositId(user, { depositType: "bank", currency: "AUD", amount: "19.99" });
    await reviewDeposit(ferry, admin, depositId, "approve");

    const response = await sendAs(ferry.app, user, "GET", "/api/v1/transactions");

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().items).toEqual([
      expect.objectContaining({
        type: "deposit",
        status: "completed",
        currency: "AUD",
        amount: "19.99",
        fee: "0.00",
        direction: "in",
      }),
    ]);
  });

  test("a pending deposit is not in the user's history", async () => {
    const user = await createSignedInUser(ferry, { label: "history-pending" });
    await reportedDepositId(user, { depositType: "bank", currency: "AUD", amount: "19.99" });

    const response = await sendAs(ferry.app, user, "GET", "/api/v1/transactions");

    expect(response.json().items).toEqual([]);
  });
});

describe("admin deposit approvals", () => {
  test("a customer gets 403 from the pending list and from a review, and the deposit stays pending", async () => {
    const customer = await createSignedInUser(ferry, { label: "not-admin" });
    const depositId = await reportedDepositId(customer, { depositType: "bank", currency: "USD", amount: "1000" });

    const list = await sendAs(ferry.app, customer, "GET", "/api/v1/admin/deposits");
    const review = await reviewDeposit(ferry, customer, depositId, "approve");

    expect(list.statusCode).toBe(403);
    expect(review.statusCode).toBe(403);
    expect(review.json().error.code).toBe("forbidden");
    const [stored] = await storedDeposits(customer.userId);
    expect(stored.status).toBe("pending");
    expect((await balanceOf(ferry, customer, "USD")).balance).toBe("0.00");
  });

  test("lists pending deposits with who reported them and a count, leaving out reviewed ones", async () => {
    const user = await createSignedInUser(ferry, { label: "listed" });
    const waiting = await reportedDepositId(user, { depositType: "bank", currency: "USD", amount: "5" });
    const approved = await reportedDepositId(user, { depositType: "bank", currency: "USD", amount: "6" });
    const rejected = await reportedDepositId(user, { depositType: "bank", currency: "USD", amount: "7" });
    await reviewDeposit(ferry, admin, approved, "approve");
    await reviewDeposit(ferry, admin, rejected, "reject");

    const pendingBefore = await countPendingDeposits();
    const response = await sendAs(ferry.app, admin, "GET", "/api/v1/admin/deposits");
    const pendingAfter = await countPendingDeposits();

    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as AdminDepositPage & { pendingCount: number };
    // Other test files report deposits too (the fuzz run hundreds): this one may be on a later page.
    const items = [...body.items];
    for (let cursor = body.nextCursor; cursor !== null; ) {
      const next = await sendAs(ferry.app, admin, "GET", `/api/v1/admin/deposits?cursor=${encodeURIComponent(cursor)}`);
      expect(next.statusCode, next.body).toBe(200);
      const page = next.json() as AdminDepositPage;
      items.push(...page.items);
      cursor = page.nextCursor;
    }
    const mine = items.filter((deposit) => deposit.userId === user.userId);
    expect(mine).toEqual([
      expect.objectContaining({ id: waiting, userEmail: user.email, amount: "5.00", status: "pending" }),
    ]);
    expect(items.every((deposit) => deposit.status === "pending")).toBe(true);
    // Other test files may report deposits meanwhile: the count lies between the counts around the call.
    expect(body.pendingCount).toBeGreaterThanOrEqual(Math.min(pendingBefore, pendingAfter));
    expect(body.pendingCount).toBeLessThanOrEqual(Math.max(pendingBefore, pendingAfter));
  });
});
