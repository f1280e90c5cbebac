// Transfers through the HTTP API: who may do what, what input is refused (and then moves nothing),
// bound verification codes, fees, the admin status lifecycle, history, CSV and idempotency.
import { randomUUID } from "node:crypto";
import type { CurrencyCode } from "@ferry/core/currencies";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { applyLedger, ensureUserAccount, systemAccountId } from "../../apps/server/src/modules/ledger/service.ts";
import {
  buildTestApp,
  createSessionUser,
  fundWallet,
  insertBareUsers,
  issueCode,
  readCodeFromMailbox,
  type SessionUser,
  send,
  type TestApp,
} from "./helpers.ts";

type SignedInUser = SessionUser;

/** Published vectors, as in packages/core's validation tests. */
const IBAN = "DE89 3704 0044 0532 0130 00";
const EIP55_ADDRESS = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
/** A Tron wallet (BIP-39 "abandon … about", m/44'/195'/0'/0/0); USDT's own contract is refused (issue 24). */
const TRON_ADDRESS = "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH";
const TRANSFER_CODE_SUBJECT = "Your Ferry transfer code";

let ferry: TestApp;
let admin: SignedInUser;

beforeAll(async () => {
  ferry = await buildTestApp();
  admin = await createSessionUser(ferry, { label: "transfers-admin", isAdmin: true });
});

afterAll(async () => {
  await ferry?.close();
});

// ---------------------------------------------------------------------------------------------
// Requests.
// ---------------------------------------------------------------------------------------------

async function get(user: SignedInUser, url: string): Promise<LightMyRequestResponse> {
  return send(ferry.app, { method: "GET", url, ip: user.ip, cookie: user.cookie });
}

async function post(
  user: SignedInUser,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return send(ferry.app, { method: "POST", url, ip: user.ip, cookie: user.cookie, payload, headers });
}

async function setStatus(user: SignedInUser, transferId: string, status: string): Promise<LightMyRequestResponse> {
  return send(ferry.app, {
    method: "PATCH",
    url: `/api/v1/admin/transactions/${transferId}/status`,
    ip: user.ip,
    cookie: user.cookie,
    payload: { status },
  });
}

interface Details {
  readonly target: Record<string, string>;
  readonly amount: unknown;
  readonly currency: string;
}

function toFerryUser(email: string, amount: string, currency = "USD"): Details {
  return { target: { method: "ferry_user", recipientEmail: email }, amount, currency };
}

/** Asks for a code by e-mail (the real, throttled flow) and reads it from the outbox. */
async function requestCode(user: SignedInUser, details: Details): Promise<string> {
  const response = await post(user, "/api/v1/transfers/verification-code", details);
  expect(response.statusCode, response.body).toBe(200);
  return readCodeFromMailbox(ferry.db, user.email, TRANSFER_CODE_SUBJECT);
}

async function confirmTransfer(
  user: SignedInUser,
  details: Details,
  code: string,
  options: { idempotencyKey?: string; memo?: string } = {},
): Promise<LightMyRequestResponse> {
  return post(
    user,
    "/api/v1/transfers",
    { ...details, code, ...(options.memo === undefined ? {} : { memo: options.memo }) },
    { "idempotency-key": options.idempotencyKey ?? `test-${randomUUID()}` },
  );
}

