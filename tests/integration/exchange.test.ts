// Currency exchange through the HTTP layer (issue 9): a 30-second quote, then exactly that quote
// confirmed once. Rates in this shared database may be changed by other files (the admin routes are
// exercised by the authorisation matrix, the contract test and the fuzzer), so every expectation is
// computed from the rate and fee the quote itself carries, with core's arithmetic.
import { randomUUID } from "node:crypto";
import { FRESH_QUOTE_MESSAGE, QUOTE_EXPIRED_MESSAGE } from "@ferry/core/contracts/exchange";
import type { CurrencyCode } from "@ferry/core/currencies";
import { priceExchange, rateOf } from "@ferry/core/exchange";
import { parseAmount, toDecimalString } from "@ferry/core/money";
import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { systemClock } from "../../apps/server/src/clock.ts";
import { AppError } from "../../apps/server/src/errors.ts";
import { createExchangeQuote, executeExchange } from "../../apps/server/src/modules/exchange/service.ts";
import { tableRateProvider } from "../../apps/server/src/modules/rates/service.ts";
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

let ferry: TestApp;

beforeAll(async () => {
  ferry = await buildTestApp();
});

afterAll(async () => {
  await ferry?.close();
});

function minorOf(amount: string, currency: CurrencyCode): bigint {
  const parsed = parseAmount(amount, currency);
  if (!parsed.ok) {
    throw new Error(`Bad amount ${amount} ${currency}`);
  }
  return parsed.amountMinor;
}

/** A fresh customer holding `amount` of `currency`. */
async function fundedCustomer(currency: CurrencyCode, amount: string): Promise<SessionUser> {
  const user = await createSessionUser(ferry, { label: "exchange" });
  await fundWallet(ferry.db, user.userId, currency, minorOf(amount, currency));
  return user;
}

function requestQuote(user: SessionUser | undefined, body: unknown): Promise<LightMyRequestResponse> {
  return send(ferry.app, {
    method: "POST",
    url: "/api/v1/exchange/quotes",
    ip: user?.ip ?? "10.9.9.9",
    cookie: user?.cookie,
    payload: body,
  });
}

function confirm(user: SessionUser, quoteId: string, key = `exchange-${randomUUID()}`) {
  return send(ferry.app, {
    method: "POST",
    url: "/api/v1/exchange",
    ip: user.ip,
    cookie: user.cookie,
    payload: { quoteId },
    headers: { "idempotency-key": key },
  });
}

interface QuoteBody {
  id: string;
  from: CurrencyCode;
  to: CurrencyCode;
  amount: string;
  fee: string;
  receive: string;
  rate: string;
  feeBasisPoints: number;
  createdAt: string;
  expiresAt: string;
}

async function quoteOf(user: SessionUser, from: CurrencyCode, to: CurrencyCode, amount: string): Promise<QuoteBody> {
  const response = await requestQuote(user, { from, to, amount });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as QuoteBody;
}

/** What core's arithmetic says a quote must come to, from the rate and fee it carries. */
function expectedFiguresOf(quote: QuoteBody) {
  const figures = priceExchange({
    amountMinor: minorOf(quote.amount, quote.from),
    from: quote.from,
    to: quote.to,
    rate: rateOf(quote.rate),
    feeBasisPoints: quote.feeBasisPoints,
  });
  return {
    fee: toDecimalString(figures.feeMinor, quote.from),
    receive: toDecimalString(figures.receiveMinor, quote.to),
  };
}

async function legsOf(quoteId: string) {
  return ferry.db
    .selectFrom("ledger_transfers")
    .innerJoin("ledger_accounts as debit", "debit.id", "ledger_transfers.debit_account_id")
    .innerJoin("ledger_accounts as credit", "credit.id", "ledger_transfers.credit_account_id")
    .select([
      "ledger_transfers.transfer_key",
      "ledger_transfers.amount",
      "ledger_transfers.currency",
      "ledger_transfers.state",
      "debit.purpose as debit_purpose",
      "credit.purpose as credit_purpose",
    ])
    .where("ledger_transfers.reference_type", "=", "exchange")
    .where("ledger_transfers.reference_id", "=", quoteId)
    .orderBy("ledger_transfers.transfer_key")
    .execute();
}

