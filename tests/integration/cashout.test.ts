import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, createSignedInUser, readCodeFromMailbox, readMail, send, type TestApp } from "./helpers.ts";
import {
  addPaymentMethod,
  balanceOf,
  bankMethodForm,
  cashOut,
  cryptoMethodForm,
  fundWallet,
  notificationsOf,
  requestCashoutCode,
  type SignedInUser,
  sendAs,
  setTransferStatus,
} from "./money-helpers-deposits.ts";

let ferry: TestApp;
/** The same database with a small USD limit: 100 a day, 10 % of it until e-mail and KYC are verified. */
let limited: TestApp;
let admin: SignedInUser;

beforeAll(async () => {
  ferry = await buildTestApp();
  limited = await buildTestApp({ CASHOUT_DAILY_LIMITS: '{"USD":"100"}', CASHOUT_UNVERIFIED_PERCENT: "10" });
  admin = await createSignedInUser(ferry, { label: "cashout-admin", isAdmin: true });
});

afterAll(async () => {
  await ferry?.close();
  await limited?.close();
});

const USD_BANK = bankMethodForm({
  name: "Checking",
  currency: "USD",
  bankName: "JPMorgan Chase",
  accountNumber: "000123456789",
  routingNumber: "021000021",
  swiftCode: "CHASUS33",
  country: "US",
});

/** A fresh signed-in user with `amount` USD in their wallet and a USD bank payment method. */
async function fundedUserWithBank(app: TestApp, amount: string): Promise<{ user: SignedInUser; methodId: string }> {
  const user = await createSignedInUser(app, { label: "cashout" });
  await fundWallet(app.db, user.userId, "USD", amount);
  const methodId = await addPaymentMethod(app, user, USD_BANK);
  return { user, methodId };
}

async function ledgerStatesOf(transferId: string): Promise<Record<string, string>> {
  const rows = await ferry.db
    .selectFrom("ledger_transfers")
    .select(["kind", "state", "amount"])
    .where("reference_type", "=", "transfer")
    .where("reference_id", "=", transferId)
    .execute();
  return Object.fromEntries(rows.map((row) => [`${row.kind} ${row.amount}`, row.state]));
}

