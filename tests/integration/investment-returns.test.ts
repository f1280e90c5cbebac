import { randomUUID } from "node:crypto";
import { dailyReturnMinor, parseDailyRate } from "@ferry/core/investment-returns";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase } from "../../apps/server/src/db/database.ts";
import { poolAdapter } from "../../apps/server/src/jobs/runner.ts";
import { payDueReturns, returnTransferKey } from "../../apps/server/src/modules/investments/returns.ts";
import { fundYieldReserve, type InvestmentSettings } from "../../apps/server/src/modules/investments/service.ts";
import { reconcileLedger } from "../../apps/server/src/modules/ledger/reconcile.ts";
import { createPersona } from "./api-surface.ts";
import { createIsolatedDatabase, fundWallet, type SessionUser, send, type TestApp } from "./helpers.ts";
import {
  accountBalanceMinor,
  buildAppWithClock,
  invest,
  ManualClock,
  postAmount,
  readInvestment,
  withdraw,
} from "./money-helpers-investments.ts";

/*
 * The daily returns job (docs/decisions/019-investment-returns.md) on a database of its own: a run
 * pays every investment in it, and admins are told about the reserve, so other files must not share
 * it. The business clock is moved by hand; each test starts from its own day, far from the others.
 */

const RATE = (() => {
  const parsed = parseDailyRate("0.02");
  if (!parsed.ok) {
    throw new Error(parsed.message);
  }
  return parsed.rate;
})();

let databaseUrl: string;
let clock: ManualClock;
let ferry: TestApp;
let settings: InvestmentSettings;
let admin: SessionUser;

beforeAll(async () => {
  databaseUrl = await createIsolatedDatabase("returns");
  clock = new ManualClock("2031-01-01T10:00:00.000Z");
  ferry = await buildAppWithClock(databaseUrl, clock);
  settings = { clock, dailyRate: RATE };
  admin = await createPersona(ferry, "returns-admin", true);
});

afterAll(async () => {
  await ferry?.close();
});

/** Puts `amountMinor` USD in the yield reserve from the operator's bank account. */
async function fundReserve(amountMinor: bigint): Promise<void> {
  await ferry.db.transaction().execute(async (trx) => {
    await fundYieldReserve(trx, { transferKey: `test-reserve:${randomUUID()}`, amountMinor, referenceType: "test" });
  });
}

async function reserveMinor(): Promise<bigint> {
  const row = await ferry.db
    .selectFrom("ledger_accounts")
    .select("balance")
    .where("owner_user_id", "is", null)
    .where("currency", "=", "USD")
    .where("purpose", "=", "yield_reserve")
    .executeTakeFirstOrThrow();
  return BigInt(row.balance);
}

/** A customer who invested `amount` USD at the clock's time. */
async function investor(amount: string): Promise<SessionUser & { investmentId: string }> {
  const user = await createPersona(ferry, "returns-investor");
  await fundWallet(ferry.db, user.userId, "USD", 10_000_000n);
  const response = await invest(ferry, user, amount);
  expect(response.statusCode, response.body).toBe(201);
  return { ...user, investmentId: response.json().investment.id as string };
}

/**
 * Withdraws everything the user's investment holds, at the clock's time: it earns nothing more, so
 * the returns of later tests (months later, at 2 % a day compounding) do not drain the reserve.
 */
async function closeOut(user: SessionUser): Promise<void> {
  const balance = (await readInvestment(ferry, user)).json().investment.currentBalance as string;
  const response = await withdraw(ferry, user, balance);
  expect(response.statusCode, response.body).toBe(201);
}

/** The daily returns recorded for an investment, oldest day first. */
async function returnsOf(investmentId: string) {
  return ferry.db
    .selectFrom("investment_transactions")
    .select([(eb) => eb.cast<string>("for_date", "text").as("day"), "amount"])
    .where("investment_id", "=", investmentId)
    .where("type", "=", "daily_return")
    .orderBy("for_date")
    .execute();
}