async function notificationsOf(userId: string) {
  return ferry.db
    .selectFrom("notifications")
    .select(["title", "message", "type"])
    .where("user_id", "=", userId)
    .execute();
}

describe("quotes", () => {
  test("quotes 100 USD to EUR locked for 30 seconds, the fee rounded up and what arrives rounded down", async () => {
    const user = await fundedCustomer("USD", "500.00");

    const quote = await quoteOf(user, "USD", "EUR", "100");

    expect(quote).toMatchObject({ from: "USD", to: "EUR", amount: "100.00" });
    expect(quote).toMatchObject(expectedFiguresOf(quote));
    expect(new Date(quote.expiresAt).getTime() - new Date(quote.createdAt).getTime()).toBe(30_000);
    // A quote moves nothing.
    expect((await readWallet(ferry.db, user.userId, "USD")).balanceMinor).toBe(50_000n);
  });

  test("prices a crypto quote in the crypto's own scale (8 decimals for BTC)", async () => {
    const user = await fundedCustomer("USD", "2000.00");

    const quote = await quoteOf(user, "USD", "BTC", "1000.00");

    expect(quote.receive).toMatch(/^\d+\.\d{8}$/);
    expect(quote).toMatchObject(expectedFiguresOf(quote));
  });

  test("refuses more than the wallet holds with the spec's 'Insufficient USD balance'", async () => {
    const user = await fundedCustomer("USD", "10.00");

    const response = await requestQuote(user, { from: "USD", to: "EUR", amount: "10.01" });

    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error).toEqual({ code: "insufficient_funds", message: "Insufficient USD balance" });
  });

  test.each([
    [{ from: "USD", to: "USD", amount: "1.00" }, "to", "Choose two different currencies"],
    [{ from: "USD", to: "EUR", amount: "1.005" }, "amount", "USD amounts have at most 2 decimals"],
    [{ from: "USD", to: "EUR", amount: "0" }, "amount", "Please enter a valid amount"],
    [{ from: "USD", to: "EUR", amount: "-1" }, "amount", "Please enter a valid amount"],
    [{ from: "XYZ", to: "EUR", amount: "1" }, "from", undefined],
  ])("refuses %j naming the field", async (body, field, message) => {
    const user = await fundedCustomer("USD", "10.00");

    const response = await requestQuote(user, body);

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.code).toBe("validation_failed");
    expect(Object.keys(response.json().error.fields)).toContain(field);
    if (message) {
      expect(response.json().error.fields[field]).toBe(message);
    }
  });

  test.each([
    // Issue 24: this quote to ETH overflowed NUMERIC(38,0) and answered 500.
    ["9999999999999999999999999999.99", "USD", "ETH"],
    ["1000000000.01", "USD", "ETH"],
    ["1000000001", "BTC", "USD"],
  ] as const)("refuses %s %s to %s with 400 naming the limit, and records no quote", async (amount, from, to) => {
    const user = await fundedCustomer(from, "10.00");

    const response = await requestQuote(user, { from, to, amount });

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({
      code: "validation_failed",
      fields: { amount: `Amount can be at most 1,000,000,000 ${from}` },
    });
    const quotes = await ferry.db
      .selectFrom("exchange_quotes")
      .select("id")
      .where("user_id", "=", user.userId)
      .execute();
    expect(quotes).toEqual([]);
  });

  test("refuses a quote that would pay out more than one amount may be, at a rate stored before rates were bounded", async () => {
    const user = await fundedCustomer("USD", "1000000000.00");
    // A rate an admin could set before issue 24 (the column holds 20 whole digits); today's form refuses it.
    const legacyProvider: typeof tableRateProvider = {
      priceOf: async (_db, from, to) => ({
        from,
        to,
        rate: rateOf("99999999999999999999"),
        feeBasisPoints: 0,
        updatedAt: new Date(),
      }),
      listPrices: async () => [],
    };

    const quoting = createExchangeQuote(ferry.db, { rateProvider: legacyProvider, clock: systemClock }, user.userId, {
      from: "USD",
      to: "ETH",
      amount: "1000000000.00",
    });

    await expect(quoting).rejects.toMatchObject({
      code: "validation_failed",
      fields: { amount: "This amount would buy more than 1,000,000,000 ETH, the most one exchange can pay" },
    });
    const quotes = await ferry.db
      .selectFrom("exchange_quotes")
      .select("id")
      .where("user_id", "=", user.userId)
      .execute();
    expect(quotes).toEqual([]);
  });

  test("asks who is calling before anything else: anonymous 401", async () => {
    const response = await requestQuote(undefined, { from: "USD", to: "EUR", amount: "1.00" });

    expect(response.statusCode).toBe(401);
  });
});

