// An admin sets a pair's rate and fee (issue 9): admin only, validated, audited with the old and new
// values, and read at once by quotes; a quote already given keeps its rate. This file owns the GBP → AUD
// pair of the shared database (the authorisation matrix and the contract test edit AUD → CAD).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  buildTestApp,
  createSessionUser,
  fundWallet,
  readWallet,
  type SessionUser,
  send,
  type TestApp,
} from "./helpers.ts";

let ferry: TestApp;
let admin: SessionUser;

beforeAll(async () => {
  ferry = await buildTestApp();
  admin = await createSessionUser(ferry, { label: "rates-admin", isAdmin: true });
});

afterAll(async () => {
  await ferry?.close();
});

function setRate(actor: SessionUser | undefined, pair: string, body: unknown) {
  return send(ferry.app, {
    method: "PUT",
    url: `/api/v1/admin/rates/${pair}`,
    ip: actor?.ip ?? "10.8.8.8",
    cookie: actor?.cookie,
    payload: body,
  });
}

async function currentPair(from: string, to: string) {
  const response = await send(ferry.app, { method: "GET", url: "/api/v1/rates", ip: "10.8.8.9" });
  expect(response.statusCode).toBe(200);
  return (response.json().rates as Array<{ from: string; to: string; rate: string; feeBasisPoints: number }>).find(
    (pair) => pair.from === from && pair.to === to,
  );
}

async function rateAuditBy(actorId: string) {
  return ferry.db
    .selectFrom("audit_log")
    .select(["action", "subject_type", "subject_id", "before", "after", "details"])
    .where("actor_user_id", "=", actorId)
    .orderBy("created_at")
    .execute();
}

describe("setting a pair's rate", () => {
  test("an admin sets GBP → AUD; it is audited with the old and new values and quotes use it at once", async () => {
    const before = await currentPair("GBP", "AUD");
    const customer = await createSessionUser(ferry, { label: "rates-customer" });
    await fundWallet(ferry.db, customer.userId, "GBP", 100_000n);
    const earlier = await send(ferry.app, {
      method: "POST",
      url: "/api/v1/exchange/quotes",
      ip: customer.ip,
      cookie: customer.cookie,
      payload: { from: "GBP", to: "AUD", amount: "100.00" },
    });
    expect(earlier.statusCode, earlier.body).toBe(201);

    const response = await setRate(admin, "GBP/AUD", { rate: "1.9250", feeBasisPoints: 40 });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ from: "GBP", to: "AUD", rate: "1.925", feeBasisPoints: 40 });
    expect(await currentPair("GBP", "AUD")).toMatchObject({ rate: "1.925", feeBasisPoints: 40 });
    expect(await rateAuditBy(admin.userId)).toEqual([
      {
        action: "rate.update",
        subject_type: "rate",
        subject_id: "GBP-AUD",
        before: { rate: before?.rate, feeBasisPoints: before?.feeBasisPoints },
        after: { rate: "1.925", feeBasisPoints: 40 },
        details: { from: "GBP", to: "AUD" },
      },
    ]);
    // A new quote: 100 GBP, fee 0.40 GBP, 99.60 × 1.925 = 191.73 AUD exactly.
    const later = await send(ferry.app, {
      method: "POST",
      url: "/api/v1/exchange/quotes",
      ip: customer.ip,
      cookie: customer.cookie,
      payload: { from: "GBP", to: "AUD", amount: "100.00" },
    });
    expect(later.json()).toMatchObject({ rate: "1.925", fee: "0.40", receive: "191.73" });
    // The quote given before the change keeps its rate and fee when confirmed.
    const confirmed = await send(ferry.app, {
      method: "POST",
      url: "/api/v1/exchange",
      ip: customer.ip,
      cookie: customer.cookie,
      payload: { quoteId: earlier.json().id },
      headers: { "idempotency-key": `rates-${randomUUID()}` },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.json()).toMatchObject({ rate: earlier.json().rate, receive: earlier.json().receive });
    expect((await readWallet(ferry.db, customer.userId, "AUD")).balanceMinor.toString()).toBe(
      earlier.json().receive.replace(".", ""),
    );
  });

  test("setting the values a pair already has changes and records nothing", async () => {
    const second = await createSessionUser(ferry, { label: "rates-admin-again", isAdmin: true });
    const current = await currentPair("GBP", "AUD");

    const response = await setRate(second, "GBP/AUD", { rate: current?.rate, feeBasisPoints: current?.feeBasisPoints });

    expect(response.statusCode, response.body).toBe(200);
    expect(await rateAuditBy(second.userId)).toEqual([]);
  });

  test("a customer is refused with 403 and an anonymous caller with 401; nothing changes and nothing is recorded", async () => {
    const customer = await createSessionUser(ferry, { label: "rates-not-admin" });
    const before = await currentPair("GBP", "AUD");

    const asCustomer = await setRate(customer, "GBP/AUD", { rate: "9", feeBasisPoints: 1 });
    const anonymous = await setRate(undefined, "GBP/AUD", { rate: "9", feeBasisPoints: 1 });

    expect(asCustomer.statusCode).toBe(403);
    expect(anonymous.statusCode).toBe(401);
    expect(await currentPair("GBP", "AUD")).toEqual(before);
    expect(await rateAuditBy(customer.userId)).toEqual([]);
  });

  test.each([
    ["GBP/AUD", { rate: "0", feeBasisPoints: 25 }, "rate"],
    ["GBP/AUD", { rate: "-1.2", feeBasisPoints: 25 }, "rate"],
    ["GBP/AUD", { rate: "1e3", feeBasisPoints: 25 }, "rate"],
    ["GBP/AUD", { rate: "1.0000000000000000001", feeBasisPoints: 25 }, "rate"],
    ["GBP/AUD", { rate: 1.9, feeBasisPoints: 25 }, "rate"],
    // Issue 24: above 1,000,000,000 a conversion of the largest amount into wei could overflow NUMERIC(38,0).
    ["GBP/AUD", { rate: "1000000000.000000000000000001", feeBasisPoints: 25 }, "rate"],
    ["GBP/AUD", { rate: "99999999999999999999", feeBasisPoints: 25 }, "rate"],
    ["GBP/AUD", { rate: "1.9", feeBasisPoints: 1_001 }, "feeBasisPoints"],
    ["GBP/AUD", { rate: "1.9", feeBasisPoints: 2.5 }, "feeBasisPoints"],
    ["GBP/AUD", { rate: "1.9", feeBasisPoints: -1 }, "feeBasisPoints"],
    ["GBP/GBP", { rate: "1", feeBasisPoints: 0 }, "to"],
    ["GBP/XYZ", { rate: "1", feeBasisPoints: 0 }, "to"],
  ])("refuses %s with %j, naming %s", async (pair, body, field) => {
    const response = await setRate(admin, pair, body);

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.code).toBe("validation_failed");
    expect(Object.keys(response.json().error.fields ?? {}).join(",")).toContain(field);
  });

  test("refuses a rate above 1,000,000,000 with a message naming the limit, changing nothing", async () => {
    const before = await currentPair("GBP", "AUD");

    const response = await setRate(admin, "GBP/AUD", { rate: "1000000001", feeBasisPoints: 25 });

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields).toEqual({ rate: "A rate can be at most 1,000,000,000" });
    expect(await currentPair("GBP", "AUD")).toEqual(before);
  });
});