async function expectCreated(response: Awaited<ReturnType<typeof cashOut>>): Promise<string> {
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

describe("cash-out to a saved bank payment method", () => {
  test("reserves the amount and the 0.5 % bank fee and leaves the cash-out pending", async () => {
    const { user, methodId } = await fundedUserWithBank(ferry, "100.00");

    const response = await cashOut(ferry, user, methodId, "20.00", "USD");

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      method: "withdrawal",
      status: "pending",
      currency: "USD",
      amount: "20.00",
      fee: "0.10",
      total: "20.10",
      recipientName: "Checking",
    });
    expect(await balanceOf(ferry, user, "USD")).toEqual({ balance: "100.00", reserved: "20.10", available: "79.90" });
    expect(await ledgerStatesOf(response.json().id)).toEqual({ "withdrawal 2000": "pending", "fee 10": "pending" });
    const mail = await readMail(ferry.db, user.email, "Your Ferry transfer code");
    // The e-mail names the destination the code is bound to, not only its name.
    expect(mail.text_body).toContain("Send USD 20.00 to Checking");
    expect(mail.text_body).toContain("account •••• 6789");
    expect(mail.text_body).toContain("Fee USD 0.10, total USD 20.10.");
  });

  test("charges the 1 % crypto fee on a cash-out to a crypto payment method", async () => {
    const user = await createSignedInUser(ferry, { label: "cashout-crypto" });
    await fundWallet(ferry.db, user.userId, "ETH", "1");
    const methodId = await addPaymentMethod(
      ferry,
      user,
      cryptoMethodForm({ currency: "ETH", cryptoNetwork: "polygon" }),
    );

    const response = await cashOut(ferry, user, methodId, "0.2", "ETH");

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      method: "withdrawal",
      amount: "0.200000000000000000",
      fee: "0.002000000000000000",
      total: "0.202000000000000000",
    });
    expect(await balanceOf(ferry, user, "ETH")).toEqual({
      balance: "1.000000000000000000",
      reserved: "0.202000000000000000",
      available: "0.798000000000000000",
    });
  });

  test("shows the cash-out in the user's history as a pending withdraw", async () => {
    const { user, methodId } = await fundedUserWithBank(ferry, "100.00");
    const transferId = await expectCreated(await cashOut(ferry, user, methodId, "12.34", "USD"));

    const response = await sendAs(ferry.app, user, "GET", "/api/v1/transactions");

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().items[0]).toMatchObject({
      id: `t${transferId}`,
      type: "withdraw",
      method: "withdrawal",
      status: "pending",
      currency: "USD",
      amount: "12.34",
      // 0.5 % of 12.34 is 0.0617, rounded up to the cent.
      fee: "0.07",
      direction: "out",
    });
  });

  test("replaying the same Idempotency-Key returns the first cash-out and reserves nothing more", async () => {
    const { user, methodId } = await fundedUserWithBank(ferry, "100.00");
    const codeResponse = await requestCashoutCode(ferry, user, methodId, "30.00", "USD");
    expect(codeResponse.statusCode, codeResponse.body).toBe(200);
    const code = await readCodeFromMailbox(ferry.db, user.email, "Your Ferry transfer code");
    const body = {
      target: { method: "withdrawal", paymentMethodId: methodId },
      amount: "30.00",
      currency: "USD",
      code,
    };
    const headers = { "idempotency-key": `cashout-${randomUUID()}` };

    const first = await sendAs(ferry.app, user, "POST", "/api/v1/transfers", body, headers);
    const replay = await sendAs(ferry.app, user, "POST", "/api/v1/transfers", body, headers);

    expect(first.statusCode, first.body).toBe(201);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().id).toBe(first.json().id);
    expect(await balanceOf(ferry, user, "USD")).toEqual({ balance: "100.00", reserved: "30.15", available: "69.85" });
  });

  test("an admin marking it sent posts the amount and fee out of the balance", async () => {
    const { user, methodId } = await fundedUserWithBank(ferry, "100.00");
    const transferId = await expectCreated(await cashOut(ferry, user, methodId, "20.00", "USD"));

    const response = await setTransferStatus(ferry, admin, transferId, "sent");

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: "sent", isChanged: true });
    expect(await balanceOf(ferry, user, "USD")).toEqual({ balance: "79.90", reserved: "0.00", available: "79.90" });
    expect(await ledgerStatesOf(transferId)).toEqual({ "withdrawal 2000": "posted", "fee 10": "posted" });
    const again = await setTransferStatus(ferry, admin, transferId, "sent");
    expect(again.json()).toEqual({ status: "sent", isChanged: false });
    expect((await balanceOf(ferry, user, "USD")).balance).toBe("79.90");
  });

  test.each(["failed", "cancelled"])("an admin marking it %s releases the whole reserve", async (status) => {
    const { user, methodId } = await fundedUserWithBank(ferry, "100.00");
    const transferId = await expectCreated(await cashOut(ferry, user, methodId, "20.00", "USD"));

    const response = await setTransferStatus(ferry, admin, transferId, status);

    expect(response.statusCode, response.body).toBe(200);
    expect(await balanceOf(ferry, user, "USD")).toEqual({ balance: "100.00", reserved: "0.00", available: "100.00" });
    expect(await ledgerStatesOf(transferId)).toEqual({ "withdrawal 2000": "voided", "fee 10": "voided" });
    const { notifications } = await notificationsOf(ferry, user);
    expect(notifications[0]).toMatchObject({ title: `Withdrawal ${status}`, type: "error" });
  });

  test("refuses a cash-out larger than the available balance once its fee is added", async () => {
    const { user, methodId } = await fundedUserWithBank(ferry, "10.00");

    const response = await requestCashoutCode(ferry, user, methodId, "10.00", "USD");

    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error.code).toBe("insufficient_funds");
    expect(await balanceOf(ferry, user, "USD")).toEqual({ balance: "10.00", reserved: "0.00", available: "10.00" });
  });

  test("refuses a currency the payment method does not receive with 400, moving nothing", async () => {
    const user = await createSignedInUser(ferry, { label: "cashout-currency" });
    await fundWallet(ferry.db, user.userId, "USD", "100.00");
    const euroMethod = await addPaymentMethod(ferry, user, bankMethodForm({ currency: "EUR" }));

    const response = await requestCashoutCode(ferry, user, euroMethod, "10.00", "USD");

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields.currency).toBe("This payment method receives EUR, not USD");
    expect(await balanceOf(ferry, user, "USD")).toEqual({ balance: "100.00", reserved: "0.00", available: "100.00" });
    await expect(readMail(ferry.db, user.email, "Your Ferry transfer code")).rejects.toThrow(/No mail/);
  });

  test("refuses someone else's payment method with 404, moving nothing", async () => {
    const { methodId: othersMethod } = await fundedUserWithBank(ferry, "1.00");
    const user = await createSignedInUser(ferry, { label: "cashout-thief" });
    await fundWallet(ferry.db, user.userId, "USD", "100.00");

    const codeResponse = await requestCashoutCode(ferry, user, othersMethod, "10.00", "USD");
    const transfer = await sendAs(
      ferry.app,
      user,
      "POST",
      "/api/v1/transfers",
      {
        target: { method: "withdrawal", paymentMethodId: othersMethod },
        amount: "10.00",
        currency: "USD",
        code: "123456",
      },
      { "idempotency-key": `cashout-${randomUUID()}` },
    );

    expect(codeResponse.statusCode, codeResponse.body).toBe(404);
    expect(transfer.statusCode, transfer.body).toBe(404);
    expect(transfer.json().error.message).toBe("Payment method not found");
    expect(await balanceOf(ferry, user, "USD")).toEqual({ balance: "100.00", reserved: "0.00", available: "100.00" });
  });
});