/** Requests a code and confirms with it; expects the transfer to be created and returns it. */
async function sendMoney(user: SignedInUser, details: Details, memo?: string): Promise<{ id: string; status: string }> {
  const code = await requestCode(user, details);
  const response = await confirmTransfer(user, details, code, { memo });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

interface BalanceView {
  readonly balance: string;
  readonly reserved: string;
  readonly available: string;
}

/** One currency of GET /api/v1/balances. */
async function balanceOf(user: SignedInUser, currency: CurrencyCode): Promise<BalanceView> {
  const response = await get(user, "/api/v1/balances");
  expect(response.statusCode, response.body).toBe(200);
  const found = response.json().balances.find((balance: { currency: string }) => balance.currency === currency);
  return { balance: found.balance, reserved: found.reserved, available: found.available };
}

async function saveRecipient(user: SignedInUser, recipient: Record<string, string>): Promise<string> {
  const response = await post(user, "/api/v1/recipients", recipient);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function saveBankRecipient(user: SignedInUser, currency = "USD"): Promise<string> {
  return saveRecipient(user, {
    type: "bank",
    name: "Erika Mustermann",
    email: "erika@example.com",
    bankName: "Deutsche Bank",
    country: "DE",
    accountNumber: IBAN,
    swiftCode: "DEUTDEFF",
    currency,
  });
}

async function transferRowsOf(userId: string) {
  return ferry.db.selectFrom("transfers").select(["id", "status"]).where("sender_user_id", "=", userId).execute();
}

async function auditOf(transferId: string) {
  return ferry.db
    .selectFrom("transfer_status_changes")
    .select(["actor_user_id", "from_status", "to_status"])
    .where("transfer_id", "=", transferId)
    .orderBy("id")
    .execute();
}

async function notificationTitles(userId: string): Promise<string[]> {
  const rows = await ferry.db
    .selectFrom("notifications")
    .select("title")
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
  return rows.map((row) => row.title);
}

/** A fresh signed-in customer holding `amounts` (minor units per currency). */
async function fundedCustomer(label: string, amounts: Partial<Record<CurrencyCode, bigint>>): Promise<SignedInUser> {
  const user = await createSessionUser(ferry, { label });
  for (const [currency, amountMinor] of Object.entries(amounts)) {
    await fundWallet(ferry.db, user.userId, currency as CurrencyCode, amountMinor);
  }
  return user;
}

// ---------------------------------------------------------------------------------------------

describe("authorisation", () => {
  test("a customer's recipient list never shows another customer's recipients", async () => {
    const owner = await createSessionUser(ferry, { label: "recipient-owner" });
    const other = await createSessionUser(ferry, { label: "recipient-other" });
    const recipientId = await saveBankRecipient(owner);

    const ownList = await get(owner, "/api/v1/recipients?type=bank");
    const otherList = await get(other, "/api/v1/recipients?type=bank");

    expect(ownList.json().items.map((recipient: { id: string }) => recipient.id)).toEqual([recipientId]);
    expect(otherList.statusCode).toBe(200);
    expect(otherList.json().items).toEqual([]);
  });

  test("sending to another customer's saved recipient is 404 not_found and moves nothing", async () => {
    const owner = await createSessionUser(ferry, { label: "recipient-owner" });
    const intruder = await fundedCustomer("recipient-intruder", { USD: 10_000n });
    const recipientId = await saveBankRecipient(owner);
    const details: Details = { target: { method: "bank", recipientId }, amount: "10.00", currency: "USD" };

    const quote = await post(intruder, "/api/v1/transfers/quote", details);
    const code = await post(intruder, "/api/v1/transfers/verification-code", details);
    const confirm = await confirmTransfer(intruder, details, "123456");

    for (const response of [quote, code, confirm]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().error.code).toBe("not_found");
    }
    expect(await balanceOf(intruder, "USD")).toEqual({ balance: "100.00", reserved: "0.00", available: "100.00" });
    expect(await transferRowsOf(intruder.userId)).toEqual([]);
  });

  test("money for an e-mail address no Ferry user has is 404 not_found and moves nothing", async () => {
    const sender = await fundedCustomer("unknown-recipient", { USD: 10_000n });
    const details = toFerryUser(`nobody-${randomUUID()}@ferry.test`, "10.00");

    const code = await post(sender, "/api/v1/transfers/verification-code", details);
    const confirm = await confirmTransfer(sender, details, "123456");

    for (const response of [code, confirm]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().error).toMatchObject({
        code: "not_found",
        fields: { "target.recipientEmail": expect.any(String) },
      });
    }
    expect(await transferRowsOf(sender.userId)).toEqual([]);
    expect(await balanceOf(sender, "USD")).toEqual({ balance: "100.00", reserved: "0.00", available: "100.00" });
  });

  test("another customer's transfer reads as 404; its sender reads it", async () => {
    const sender = await fundedCustomer("owner", { USD: 10_000n });
    const stranger = await createSessionUser(ferry, { label: "stranger" });
    const recipientId = await saveBankRecipient(sender);
    const transfer = await sendMoney(sender, {
      target: { method: "bank", recipientId },
      amount: "5.00",
      currency: "USD",
    });

    const own = await get(sender, `/api/v1/transfers/${transfer.id}`);
    const foreign = await get(stranger, `/api/v1/transfers/${transfer.id}`);

    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: transfer.id, amount: "5.00", status: "pending" });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe("not_found");
  });

  test("a customer gets 403 from the admin transaction list, status change and reconciliation, and nothing changes", async () => {
    const customer = await fundedCustomer("not-admin", { USD: 10_000n });
    const recipientId = await saveBankRecipient(customer);
    const transfer = await sendMoney(customer, {
      target: { method: "bank", recipientId },
      amount: "5.00",
      currency: "USD",
    });

    const list = await get(customer, "/api/v1/admin/transactions");
    const change = await setStatus(customer, transfer.id, "sent");
    const reconciliation = await get(customer, "/api/v1/admin/ledger/reconciliation");

    for (const response of [list, change, reconciliation]) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().error.code).toBe("forbidden");
    }
    expect(await transferRowsOf(customer.userId)).toEqual([{ id: transfer.id, status: "pending" }]);
    expect(await balanceOf(customer, "USD")).toEqual({ balance: "100.00", reserved: "5.03", available: "94.97" });
    expect(await auditOf(transfer.id)).toEqual([]);
  });
});

describe("bad input is refused with a field error and moves nothing", () => {
  interface BadCase {
    readonly name: string;
    readonly field: string;
    readonly details: (setup: {
      senderEmail: string;
      recipientEmail: string;
      bankId: string;
      tronId: string;
    }) => Details;
  }
  const cases: BadCase[] = [
    {
      name: "an amount sent as a JSON number (12.5)",
      field: "amount",
      details: ({ recipientEmail }) => ({ ...toFerryUser(recipientEmail, "x"), amount: 12.5 }),
    },
    {
      name: "a negative amount (-1.00)",
      field: "amount",
      details: ({ recipientEmail }) => toFerryUser(recipientEmail, "-1.00"),
    },
    { name: "a zero amount (0)", field: "amount", details: ({ recipientEmail }) => toFerryUser(recipientEmail, "0") },
    {
      name: "a zero amount (0.00)",
      field: "amount",
      details: ({ recipientEmail }) => toFerryUser(recipientEmail, "0.00"),
    },
    {
      name: "more decimals than the currency has (1.001 USD)",
      field: "amount",
      details: ({ recipientEmail }) => toFerryUser(recipientEmail, "1.001"),
    },
    { name: "an exponent (1e3)", field: "amount", details: ({ recipientEmail }) => toFerryUser(recipientEmail, "1e3") },
    {
      name: "an unknown currency (XYZ)",
      field: "currency",
      details: ({ recipientEmail }) => toFerryUser(recipientEmail, "1.00", "XYZ"),
    },
    {
      name: "a bank transfer in BTC",
      field: "currency",
      details: ({ bankId }) => ({ target: { method: "bank", recipientId: bankId }, amount: "0.001", currency: "BTC" }),
    },
    {
      name: "money sent to yourself",
      field: "target.recipientEmail",
      details: ({ senderEmail }) => toFerryUser(senderEmail, "1.00"),
    },
    {
      name: "ETH to a crypto recipient on Tron, which does not carry ETH",
      field: "currency",
      details: ({ tronId }) => ({ target: { method: "crypto", recipientId: tronId }, amount: "0.01", currency: "ETH" }),
    },
  ];

  test.each(cases)("$name", async ({ field, details }) => {
    const sender = await fundedCustomer("bad-input", { USD: 10_000n, BTC: 100_000_000n, ETH: 10n ** 18n });
    const [recipient] = await insertBareUsers(ferry.db, 1, "bad-input-recipient");
    const bankId = await saveBankRecipient(sender, "USD");
    const tronId = await saveRecipient(sender, {
      type: "crypto",
      name: "Tron wallet",
      email: "tron@example.com",
      cryptoAddress: TRON_ADDRESS,
      cryptoNetwork: "tron",
      currency: "USDT",
    });
    const request = details({ senderEmail: sender.email, recipientEmail: recipient.email, bankId, tronId });
    const before = await get(sender, "/api/v1/balances");

    const responses = [
      await post(sender, "/api/v1/transfers/quote", request),
      await post(sender, "/api/v1/transfers/verification-code", request),
      await confirmTransfer(sender, request, "123456"),
    ];

    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.code).toBe("validation_failed");
      expect(Object.keys(response.json().error.fields ?? {}), response.body).toContain(field);
    }
    expect((await get(sender, "/api/v1/balances")).json()).toEqual(before.json());
    expect(await transferRowsOf(sender.userId)).toEqual([]);
    const codes = await ferry.db
      .selectFrom("transfer_codes")
      .select("id")
      .where("user_id", "=", sender.userId)
      .execute();
    expect(codes).toEqual([]);
  });
});