describe("confirming a quote", () => {
  test("moves exactly the quoted amounts in one ledger operation through the FX accounts, with the fee leg", async () => {
    const user = await fundedCustomer("USD", "500.00");
    const quote = await quoteOf(user, "USD", "EUR", "100.00");

    const response = await confirm(user, quote.id);

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      id: quote.id,
      from: "USD",
      to: "EUR",
      amount: quote.amount,
      fee: quote.fee,
      receive: quote.receive,
      rate: quote.rate,
      feeBasisPoints: quote.feeBasisPoints,
      createdAt: quote.createdAt,
      status: "completed",
      executedAt: expect.any(String),
    });
    expect((await readWallet(ferry.db, user.userId, "USD")).balanceMinor).toBe(50_000n - 10_000n);
    expect((await readWallet(ferry.db, user.userId, "EUR")).balanceMinor).toBe(minorOf(quote.receive, "EUR"));
    const feeMinor = minorOf(quote.fee, "USD");
    expect(await legsOf(quote.id)).toEqual([
      {
        transfer_key: `exchange:${quote.id}:buy`,
        amount: minorOf(quote.receive, "EUR").toString(),
        currency: "EUR",
        state: "posted",
        debit_purpose: "fx",
        credit_purpose: "wallet",
      },
      {
        transfer_key: `exchange:${quote.id}:fee`,
        amount: feeMinor.toString(),
        currency: "USD",
        state: "posted",
        debit_purpose: "wallet",
        credit_purpose: "fees",
      },
      {
        transfer_key: `exchange:${quote.id}:sell`,
        amount: (10_000n - feeMinor).toString(),
        currency: "USD",
        state: "posted",
        debit_purpose: "wallet",
        credit_purpose: "fx",
      },
    ]);
  });

  test("appears in the history as the currency sold (with its fee) and the currency bought, with one notification", async () => {
    const user = await fundedCustomer("EUR", "300.00");
    const quote = await quoteOf(user, "EUR", "GBP", "50.00");
    expect((await confirm(user, quote.id)).statusCode).toBe(201);

    const history = await send(ferry.app, {
      method: "GET",
      url: "/api/v1/transactions",
      ip: user.ip,
      cookie: user.cookie,
    });

    expect(history.statusCode, history.body).toBe(200);
    const exchangeItems = (history.json().items as Array<Record<string, unknown>>).filter(
      (item) => item.type === "exchange",
    );
    const sold = minorOf(quote.amount, "EUR") - minorOf(quote.fee, "EUR");
    expect(exchangeItems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: `xo${quote.id}`,
          direction: "out",
          currency: "EUR",
          amount: toDecimalString(sold, "EUR"),
          fee: quote.fee,
          status: "completed",
          counterparty: "EUR → GBP",
        }),
        expect.objectContaining({
          id: `xi${quote.id}`,
          direction: "in",
          currency: "GBP",
          amount: quote.receive,
          fee: "0.00",
          counterparty: "EUR → GBP",
        }),
      ]),
    );
    expect(exchangeItems).toHaveLength(2);
    expect(await notificationsOf(user.userId)).toEqual([
      {
        title: "Exchange completed",
        message: `You exchanged EUR ${quote.amount} for GBP ${quote.receive}.`,
        type: "success",
      },
    ]);
  });

  test("the same Idempotency-Key again returns the first exchange and moves nothing more", async () => {
    const user = await fundedCustomer("USD", "500.00");
    const quote = await quoteOf(user, "USD", "EUR", "100.00");
    const key = `exchange-${randomUUID()}`;
    const first = await confirm(user, quote.id, key);

    const again = await confirm(user, quote.id, key);

    expect(first.statusCode).toBe(201);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await readWallet(ferry.db, user.userId, "USD")).balanceMinor).toBe(40_000n);
    expect(await legsOf(quote.id)).toHaveLength(3);
    expect(await notificationsOf(user.userId)).toHaveLength(1);
  });

  test("two confirmations of one quote at once with one key move the money once", async () => {
    const user = await fundedCustomer("USD", "500.00");
    const quote = await quoteOf(user, "USD", "CAD", "100.00");
    const key = `exchange-${randomUUID()}`;

    const answers = await Promise.all([confirm(user, quote.id, key), confirm(user, quote.id, key)]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect((await readWallet(ferry.db, user.userId, "USD")).balanceMinor).toBe(40_000n);
    expect((await readWallet(ferry.db, user.userId, "CAD")).balanceMinor).toBe(minorOf(quote.receive, "CAD"));
  });

  test("a quote confirmed under one key cannot be confirmed again under another (409), and a key is bound to its quote", async () => {
    const user = await fundedCustomer("USD", "500.00");
    const quote = await quoteOf(user, "USD", "EUR", "100.00");
    const other = await quoteOf(user, "USD", "EUR", "50.00");
    const key = `exchange-${randomUUID()}`;
    expect((await confirm(user, quote.id, key)).statusCode).toBe(201);

    const reused = await confirm(user, quote.id);
    const keyForAnother = await confirm(user, other.id, key);

    expect(reused.statusCode, reused.body).toBe(409);
    expect(reused.json().error.message).toBe("This quote was already confirmed");
    expect(keyForAnother.statusCode, keyForAnother.body).toBe(409);
    expect(keyForAnother.json().error.message).toBe("This Idempotency-Key was already used for a different request");
    expect((await readWallet(ferry.db, user.userId, "USD")).balanceMinor).toBe(40_000n);
  });

  test("an expired quote is refused with 409 and a clear message, moving nothing; a fresh quote then goes through", async () => {
    const user = await fundedCustomer("USD", "500.00");
    const quote = await quoteOf(user, "USD", "EUR", "100.00");
    // Thirty-one seconds later, as far as this quote is concerned.
    await sql`UPDATE exchange_quotes SET created_at = created_at - interval '31 seconds',
      expires_at = expires_at - interval '31 seconds' WHERE id = ${quote.id}`.execute(ferry.db);

    const late = await confirm(user, quote.id);

    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().error).toEqual({
      code: "conflict",
      message: QUOTE_EXPIRED_MESSAGE,
      fields: { quoteId: QUOTE_EXPIRED_MESSAGE },
    });
    expect(FRESH_QUOTE_MESSAGE).toBe("This quote expired. Here is a fresh one.");
    expect((await readWallet(ferry.db, user.userId, "USD")).balanceMinor).toBe(50_000n);
    expect(await legsOf(quote.id)).toEqual([]);
    const fresh = await quoteOf(user, "USD", "EUR", "100.00");
    expect((await confirm(user, fresh.id)).statusCode).toBe(201);
  });

  test("someone else's quote reads as missing (404) and moves nothing", async () => {
    const owner = await fundedCustomer("USD", "500.00");
    const stranger = await fundedCustomer("USD", "500.00");
    const quote = await quoteOf(owner, "USD", "EUR", "100.00");

    const response = await confirm(stranger, quote.id);

    expect(response.statusCode, response.body).toBe(404);
    expect((await readWallet(ferry.db, owner.userId, "USD")).balanceMinor).toBe(50_000n);
    expect((await readWallet(ferry.db, stranger.userId, "USD")).balanceMinor).toBe(50_000n);
    // The owner can still confirm it.
    expect((await confirm(owner, quote.id)).statusCode).toBe(201);
  });

  test("an unknown quote is 404, and a request without an Idempotency-Key is refused", async () => {
    const user = await fundedCustomer("USD", "10.00");

    const unknown = await confirm(user, randomUUID());
    const withoutKey = await send(ferry.app, {
      method: "POST",
      url: "/api/v1/exchange",
      ip: user.ip,
      cookie: user.cookie,
      payload: { quoteId: randomUUID() },
    });

    expect(unknown.statusCode).toBe(404);
    expect(withoutKey.statusCode).toBe(400);
    expect(withoutKey.json().error.fields).toHaveProperty("idempotency-key");
  });

  test("refuses a quote the balance no longer covers with 'Insufficient USD balance', moving nothing", async () => {
    const user = await fundedCustomer("USD", "150.00");
    const first = await quoteOf(user, "USD", "EUR", "100.00");
    const second = await quoteOf(user, "USD", "GBP", "100.00");
    expect((await confirm(user, first.id)).statusCode).toBe(201);

    const response = await confirm(user, second.id);

    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error).toEqual({ code: "insufficient_funds", message: "Insufficient USD balance" });
    expect((await readWallet(ferry.db, user.userId, "USD")).balanceMinor).toBe(5_000n);
    expect((await readWallet(ferry.db, user.userId, "GBP")).balanceMinor).toBe(0n);
    expect(await legsOf(second.id)).toEqual([]);
  });
});

