// Attacks on the money rules of issue 7, through the HTTP API against the real PostgreSQL:
// a cash-out's destination switched after its code was e-mailed (item 3), the daily limit dodged by
// sending to a bank instead of cashing out, by racing requests or by an admin reopening a transfer
// (item 7), fees rounded away on small amounts and an unbounded recipient list (item 11).
import { randomUUID } from "node:crypto";
import type { CurrencyCode } from "@ferry/core/currencies";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  buildTestApp,
  createSessionUser,
  fundWallet,
  insertBareUsers,
  issueCode,
  readCodeFromMailbox,
  readWallet,
  type SessionUser,
  send,
  type TestApp,
} from "./helpers.ts";
import { bankMethodForm, cryptoMethodForm } from "./money-helpers-deposits.ts";

/** Limits chosen so an unverified customer (10 %) may send USD 10,000.00, EUR 1,000.00, USDC 100 and ETH 4 a day. */
const LIMITS = '{"USD":"100000","EUR":"10000","USDC":"1000","ETH":"40"}';
const UNVERIFIED_USD_LIMIT_MESSAGE =
  "Your daily limit for bank and crypto transfers and cash-outs is USD 10,000.00 until your e-mail and identity (KYC) are verified";
const TRANSFER_CODE_SUBJECT = "Your Ferry transfer code";

/** The owner's account, and the one an attacker switches the cash-out to (both valid IBANs). */
const OWN_IBAN = "DE89370400440532013000";
const ATTACKER_IBAN = "DE02120300000000202051";
/** EIP-55 example addresses: the owner's wallet and the attacker's. */
const OWN_ADDRESS = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const ATTACKER_ADDRESS = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";

let ferry: TestApp;
/** The shipped configuration (an unverified customer may send USD 1,000.00 a day). */
let defaults: TestApp;
let admin: SessionUser;

beforeAll(async () => {
  ferry = await buildTestApp(
    { CASHOUT_DAILY_LIMITS: LIMITS, CASHOUT_UNVERIFIED_PERCENT: "10" },
    // Concurrent requests must really run at once, not queue for a connection.
    { maxConnections: 12 },
  );
  defaults = await buildTestApp();
  admin = await createSessionUser(ferry, { label: "attack-admin", isAdmin: true });
});

afterAll(async () => {
  await ferry?.close();
  await defaults?.close();
});

// ---------------------------------------------------------------------------------------------
// Requests.
// ---------------------------------------------------------------------------------------------

interface Details {
  readonly target: Record<string, string>;
  readonly amount: string;
  readonly currency: string;
}