describe("verification codes are bound to one transfer", () => {
  test("a code requested for 10.00 does not work for 10.01, another recipient or another currency", async () => {
    const sender = await fundedCustomer("binding", { USD: 10_000n, EUR: 10_000n });
    const [recipient, otherRecipient] = await insertBareUsers(ferry.db, 2, "binding-recipient");
    const details = toFerryUser(recipient.email, "10.00");
    const code = await requestCode(sender, details);

    const misuses = [
      await confirmTransfer(sender, { ...details, amount: "10.01" }, code),
      await confirmTransfer(sender, toFerryUser(otherRecipient.email, "10.00"), code),
      await confirmTransfer(sender, { ...details, currency: "EUR" }, code),
    ];

    for (const response of misuses) {
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().error.code).toBe("invalid_code");
    }
    expect(await transferRowsOf(sender.userId)).toEqual([]);
    expect(await balanceOf(sender, "USD")).toEqual({ balance: "100.00", reserved: "0.00", available: "100.00" });
    // The code itself was good: it still pays the transfer it was issued for.
    expect((await confirmTransfer(sender, details, code)).statusCode).toBe(201);
    expect(await balanceOf(sender, "USD")).toEqual({ balance: "90.00", reserved: "0.00", available: "90.00" });
  });

  test("an expired code is refused and moves nothing", async () => {
    const sender = await fundedCustomer("expired", { USD: 10_000n });
    const [recipient] = await insertBareUsers(ferry.db, 1, "expired-recipient");
    const details = toFerryUser(recipient.email, "10.00");
    const code = await requestCode(sender, details);
    await ferry.db
      .updateTable("transfer_codes")
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where("user_id", "=", sender.userId)
      .execute();

    const response = await confirmTransfer(sender, details, code);

    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error).toMatchObject({ code: "invalid_code", message: expect.stringMatching(/expired/) });
    expect(await transferRowsOf(sender.userId)).toEqual([]);
    expect(await balanceOf(sender, "USD")).toEqual({ balance: "100.00", reserved: "0.00", available: "100.00" });
  });

  test("after 5 wrong codes even the right code is refused", async () => {
    const sender = await fundedCustomer("wrong-codes", { USD: 10_000n });
    const [recipient] = await insertBareUsers(ferry.db, 1, "wrong-codes-recipient");
    const details = toFerryUser(recipient.email, "10.00");
    const code = await requestCode(sender, details);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");

    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await confirmTransfer(sender, details, wrong);
      expect(response.statusCode, `wrong try ${attempt}`).toBe(422);
      expect(response.json().error).toMatchObject({ code: "invalid_code", message: "Invalid verification code" });
    }
    const sixth = await confirmTransfer(sender, details, code);

    expect(sixth.statusCode, sixth.body).toBe(422);
    expect(sixth.json().error).toMatchObject({ code: "invalid_code", message: expect.stringMatching(/Too many/) });
    expect(await transferRowsOf(sender.userId)).toEqual([]);
    expect(await balanceOf(sender, "USD")).toEqual({ balance: "100.00", reserved: "0.00", available: "100.00" });
  });

  test("a code that paid one transfer cannot pay a second one", async () => {
    const sender = await fundedCustomer("reuse", { USD: 10_000n });
    const [recipient] = await insertBareUsers(ferry.db, 1, "reuse-recipient");
    const details = toFerryUser(recipient.email, "10.00");
    const code = await requestCode(sender, details);
    expect((await confirmTransfer(sender, details, code)).statusCode).toBe(201);

    const again = await confirmTransfer(sender, details, code);

    expect(again.statusCode, again.body).toBe(422);
    expect(again.json().error.code).toBe("invalid_code");
    expect(await transferRowsOf(sender.userId)).toHaveLength(1);
    expect(await balanceOf(sender, "USD")).toEqual({ balance: "90.00", reserved: "0.00", available: "90.00" });
  });
});

