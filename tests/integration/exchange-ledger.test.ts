// The rate table's offline defaults and the ledger under random exchanges (issue 9), on a database of
// this file's own: no other file changes its rates or its FX accounts, so the seeded values and the
// reconciliation are exact.
import { randomUUID } from "node:crypto";
import { CURRENCIES, CURRENCY_CODES, type CurrencyCode } from "@ferry/core/currencies";
import { priceExchange, rateOf } from "@ferry/core/exchange";
import { toDecimalString } from "@ferry/core/money";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { reconcileLedger } from "../../apps/server/src/modules/ledger/reconcile.ts";
import {
  buildTestApp,
  createIsolatedDatabase,
  createSessionUser,
  fundWallet,
  readWallet,
  type SessionUser,
  send,
  type TestApp,
} from "./helpers.ts";

/** Random exchanges against the real database: enough to mix every currency, few enough to stay fast. */
const EXCHANGE_RUNS = 20;

let ferry: TestApp;

beforeAll(async () => {
  ferry = await buildTestApp({}, { databaseUrl: await createIsolatedDatabase("exchange") });
});

afterAll(async () => {
  await ferry?.close();
});

interface RatePairBody {
  from: CurrencyCode;
  to: CurrencyCode;
  rate: string;
  feeBasisPoints: number;
  updatedAt: string;
}

async function listRates(): Promise<RatePairBody[]> {
  const response = await send(ferry.app, { method: "GET", url: "/api/v1/rates", ip: "10.1.2.3" });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().rates as RatePairBody[];
}

describe("the rate table's offline defaults", () => {
  test("lists every ordered pair of the nine currencies once, publicly, in display order, and USD↔JPY last", async () => {
    const rates = await listRates();

    const expectedPairs = CURRENCY_CODES.flatMap((from) =>
      CURRENCY_CODES.filter((to) => to !== from).map((to) => `${from}>${to}`),
    );
    // JPY is a display currency only (migration 032): priced against USD, listed after the ledger's.
    const pairs = rates.map((pair) => `${pair.from}>${pair.to}`);
    expect(pairs.filter((pair) => !pair.includes("JPY"))).toEqual(expectedPairs);
    expect(pairs.filter((pair) => pair.includes("JPY"))).toEqual(["USD>JPY", "JPY>USD"]);
    expect(rates).toHaveLength(74);
  });

  test("carries the spec's fees: 0.5 % to BTC and ETH, 0.1 % to USDC, 0.8 % from BTC and ETH, 0.3 % EUR to USD, else 0.25 %", async () => {
    const fees = Object.fromEntries(
      (await listRates()).map((pair) => [`${pair.from}>${pair.to}`, pair.feeBasisPoints]),
    );

    expect(fees).toMatchObject({
      "USD>BTC": 50,
      "USD>ETH": 50,
      "USD>USDC": 10,
      "BTC>USD": 80,
      "ETH>USD": 80,
      "EUR>USD": 30,
    });
    const special = new Set(["USD>BTC", "USD>ETH", "USD>USDC", "BTC>USD", "ETH>USD", "EUR>USD"]);
    const others = Object.entries(fees).filter(([pair]) => !special.has(pair));
    expect(others).toHaveLength(68);
    expect(new Set(others.map(([, fee]) => fee))).toEqual(new Set([25]));
  });

  test("are consistent cross rates of one US dollar price per currency", async () => {
    const rates = new Map((await listRates()).map((pair) => [`${pair.from}>${pair.to}`, pair.rate]));

    expect(rates.get("EUR>USD")).toBe("1.08");
    expect(rates.get("BTC>USD")).toBe("65000");
    expect(rates.get("USD>BTC")).toBe("0.000015384615384615");
    expect(rates.get("USDC>USDT")).toBe("1");
    expect(rates.get("BTC>ETH")).toBe("18.571428571428571429");
    // A → B → A comes back to 1 within the 18th decimal of rounding.
    for (const from of CURRENCY_CODES) {
      for (const to of CURRENCY_CODES.filter((code) => code !== from)) {
        const there = rateOf(rates.get(`${from}>${to}`) ?? "0");
        const back = rateOf(rates.get(`${to}>${from}`) ?? "0");
        const productScale = 10n ** BigInt(there.decimals + back.decimals);
        const difference = there.units * back.units - productScale;
        const tolerance = productScale / 10n ** 12n;
        expect(difference <= tolerance && difference >= -tolerance, `${from} ↔ ${to}`).toBe(true);
      }
    }
  });

  test("makes the FX accounts external (they may go negative) and leaves every other system account as it was", async () => {
    const accounts = await ferry.db
      .selectFrom("ledger_accounts")
      .select(["purpose", "is_external"])
      .where("owner_user_id", "is", null)
      .execute();

    const externalPurposes = new Set(accounts.filter((row) => row.is_external).map((row) => row.purpose));
    expect(externalPurposes).toEqual(new Set(["bank_deposits", "crypto_deposits", "fx"]));
  });
});

