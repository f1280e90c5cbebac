// The total of all balances in a display currency (issue 29, decision 045), on a database of this file's
// own: it changes the USD→JPY rate, which no other file may see.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  buildTestApp,
  createIsolatedDatabase,
  createSessionUser,
  fundWallet,
  type SessionUser,
  send,
  type TestApp,
} from "./helpers.ts";

let ferry: TestApp;

beforeAll(async () => {
  ferry = await buildTestApp({}, { databaseUrl: await createIsolatedDatabase("display_currency") });
});

afterAll(async () => {
  await ferry?.close();
});

async function readTotal(user: SessionUser, currency?: string) {
  const response = await send(ferry.app, {
    method: "GET",
    url: currency ? `/api/v1/balances/total?currency=${currency}` : "/api/v1/balances/total",
    ip: user.ip,
    cookie: user.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A person holding USD 1,250.00, EUR 100.50 and BTC 0.01 (at the seeded EUR 1.08, BTC 65,000, JPY 157 per USD). */
async function createHolder(label: string): Promise<SessionUser> {
  const user = await createSessionUser(ferry, { label });
  await fundWallet(ferry.db, user.userId, "USD", 125_000n);
  await fundWallet(ferry.db, user.userId, "EUR", 10_050n);
  await fundWallet(ferry.db, user.userId, "BTC", 1_000_000n);
  return user;
}

async function setUsdJpyRate(rate: string): Promise<void> {
  const admin = await createSessionUser(ferry, { label: "display-admin", isAdmin: true });
  const response = await send(ferry.app, {
    method: "PUT",
    url: "/api/v1/admin/rates/USD/JPY",
    ip: admin.ip,
    cookie: admin.cookie,
    payload: { rate, feeBasisPoints: 25 },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe("GET /api/v1/balances/total", () => {
  test("sums every balance in USD with 2 decimals, naming the rates used", async () => {
    const user = await createHolder("display-usd");

    const total = await readTotal(user, "USD");

    // 1,250 + 100.50 × 1.08 + 0.01 × 65,000
    expect(total).toMatchObject({ currency: "USD", total: "2008.54" });
    expect(
      total.rates.map((rate: { from: string; to: string; rate: string }) => `${rate.from}>${rate.to} ${rate.rate}`),
    ).toEqual(["EUR>USD 1.08", "BTC>USD 65000"]);
    expect(total.ratesAsOf).toBe(
      total.rates
        .map((rate: { updatedAt: string }) => rate.updatedAt)
        .sort()
        .at(-1),
    );
  });

  test("uses the direct pairs for EUR", async () => {
    const user = await createHolder("display-eur");

    const total = await readTotal(user, "EUR");

    // 1,250 × 0.925925925925925926 + 100.50 + 0.01 × 60,185.185185185185185185 = 1,859.759…
    expect(total).toMatchObject({ currency: "EUR", total: "1859.76" });
  });

  test("shows JPY with no decimals, reached through USD", async () => {
    const user = await createHolder("display-jpy");

    const total = await readTotal(user, "JPY");

    // (1,250 + 108.54 + 650) × 157 = 315,340.78
    expect(total).toMatchObject({ currency: "JPY", total: "315341" });
    expect(total.rates.map((rate: { from: string; to: string }) => `${rate.from}>${rate.to}`)).toEqual([
      "USD>JPY",
      "EUR>USD",
      "BTC>USD",
    ]);
  });

  test("shows BTC with 8 decimals", async () => {
    const user = await createHolder("display-btc");

    const total = await readTotal(user, "BTC");

    // 1,250 × 0.000015384615384615 + 100.50 × 0.000016615384615385 + 0.01 = 0.030900615…
    expect(total).toMatchObject({ currency: "BTC", total: "0.03090062" });
  });

  test("reads the saved display currency when none is asked for", async () => {
    const user = await createHolder("display-saved");
    const saved = await send(ferry.app, {
      method: "PUT",
      url: "/api/v1/settings/preferences",
      ip: user.ip,
      cookie: user.cookie,
      payload: { language: "en", currency: "JPY", timeZone: "UTC", theme: "system" },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    expect(await readTotal(user)).toMatchObject({ currency: "JPY", total: "315341" });
  });

  test("is zero, with no rates, for someone who holds nothing", async () => {
    const user = await createSessionUser(ferry, { label: "display-empty" });

    expect(await readTotal(user, "BTC")).toEqual({ currency: "BTC", total: "0.00000000", ratesAsOf: null, rates: [] });
    expect(await readTotal(user)).toEqual({ currency: "USD", total: "0.00", ratesAsOf: null, rates: [] });
  });

  test("never counts another person's balances", async () => {
    const user = await createHolder("display-mine");
    const other = await createSessionUser(ferry, { label: "display-other" });
    await fundWallet(ferry.db, other.userId, "USD", 99_999_00n);

    expect((await readTotal(user, "USD")).total).toBe("2008.54");
    expect((await readTotal(other, "USD")).total).toBe("99999.00");
  });

  test("refuses a currency that is not a display currency", async () => {
    const user = await createSessionUser(ferry, { label: "display-gbp" });
    const response = await send(ferry.app, {
      method: "GET",
      url: "/api/v1/balances/total?currency=GBP",
      ip: user.ip,
      cookie: user.cookie,
    });
    expect(response.statusCode, response.body).toBe(400);
  });

  // Last: it changes the USD→JPY rate for the rest of this file.
  test("reflects an admin's rate change at once", async () => {
    const user = await createHolder("display-change");
    const before = await readTotal(user, "JPY");

    await setUsdJpyRate("150");

    const after = await readTotal(user, "JPY");
    // 2,008.54 × 150 = 301,281
    expect(after.total).toBe("301281");
    const usdJpy = after.rates.find((rate: { from: string; to: string }) => rate.from === "USD" && rate.to === "JPY");
    expect(usdJpy.rate).toBe("150");
    expect(after.ratesAsOf >= before.ratesAsOf).toBe(true);
    expect(after.ratesAsOf).toBe(usdJpy.updatedAt);
  });
});