async function call(
  user: SessionUser,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  payload?: unknown,
  options: { app?: TestApp; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const app = options.app ?? ferry;
  return send(app.app, { method, url, ip: user.ip, cookie: user.cookie, payload, headers: options.headers });
}

/** Asks for the e-mailed code of `details` (the real, throttled endpoint). */
async function requestCode(user: SessionUser, details: Details, app: TestApp = ferry): Promise<LightMyRequestResponse> {
  return call(user, "POST", "/api/v1/transfers/verification-code", details, { app });
}

/** Asks for a code, expects it sent, and reads it from the outbox. */
async function codeFor(user: SessionUser, details: Details, app: TestApp = ferry): Promise<string> {
  const response = await requestCode(user, details, app);
  expect(response.statusCode, response.body).toBe(200);
  return readCodeFromMailbox(app.db, user.email, TRANSFER_CODE_SUBJECT);
}

async function confirm(
  user: SessionUser,
  details: Details,
  code: string,
  app: TestApp = ferry,
): Promise<LightMyRequestResponse> {
  return call(
    user,
    "POST",
    "/api/v1/transfers",
    { ...details, code },
    {
      app,
      headers: { "idempotency-key": `attack-${randomUUID()}` },
    },
  );
}

/** A code by e-mail, then the transfer; expects it created and returns its id. */
async function sendMoney(user: SessionUser, details: Details, app: TestApp = ferry): Promise<string> {
  const response = await confirm(user, details, await codeFor(user, details, app), app);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function saveRecipient(user: SessionUser, form: Record<string, string>, app: TestApp = ferry): Promise<string> {
  const response = await call(user, "POST", "/api/v1/recipients", form, { app });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

function bankRecipientForm(currency: string, accountNumber = OWN_IBAN): Record<string, string> {
  return {
    type: "bank",
    name: "My own account",
    email: "me@example.com",
    bankName: "Commerzbank",
    country: "DE",
    accountNumber,
    swiftCode: "COBADEFFXXX",
    currency,
  };
}

async function addPaymentMethod(user: SessionUser, form: Record<string, unknown>): Promise<string> {
  const response = await call(user, "POST", "/api/v1/payment-methods", form);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

const USD_BANK_METHOD = bankMethodForm({
  name: "Checking",
  currency: "USD",
  bankName: "JPMorgan Chase",
  accountNumber: "000123456789",
  routingNumber: "021000021",
  swiftCode: "CHASUS33",
  country: "US",
});

function bank(recipientId: string, amount: string, currency = "USD"): Details {
  return { target: { method: "bank", recipientId }, amount, currency };
}

function cashout(paymentMethodId: string, amount: string, currency = "USD"): Details {
  return { target: { method: "withdrawal", paymentMethodId }, amount, currency };
}

async function transfersOf(app: TestApp, userId: string) {
  return app.db
    .selectFrom("transfers")
    .select(["id", "method", "status", "amount", "fee", "recipient_account_number", "crypto_address"])
    .where("sender_user_id", "=", userId)
    .orderBy("created_at")
    .execute();
}

/** A fresh customer (e-mail verified, KYC pending: the reduced limit) holding `amountMinor`. */
async function fundedCustomer(
  label: string,
  currency: CurrencyCode,
  amountMinor: bigint,
  app: TestApp = ferry,
): Promise<SessionUser> {
  const user = await createSessionUser(app, { label });
  await fundWallet(app.db, user.userId, currency, amountMinor);
  return user;
}

function expectLimitExceeded(response: LightMyRequestResponse, message: string): void {
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json().error.code).toBe("limit_exceeded");
  expect(response.json().error.message).toBe(message);
}

// ---------------------------------------------------------------------------------------------

describe("a transfer code is bound to the destination's details (item 3)", () => {
  test("a cash-out code e-mailed for one IBAN is refused once the payment method is switched to another, and nothing moves", async () => {
    const owner = await fundedCustomer("iban-switch", "EUR", 50_000n);
    const methodId = await addPaymentMethod(owner, bankMethodForm({ accountNumber: OWN_IBAN }));
    const details = cashout(methodId, "200.00", "EUR");
    const code = await codeFor(owner, details);

    const switched = await call(
      owner,
      "PUT",
      `/api/v1/payment-methods/${methodId}`,
      bankMethodForm({ accountNumber: ATTACKER_IBAN, swiftCode: "BYLADEM1001" }),
    );
    const response = await confirm(owner, details, code);

    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().accountNumber).toBe(ATTACKER_IBAN);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error.code).toBe("invalid_code");
    expect(await transfersOf(ferry, owner.userId)).toEqual([]);
    expect(await readWallet(ferry.db, owner.userId, "EUR")).toEqual({ balanceMinor: 50_000n, reservedMinor: 0n });
  });

  test("switching the IBAN back does not revive the code: the edit expired it", async () => {
    const owner = await fundedCustomer("iban-back", "EUR", 50_000n);
    const methodId = await addPaymentMethod(owner, bankMethodForm({ accountNumber: OWN_IBAN }));
    const details = cashout(methodId, "200.00", "EUR");
    const code = await codeFor(owner, details);
    const url = `/api/v1/payment-methods/${methodId}`;
    expect((await call(owner, "PUT", url, bankMethodForm({ accountNumber: ATTACKER_IBAN }))).statusCode).toBe(200);
    expect((await call(owner, "PUT", url, bankMethodForm({ accountNumber: OWN_IBAN }))).statusCode).toBe(200);

    const response = await confirm(owner, details, code);

    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error).toMatchObject({
      code: "invalid_code",
      message: "This verification code has expired. Please request a new one.",
    });
    expect(await transfersOf(ferry, owner.userId)).toEqual([]);
    expect(await readWallet(ferry.db, owner.userId, "EUR")).toEqual({ balanceMinor: 50_000n, reservedMinor: 0n });
  });

  test("any edit of a payment method, even of its name, expires the codes issued for it; a new code works", async () => {
    const owner = await fundedCustomer("rename", "EUR", 50_000n);
    const methodId = await addPaymentMethod(owner, bankMethodForm());
    const otherMethodId = await addPaymentMethod(owner, bankMethodForm({ name: "Savings" }));
    const details = cashout(methodId, "100.00", "EUR");
    const otherDetails = cashout(otherMethodId, "100.00", "EUR");
    const oldCode = await codeFor(owner, details);
    const otherCode = await codeFor(owner, otherDetails);

    const renamed = await call(owner, "PUT", `/api/v1/payment-methods/${methodId}`, bankMethodForm({ name: "Main" }));
    const refused = await confirm(owner, details, oldCode);
    // A code for another payment method of the same user is untouched by the edit.
    const otherAccepted = await confirm(owner, otherDetails, otherCode);
    const accepted = await confirm(owner, details, await codeFor(owner, details));

    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error.code).toBe("invalid_code");
    expect(otherAccepted.statusCode, otherAccepted.body).toBe(201);
    expect(accepted.statusCode, accepted.body).toBe(201);
    // Two cash-outs of 100.00 plus 0.50 each, reserved.
    expect(await readWallet(ferry.db, owner.userId, "EUR")).toEqual({ balanceMinor: 50_000n, reservedMinor: 20_100n });
  });

  test("a crypto cash-out code is refused once the payment method's address is switched", async () => {
    const owner = await fundedCustomer("address-switch", "ETH", 10n ** 18n);
    const methodId = await addPaymentMethod(owner, cryptoMethodForm({ cryptoAddress: OWN_ADDRESS }));
    const details = cashout(methodId, "0.1", "ETH");
    const code = await codeFor(owner, details);

    const switched = await call(
      owner,
      "PUT",
      `/api/v1/payment-methods/${methodId}`,
      cryptoMethodForm({ cryptoAddress: ATTACKER_ADDRESS }),
    );
    const response = await confirm(owner, details, code);

    expect(switched.statusCode, switched.body).toBe(200);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error.code).toBe("invalid_code");
    expect(await transfersOf(ferry, owner.userId)).toEqual([]);
    expect(await readWallet(ferry.db, owner.userId, "ETH")).toEqual({ balanceMinor: 10n ** 18n, reservedMinor: 0n });
  });

  test("a code issued for recipient A is refused for recipient B, and for A once A's account number changed", async () => {
    const sender = await fundedCustomer("recipient-binding", "EUR", 50_000n);
    const recipientA = await saveRecipient(sender, bankRecipientForm("EUR", OWN_IBAN));
    const recipientB = await saveRecipient(sender, bankRecipientForm("EUR", ATTACKER_IBAN));
    const codeForA = await codeFor(sender, bank(recipientA, "100.00", "EUR"));

    const toB = await confirm(sender, bank(recipientB, "100.00", "EUR"), codeForA);
    // Recipients have no edit route today; a change of A's details however made (an operator, a
    // future edit screen) must not let A's code pay the new account.
    await ferry.db
      .updateTable("recipients")
      .set({ account_number: ATTACKER_IBAN })
      .where("id", "=", recipientA)
      .execute();
    const toEditedA = await confirm(sender, bank(recipientA, "100.00", "EUR"), codeForA);

    for (const response of [toB, toEditedA]) {
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().error.code).toBe("invalid_code");
    }
    expect(await transfersOf(ferry, sender.userId)).toEqual([]);
    expect(await readWallet(ferry.db, sender.userId, "EUR")).toEqual({ balanceMinor: 50_000n, reservedMinor: 0n });
    // A code asked for after the change binds the new details, and the transfer records them.
    await sendMoney(sender, bank(recipientA, "100.00", "EUR"));
    expect(await transfersOf(ferry, sender.userId)).toMatchObject([
      { method: "bank", amount: "10000", fee: "50", recipient_account_number: ATTACKER_IBAN },
    ]);
  });
});

