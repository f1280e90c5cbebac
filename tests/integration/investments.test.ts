import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createPersona } from "./api-surface.ts";
import { buildTestApp, fundWallet, type SessionUser, send, type TestApp } from "./helpers.ts";
import { accountBalanceMinor, invest, postAmount, readInvestment, withdraw } from "./money-helpers-investments.ts";

/*
 * The investment centre through the API (spec §5 Invest and Investment withdraw), on the shared
 * database with the real clock: the rules and their texts, idempotent retries, the admin's page and
 * the yield reserve's audited top-up. The daily returns are in investment-returns.test.ts.
 */

let ferry: TestApp;
let admin: SessionUser;

beforeAll(async () => {
  ferry = await buildTestApp();
  admin = await createPersona(ferry, "invest-admin", true);
});

afterAll(async () => {
  await ferry?.close();
});

/** A fresh customer with `usdMinor` in their USD wallet. */
async function customerWith(usdMinor: bigint): Promise<SessionUser> {
  const user = await createPersona(ferry, "investor");
  if (usdMinor > 0n) {
    await fundWallet(ferry.db, user.userId, "USD", usdMinor);
  }
  return user;
}

function errorOf(response: { json(): unknown }) {
  return (response.json() as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
}

describe("GET /api/v1/investment", () => {
  test("before the first deposit: no investment, the configured rate, 730 % a year and zero projections", async () => {
    const user = await customerWith(0n);

    const response = await readInvestment(ferry, user);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      investment: null,
      dailyRate: "0.02",
      annualRoiPercent: "730",
      projections: { days30: "0.00", days365: "0.00" },
      transactions: [],
    });
  });
});

describe("investing", () => {
  test("the first deposit creates the investment from the USD wallet; later ones add to it", async () => {
    const user = await customerWith(500_000n);

    const first = await invest(ferry, user, "1000.00");

    expect(first.statusCode, first.body).toBe(201);
    const overview = first.json();
    expect(overview.investment).toMatchObject({
      amountInvested: "1000.00",
      currentBalance: "1000.00",
      totalReturns: "0.00",
      status: "active",
      lastReturnDate: null,
    });
    // Invested today from nothing: the first return is tomorrow's, paid at the midnight after next.
    expect(overview.investment.nextPayout).toMatchObject({ amount: "20.00", isAfterToday: true });
    const payoutAt = Date.parse(overview.investment.nextPayout.at);
    expect(payoutAt - Date.now()).toBeGreaterThan(24 * 60 * 60 * 1000);
    expect(overview.investment.nextPayout.at).toMatch(/T00:00:00\.000Z$/);
    // Spec §9: balance × 0.02 × 30 and × 365.
    expect(overview.projections).toEqual({ days30: "600.00", days365: "7300.00" });
    expect(overview.transactions).toMatchObject([{ type: "deposit", amount: "1000.00", balanceAfter: "1000.00" }]);

    const second = await invest(ferry, user, "250.50");
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().investment).toMatchObject({ id: overview.investment.id, amountInvested: "1250.50" });
    expect(second.json().transactions.map((item: { balanceAfter: string }) => item.balanceAfter)).toEqual([
      "1250.50",
      "1000.00",
    ]);
    expect(await accountBalanceMinor(ferry, user.userId, "wallet")).toBe(500_000n - 125_050n);
    expect(await accountBalanceMinor(ferry, user.userId, "investment")).toBe(125_050n);
  });

  test.each([
    ["0", "Please enter a valid amount"],
    ["-5", "Please enter a valid amount"],
    ["abc", "Please enter a valid amount"],
    ["1e3", "Please enter a valid amount"],
    [12, "Please enter a valid amount"],
    ["1.005", "USD amounts have at most 2 decimals"],
  ])("refuses the amount %j with '%s' and moves nothing", async (amount, message) => {
    const user = await customerWith(10_000n);

    const response = await invest(ferry, user, amount as string);

    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: "validation_failed", fields: { amount: message } });
    expect(await accountBalanceMinor(ferry, user.userId, "wallet")).toBe(10_000n);
  });

  test("refuses more than the USD wallet holds with 'Insufficient USD balance' and creates nothing", async () => {
    const user = await customerWith(10_000n);

    const response = await invest(ferry, user, "100.01");

    expect(response.statusCode, response.body).toBe(422);
    expect(errorOf(response)).toMatchObject({ code: "insufficient_funds", message: "Insufficient USD balance" });
    expect((await readInvestment(ferry, user)).json().investment).toBeNull();
    expect(await accountBalanceMinor(ferry, user.userId, "wallet")).toBe(10_000n);
  });

  test("requires an Idempotency-Key", async () => {
    const user = await customerWith(10_000n);

    const response = await send(ferry.app, {
      method: "POST",
      url: "/api/v1/investment/deposits",
      ip: user.ip,
      cookie: user.cookie,
      payload: { amount: "1.00" },
    });

    expect(response.statusCode, response.body).toBe(400);
    expect(await accountBalanceMinor(ferry, user.userId, "wallet")).toBe(10_000n);
  });
});