describe("fees", () => {
  async function quoteFee(user: SignedInUser, details: Details): Promise<{ fee: string; total: string }> {
    const response = await post(user, "/api/v1/transfers/quote", details);
    expect(response.statusCode, response.body).toBe(200);
    return { fee: response.json().fee, total: response.json().total };
  }

  test("a bank transfer costs 0.5 %, rounded up to the cent, so never nothing", async () => {
    const sender = await createSessionUser(ferry, { label: "bank-fee" });
    const recipientId = await saveBankRecipient(sender);
    const bank = (amount: string): Details => ({ target: { method: "bank", recipientId }, amount, currency: "USD" });

    expect(await quoteFee(sender, bank("1.00"))).toEqual({ fee: "0.01", total: "1.01" });
    expect(await quoteFee(sender, bank("0.01"))).toEqual({ fee: "0.01", total: "0.02" });
    expect(await quoteFee(sender, bank("0.99"))).toEqual({ fee: "0.01", total: "1.00" });
    expect(await quoteFee(sender, bank("3.00"))).toEqual({ fee: "0.02", total: "3.02" });
    expect(await quoteFee(sender, bank("201.00"))).toEqual({ fee: "1.01", total: "202.01" });
    expect(await quoteFee(sender, bank("1000.00"))).toEqual({ fee: "5.00", total: "1005.00" });
  });

  test("a crypto transfer costs 1 %, rounded up to the currency's smallest unit", async () => {
    const sender = await createSessionUser(ferry, { label: "crypto-fee" });
    const recipientId = await saveRecipient(sender, {
      type: "crypto",
      name: "Ethereum wallet",
      email: "eth@example.com",
      cryptoAddress: EIP55_ADDRESS,
      cryptoNetwork: "ethereum",
      currency: "USDC",
    });
    const crypto = (amount: string): Details => ({
      target: { method: "crypto", recipientId },
      amount,
      currency: "USDC",
    });

    expect(await quoteFee(sender, crypto("1.00"))).toEqual({ fee: "0.010000", total: "1.010000" });
    expect(await quoteFee(sender, crypto("0.00005"))).toEqual({ fee: "0.000001", total: "0.000051" });
    expect(await quoteFee(sender, crypto("0.000049"))).toEqual({ fee: "0.000001", total: "0.000050" });
    expect(await quoteFee(sender, crypto("0.000001"))).toEqual({ fee: "0.000001", total: "0.000002" });
  });

  test("a transfer to a Ferry user is free", async () => {
    const sender = await createSessionUser(ferry, { label: "free" });
    const [recipient] = await insertBareUsers(ferry.db, 1, "free-recipient");

    expect(await quoteFee(sender, toFerryUser(recipient.email, "1000.00"))).toEqual({ fee: "0.00", total: "1000.00" });
  });

  test("a bank transfer starts pending with amount and fee reserved: available drops, balance does not", async () => {
    const sender = await fundedCustomer("reserve", { USD: 10_000n });
    const recipientId = await saveBankRecipient(sender);

    const transfer = await sendMoney(sender, {
      target: { method: "bank", recipientId },
      amount: "20.00",
      currency: "USD",
    });

    expect(transfer).toMatchObject({ status: "pending", amount: "20.00", fee: "0.10", total: "20.10" });
    expect(await balanceOf(sender, "USD")).toEqual({ balance: "100.00", reserved: "20.10", available: "79.90" });
  });

  test("a crypto transfer starts pending with amount and its 1 % fee reserved", async () => {
    const sender = await fundedCustomer("crypto-reserve", { USDT: 50_000_000n });
    const recipientId = await saveRecipient(sender, {
      type: "crypto",
      name: "Tron wallet",
      email: "tron@example.com",
      cryptoAddress: TRON_ADDRESS,
      cryptoNetwork: "tron",
      currency: "USDT",
    });

    const transfer = await sendMoney(sender, {
      target: { method: "crypto", recipientId },
      amount: "10.00",
      currency: "USDT",
    });

    expect(transfer).toMatchObject({ status: "pending", fee: "0.100000", total: "10.100000" });
    expect(await balanceOf(sender, "USDT")).toEqual({
      balance: "50.000000",
      reserved: "10.100000",
      available: "39.900000",
    });
  });
});

describe("the quote shows the destination as stored (issue 19)", () => {
  async function quoteDestination(user: SignedInUser, details: Details): Promise<unknown> {
    const response = await post(user, "/api/v1/transfers/quote", details);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().destination;
  }

  test("a bank recipient's IBAN typed with spaces comes back in electronic form, with the bank and country", async () => {
    const sender = await createSessionUser(ferry, { label: "shown-bank" });
    const recipientId = await saveRecipient(sender, {
      type: "bank",
      name: "Erika Mustermann",
      email: "erika@example.com",
      bankName: "Deutsche Bank",
      country: "DE",
      accountNumber: " de89 3704 0044 0532 0130 00 ",
      swiftCode: "deut deff",
      currency: "EUR",
    });

    const destination = await quoteDestination(sender, {
      target: { method: "bank", recipientId },
      amount: "1.00",
      currency: "EUR",
    });

    expect(destination).toEqual({
      kind: "bank",
      name: "Erika Mustermann",
      accountNumber: "DE89370400440532013000",
      bankName: "Deutsche Bank",
      country: "DE",
      swiftCode: "DEUTDEFF",
      routingNumber: null,
      transitNumber: null,
      institutionNumber: null,
      bsb: null,
      sortCode: null,
    });
  });

  test("an EVM address typed in lower case is shown in its EIP-55 checksummed form", async () => {
    const sender = await createSessionUser(ferry, { label: "shown-evm" });
    const recipientId = await saveRecipient(sender, {
      type: "crypto",
      name: "Ethereum wallet",
      email: "eth@example.com",
      cryptoAddress: EIP55_ADDRESS.toLowerCase(),
      cryptoNetwork: "ethereum",
      currency: "USDC",
    });

    const destination = await quoteDestination(sender, {
      target: { method: "crypto", recipientId },
      amount: "1.00",
      currency: "USDC",
    });

    expect(destination).toEqual({ kind: "crypto", network: "ethereum", address: EIP55_ADDRESS });
  });

  test("a Ferry user is shown by name and e-mail", async () => {
    const sender = await createSessionUser(ferry, { label: "shown-user" });
    const [recipient] = await insertBareUsers(ferry.db, 1, "shown-recipient");

    const destination = await quoteDestination(sender, toFerryUser(recipient.email, "1.00"));

    expect(destination).toEqual({ kind: "ferry_user", name: expect.any(String), email: recipient.email });
  });
});