describe("the daily limit counts every outgoing external transfer (item 7)", () => {
  test("of three 5,000.00 bank transfers by an unverified customer (limit 10,000.00) the third is refused", async () => {
    const customer = await fundedCustomer("three-sends", "USD", 2_000_000n);
    const recipientId = await saveRecipient(customer, bankRecipientForm("USD"));
    await sendMoney(customer, bank(recipientId, "5000.00"));
    await sendMoney(customer, bank(recipientId, "5000.00"));

    const thirdCode = await requestCode(customer, bank(recipientId, "5000.00"));
    // A code obtained another way (issued while there was room) meets the same limit at the transfer.
    const code = await issueCode(ferry, {
      userId: customer.userId,
      recipientKey: `recipient:${recipientId}`,
      amountMinor: 500_000n,
      currency: "USD",
    });
    const third = await confirm(customer, bank(recipientId, "5000.00"), code);

    expectLimitExceeded(thirdCode, `${UNVERIFIED_USD_LIMIT_MESSAGE}; USD 0.00 remains today.`);
    expectLimitExceeded(third, `${UNVERIFIED_USD_LIMIT_MESSAGE}; USD 0.00 remains today.`);
    expect(third.json().error.fields).toEqual({ amount: "At most USD 0.00 today" });
    expect(await transfersOf(ferry, customer.userId)).toHaveLength(2);
    // Two transfers of 5,000.00 and their 25.00 fees reserved; the refusal moved nothing.
    expect(await readWallet(ferry.db, customer.userId, "USD")).toEqual({
      balanceMinor: 2_000_000n,
      reservedMinor: 1_005_000n,
    });
  });

  test("with the shipped limits an unverified customer cannot send 5,000.00 to a bank at all (limit 1,000.00)", async () => {
    const customer = await fundedCustomer("shipped-limit", "USD", 2_000_000n, defaults);
    const recipientId = await saveRecipient(customer, bankRecipientForm("USD"), defaults);

    const tooMuch = await requestCode(customer, bank(recipientId, "5000.00"), defaults);
    await sendMoney(customer, bank(recipientId, "1000.00"), defaults);
    const oneCentMore = await requestCode(customer, bank(recipientId, "0.01"), defaults);

    const limit =
      "Your daily limit for bank and crypto transfers and cash-outs is USD 1,000.00 until your e-mail and identity (KYC) are verified";
    expectLimitExceeded(tooMuch, `${limit}; USD 1,000.00 remains today.`);
    expectLimitExceeded(oneCentMore, `${limit}; USD 0.00 remains today.`);
    expect(await readWallet(defaults.db, customer.userId, "USD")).toEqual({
      balanceMinor: 2_000_000n,
      reservedMinor: 100_500n,
    });
  });

  test("bank transfers and cash-outs share one limit; transfers to Ferry users do not count", async () => {
    const customer = await fundedCustomer("shared-limit", "USD", 2_000_000n);
    const [friend] = await insertBareUsers(ferry.db, 1, "shared-limit-friend");
    const recipientId = await saveRecipient(customer, bankRecipientForm("USD"));
    const methodId = await addPaymentMethod(customer, USD_BANK_METHOD);
    const toFriend = (amount: string): Details => ({
      target: { method: "ferry_user", recipientEmail: friend.email },
      amount,
      currency: "USD",
    });

    await sendMoney(customer, toFriend("1000.00"));
    await sendMoney(customer, bank(recipientId, "6000.00"));
    const cashoutTooMuch = await requestCode(customer, cashout(methodId, "4000.01"));
    await sendMoney(customer, cashout(methodId, "4000.00"));
    const bankOneCent = await requestCode(customer, bank(recipientId, "0.01"));
    await sendMoney(customer, toFriend("1000.00"));

    expectLimitExceeded(cashoutTooMuch, `${UNVERIFIED_USD_LIMIT_MESSAGE}; USD 4,000.00 remains today.`);
    expectLimitExceeded(bankOneCent, `${UNVERIFIED_USD_LIMIT_MESSAGE}; USD 0.00 remains today.`);
    // 2,000.00 went to the friend (free); 6,000.00 + 30.00 and 4,000.00 + 20.00 are reserved.
    expect(await readWallet(ferry.db, customer.userId, "USD")).toEqual({
      balanceMinor: 1_800_000n,
      reservedMinor: 1_005_000n,
    });
    expect(await readWallet(ferry.db, friend.userId, "USD")).toEqual({ balanceMinor: 200_000n, reservedMinor: 0n });
  });

  test("crypto transfers count toward the limit of their currency", async () => {
    const customer = await fundedCustomer("crypto-limit", "USDC", 1_000_000_000n);
    const recipientId = await saveRecipient(customer, {
      type: "crypto",
      name: "My wallet",
      email: "me@example.com",
      cryptoAddress: OWN_ADDRESS,
      cryptoNetwork: "ethereum",
      currency: "USDC",
    });
    const crypto = (amount: string): Details => ({
      target: { method: "crypto", recipientId },
      amount,
      currency: "USDC",
    });

    await sendMoney(customer, crypto("60"));
    const tooMuch = await requestCode(customer, crypto("40.000001"));
    await sendMoney(customer, crypto("40"));

    expect(tooMuch.statusCode, tooMuch.body).toBe(422);
    expect(tooMuch.json().error).toMatchObject({
      code: "limit_exceeded",
      fields: { amount: "At most USDC 40.00 today" },
    });
    // 100 USDC and its 1 % fee (1 USDC) reserved.
    expect(await readWallet(ferry.db, customer.userId, "USDC")).toEqual({
      balanceMinor: 1_000_000_000n,
      reservedMinor: 101_000_000n,
    });
  });

  test("8 bank transfers and cash-outs of about 3,000.00 sent at once: exactly 3 fit under 10,000.00", async () => {
    const customer = await fundedCustomer("limit-race", "USD", 10_000_000n);
    const recipientId = await saveRecipient(customer, bankRecipientForm("USD"));
    const methodId = await addPaymentMethod(customer, USD_BANK_METHOD);
    // A distinct amount per request (3,000.01 … 3,000.08): one code per binding.
    const sends = await Promise.all(
      Array.from({ length: 8 }, async (_value, index) => {
        const amountMinor = 300_001n + BigInt(index);
        const amount = `3000.0${index + 1}`;
        const isBank = index % 2 === 0;
        const details = isBank ? bank(recipientId, amount) : cashout(methodId, amount);
        const recipientKey = isBank ? `recipient:${recipientId}` : `payment-method:${methodId}`;
        const code = await issueCode(ferry, { userId: customer.userId, recipientKey, amountMinor, currency: "USD" });
        return { details, code };
      }),
    );

    const responses = await Promise.all(sends.map(({ details, code }) => confirm(customer, details, code)));

    const created = responses.filter((response) => response.statusCode === 201);
    const refused = responses.filter((response) => response.statusCode === 422);
    expect(created).toHaveLength(3);
    expect(refused).toHaveLength(5);
    for (const response of refused) {
      expect(response.json().error.code).toBe("limit_exceeded");
    }
    const rows = await transfersOf(ferry, customer.userId);
    const sentMinor = rows.reduce((sum, row) => sum + BigInt(row.amount), 0n);
    const feesMinor = rows.reduce((sum, row) => sum + BigInt(row.fee), 0n);
    expect(rows).toHaveLength(3);
    expect(sentMinor <= 1_000_000n).toBe(true);
    expect(await readWallet(ferry.db, customer.userId, "USD")).toEqual({
      balanceMinor: 10_000_000n,
      reservedMinor: sentMinor + feesMinor,
    });
  });

  test("an admin cannot reopen a cancelled cash-out when it would go over the limit; nothing changes", async () => {
    const customer = await fundedCustomer("reopen-over", "USD", 2_000_000n);
    const recipientId = await saveRecipient(customer, bankRecipientForm("USD"));
    const methodId = await addPaymentMethod(customer, USD_BANK_METHOD);
    const cashoutId = await sendMoney(customer, cashout(methodId, "6000.00"));
    const setStatus = (status: string) =>
      call(admin, "PATCH", `/api/v1/admin/transactions/${cashoutId}/status`, { status });
    expect((await setStatus("cancelled")).statusCode).toBe(200);
    // The cancelled cash-out no longer counts, so this one fits.
    await sendMoney(customer, bank(recipientId, "6000.00"));

    const toPending = await setStatus("pending");
    const toSent = await setStatus("sent");

    const message =
      "Reopening this transfer would take the sender over their daily limit of USD 10,000.00 for bank and crypto transfers and cash-outs; USD 4,000.00 remains today.";
    expectLimitExceeded(toPending, message);
    expectLimitExceeded(toSent, message);
    const rows = await transfersOf(ferry, customer.userId);
    expect(rows.map((row) => [row.method, row.status])).toEqual([
      ["withdrawal", "cancelled"],
      ["bank", "pending"],
    ]);
    // Only the bank transfer's 6,000.00 + 30.00 is reserved.
    expect(await readWallet(ferry.db, customer.userId, "USD")).toEqual({
      balanceMinor: 2_000_000n,
      reservedMinor: 603_000n,
    });
  });

  test("a reopened transfer that fits counts toward the limit again", async () => {
    const customer = await fundedCustomer("reopen-fits", "USD", 2_000_000n);
    const recipientId = await saveRecipient(customer, bankRecipientForm("USD"));
    const transferId = await sendMoney(customer, bank(recipientId, "3000.00"));
    const setStatus = (status: string) =>
      call(admin, "PATCH", `/api/v1/admin/transactions/${transferId}/status`, { status });
    expect((await setStatus("failed")).statusCode).toBe(200);
    const whileFailed = await requestCode(customer, bank(recipientId, "10000.00"));

    const reopened = await setStatus("pending");
    const afterReopen = await requestCode(customer, bank(recipientId, "7000.01"));

    expect(whileFailed.statusCode, whileFailed.body).toBe(200);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expectLimitExceeded(afterReopen, `${UNVERIFIED_USD_LIMIT_MESSAGE}; USD 7,000.00 remains today.`);
    expect(await readWallet(ferry.db, customer.userId, "USD")).toEqual({
      balanceMinor: 2_000_000n,
      reservedMinor: 301_500n,
    });
  });
});