async function notificationsOf(userId: string, title: string) {
  return ferry.db
    .selectFrom("notifications")
    .select(["title", "message"])
    .where("user_id", "=", userId)
    .where("title", "=", title)
    .execute();
}

/** What the returns of `days` days on `principalMinor` are, compounding, each rounded down. */
function expectedReturns(principalMinor: bigint, days: number): bigint[] {
  const paid: bigint[] = [];
  let balance = principalMinor;
  for (let day = 0; day < days; day += 1) {
    const amount = dailyReturnMinor(balance, RATE);
    paid.push(amount);
    balance += amount;
  }
  return paid;
}

describe("the daily returns job", () => {
  test("with the reserve empty pays nothing, tells each admin once a day, and pays in order after a top-up", async () => {
    // First in the file: the reserve of this database has never been funded.
    clock.set("2031-01-10T10:00:00.000Z");
    expect(await reserveMinor()).toBe(0n);
    const user = await investor("1000.00");
    clock.set("2031-01-13T00:05:00.000Z");

    const short = await payDueReturns(ferry.db, settings);
    await payDueReturns(ferry.db, settings);

    expect(short).toMatchObject({ daysPaid: 0, daysShort: 2 });
    expect(await returnsOf(user.investmentId)).toEqual([]);
    expect(await accountBalanceMinor(ferry, user.userId, "investment")).toBe(100_000n);
    expect(await notificationsOf(admin.userId, "Yield reserve too low")).toHaveLength(1);
    expect(await notificationsOf(user.userId, "Daily return")).toEqual([]);

    // The reserve covers one day only: that day is paid, the next waits.
    await fundReserve(2_000n);
    clock.set("2031-01-13T12:00:00.000Z");
    expect(await payDueReturns(ferry.db, settings)).toMatchObject({ daysPaid: 1, daysShort: 1 });
    expect(await notificationsOf(admin.userId, "Yield reserve too low")).toHaveLength(1);

    const topUp = await postAmount(ferry, admin, "/api/v1/admin/yield-reserve/top-ups", "100.00");
    expect(topUp.statusCode, topUp.body).toBe(201);
    clock.set("2031-01-14T00:05:00.000Z");
    await payDueReturns(ferry.db, settings);

    expect((await returnsOf(user.investmentId)).map((row) => BigInt(row.amount))).toEqual(expectedReturns(100_000n, 3));
    // A new day short again would be told again; this one was not short.
    expect(await notificationsOf(admin.userId, "Yield reserve too low")).toHaveLength(1);
    await closeOut(user);
  });

  test("pays 2 % from the day after the first deposit, once per finished day, from the reserve", async () => {
    clock.set("2031-02-01T10:00:00.000Z");
    await fundReserve(1_000_000n);
    const user = await investor("1000.00");
    const reserveBefore = await reserveMinor();

    // The deposit's own day is not paid, and today (2031-02-02) is not finished.
    clock.set("2031-02-02T00:05:00.000Z");
    await payDueReturns(ferry.db, settings);
    expect(await returnsOf(user.investmentId)).toEqual([]);

    clock.set("2031-02-03T00:05:00.000Z");
    await payDueReturns(ferry.db, settings);
    await payDueReturns(ferry.db, settings);

    expect(await returnsOf(user.investmentId)).toEqual([{ day: "2031-02-02", amount: "2000" }]);
    expect(await reserveMinor()).toBe(reserveBefore - 2_000n);
    const overview = (await readInvestment(ferry, user)).json();
    expect(overview.investment).toMatchObject({
      currentBalance: "1020.00",
      amountInvested: "1000.00",
      totalReturns: "20.00",
      lastReturnDate: "2031-02-02",
      // Today's return so far: 2 % of the lowest balance held today, paid at the midnight ending it.
      nextPayout: { amount: "20.40", at: "2031-02-04T00:00:00.000Z", isAfterToday: false },
    });
    expect(overview.transactions[0]).toMatchObject({ type: "daily_return", amount: "20.00", balanceAfter: "1020.00" });
    expect(await notificationsOf(user.userId, "Daily return")).toEqual([
      { title: "Daily return", message: "Your investment earned USD 20.00 for 2031-02-02." },
    ]);
    const ledger = await ferry.db
      .selectFrom("ledger_transfers")
      .select(["amount", "kind"])
      .where("transfer_key", "=", returnTransferKey(user.investmentId, "2031-02-02"))
      .execute();
    expect(ledger).toEqual([{ amount: "2000", kind: "investment_return" }]);
    await closeOut(user);
  });

  test("pays the lowest balance of the day: money added during a day earns from the next, money taken out stops at once", async () => {
    clock.set("2031-03-01T10:00:00.000Z");
    await fundReserve(1_000_000n);
    const user = await investor("1000.00");
    clock.set("2031-03-02T09:00:00.000Z");
    await invest(ferry, user, "500.00");
    clock.set("2031-03-03T09:00:00.000Z");
    await withdraw(ferry, user, "1000.00");

    clock.set("2031-03-04T00:05:00.000Z");
    await payDueReturns(ferry.db, settings);

    // 2 March: lowest 1,000 (before the 500 arrived) → 20.00. 3 March: 1,500 + 20 opening, 520 after
    // the withdrawal → 10.40.
    expect(await returnsOf(user.investmentId)).toEqual([
      { day: "2031-03-02", amount: "2000" },
      { day: "2031-03-03", amount: "1040" },
    ]);
    await closeOut(user);
  });

  test("rounds each day's return down to the cent", async () => {
    clock.set("2031-04-01T10:00:00.000Z");
    await fundReserve(1_000_000n);
    const user = await investor("12.37");

    clock.set("2031-04-04T00:05:00.000Z");
    await payDueReturns(ferry.db, settings);

    // 12.37 × 0.02 = 0.2474 → 0.24; 12.61 × 0.02 = 0.2522 → 0.25.
    expect(await returnsOf(user.investmentId)).toEqual([
      { day: "2031-04-02", amount: "24" },
      { day: "2031-04-03", amount: "25" },
    ]);
    await closeOut(user);
  });

  test("catches up the days missed while the server was down, compounding as if paid on time", async () => {
    clock.set("2031-05-01T10:00:00.000Z");
    await fundReserve(1_000_000n);
    const user = await investor("1000.00");

    clock.advanceDays(5);
    const run = await payDueReturns(ferry.db, settings);

    const paid = (await returnsOf(user.investmentId)).map((row) => BigInt(row.amount));
    expect(paid).toEqual(expectedReturns(100_000n, 4));
    expect(run.throughDay).toBe("2031-05-05");
    expect(await accountBalanceMinor(ferry, user.userId, "investment")).toBe(
      100_000n + paid.reduce((sum, amount) => sum + amount, 0n),
    );
    expect(await notificationsOf(user.userId, "Daily return")).toHaveLength(4);
    await closeOut(user);
  });

  test("pays each day once when two job runners race on two connections", async () => {
    clock.set("2031-06-01T10:00:00.000Z");
    await fundReserve(10_000_000n);
    const users = [await investor("1000.00"), await investor("250.00"), await investor("3333.33")];
    clock.advanceDays(6);
    const first = openDatabase(databaseUrl, 2);
    const second = openDatabase(databaseUrl, 2);
    try {
      const runs = await Promise.all([payDueReturns(first.db, settings), payDueReturns(second.db, settings)]);

      // Between them they paid every (investment, day) exactly once.
      expect(runs[0].daysPaid + runs[1].daysPaid).toBe(15);
    } finally {
      await first.close();
      await second.close();
    }
    const principals = [100_000n, 25_000n, 333_333n];
    for (const [index, user] of users.entries()) {
      const paid = (await returnsOf(user.investmentId)).map((row) => BigInt(row.amount));
      expect(paid).toEqual(expectedReturns(principals[index] ?? 0n, 5));
      expect(await notificationsOf(user.userId, "Daily return")).toHaveLength(5);
      await closeOut(user);
    }
  });

  test("after a crash between days and one in the middle of a day, the next run pays the rest and nothing twice", async () => {
    clock.set("2031-07-01T10:00:00.000Z");
    await fundReserve(1_000_000n);
    const user = await investor("1000.00");
    // A run that ended (the process stopped) after paying 2 July.
    clock.set("2031-07-03T00:05:00.000Z");
    await payDueReturns(ferry.db, settings);
    // The process dies while paying 4 July: after its ledger transfer, before its history row is written.
    await sql`CREATE FUNCTION test_crash() RETURNS trigger AS $$
      BEGIN
        IF NEW.for_date = '2031-07-04' THEN RAISE EXCEPTION 'simulated crash'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`.execute(ferry.db);
    await sql`CREATE TRIGGER test_crash BEFORE INSERT ON investment_transactions
      FOR EACH ROW EXECUTE FUNCTION test_crash()`.execute(ferry.db);
    clock.set("2031-07-06T00:05:00.000Z");
    try {
      await expect(payDueReturns(ferry.db, settings)).rejects.toThrow("simulated crash");
    } finally {
      await sql`DROP TRIGGER test_crash ON investment_transactions`.execute(ferry.db);
      await sql`DROP FUNCTION test_crash()`.execute(ferry.db);
    }

    expect((await returnsOf(user.investmentId)).map((row) => row.day)).toEqual(["2031-07-02", "2031-07-03"]);
    const crashed = await ferry.db
      .selectFrom("ledger_transfers")
      .select("id")
      .where("transfer_key", "=", returnTransferKey(user.investmentId, "2031-07-04"))
      .execute();
    expect(crashed).toEqual([]);

    await payDueReturns(ferry.db, settings);
    await payDueReturns(ferry.db, settings);

    const paid = (await returnsOf(user.investmentId)).map((row) => BigInt(row.amount));
    expect(paid).toEqual(expectedReturns(100_000n, 4));
    expect(await notificationsOf(user.userId, "Daily return")).toHaveLength(4);
    await closeOut(user);
  });

  test("an emptied investment earns nothing and is settled without a transfer", async () => {
    clock.set("2031-09-01T10:00:00.000Z");
    await fundReserve(1_000_000n);
    const user = await investor("10.00");
    await withdraw(ferry, user, "10.00");

    clock.set("2031-09-10T00:05:00.000Z");
    await payDueReturns(ferry.db, settings);

    expect(await returnsOf(user.investmentId)).toEqual([]);
    const row = await ferry.db
      .selectFrom("investments")
      .select((eb) => eb.cast<string>("returns_settled_through", "text").as("through"))
      .where("id", "=", user.investmentId)
      .executeTakeFirstOrThrow();
    expect(row.through).toBe("2031-09-09");
  });
});