describe("cash-out of every currency Ferry takes by bank", () => {
  test("a user can cash out GBP, which Ferry's bank deposit instructions accept", async () => {
    const user = await createSignedInUser(ferry, { label: "cashout-gbp" });
    const instructions = await sendAs(ferry.app, user, "GET", "/api/v1/deposits/instructions");
    expect(instructions.json().bank.currencies).toContain("GBP");
    await fundWallet(ferry.db, user.userId, "GBP", "50.00");

    // A GBP balance that no payment method can receive could never leave Ferry except to another user.
    const method = await sendAs(
      ferry.app,
      user,
      "POST",
      "/api/v1/payment-methods",
      bankMethodForm({
        currency: "GBP",
        bankName: "Barclays",
        accountNumber: "5555 5555",
        sortCode: "20-20-15",
        swiftCode: "BUKBGB22",
        country: "GB",
      }),
    );
    expect(method.statusCode, method.body).toBe(201);
    const response = await cashOut(ferry, user, method.json().id, "20.00", "GBP");

    expect(response.statusCode, response.body).toBe(201);
    expect(await balanceOf(ferry, user, "GBP")).toEqual({ balance: "50.00", reserved: "20.10", available: "29.90" });
  });
});

describe("the cash-out quote shows where the money goes (issue 19)", () => {
  test("a bank payment method's IBAN pasted in groups is quoted in its stored electronic form", async () => {
    const user = await createSignedInUser(ferry, { label: "cashout-shown" });
    await fundWallet(ferry.db, user.userId, "GBP", "50.00");
    const methodId = await addPaymentMethod(
      ferry,
      user,
      bankMethodForm({
        name: "Barclays GBP",
        currency: "GBP",
        bankName: "Barclays",
        accountNumber: "5555 5555",
        sortCode: "20-20-15",
        swiftCode: "BUKBGB22",
        country: "GB",
      }),
    );

    const quote = await sendAs(ferry.app, user, "POST", "/api/v1/transfers/quote", {
      target: { method: "withdrawal", paymentMethodId: methodId },
      amount: "20.00",
      currency: "GBP",
    });

    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().destination).toEqual({
      kind: "bank",
      name: "Barclays GBP",
      accountNumber: "55555555",
      bankName: "Barclays",
      country: "GB",
      swiftCode: "BUKBGB22",
      routingNumber: null,
      transitNumber: null,
      institutionNumber: null,
      bsb: null,
      sortCode: "202015",
    });
  });
});