describe("a transfer's page and its cancel (issue 30)", () => {
  async function pendingBankTransfer(label: string): Promise<{ sender: SignedInUser; transferId: string }> {
    const sender = await fundedCustomer(label, { USD: 10_000n });
    const recipientId = await saveBankRecipient(sender);
    const transfer = await sendMoney(sender, {
      target: { method: "bank", recipientId },
      amount: "20.00",
      currency: "USD",
    });
    return { sender, transferId: transfer.id };
  }

  function cancel(user: SignedInUser, transferId: string, key = `cancel-${randomUUID()}`) {
    return post(user, `/api/v1/transfers/${transferId}/cancel`, undefined, { "idempotency-key": key });
  }

  test("shows where it goes, its steps and until when it can be cancelled", async () => {
    const { sender, transferId } = await pendingBankTransfer("activity");
    const response = await get(sender, `/api/v1/transfers/${transferId}/activity`);
    expect(response.statusCode, response.body).toBe(200);
    const activity = response.json();
    expect(activity).toMatchObject({
      transferId,
      status: "pending",
      destination: { kind: "bank", name: "Erika Mustermann", accountNumber: "DE89370400440532013000" },
      timeline: [{ step: "created", by: "you", isMoneyReturned: false }],
    });
    const until = new Date(activity.cancellableUntil).getTime();
    const created = new Date(activity.timeline[0].at).getTime();
    expect(until - created).toBe(30 * 60_000);

    expect((await setStatus(admin, transferId, "processed")).statusCode).toBe(200);
    const processed = (await get(sender, `/api/v1/transfers/${transferId}/activity`)).json();
    expect(processed.timeline.map((entry: { step: string; by: string }) => [entry.step, entry.by])).toEqual([
      ["created", "you"],
      ["processed", "ferry"],
    ]);
    expect(processed.cancellableUntil).toBeNull();
  });

  test("within the window the sender cancels: the reserve returns, audited and notified; again changes nothing", async () => {
    const { sender, transferId } = await pendingBankTransfer("cancel");
    expect(await balanceOf(sender, "USD")).toEqual({ balance: "100.00", reserved: "20.10", available: "79.90" });

    const key = `cancel-${randomUUID()}`;
    const first = await cancel(sender, transferId, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: "cancelled", cancellableUntil: null });
    expect(first.json().timeline.at(-1)).toMatchObject({ step: "cancelled", by: "you", isMoneyReturned: true });
    expect(await balanceOf(sender, "USD")).toEqual({ balance: "100.00", reserved: "0.00", available: "100.00" });

    // The same request again (a retry with its key), and a new one: the same answer, no second release.
    for (const retry of [await cancel(sender, transferId, key), await cancel(sender, transferId)]) {
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json()).toEqual(first.json());
    }
    expect(await balanceOf(sender, "USD")).toEqual({ balance: "100.00", reserved: "0.00", available: "100.00" });
    expect(await auditOf(transferId)).toEqual([
      { actor_user_id: sender.userId, from_status: "pending", to_status: "cancelled" },
    ]);
    const audit = await ferry.db
      .selectFrom("audit_log")
      .select(["action", "actor_user_id"])
      .where("subject_id", "=", transferId)
      .execute();
    expect(audit).toEqual([{ action: "transfer.cancel", actor_user_id: sender.userId }]);
    expect(await notificationTitles(sender.userId)).toContain("Transfer cancelled");
    // The notification opens the transfer's page.
    const notifications = (await get(sender, "/api/v1/notifications")).json().items;
    expect(notifications.find((item: { title: string }) => item.title === "Transfer cancelled")).toMatchObject({
      link: `/transactions/${transferId}`,
    });
  });

  test("is refused once Ferry has processed it, and after the window, and nothing moves", async () => {
    const processed = await pendingBankTransfer("cancel-processed");
    expect((await setStatus(admin, processed.transferId, "processed")).statusCode).toBe(200);
    const late = await cancel(processed.sender, processed.transferId);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe("This transfer can no longer be cancelled: Ferry has already processed it.");
    expect(await balanceOf(processed.sender, "USD")).toMatchObject({ reserved: "20.10" });

    const old = await pendingBankTransfer("cancel-window");
    await ferry.db
      .updateTable("transfers")
      .set({ created_at: new Date(Date.now() - 31 * 60_000) })
      .where("id", "=", old.transferId)
      .execute();
    const expired = await cancel(old.sender, old.transferId);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error.message).toBe(
      "This transfer can no longer be cancelled: the time to cancel it has passed.",
    );
    expect((await get(old.sender, `/api/v1/transfers/${old.transferId}/activity`)).json()).toMatchObject({
      status: "pending",
      cancellableUntil: null,
    });
    expect(await balanceOf(old.sender, "USD")).toMatchObject({ reserved: "20.10" });
  });

  test("another customer's transfer is 404 to read and to cancel, and stays as it was", async () => {
    const { sender, transferId } = await pendingBankTransfer("cancel-owner");
    const stranger = await fundedCustomer("cancel-stranger", {});
    expect((await get(stranger, `/api/v1/transfers/${transferId}/activity`)).statusCode).toBe(404);
    expect((await cancel(stranger, transferId)).statusCode).toBe(404);
    expect((await get(sender, `/api/v1/transfers/${transferId}/activity`)).json()).toMatchObject({ status: "pending" });
    expect(await auditOf(transferId)).toEqual([]);
  });
});