describe("the admin's view of the reserve", () => {
  test("shows today's returns due at the current rate and the whole days the reserve covers", async () => {
    clock.set("2031-10-01T10:00:00.000Z");
    await fundReserve(1_000_000n);
    const user = await investor("1234.56");
    const response = await send(ferry.app, {
      method: "GET",
      url: "/api/v1/admin/investments?limit=100",
      ip: admin.ip,
      cookie: admin.cookie,
    });

    expect(response.statusCode, response.body).toBe(200);
    const { reserve, items } = response.json();
    const dueMinor = (items as { status: string; currentBalance: string }[])
      .filter((item) => item.status === "active")
      .reduce((sum, item) => sum + dailyReturnMinor(BigInt(item.currentBalance.replace(".", "")), RATE), 0n);
    const balanceMinor = await reserveMinor();
    expect(reserve.dailyReturnsDue.replace(".", "")).toBe(dueMinor.toString());
    expect(dueMinor).toBeGreaterThanOrEqual(2_469n);
    expect(reserve.daysCovered).toBe(Number(balanceMinor / dueMinor));
    await closeOut(user);
  });
});

describe("the job runner", () => {
  test("hands pg-boss the rows of every statement of a multi-statement query (its locked commands read them)", async () => {
    const handle = openDatabase(databaseUrl, 1);
    try {
      const result = await poolAdapter(handle.pool).executeSql("BEGIN; SELECT 1 AS first; SELECT 2 AS second; COMMIT");

      expect(Array.isArray(result)).toBe(true);
      expect((result as unknown as { rows: unknown[] }[]).flatMap((item) => item.rows)).toEqual([
        { first: 1 },
        { second: 2 },
      ]);
    } finally {
      await handle.close();
    }
  });

  test("schedules the daily returns at 00:05 UTC and catches up at start", async () => {
    clock.set("2031-11-01T10:00:00.000Z");
    await fundReserve(1_000_000n);
    const user = await investor("100.00");
    clock.set("2031-11-03T10:00:00.000Z");

    const withJobs = await buildAppWithClock(databaseUrl, clock, { JOBS_ENABLED: "true" });
    try {
      const schedules = await sql<{ name: string; cron: string; timezone: string }>`
        SELECT name, cron, timezone FROM pgboss.schedule ORDER BY name`.execute(withJobs.db);
      expect(schedules.rows).toEqual([
        { name: "housekeeping", cron: "*/10 * * * *", timezone: "UTC" },
        { name: "investment-daily-returns", cron: "5 0 * * *", timezone: "UTC" },
        // Webhook retries, and deliveries a killed process held (decision 042).
        { name: "webhook-delivery", cron: "* * * * *", timezone: "UTC" },
      ]);
      // The run queued at start pays 2 November (the deposit's day earns nothing; 3 November is today).
      const deadline = Date.now() + 20_000;
      while ((await returnsOf(user.investmentId)).length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await returnsOf(user.investmentId)).toEqual([{ day: "2031-11-02", amount: "200" }]);
      await closeOut(user);
    } finally {
      await withJobs.close();
    }
  }, 40_000);
});