describe("withdrawing", () => {
  test("without an investment: 'Please enter a valid amount'", async () => {
    const user = await customerWith(10_000n);

    const response = await withdraw(ferry, user, "1.00");

    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: "validation_failed",
      fields: { amount: "Please enter a valid amount" },
    });
  });

  test("only what is there: more than the balance is 'Insufficient investment balance'", async () => {
    const user = await customerWith(10_000n);
    await invest(ferry, user, "60.00");

    const tooMuch = await withdraw(ferry, user, "60.01");

    expect(tooMuch.statusCode, tooMuch.body).toBe(422);
    expect(errorOf(tooMuch)).toMatchObject({ code: "insufficient_funds", message: "Insufficient investment balance" });
    expect(await accountBalanceMinor(ferry, user.userId, "investment")).toBe(6_000n);
  });

  test("moves the money back to the wallet; emptying the investment closes it, a deposit opens it again", async () => {
    const user = await customerWith(10_000n);
    await invest(ferry, user, "60.00");

    const part = await withdraw(ferry, user, "10.00");
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json().investment).toMatchObject({
      currentBalance: "50.00",
      amountInvested: "50.00",
      status: "active",
    });

    const rest = await withdraw(ferry, user, "50.00");
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().investment).toMatchObject({ currentBalance: "0.00", amountInvested: "0.00", status: "closed" });
    expect(rest.json().transactions[0]).toMatchObject({ type: "withdraw", amount: "50.00", balanceAfter: "0.00" });
    expect(await accountBalanceMinor(ferry, user.userId, "wallet")).toBe(10_000n);

    const again = await invest(ferry, user, "5.00");
    expect(again.json().investment).toMatchObject({ currentBalance: "5.00", status: "active" });
  });
});

describe("idempotent retries", () => {
  test("the same key and amount moves the money once and answers 200 with the investment", async () => {
    const user = await customerWith(10_000n);
    const key = `retry-${randomUUID()}`;

    const first = await invest(ferry, user, "30.00", key);
    const retry = await invest(ferry, user, "30.00", key);

    expect(first.statusCode).toBe(201);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().investment.currentBalance).toBe("30.00");
    expect(await accountBalanceMinor(ferry, user.userId, "wallet")).toBe(7_000n);
  });

  test("the same key with another amount, or for a withdrawal, is a conflict", async () => {
    const user = await customerWith(10_000n);
    const key = `retry-${randomUUID()}`;
    await invest(ferry, user, "30.00", key);

    const otherAmount = await invest(ferry, user, "31.00", key);
    const otherDirection = await withdraw(ferry, user, "30.00", key);

    expect(otherAmount.statusCode, otherAmount.body).toBe(409);
    expect(otherDirection.statusCode, otherDirection.body).toBe(409);
    expect(await accountBalanceMinor(ferry, user.userId, "investment")).toBe(3_000n);
  });

  test("five concurrent requests with one key move the money once", async () => {
    const user = await customerWith(10_000n);
    const key = `race-${randomUUID()}`;

    const responses = await Promise.all(Array.from({ length: 5 }, () => invest(ferry, user, "40.00", key)));

    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(await accountBalanceMinor(ferry, user.userId, "investment")).toBe(4_000n);
    expect(await accountBalanceMinor(ferry, user.userId, "wallet")).toBe(6_000n);
  });
});