describe("daily cash-out limit", () => {
  test("an unverified user may cash out 10.00 of a 100 USD limit in 24 hours, and not a cent more", async () => {
    const { user, methodId } = await fundedUserWithBank(limited, "50.00");

    const tooMuch = await requestCashoutCode(limited, user, methodId, "10.01", "USD");
    const allowed = await cashOut(limited, user, methodId, "10.00", "USD");
    const oneCentMore = await requestCashoutCode(limited, user, methodId, "0.01", "USD");

    expect(tooMuch.statusCode, tooMuch.body).toBe(422);
    expect(tooMuch.json().error).toMatchObject({
      code: "limit_exceeded",
      message:
        "Your daily limit for bank and crypto transfers and cash-outs is USD 10.00 until your e-mail and identity (KYC) are verified; USD 10.00 remains today.",
      fields: { amount: "At most USD 10.00 today" },
    });
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect(oneCentMore.statusCode, oneCentMore.body).toBe(422);
    expect(oneCentMore.json().error).toMatchObject({
      code: "limit_exceeded",
      message:
        "Your daily limit for bank and crypto transfers and cash-outs is USD 10.00 until your e-mail and identity (KYC) are verified; USD 0.00 remains today.",
    });
    expect(await balanceOf(limited, user, "USD")).toEqual({ balance: "50.00", reserved: "10.05", available: "39.95" });
  });

  test("says the limit in the language the request asks for, amounts written its way (issue 29)", async () => {
    const { user, methodId } = await fundedUserWithBank(limited, "50.00");

    const tooMuch = await send(limited.app, {
      method: "POST",
      url: "/api/v1/transfers/verification-code",
      ip: user.ip,
      cookie: user.cookie,
      headers: { "accept-language": "de-DE,de;q=0.9,en;q=0.8" },
      payload: { target: { method: "withdrawal", paymentMethodId: methodId }, amount: "10.01", currency: "USD" },
    });

    expect(tooMuch.statusCode, tooMuch.body).toBe(422);
    expect(tooMuch.json().error).toEqual({
      code: "limit_exceeded",
      message:
        "Ihr Tageslimit für Bank- und Krypto-Überweisungen und Auszahlungen beträgt 10,00\u00a0USD, bis Ihre E-Mail-Adresse und Identität (KYC) bestätigt sind; heute sind noch 10,00\u00a0USD übrig.",
      // German writes the amount before its currency, a no-break space between.
      fields: { amount: "Heute höchstens 10,00\u00a0USD" },
    });
  });

  test("a user with a verified e-mail and approved KYC may cash out the full 100 USD", async () => {
    const { user, methodId } = await fundedUserWithBank(limited, "200.00");
    await limited.db.updateTable("user").set({ emailVerified: true }).where("id", "=", user.userId).execute();
    await limited.db
      .updateTable("profiles")
      .set({ kyc_status: "approved" })
      .where("user_id", "=", user.userId)
      .execute();

    const tooMuch = await requestCashoutCode(limited, user, methodId, "100.01", "USD");
    const allowed = await cashOut(limited, user, methodId, "100.00", "USD");
    const oneCentMore = await requestCashoutCode(limited, user, methodId, "0.01", "USD");

    expect(tooMuch.statusCode, tooMuch.body).toBe(422);
    expect(tooMuch.json().error.message).toBe(
      "Your daily limit for bank and crypto transfers and cash-outs is USD 100.00; USD 100.00 remains today.",
    );
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect(oneCentMore.json().error.message).toBe(
      "Your daily limit for bank and crypto transfers and cash-outs is USD 100.00; USD 0.00 remains today.",
    );
  });

  test("a verified e-mail alone keeps the reduced limit", async () => {
    const { user, methodId } = await fundedUserWithBank(limited, "50.00");
    await limited.db.updateTable("user").set({ emailVerified: true }).where("id", "=", user.userId).execute();

    const response = await requestCashoutCode(limited, user, methodId, "10.01", "USD");

    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error.code).toBe("limit_exceeded");
  });

  test("failed and cancelled cash-outs do not count toward the limit", async () => {
    const { user, methodId } = await fundedUserWithBank(limited, "50.00");
    const failed = await expectCreated(await cashOut(limited, user, methodId, "10.00", "USD"));
    expect((await setTransferStatus(limited, admin, failed, "failed")).statusCode).toBe(200);
    const cancelled = await expectCreated(await cashOut(limited, user, methodId, "10.00", "USD"));
    expect((await setTransferStatus(limited, admin, cancelled, "cancelled")).statusCode).toBe(200);

    const allowed = await cashOut(limited, user, methodId, "10.00", "USD");
    const oneCentMore = await requestCashoutCode(limited, user, methodId, "0.01", "USD");

    expect(allowed.statusCode, allowed.body).toBe(201);
    expect(oneCentMore.statusCode).toBe(422);
    expect(await balanceOf(limited, user, "USD")).toEqual({ balance: "50.00", reserved: "10.05", available: "39.95" });
  });

  test("a sent cash-out still counts toward the limit", async () => {
    const { user, methodId } = await fundedUserWithBank(limited, "50.00");
    const sent = await expectCreated(await cashOut(limited, user, methodId, "10.00", "USD"));
    expect((await setTransferStatus(limited, admin, sent, "sent")).statusCode).toBe(200);

    const response = await requestCashoutCode(limited, user, methodId, "0.01", "USD");

    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error.code).toBe("limit_exceeded");
  });

  test("a code issued while the limit had room is refused once another cash-out used that room", async () => {
    const { user, methodId } = await fundedUserWithBank(limited, "50.00");
    const target = { method: "withdrawal", paymentMethodId: methodId };
    expect((await requestCashoutCode(limited, user, methodId, "6.00", "USD")).statusCode).toBe(200);
    const earlierCode = await readCodeFromMailbox(limited.db, user.email, "Your Ferry transfer code");
    expect((await cashOut(limited, user, methodId, "5.00", "USD")).statusCode).toBe(201);

    const response = await sendAs(
      limited.app,
      user,
      "POST",
      "/api/v1/transfers",
      { target, amount: "6.00", currency: "USD", code: earlierCode },
      { "idempotency-key": `cashout-${randomUUID()}` },
    );

    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error.code).toBe("limit_exceeded");
    expect(response.json().error.message).toContain("USD 5.00 remains today");
    expect(await balanceOf(limited, user, "USD")).toEqual({ balance: "50.00", reserved: "5.03", available: "44.97" });
  });

  test("two cash-outs sent together cannot both fit under the same remaining limit", async () => {
    const { user, methodId } = await fundedUserWithBank(limited, "50.00");
    const target = { method: "withdrawal", paymentMethodId: methodId };
    expect((await requestCashoutCode(limited, user, methodId, "6.00", "USD")).statusCode).toBe(200);
    const sixCode = await readCodeFromMailbox(limited.db, user.email, "Your Ferry transfer code");
    expect((await requestCashoutCode(limited, user, methodId, "5.00", "USD")).statusCode).toBe(200);
    const fiveCode = await readCodeFromMailbox(limited.db, user.email, "Your Ferry transfer code");

    const responses = await Promise.all(
      [
        { amount: "6.00", code: sixCode },
        { amount: "5.00", code: fiveCode },
      ].map(({ amount, code }) =>
        sendAs(
          limited.app,
          user,
          "POST",
          "/api/v1/transfers",
          { target, amount, currency: "USD", code },
          { "idempotency-key": `cashout-${randomUUID()}` },
        ),
      ),
    );

    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 422]);
    const winner = responses.find((response) => response.statusCode === 201);
    const { reserved } = await balanceOf(limited, user, "USD");
    expect(reserved).toBe(winner?.json().total);
  });
});