describe("admin status lifecycle", () => {
  async function pendingBankTransfer(label: string, fundingMinor = 10_000n) {
    const sender = await fundedCustomer(label, { USD: fundingMinor });
    const recipientId = await saveBankRecipient(sender);
    const transfer = await sendMoney(sender, {
      target: { method: "bank", recipientId },
      amount: "10.00",
      currency: "USD",
    });
    return { sender, transfer };
  }

  test("pending → sent → failed → pending → cancelled moves exactly the amount and fee, audited and notified each time", async () => {
    const { sender, transfer } = await pendingBankTransfer("lifecycle");
    const steps: { status: string; expected: BalanceView }[] = [
      // sent posts the reserve: the money leaves.
      { status: "sent", expected: { balance: "89.95", reserved: "0.00", available: "89.95" } },
      // failed after sent is a refund of amount and fee.
      { status: "failed", expected: { balance: "100.00", reserved: "0.00", available: "100.00" } },
      // back to pending reserves again.
      { status: "pending", expected: { balance: "100.00", reserved: "10.05", available: "89.95" } },
      // cancelled releases the reserve.
      { status: "cancelled", expected: { balance: "100.00", reserved: "0.00", available: "100.00" } },
    ];
    let from = "pending";

    for (const [index, step] of steps.entries()) {
      const response = await setStatus(admin, transfer.id, step.status);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ status: step.status, isChanged: true });
      expect(await balanceOf(sender, "USD"), `after ${step.status}`).toEqual(step.expected);
      const audit = await auditOf(transfer.id);
      expect(audit).toHaveLength(index + 1);
      expect(audit.at(-1)).toEqual({ actor_user_id: admin.userId, from_status: from, to_status: step.status });
      expect(await notificationTitles(sender.userId)).toHaveLength(index + 1);
      from = step.status;
    }
    expect(await notificationTitles(sender.userId)).toEqual([
      "Transfer sent",
      "Transfer failed",
      "Transfer pending",
      "Transfer cancelled",
    ]);
    expect((await get(sender, `/api/v1/transfers/${transfer.id}`)).json().status).toBe("cancelled");
  });

  test("setting the same status twice is a no-op: isChanged false, no second audit row or notification", async () => {
    const { sender, transfer } = await pendingBankTransfer("same-status");
    expect((await setStatus(admin, transfer.id, "sent")).json()).toEqual({ status: "sent", isChanged: true });

    const again = await setStatus(admin, transfer.id, "sent");

    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: "sent", isChanged: false });
    expect(await auditOf(transfer.id)).toHaveLength(1);
    expect(await notificationTitles(sender.userId)).toEqual(["Transfer sent"]);
    expect(await balanceOf(sender, "USD")).toEqual({ balance: "89.95", reserved: "0.00", available: "89.95" });
  });

  test("moving a failed transfer back to pending when the money is gone is 422 insufficient_funds and changes nothing", async () => {
    // Exactly enough for 10.00 plus its 0.05 fee.
    const { sender, transfer } = await pendingBankTransfer("money-gone", 1_005n);
    expect((await setStatus(admin, transfer.id, "failed")).statusCode).toBe(200);
    expect(await balanceOf(sender, "USD")).toEqual({ balance: "10.05", reserved: "0.00", available: "10.05" });
    // The released money is spent on something else.
    const [friend] = await insertBareUsers(ferry.db, 1, "money-gone-friend");
    await sendMoney(sender, toFerryUser(friend.email, "10.05"));

    const response = await setStatus(admin, transfer.id, "pending");

    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error.code).toBe("insufficient_funds");
    expect((await get(sender, `/api/v1/transfers/${transfer.id}`)).json().status).toBe("failed");
    expect(await balanceOf(sender, "USD")).toEqual({ balance: "0.00", reserved: "0.00", available: "0.00" });
    expect((await auditOf(transfer.id)).map((row) => row.to_status)).toEqual(["failed"]);
    expect(await notificationTitles(sender.userId)).toEqual(["Transfer failed"]);
  });
});

describe("Ferry-user transfers", () => {
  test("a transfer to a Ferry user is instant: sent, recipient credited and notified, in both histories", async () => {
    const sender = await fundedCustomer("p2p-sender", { USD: 10_000n });
    const recipient = await createSessionUser(ferry, { label: "p2p-recipient" });

    const transfer = await sendMoney(sender, toFerryUser(recipient.email, "25.50"), "Dinner");

    expect(transfer).toMatchObject({ status: "sent", amount: "25.50", fee: "0.00", total: "25.50" });
    expect(await balanceOf(sender, "USD")).toEqual({ balance: "74.50", reserved: "0.00", available: "74.50" });
    expect(await balanceOf(recipient, "USD")).toEqual({ balance: "25.50", reserved: "0.00", available: "25.50" });
    const notifications = (await get(recipient, "/api/v1/notifications")).json().items;
    expect(notifications).toEqual([
      expect.objectContaining({
        title: "Money received",
        message: `${sender.email} sent you USD 25.50.`,
        type: "success",
      }),
    ]);
    const sent = (await get(sender, "/api/v1/transactions")).json().items;
    const received = (await get(recipient, "/api/v1/transactions")).json().items;
    expect(sent[0]).toMatchObject({
      type: "sent",
      direction: "out",
      amount: "25.50",
      counterparty: recipient.email,
      memo: "Dinner",
    });
    expect(received).toEqual([
      expect.objectContaining({
        type: "received",
        direction: "in",
        amount: "25.50",
        fee: "0.00",
        counterparty: sender.email,
      }),
    ]);
  });
});

