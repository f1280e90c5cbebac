// One clock (issue 25): the modules read the time through the injected business clock, so tests and
// the development clock move help-desk due times, rate edits and transfer codes' expiry as they move
// the daily returns.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BANK_RECIPIENT } from "./api-surface.ts";
import {
  createIsolatedDatabase,
  createSessionUser,
  createSignedInUser,
  readCodeFromMailbox,
  send,
  type TestApp,
} from "./helpers.ts";
import { fundWallet, sendAs } from "./money-helpers-deposits.ts";
import { buildAppWithClock, ManualClock } from "./money-helpers-investments.ts";

describe("the business clock", () => {
  const clock = new ManualClock("2031-06-01T09:00:00.000Z");
  let ferry: TestApp;

  beforeAll(async () => {
    // Its own database: the rate edited here is shared by every test of the shared one.
    ferry = await buildAppWithClock(await createIsolatedDatabase("business_clock"), clock);
  });

  afterAll(async () => {
    await ferry?.close();
  });

  test("a help request is opened, falls due and goes overdue by the business clock", async () => {
    clock.set("2031-06-01T09:00:00.000Z");
    const customer = await createSessionUser(ferry, { label: "clock-help" });
    const asCustomer = { ip: customer.ip, cookie: customer.cookie };

    const created = await send(ferry.app, {
      ...asCustomer,
      method: "POST",
      url: "/api/v1/help-requests",
      payload: { subject: "Card delivery", message: "When does my card arrive?", priority: "medium" },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      createdAt: "2031-06-01T09:00:00.000Z",
      dueAt: "2031-06-02T09:00:00.000Z",
      isOverdue: false,
    });

    clock.advanceDays(2);
    const listed = await send(ferry.app, { ...asCustomer, method: "GET", url: "/api/v1/help-requests" });

    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().items).toEqual([expect.objectContaining({ id: created.json().id, isOverdue: true })]);
  });

  test("an admin's rate edit is dated by the business clock", async () => {
    clock.set("2031-07-04T15:30:00.000Z");
    const admin = await createSessionUser(ferry, { label: "clock-admin", isAdmin: true });

    const edited = await send(ferry.app, {
      method: "PUT",
      url: "/api/v1/admin/rates/GBP/AUD",
      ip: admin.ip,
      cookie: admin.cookie,
      payload: { rate: "1.9876", feeBasisPoints: 33 },
    });

    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ rate: "1.9876", updatedAt: "2031-07-04T15:30:00.000Z" });
  });

  test("a transfer code lives 15 minutes of the business clock, and has expired once they pass", async () => {
    clock.set("2031-08-01T10:00:00.000Z");
    const sender = await createSignedInUser(ferry, { label: "clock-code" });
    await fundWallet(ferry.db, sender.userId, "EUR", "100.00");
    const saved = await sendAs(ferry.app, sender, "POST", "/api/v1/recipients", BANK_RECIPIENT);
    const details = { target: { method: "bank", recipientId: saved.json().id }, amount: "10.00", currency: "EUR" };
    const transferWith = (code: string) =>
      sendAs(ferry.app, sender, "POST", "/api/v1/transfers", { ...details, code }, { "idempotency-key": randomUUID() });
    const requestCode = async () => {
      const requested = await sendAs(ferry.app, sender, "POST", "/api/v1/transfers/verification-code", details);
      expect(requested.statusCode, requested.body).toBe(200);
      return {
        expiresAt: requested.json().expiresAt,
        code: await readCodeFromMailbox(ferry.db, sender.email, "transfer code"),
      };
    };

    const first = await requestCode();
    clock.set("2031-08-01T10:15:01.000Z");
    const expired = await transferWith(first.code);
    const second = await requestCode();
    clock.set("2031-08-01T10:30:00.000Z");
    const inTime = await transferWith(second.code);

    expect(saved.statusCode, saved.body).toBe(201);
    expect(first.expiresAt).toBe("2031-08-01T10:15:00.000Z");
    expect(expired.statusCode, expired.body).toBe(422);
    expect(expired.json().error).toMatchObject({
      code: "invalid_code",
      message: "This verification code has expired. Please request a new one.",
    });
    expect(second.expiresAt).toBe("2031-08-01T10:30:01.000Z");
    expect(inTime.statusCode, inTime.body).toBe(201);
  });
});
