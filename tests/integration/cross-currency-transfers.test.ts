// Sending in one currency and paying out in another (issue 30, decision 054): one quote prices both
// legs and holds 30 seconds; one code is bound to both amounts and the destination; confirming runs the
// exchange and the transfer in one ledger operation, so either both happen or neither. Rates in this
// shared database may be changed by other files, so expectations are computed from the rate and fee
// the quote itself carries, with core's arithmetic.
import { randomUUID } from "node:crypto";
import { QUOTE_EXPIRED_MESSAGE } from "@ferry/core/contracts/exchange";
import type { CurrencyCode } from "@ferry/core/currencies";
import { priceExchangeFor, rateOf } from "@ferry/core/exchange";
import { computeFee } from "@ferry/core/fees";
import { minorOf } from "@ferry/core/money";
import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  buildTestApp,
  createSessionUser,
  fundWallet,
  readCodeFromMailbox,
  readMail,
  readWallet,
  type SessionUser,
  send,
  type TestApp,
} from "./helpers.ts";

const IBAN = "DE89 3704 0044 0532 0130 00";
const TRANSFER_CODE_SUBJECT = "Your Ferry transfer code";

let ferry: TestApp;

beforeAll(async () => {
  ferry = await buildTestApp();
});

afterAll(async () => {
  await ferry?.close();
});

function post(user: SessionUser, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return send(ferry.app, { method: "POST", url, ip: user.ip, cookie: user.cookie, payload, headers });
}

/** A customer holding USD 1,000.00, with a saved EUR bank recipient. */
async function customerWithEuroRecipient(label: string): Promise<{ user: SessionUser; recipientId: string }> {
  const user = await createSessionUser(ferry, { label });
  await fundWallet(ferry.db, user.userId, "USD", 1_000_00n);
  const saved = await post(user, "/api/v1/recipients", {
    type: "bank",
    name: "Erika Mustermann",
    email: "erika@example.com",
    bankName: "Deutsche Bank",
    country: "DE",
    accountNumber: IBAN,
    swiftCode: "DEUTDEFF",
    currency: "EUR",
  });
  expect(saved.statusCode, saved.body).toBe(201);
  return { user, recipientId: saved.json().id };
}

interface Details {
  readonly target: { method: "bank"; recipientId: string } | { method: "ferry_user"; recipientEmail: string };
  readonly amount: string;
  readonly currency: CurrencyCode;
}

interface QuoteAnswer {
  readonly amount: string;
  readonly fee: string;
  readonly total: string;
  readonly feeBasisPoints: number;
  readonly exchange?: {
    readonly quoteId: string;
    readonly from: CurrencyCode;
    readonly amount: string;
    readonly fee: string;
    readonly feeBasisPoints: number;
    readonly rate: string;
    readonly available: string;
    readonly expiresAt: string;
  };
}