describe("quote expiry by the service's clock", () => {
  test("a quote confirms up to its 30th second and not at it", async () => {
    const user = await fundedCustomer("USD", "500.00");
    const madeAt = new Date("2030-01-01T12:00:00.000Z");
    const quote = await createExchangeQuote(
      ferry.db,
      { rateProvider: tableRateProvider, clock: { now: () => madeAt } },
      user.userId,
      { from: "USD", to: "EUR", amount: "20.00" },
    );
    const other = await createExchangeQuote(
      ferry.db,
      { rateProvider: tableRateProvider, clock: { now: () => madeAt } },
      user.userId,
      { from: "USD", to: "EUR", amount: "30.00" },
    );
    expect(quote.expiresAt).toBe("2030-01-01T12:00:30.000Z");

    const atExpiry = { now: () => new Date("2030-01-01T12:00:30.000Z") };
    const justBefore = { now: () => new Date("2030-01-01T12:00:29.999Z") };
    const refused = executeExchange(ferry.db, atExpiry, user.userId, `exchange-${randomUUID()}`, { quoteId: quote.id });
    await expect(refused).rejects.toThrow(AppError);
    await expect(refused).rejects.toMatchObject({ code: "conflict", message: QUOTE_EXPIRED_MESSAGE });
    const accepted = await executeExchange(ferry.db, justBefore, user.userId, `exchange-${randomUUID()}`, {
      quoteId: other.id,
    });

    expect(accepted.isReplay).toBe(false);
    expect(accepted.exchange.executedAt).toBe("2030-01-01T12:00:29.999Z");
    expect((await readWallet(ferry.db, user.userId, "USD")).balanceMinor).toBe(50_000n - 3_000n);
  });
});