describe("quotes at the default rates", () => {
  test("refuses an amount too small to buy one minor unit of the other currency", async () => {
    const user = await createSessionUser(ferry, { label: "exchange-small" });
    await fundWallet(ferry.db, user.userId, "USD", 1_000n);

    // One cent at 0.25 %: its fee is one cent (rounded up), so nothing is left to convert.
    const response = await send(ferry.app, {
      method: "POST",
      url: "/api/v1/exchange/quotes",
      ip: user.ip,
      cookie: user.cookie,
      payload: { from: "USD", to: "EUR", amount: "0.01" },
    });

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields.amount).toBe("This amount is too small to buy any EUR");
  });

  test("1,000 USD buys 0.01530769 BTC: the 0.5 % fee and the rounding down of what arrives", async () => {
    const user = await createSessionUser(ferry, { label: "exchange-btc" });
    await fundWallet(ferry.db, user.userId, "USD", 100_000n);

    const response = await send(ferry.app, {
      method: "POST",
      url: "/api/v1/exchange/quotes",
      ip: user.ip,
      cookie: user.cookie,
      payload: { from: "USD", to: "BTC", amount: "1000" },
    });

    expect(response.statusCode, response.body).toBe(201);
    // 995 USD / 65,000 = 0.015307692… BTC.
    expect(response.json()).toMatchObject({
      amount: "1000.00",
      fee: "5.00",
      receive: "0.01530769",
      feeBasisPoints: 50,
    });
  });
});

describe("random exchanges against the ledger", () => {
  test(`${EXCHANGE_RUNS} random exchanges move exactly their quotes and keep every currency's sum at zero`, async () => {
    const users: SessionUser[] = [];
    for (let index = 0; index < 3; index += 1) {
      users.push(await createSessionUser(ferry, { label: "exchange-property" }));
    }
    const pair = fc
      .tuple(fc.constantFrom(...CURRENCY_CODES), fc.constantFrom(...CURRENCY_CODES))
      .filter(([from, to]) => from !== to);

    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: users.length - 1 }),
        pair,
        fc.integer({ min: 1, max: 5_000 }),
        fc.integer({ min: 0, max: 6 }),
        async (userIndex, [from, to], whole, decimals) => {
          const user = users[userIndex];
          const places = Math.min(decimals, CURRENCIES[from].scale);
          const amountMinor = BigInt(whole) * 10n ** BigInt(CURRENCIES[from].scale - places);
          const amount = toDecimalString(amountMinor, from);
          // Each exchange is paid for first: the runs (and fast-check's shrinking, which runs the property
          // again) would otherwise spend a wallet empty, whatever it started with.
          await fundWallet(ferry.db, user.userId, from, amountMinor);
          const fromBefore = (await readWallet(ferry.db, user.userId, from)).balanceMinor;
          const toBefore = (await readWallet(ferry.db, user.userId, to)).balanceMinor;

          const quoted = await send(ferry.app, {
            method: "POST",
            url: "/api/v1/exchange/quotes",
            ip: user.ip,
            cookie: user.cookie,
            payload: { from, to, amount },
          });
          if (quoted.statusCode === 400) {
            // Too small to buy one minor unit of `to`: refused, and nothing moved.
            expect(quoted.json().error.fields.amount).toMatch(/too small/);
            return;
          }
          expect(quoted.statusCode, quoted.body).toBe(201);
          const quote = quoted.json();
          const figures = priceExchange({
            amountMinor,
            from,
            to,
            rate: rateOf(quote.rate),
            feeBasisPoints: quote.feeBasisPoints,
          });
          const confirmed = await send(ferry.app, {
            method: "POST",
            url: "/api/v1/exchange",
            ip: user.ip,
            cookie: user.cookie,
            payload: { quoteId: quote.id },
            headers: { "idempotency-key": `property-${randomUUID()}` },
          });
          expect(confirmed.statusCode, confirmed.body).toBe(201);

          expect((await readWallet(ferry.db, user.userId, from)).balanceMinor).toBe(fromBefore - amountMinor);
          expect((await readWallet(ferry.db, user.userId, to)).balanceMinor).toBe(toBefore + figures.receiveMinor);
          const report = await reconcileLedger(ferry.db);
          expect(report.violations).toEqual([]);
        },
      ),
      { numRuns: EXCHANGE_RUNS },
    );

    const report = await reconcileLedger(ferry.db);
    expect(report.violations).toEqual([]);
    expect(report.sums).toEqual(Object.fromEntries(CURRENCY_CODES.map((currency) => [currency, "0"])));
    // The FX accounts took the other side of every exchange: some now hold money, some owe it.
    const fx = await ferry.db
      .selectFrom("ledger_accounts")
      .select(["currency", "balance"])
      .where("purpose", "=", "fx")
      .where("owner_user_id", "is", null)
      .execute();
    expect(fx.some((account) => BigInt(account.balance) !== 0n)).toBe(true);
  }, 120_000);
});