async function quote(user: SessionUser, details: Details, payFrom?: CurrencyCode): Promise<QuoteAnswer> {
  const response = await post(user, "/api/v1/transfers/quote", { ...details, ...(payFrom ? { payFrom } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function requestCode(user: SessionUser, details: Details & { quoteId?: string }): Promise<string> {
  const response = await post(user, "/api/v1/transfers/verification-code", details);
  expect(response.statusCode, response.body).toBe(200);
  return readCodeFromMailbox(ferry.db, user.email, TRANSFER_CODE_SUBJECT);
}

function confirm(
  user: SessionUser,
  details: Details & { quoteId?: string },
  code: string,
  key = `cross-${randomUUID()}`,
): Promise<LightMyRequestResponse> {
  return post(user, "/api/v1/transfers", { ...details, code }, { "idempotency-key": key });
}

/** Every ledger transfer (leg) of the transfer and of its exchange quote. */
async function legsOf(references: string[]) {
  return ferry.db
    .selectFrom("ledger_transfers")
    .select(["transfer_key", "currency", "amount", "state", "kind", "created_at"])
    .where("reference_id", "in", references)
    .orderBy("transfer_key")
    .execute();
}

describe("one quote prices both legs", () => {
  test("paying EUR 100.00 from USD: the quote names both amounts, both fees and the rate, held 30 seconds", async () => {
    const { user, recipientId } = await customerWithEuroRecipient("cross-quote");
    const details: Details = { target: { method: "bank", recipientId }, amount: "100.00", currency: "EUR" };
    const answer = await quote(user, details, "USD");
    expect(answer).toMatchObject({ amount: "100.00" });
    const exchange = answer.exchange;
    expect(exchange).toMatchObject({ from: "USD", available: "1000.00" });
    if (!exchange) {
      throw new Error("no exchange in the quote");
    }
    // The transfer's fee is in EUR, on the amount; the exchange buys amount + fee with the least USD.
    const feeMinor = computeFee(100_00n, answer.feeBasisPoints);
    expect(minorOf(answer.fee, "EUR")).toBe(feeMinor);
    expect(minorOf(answer.total, "EUR")).toBe(100_00n + feeMinor);
    const expected = priceExchangeFor({
      receiveMinor: 100_00n + feeMinor,
      from: "USD",
      to: "EUR",
      rate: rateOf(exchange.rate),
      feeBasisPoints: exchange.feeBasisPoints,
    });
    expect(minorOf(exchange.amount, "USD")).toBe(expected.amountMinor);
    expect(minorOf(exchange.fee, "USD")).toBe(expected.feeMinor);
    const row = await ferry.db
      .selectFrom("exchange_quotes")
      .select(["purpose", "receive", "created_at", "expires_at"])
      .where("id", "=", exchange.quoteId)
      .executeTakeFirstOrThrow();
    expect(row.purpose).toBe("transfer");
    expect(BigInt(row.receive)).toBe(100_00n + feeMinor);
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(30_000);

    // Paid from its own currency (or without payFrom), there is no exchange.
    expect((await quote(user, details, "EUR")).exchange).toBeUndefined();
    expect((await quote(user, details)).exchange).toBeUndefined();
  });

  test("a transfer quote cannot be confirmed as an exchange of its own", async () => {
    const { user, recipientId } = await customerWithEuroRecipient("cross-not-exchange");
    const details: Details = { target: { method: "bank", recipientId }, amount: "10.00", currency: "EUR" };
    const exchange = (await quote(user, details, "USD")).exchange;
    const response = await post(
      user,
      "/api/v1/exchange",
      { quoteId: exchange?.quoteId },
      { "idempotency-key": `exchange-${randomUUID()}` },
    );
    expect(response.statusCode).toBe(404);
    expect((await readWallet(ferry.db, user.userId, "USD")).balanceMinor).toBe(1_000_00n);
  });
});

describe("confirming runs both legs in one ledger operation", () => {
  test("USD leaves, the EUR transfer is reserved, and the code is bound to both amounts and the destination", async () => {
    const { user, recipientId } = await customerWithEuroRecipient("cross-send");
    // Some EUR too, so the code is what refuses a transfer without the quote (not the balance).
    await fundWallet(ferry.db, user.userId, "EUR", 500_00n);
    const details: Details = { target: { method: "bank", recipientId }, amount: "100.00", currency: "EUR" };
    const answer = await quote(user, details, "USD");
    const exchange = answer.exchange;
    if (!exchange) {
      throw new Error("no exchange in the quote");
    }
    const bound = { ...details, quoteId: exchange.quoteId };
    const code = await requestCode(user, bound);
    const mail = await readMail(ferry.db, user.email, TRANSFER_CODE_SUBJECT);
    expect(mail.text_body).toContain(`Paid from your USD balance: USD ${exchange.amount}`);

    // The same code for another amount, for no quote, or for another destination is refused as not issued.
    const otherAmount = await confirm(user, { ...bound, amount: "99.00" }, code);
    expect([otherAmount.statusCode, otherAmount.json().error.fields]).toEqual([
      409,
      { quoteId: "This quote is for another transfer. Get a fresh quote to continue." },
    ]);
    const withoutQuote = await confirm(user, details, code);
    expect(withoutQuote.json().error.code).toBe("invalid_code");
    const second = await post(user, "/api/v1/recipients", {
      type: "bank",
      name: "Max Mustermann",
      email: "max@example.com",
      bankName: "Deutsche Bank",
      country: "DE",
      accountNumber: IBAN,
      swiftCode: "DEUTDEFF",
      currency: "EUR",
    });
    const otherDestination = await confirm(
      user,
      { ...bound, target: { method: "bank", recipientId: second.json().id } },
      code,
    );
    expect(otherDestination.json().error.code).toBe("invalid_code");
    expect((await readWallet(ferry.db, user.userId, "USD")).balanceMinor).toBe(1_000_00n);

    const key = `cross-${randomUUID()}`;
    const sent = await confirm(user, bound, code, key);
    expect(sent.statusCode, sent.body).toBe(201);
    const transfer = sent.json();
    expect(transfer).toMatchObject({ currency: "EUR", amount: "100.00", fee: answer.fee, status: "pending" });

    const usd = await readWallet(ferry.db, user.userId, "USD");
    expect(usd.balanceMinor).toBe(1_000_00n - minorOf(exchange.amount, "USD"));
    const eur = await readWallet(ferry.db, user.userId, "EUR");
    // The EUR bought is exactly what the transfer reserves: nothing left over, nothing missing.
    expect(eur.balanceMinor).toBe(500_00n + minorOf(answer.total, "EUR"));
    expect(eur.reservedMinor).toBe(minorOf(answer.total, "EUR"));

    const legs = await legsOf([transfer.id, exchange.quoteId]);
    expect(legs.map((leg) => [leg.kind, leg.currency, leg.state])).toEqual([
      ["exchange", "EUR", "posted"],
      ["fee", "USD", "posted"],
      ["exchange", "USD", "posted"],
      ["fee", "EUR", "pending"],
      ["transfer", "EUR", "pending"],
    ]);
    // One ledger operation: every leg written in the same database transaction.
    expect(new Set(legs.map((leg) => new Date(leg.created_at).getTime())).size).toBe(1);

    // A retry with the key returns the first transfer and moves nothing more.
    const replay = await confirm(user, bound, code, key);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().id).toBe(transfer.id);
    expect((await readWallet(ferry.db, user.userId, "USD")).balanceMinor).toBe(usd.balanceMinor);
    // The quote is spent: a new transfer cannot use it again.
    const again = await confirm(user, bound, await requestCodeOrRefusal(user, bound));
    expect(again.statusCode).toBe(409);

    const activity = await send(ferry.app, {
      method: "GET",
      url: `/api/v1/transfers/${transfer.id}/activity`,
      ip: user.ip,
      cookie: user.cookie,
    });
    expect(activity.json().paidFrom).toEqual({
      currency: "USD",
      amount: exchange.amount,
      fee: exchange.fee,
      rate: exchange.rate,
    });
  });

  test("a Ferry user receives EUR at once, paid from the sender's USD", async () => {
    const sender = await createSessionUser(ferry, { label: "cross-ferry-sender" });
    await fundWallet(ferry.db, sender.userId, "USD", 100_00n);
    const friend = await createSessionUser(ferry, { label: "cross-ferry-friend" });
    const details: Details = {
      target: { method: "ferry_user", recipientEmail: friend.email },
      amount: "20.00",
      currency: "EUR",
    };
    const response = await post(sender, "/api/v1/transfers/quote", { ...details, payFrom: "USD" });
    expect(response.statusCode, response.body).toBe(200);
    const exchange = response.json().exchange;
    const bound = { ...details, quoteId: exchange.quoteId };
    const code = await requestCode(sender, bound);
    const sent = await confirm(sender, bound, code);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ status: "sent", currency: "EUR", amount: "20.00" });
    expect((await readWallet(ferry.db, friend.userId, "EUR")).balanceMinor).toBe(20_00n);
    expect((await readWallet(ferry.db, sender.userId, "USD")).balanceMinor).toBe(
      100_00n - minorOf(exchange.amount, "USD"),
    );
    // Paid in full by the exchange: nothing of the EUR bought is left with the sender.
    expect((await readWallet(ferry.db, sender.userId, "EUR")).balanceMinor).toBe(0n);
  });

  test("an expired quote is refused with 409 and moves nothing", async () => {
    const { user, recipientId } = await customerWithEuroRecipient("cross-expired");
    const details: Details = { target: { method: "bank", recipientId }, amount: "20.00", currency: "EUR" };
    const exchange = (await quote(user, details, "USD")).exchange;
    const bound = { ...details, quoteId: exchange?.quoteId ?? "" };
    const code = await requestCode(user, bound);
    await sql`UPDATE exchange_quotes SET created_at = created_at - interval '31 seconds',
      expires_at = expires_at - interval '31 seconds' WHERE id = ${bound.quoteId}`.execute(ferry.db);
    const late = await confirm(user, bound, code);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({
      message: QUOTE_EXPIRED_MESSAGE,
      fields: { quoteId: QUOTE_EXPIRED_MESSAGE },
    });
    expect((await readWallet(ferry.db, user.userId, "USD")).balanceMinor).toBe(1_000_00n);
    expect((await readWallet(ferry.db, user.userId, "EUR")).balanceMinor).toBe(0n);
    const transfers = await ferry.db
      .selectFrom("transfers")
      .select("id")
      .where("sender_user_id", "=", user.userId)
      .execute();
    expect(transfers).toEqual([]);
    // Asking for a code with it is refused the same way.
    const codeLate = await post(user, "/api/v1/transfers/verification-code", bound);
    expect(codeLate.statusCode).toBe(409);
  });

  test("a failure after the ledger moved rolls everything back: no half, and the same code then works", async () => {
    const { user, recipientId } = await customerWithEuroRecipient("cross-rollback");
    const details: Details = { target: { method: "bank", recipientId }, amount: "30.00", currency: "EUR" };
    const exchange = (await quote(user, details, "USD")).exchange;
    const bound = { ...details, quoteId: exchange?.quoteId ?? "" };
    const code = await requestCode(user, bound);
    // Marking the quote executed comes after both legs were written: make exactly that step fail.
    const trigger = `fail_quote_${bound.quoteId.replaceAll("-", "")}`;
    await sql
      .raw(`CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.id = '${bound.quoteId}' THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$;
        CREATE TRIGGER ${trigger} BEFORE UPDATE ON exchange_quotes FOR EACH ROW EXECUTE FUNCTION ${trigger}();`)
      .execute(ferry.db);
    try {
      const failed = await confirm(user, bound, code);
      expect(failed.statusCode).toBe(500);
    } finally {
      await sql.raw(`DROP TRIGGER ${trigger} ON exchange_quotes; DROP FUNCTION ${trigger}();`).execute(ferry.db);
    }
    expect((await readWallet(ferry.db, user.userId, "USD")).balanceMinor).toBe(1_000_00n);
    expect((await readWallet(ferry.db, user.userId, "EUR")).balanceMinor).toBe(0n);
    expect(await legsOf([bound.quoteId])).toEqual([]);

    const retried = await confirm(user, bound, code);
    expect(retried.statusCode, retried.body).toBe(201);
    expect((await readWallet(ferry.db, user.userId, "USD")).balanceMinor).toBe(
      1_000_00n - minorOf(exchange?.amount ?? "0", "USD"),
    );
  });

  test("more than the balance paid from holds is refused, naming that balance, and moves nothing", async () => {
    const { user, recipientId } = await customerWithEuroRecipient("cross-insufficient");
    const details: Details = { target: { method: "bank", recipientId }, amount: "5000.00", currency: "EUR" };
    const exchange = (await quote(user, details, "USD")).exchange;
    const refused = await post(user, "/api/v1/transfers/verification-code", { ...details, quoteId: exchange?.quoteId });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe("Insufficient USD balance");
    expect((await readWallet(ferry.db, user.userId, "USD")).balanceMinor).toBe(1_000_00n);
  });

  test("another customer's quote reads as missing", async () => {
    const owner = await customerWithEuroRecipient("cross-owner");
    const stranger = await customerWithEuroRecipient("cross-stranger");
    const ownerDetails: Details = {
      target: { method: "bank", recipientId: owner.recipientId },
      amount: "10.00",
      currency: "EUR",
    };
    const exchange = (await quote(owner.user, ownerDetails, "USD")).exchange;
    const response = await post(stranger.user, "/api/v1/transfers/verification-code", {
      ...ownerDetails,
      target: { method: "bank", recipientId: stranger.recipientId },
      quoteId: exchange?.quoteId,
    });
    expect(response.statusCode).toBe(404);
  });
});

/** A code request for a spent quote is refused (409); the code confirming it then does not matter. */
async function requestCodeOrRefusal(user: SessionUser, details: Details & { quoteId?: string }): Promise<string> {
  const response = await post(user, "/api/v1/transfers/verification-code", details);
  expect(response.statusCode).toBe(409);
  return "000000";
}