describe("quote expiry by the development clock", () => {
  // Its own database: moving the development clock also runs the daily returns of every investment.
  let clocked: TestApp;

  beforeAll(async () => {
    clocked = await buildTestApp({}, { databaseUrl: await createIsolatedDatabase("exchange_clock") });
  });

  afterAll(async () => {
    await clocked?.close();
  });

  function post(user: SessionUser, url: string, payload: unknown, headers: Record<string, string> = {}) {
    return send(clocked.app, { method: "POST", url, ip: user.ip, cookie: user.cookie, payload, headers });
  }

  test("a quote made before POST /dev/clock moves a day has expired, and a new one is made a day later", async () => {
    const user = await createSessionUser(clocked, { label: "exchange-clock" });
    await fundWallet(clocked.db, user.userId, "USD", 500_00n);
    const before = await post(user, "/api/v1/exchange/quotes", { from: "USD", to: "EUR", amount: "20.00" });
    expect(before.statusCode, before.body).toBe(201);

    const moved = await clocked.app.inject({
      method: "POST",
      url: "/dev/clock",
      remoteAddress: "127.0.0.1",
      payload: { advanceDays: 1 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const expired = await post(
      user,
      "/api/v1/exchange",
      { quoteId: before.json().id },
      { "idempotency-key": `exchange-${randomUUID()}` },
    );
    const after = await post(user, "/api/v1/exchange/quotes", { from: "USD", to: "EUR", amount: "20.00" });

    expect(expired.statusCode, expired.body).toBe(409);
    expect(expired.json().error.message).toBe(QUOTE_EXPIRED_MESSAGE);
    expect((await readWallet(clocked.db, user.userId, "USD")).balanceMinor).toBe(500_00n);
    expect(after.statusCode, after.body).toBe(201);
    const dayMs = 24 * 60 * 60 * 1000;
    expect(Date.parse(after.json().createdAt) - Date.parse(before.json().createdAt)).toBeGreaterThanOrEqual(dayMs);
  });
});