describe("history and statement", () => {
  interface HistoryItem {
    readonly id: string;
    readonly type: string;
    readonly createdAt: string;
    readonly amount: string;
  }

  async function readAllPages(user: SignedInUser, limit: number): Promise<HistoryItem[]> {
    const items: HistoryItem[] = [];
    let cursor: string | null = null;
    // A hard cap so a cursor that never ends fails the test instead of hanging it.
    for (let page = 0; page < 50; page += 1) {
      const response = await get(
        user,
        `/api/v1/transactions?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.items.length).toBeLessThanOrEqual(limit);
      items.push(...body.items);
      cursor = body.nextCursor;
      if (!cursor) {
        return items;
      }
    }
    throw new Error("history pagination did not end");
  }

  function expectNewestFirst(items: readonly HistoryItem[]): void {
    for (let index = 1; index < items.length; index += 1) {
      expect(Date.parse(items[index - 1].createdAt)).toBeGreaterThanOrEqual(Date.parse(items[index].createdAt));
    }
  }

  test("filters by search, currency, type, status and days, with totals and the CSV of what matches (issue 30)", async () => {
    const user = await fundedCustomer("filters", { USD: 10_000n, EUR: 5_000n });
    const friend = await fundedCustomer("filters-friend", {});
    await sendMoney(user, toFerryUser(friend.email, "1.25"), "Rent March");
    await sendMoney(user, toFerryUser(friend.email, "2.00", "EUR"), "Groceries");
    const recipientId = await saveBankRecipient(user);
    await sendMoney(user, { target: { method: "bank", recipientId }, amount: "10.00", currency: "USD" });
    const list = async (query: string) => {
      const response = await get(user, `/api/v1/transactions?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { items: { type: string; currency: string; memo: string | null }[]; totals?: unknown };
    };

    const rent = await list("search=rent%20MAR");
    expect(rent.items.map((item) => item.memo)).toEqual(["Rent March"]);
    expect(rent.totals).toEqual([{ currency: "USD", in: "0.00", out: "1.25" }]);
    // A % or _ in the search is a character, not a wildcard.
    expect((await list("search=%25")).items).toEqual([]);

    const euros = await list("currency=EUR");
    expect(euros.items.map((item) => [item.type, item.memo])).toEqual([
      ["sent", "Groceries"],
      ["deposit", null],
    ]);
    expect(euros.totals).toEqual([{ currency: "EUR", in: "50.00", out: "2.00" }]);

    const pending = await list("status=pending");
    expect(pending.items.map((item) => item.currency)).toEqual(["USD"]);
    expect(pending.totals).toEqual([{ currency: "USD", in: "0.00", out: "10.05" }]);
    expect((await list("type=deposit")).items.map((item) => item.currency).sort()).toEqual(["EUR", "USD"]);

    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`from=${today}&to=${today}`)).items).toHaveLength(5);
    expect((await list("from=2020-01-01&to=2020-12-31")).items).toEqual([]);
    // No filters: no totals, as before.
    expect((await list("limit=2")).totals).toBeUndefined();

    const backwards = await get(user, "/api/v1/transactions?from=2026-02-01&to=2026-01-01");
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields).toEqual({ to: "The end date cannot be before the start date" });
    expect((await get(user, "/api/v1/transactions?from=yesterday")).statusCode).toBe(400);

    const csv = await get(user, "/api/v1/transactions/export.csv?currency=EUR&type=sent");
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Groceries");
    expect((await get(user, "/api/v1/transactions/export.csv?currency=XYZ")).statusCode).toBe(400);
  });

  test("paging through the history with cursors returns every item exactly once, newest first", async () => {
    const user = await fundedCustomer("history", { USD: 10_000n });
    await fundWallet(ferry.db, user.userId, "USD", 2_000n);
    await fundWallet(ferry.db, user.userId, "EUR", 3_000n);
    const friend = await fundedCustomer("history-friend", { USD: 10_000n });
    await sendMoney(user, toFerryUser(friend.email, "1.00"));
    await sendMoney(friend, toFerryUser(user.email, "2.00"));
    await sendMoney(user, toFerryUser(friend.email, "3.00"));
    const recipientId = await saveBankRecipient(user);
    await sendMoney(user, { target: { method: "bank", recipientId }, amount: "4.00", currency: "USD" });

    const all = (await get(user, "/api/v1/transactions?limit=100")).json().items as HistoryItem[];
    const paged = await readAllPages(user, 2);

    expect(all).toHaveLength(7);
    expect(paged.map((item) => item.id)).toEqual(all.map((item) => item.id));
    expect(new Set(paged.map((item) => item.id)).size).toBe(7);
    expectNewestFirst(paged);
    expect(paged.map((item) => `${item.type} ${item.amount}`)).toEqual([
      "sent 4.00",
      "sent 3.00",
      "received 2.00",
      "sent 1.00",
      "deposit 30.00",
      "deposit 20.00",
      "deposit 100.00",
    ]);
  });

  test("paging keeps items that share a timestamp (deposits credited in one database transaction)", async () => {
    const user = await createSessionUser(ferry, { label: "same-instant" });
    // Three deposits in one transaction share now(), to the microsecond (as the demo seed credits them).
    await ferry.db.transaction().execute(async (trx) => {
      const walletId = await ensureUserAccount(trx, user.userId, "USD");
      const source = await systemAccountId(trx, "USD", "bank_deposits");
      for (const amountMinor of [100n, 200n, 300n]) {
        await applyLedger(trx, {
          create: [
            {
              transferKey: `test-fund:${randomUUID()}`,
              debitAccountId: source,
              creditAccountId: walletId,
              amountMinor,
              currency: "USD",
              kind: "deposit",
              state: "posted",
            },
          ],
        });
      }
    });

    const all = (await get(user, "/api/v1/transactions?limit=100")).json().items as HistoryItem[];
    const paged = await readAllPages(user, 1);

    expect(all).toHaveLength(3);
    expect(paged.map((item) => item.id)).toEqual(all.map((item) => item.id));
  });

  function parseCsv(text: string): string[][] {
    return text
      .split("\r\n")
      .filter((line) => line !== "")
      .map((line) =>
        [...line.matchAll(/"((?:[^"]|"")*)"|([^,]+)/g)].map((match) => (match[1] ?? match[2]).replaceAll('""', '"')),
      );
  }

  test("the CSV export has a header and one row per item, and neutralises cells that start with =", async () => {
    const user = await fundedCustomer("csv", { USD: 10_000n });
    const [friend] = await insertBareUsers(ferry.db, 1, "csv-friend");
    await sendMoney(user, toFerryUser(friend.email, "10.00"), '=HYPERLINK("http://evil.example","x")');
    await sendMoney(user, toFerryUser(friend.email, "2.00"), "@SUM(A1:A2)");

    const response = await get(user, "/api/v1/transactions/export.csv");

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/csv/);
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual(["date", "type", "status", "currency", "amount", "fee", "counterparty", "memo"]);
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => [row[1], row[3], row[6], row[7]])).toEqual([
      ["sent", "USD", friend.email, "'@SUM(A1:A2)"],
      ["sent", "USD", friend.email, `'=HYPERLINK("http://evil.example","x")`],
      ["deposit", "USD", "", ""],
    ]);
    expect(response.body).not.toMatch(/(^|,)"[=+@]/m);
  });

  test("outgoing amounts stay numbers in the CSV export (-10.00, not '-10.00)", async () => {
    const user = await fundedCustomer("csv-amounts", { USD: 10_000n });
    const [friend] = await insertBareUsers(ferry.db, 1, "csv-amounts-friend");
    await sendMoney(user, toFerryUser(friend.email, "10.00"));

    const response = await get(user, "/api/v1/transactions/export.csv");

    const [, sent, deposit] = parseCsv(response.body);
    expect(deposit[4]).toBe("100.00");
    expect(sent[4]).toBe("-10.00");
  });
});