describe("fees round up to the minor unit (item 11)", () => {
  test("a USD 0.99 bank transfer pays a fee of 0.01, not nothing", async () => {
    const sender = await fundedCustomer("small-fee", "USD", 1_000n);
    const recipientId = await saveRecipient(sender, bankRecipientForm("USD"));
    const details = bank(recipientId, "0.99");

    const quote = await call(sender, "POST", "/api/v1/transfers/quote", details);
    const transferId = await sendMoney(sender, details);

    expect(quote.json()).toMatchObject({ amount: "0.99", fee: "0.01", total: "1.00", feeBasisPoints: 50 });
    expect(await transfersOf(ferry, sender.userId)).toMatchObject([{ id: transferId, amount: "99", fee: "1" }]);
    const feeLeg = await ferry.db
      .selectFrom("ledger_transfers")
      .select(["amount", "state"])
      .where("reference_type", "=", "transfer")
      .where("reference_id", "=", transferId)
      .where("kind", "=", "fee")
      .executeTakeFirstOrThrow();
    expect(feeLeg).toEqual({ amount: "1", state: "pending" });
    expect(await readWallet(ferry.db, sender.userId, "USD")).toEqual({ balanceMinor: 1_000n, reservedMinor: 100n });
  });
});

describe("saved recipients and payment methods are capped (item 11)", () => {
  async function countOf(table: "recipients" | "payment_methods", userId: string): Promise<number> {
    const rows = await ferry.db.selectFrom(table).select("id").where("user_id", "=", userId).execute();
    return rows.length;
  }

  async function insertRecipients(userId: string, count: number): Promise<void> {
    await ferry.db
      .insertInto("recipients")
      .values(
        Array.from({ length: count }, (_value, index) => ({
          user_id: userId,
          type: "bank" as const,
          name: `Recipient ${index}`,
          email: "someone@example.com",
          currency: "EUR",
          bank_name: "Commerzbank",
          country: "DE",
          account_number: OWN_IBAN,
          swift_code: "COBADEFFXXX",
        })),
      )
      .execute();
  }

  test("the 201st recipient is refused with 409 and not saved", async () => {
    const user = await createSessionUser(ferry, { label: "recipient-cap" });
    await insertRecipients(user.userId, 199);

    const twoHundredth = await call(user, "POST", "/api/v1/recipients", bankRecipientForm("EUR"));
    const twoHundredFirst = await call(user, "POST", "/api/v1/recipients", bankRecipientForm("EUR"));
    const list = await call(user, "GET", "/api/v1/recipients?type=bank");

    expect(twoHundredth.statusCode, twoHundredth.body).toBe(201);
    expect(twoHundredFirst.statusCode, twoHundredFirst.body).toBe(409);
    expect(twoHundredFirst.json().error).toEqual({
      code: "conflict",
      message: "You can save at most 200 recipients",
    });
    expect(await countOf("recipients", user.userId)).toBe(200);
    expect(list.json().items).toHaveLength(200);
  });

  test("6 recipients saved at once with room for 2: exactly 2 are saved", async () => {
    const user = await createSessionUser(ferry, { label: "recipient-cap-race" });
    await insertRecipients(user.userId, 198);

    const responses = await Promise.all(
      Array.from({ length: 6 }, () => call(user, "POST", "/api/v1/recipients", bankRecipientForm("EUR"))),
    );

    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect(await countOf("recipients", user.userId)).toBe(200);
  });

  test("6 payment methods saved at once with room for 2 (cap 50): exactly 2 are saved", async () => {
    const user = await createSessionUser(ferry, { label: "method-cap-race" });
    await ferry.db
      .insertInto("payment_methods")
      .values(
        Array.from({ length: 48 }, (_value, index) => ({
          user_id: user.userId,
          name: `Account ${index}`,
          address_type: "bank" as const,
          currency: "EUR",
          bank_name: "Commerzbank",
          account_number: OWN_IBAN,
          swift_code: "COBADEFFXXX",
          country: "DE",
          account_holder_name: "Ada Lovelace",
        })),
      )
      .execute();

    const responses = await Promise.all(
      Array.from({ length: 6 }, () => call(user, "POST", "/api/v1/payment-methods", bankMethodForm())),
    );

    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect(responses.find((response) => response.statusCode === 409)?.json().error).toEqual({
      code: "conflict",
      message: "You can keep at most 50 payment methods",
    });
    expect(await countOf("payment_methods", user.userId)).toBe(50);
  });
});