describe("GET /api/v1/admin/investments", () => {
  test("lists investments with their user, searchable by e-mail, with the five cards and the reserve", async () => {
    const user = await customerWith(10_000n);
    await invest(ferry, user, "12.34");

    const response = await send(ferry.app, {
      method: "GET",
      url: `/api/v1/admin/investments?search=${encodeURIComponent(user.email)}`,
      ip: admin.ip,
      cookie: admin.cookie,
    });

    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    expect(page.items).toEqual([
      {
        id: expect.any(String),
        userId: user.userId,
        userEmail: user.email,
        userName: expect.any(String),
        amountInvested: "12.34",
        currentBalance: "12.34",
        totalReturns: "0.00",
        status: "active",
        lastReturnDate: null,
        createdAt: expect.any(String),
      },
    ]);
    expect(page.nextCursor).toBeNull();
    expect(page.summary.totalInvestments).toBeGreaterThanOrEqual(1);
    expect(page.summary.activeInvestments).toBeGreaterThanOrEqual(1);
    expect(Object.keys(page.summary).sort()).toEqual([
      "activeInvestments",
      "amountInvested",
      "currentBalance",
      "totalInvestments",
      "totalReturns",
    ]);
    expect(Object.keys(page.reserve).sort()).toEqual(["balance", "dailyReturnsDue", "daysCovered"]);
  });

  test("pages newest first with a cursor", async () => {
    const label = `pager-${randomUUID().slice(0, 8)}`;
    const users: SessionUser[] = [];
    for (let index = 0; index < 3; index += 1) {
      const user = await createPersona(ferry, label);
      await fundWallet(ferry.db, user.userId, "USD", 1_000n);
      await invest(ferry, user, "1.00");
      users.push(user);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `search=${label}&limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const response = await send(ferry.app, {
        method: "GET",
        url: `/api/v1/admin/investments?${query}`,
        ip: admin.ip,
        cookie: admin.cookie,
      });
      expect(response.statusCode, response.body).toBe(200);
      seen.push(...response.json().items.map((item: { userId: string }) => item.userId));
      cursor = response.json().nextCursor;
    } while (cursor);

    expect(seen).toEqual(users.map((user) => user.userId).reverse());
  });

  test("is for admins: a customer gets 403, an anonymous caller 401", async () => {
    const user = await customerWith(0n);
    const asCustomer = await send(ferry.app, {
      method: "GET",
      url: "/api/v1/admin/investments",
      ip: user.ip,
      cookie: user.cookie,
    });
    const anonymous = await send(ferry.app, { method: "GET", url: "/api/v1/admin/investments", ip: user.ip });

    expect(asCustomer.statusCode).toBe(403);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("POST /api/v1/admin/yield-reserve/top-ups", () => {
  test("moves USD from the operator's bank account to the reserve, once per key, audited", async () => {
    const key = `top-up-${randomUUID()}`;
    const before = await send(ferry.app, {
      method: "GET",
      url: "/api/v1/admin/investments?limit=1",
      ip: admin.ip,
      cookie: admin.cookie,
    });
    const balanceBefore = before.json().reserve.balance as string;

    const first = await postAmount(ferry, admin, "/api/v1/admin/yield-reserve/top-ups", "250.00", key);
    const replay = await postAmount(ferry, admin, "/api/v1/admin/yield-reserve/top-ups", "250.00", key);
    const conflict = await postAmount(ferry, admin, "/api/v1/admin/yield-reserve/top-ups", "251.00", key);

    expect(first.statusCode, first.body).toBe(201);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(conflict.statusCode, conflict.body).toBe(409);
    // Other test files top up the same reserve concurrently: at least this one arrived.
    expect(Number(first.json().balance) - Number(balanceBefore)).toBeGreaterThanOrEqual(250);
    const transfer = await ferry.db
      .selectFrom("ledger_transfers")
      .select(["amount", "kind", "state"])
      .where("transfer_key", "=", `yield-reserve-top-up:${admin.userId}:${key}`)
      .execute();
    expect(transfer).toEqual([{ amount: "25000", kind: "yield_reserve_top_up", state: "posted" }]);
    const audit = await ferry.db
      .selectFrom("audit_log")
      .select(["action", "subject_type", "subject_id", "before", "after", "details"])
      .where("actor_user_id", "=", admin.userId)
      .where("action", "=", "yield_reserve.top_up")
      .execute();
    expect(audit).toEqual([
      {
        action: "yield_reserve.top_up",
        subject_type: "yield_reserve",
        subject_id: "USD",
        before: { balanceMinor: expect.any(String) },
        after: { balanceMinor: expect.any(String) },
        details: { currency: "USD", amountMinor: "25000", idempotencyKey: key },
      },
    ]);
  });

  test("is for admins: a customer gets 403 and the reserve is unchanged", async () => {
    const user = await customerWith(0n);
    const key = `top-up-${randomUUID()}`;

    const response = await postAmount(ferry, user, "/api/v1/admin/yield-reserve/top-ups", "1.00", key);

    expect(response.statusCode).toBe(403);
    const moved = await ferry.db
      .selectFrom("ledger_transfers")
      .select("id")
      .where("transfer_key", "like", `%:${key}`)
      .execute();
    expect(moved).toEqual([]);
  });
});