describe("the development clock", () => {
  test("POST /dev/clock moves the clock forward and pays the returns due, for this machine only", async () => {
    clock.set("2031-12-01T10:00:00.000Z");
    await fundReserve(1_000_000n);
    const user = await investor("100.00");

    const forwarded = await ferry.app.inject({
      method: "POST",
      url: "/dev/clock",
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": "203.0.113.5" },
      payload: { advanceDays: 2 },
    });
    const remote = await ferry.app.inject({
      method: "POST",
      url: "/dev/clock",
      remoteAddress: "203.0.113.5",
      payload: { advanceDays: 2 },
    });
    expect(forwarded.statusCode).toBe(403);
    expect(remote.statusCode).toBe(403);

    const moved = await ferry.app.inject({
      method: "POST",
      url: "/dev/clock",
      remoteAddress: "127.0.0.1",
      payload: { advanceDays: 2 },
    });

    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      now: "2031-12-03T10:00:00.000Z",
      offsetDays: 2,
      returns: { throughDay: "2031-12-02", daysShort: 0 },
    });
    expect(await returnsOf(user.investmentId)).toEqual([{ day: "2031-12-02", amount: "200" }]);
    const read = await ferry.app.inject({ method: "GET", url: "/dev/clock", remoteAddress: "127.0.0.1" });
    expect(read.json()).toMatchObject({ now: "2031-12-03T10:00:00.000Z", offsetDays: 2, returns: null });
    const refused = await ferry.app.inject({
      method: "POST",
      url: "/dev/clock",
      remoteAddress: "127.0.0.1",
      payload: { advanceDays: 0 },
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe("the reconciliation", () => {
  test("stays clean: balances sum to zero and the reserve paid exactly the returns recorded", async () => {
    const report = await reconcileLedger(ferry.db);

    expect(report.violations).toEqual([]);
  });
});