describe("idempotency", () => {
  test("an Idempotency-Key reused with a different body is 409 conflict and moves nothing more", async () => {
    const sender = await fundedCustomer("idem-conflict", { USD: 10_000n });
    const [recipient] = await insertBareUsers(ferry.db, 1, "idem-conflict-recipient");
    const idempotencyKey = `idem-${randomUUID()}`;
    const first = toFerryUser(recipient.email, "10.00");
    const firstResponse = await confirmTransfer(sender, first, await requestCode(sender, first), { idempotencyKey });
    expect(firstResponse.statusCode).toBe(201);
    const second = toFerryUser(recipient.email, "20.00");
    const code = await issueCode(ferry, {
      userId: sender.userId,
      recipientKey: `user:${recipient.userId}`,
      amountMinor: 2_000n,
      currency: "USD",
    });

    const reused = await confirmTransfer(sender, second, code, { idempotencyKey });
    const sameKeyOtherMemo = await confirmTransfer(sender, first, code, { idempotencyKey, memo: "changed" });
    const replay = await confirmTransfer(sender, first, code, { idempotencyKey });

    for (const response of [reused, sameKeyOtherMemo]) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().error.code).toBe("conflict");
    }
    expect(replay.statusCode).toBe(200);
    expect(replay.json().id).toBe(firstResponse.json().id);
    expect(await transferRowsOf(sender.userId)).toHaveLength(1);
    expect(await balanceOf(sender, "USD")).toEqual({ balance: "90.00", reserved: "0.00", available: "90.00" });
  });

  test("two customers using the same Idempotency-Key each get their own transfer, never the other's", async () => {
    const first = await fundedCustomer("idem-first", { USD: 10_000n });
    const second = await fundedCustomer("idem-second", { USD: 10_000n });
    const [recipient] = await insertBareUsers(ferry.db, 1, "idem-shared-recipient");
    const idempotencyKey = `shared-${randomUUID()}`;
    const details = toFerryUser(recipient.email, "10.00");

    const firstResponse = await confirmTransfer(first, details, await requestCode(first, details), { idempotencyKey });
    const secondResponse = await confirmTransfer(second, details, await requestCode(second, details), {
      idempotencyKey,
    });

    expect([firstResponse.statusCode, secondResponse.statusCode]).toEqual([201, 201]);
    expect(secondResponse.json().id).not.toBe(firstResponse.json().id);
    expect(await balanceOf(first, "USD")).toMatchObject({ balance: "90.00" });
    expect(await balanceOf(second, "USD")).toMatchObject({ balance: "90.00" });
    expect((await get(second, `/api/v1/transfers/${firstResponse.json().id}`)).statusCode).toBe(404);
  });

  test("a transfer without an Idempotency-Key is 400 and moves nothing", async () => {
    const sender = await fundedCustomer("idem-missing", { USD: 10_000n });
    const [recipient] = await insertBareUsers(ferry.db, 1, "idem-missing-recipient");
    const details = toFerryUser(recipient.email, "10.00");
    const code = await requestCode(sender, details);

    const response = await post(sender, "/api/v1/transfers", { ...details, code });

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({
      code: "validation_failed",
      message: "An Idempotency-Key header is required",
    });
    expect(await transferRowsOf(sender.userId)).toEqual([]);
    expect(await balanceOf(sender, "USD")).toEqual({ balance: "100.00", reserved: "0.00", available: "100.00" });
  });
});
