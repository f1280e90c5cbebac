import { randomUUID } from "node:crypto";
import { ALERT_MESSAGES, MAX_ALERT_RULES_PER_USER } from "@ferry/core/contracts/alerts";
import type { CurrencyCode } from "@ferry/core/currencies";
import { parseAmount } from "@ferry/core/money";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { creditDeposit } from "../../apps/server/src/modules/deposits/service.ts";
import {
  type BareUser,
  buildTestApp,
  createSessionUser,
  createUser,
  GOOD_PASSWORD,
  insertBareUsers,
  mailTo,
  requestSignInCode,
  type SessionUser,
  send,
  sendUsdToFerryUser,
  submitCode,
  submitPassword,
  type TestApp,
} from "./helpers.ts";
import { signInWithUserAgent } from "./money-helpers-deposits.ts";

/*
 * Issue 14, /alerts: a signed-in user's own alert rules through the API (texts, ownership, the cap, SMS
 * refused while it is off in Settings; tests/integration/sms-and-alerts.test.ts for the rest), and each rule type firing exactly once on its event — an
 * in-app notification and an e-mail in the outbox — and not below its threshold.
 */

let ferry: TestApp;

beforeAll(async () => {
  ferry = await buildTestApp();
});

afterAll(async () => {
  await ferry?.close();
});

const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0";

type Requester = { ip: string; cookie: string };

function as(user: Requester, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) {
  return send(ferry.app, { method, url, ip: user.ip, cookie: user.cookie, payload });
}

async function createRule(user: Requester, rule: Record<string, unknown>): Promise<{ id: string }> {
  const response = await as(user, "POST", "/api/v1/alert-rules", rule);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

function minorOf(amount: string, currency: CurrencyCode): bigint {
  const parsed = parseAmount(amount, currency);
  if (!parsed.ok) {
    throw new Error(`Bad test amount ${amount}`);
  }
  return parsed.amountMinor;
}

async function fund(userId: string, currency: CurrencyCode, amount: string, key = `alert-fund:${randomUUID()}`) {
  await ferry.db
    .transaction()
    .execute((trx) =>
      creditDeposit(trx, { transferKey: key, userId, currency, amountMinor: minorOf(amount, currency) }),
    );
}

/** Sends USD to a Ferry user (the code issued directly); the same key replays the first transfer. */
async function sendUsd(
  sender: SessionUser,
  payee: BareUser,
  amount: string,
  key?: string,
): Promise<LightMyRequestResponse> {
  return sendUsdToFerryUser(ferry, sender, payee, amount, { key });
}

async function alertNotifications(userId: string) {
  return ferry.db
    .selectFrom("notifications")
    .select(["title", "message", "type"])
    .where("user_id", "=", userId)
    .where("title", "like", "% alert")
    .orderBy("created_at")
    .execute();
}

async function alertMails(email: string) {
  return (await mailTo(ferry.db, email)).filter((mail) => mail.subject.startsWith("Ferry alert:"));
}

const TRANSACTION_RULE = { type: "transaction", currency: "USD", amount: "100", direction: "both", method: "email" };

describe("managing alert rules", () => {
  test("creates one rule of each type, lists them newest first with the methods available, edits and deletes", async () => {
    const user = await createSessionUser(ferry, { label: "alerts-crud" });
    const transaction = await createRule(user, TRANSACTION_RULE);
    await createRule(user, { type: "balance", currency: "EUR", amount: "50.5", method: "email" });
    const security = await createRule(user, {
      type: "security",
      events: ["password_changed", "new_device"],
      method: "email",
      isEnabled: false,
    });

    const list = await as(user, "GET", "/api/v1/alert-rules");
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    expect(body.items.map((rule: { type: string }) => rule.type)).toEqual(["security", "balance", "transaction"]);
    expect(body.items[1]).toMatchObject({ currency: "EUR", amount: "50.50", isEnabled: true, firedCount: 0 });
    expect(body.items[0]).toMatchObject({ events: ["password_changed", "new_device"], isEnabled: false });
    expect(body.items[2]).toMatchObject({ amount: "100.00", direction: "both", lastFiredAt: null });
    expect(body.nextCursor).toBeNull();
    expect(body.methods).toEqual([
      { method: "email", isAvailable: true, unavailableBecause: null, unavailableReason: null },
      {
        method: "sms",
        isAvailable: false,
        unavailableBecause: "sms_off",
        unavailableReason: ALERT_MESSAGES.methodRefusals.sms_off,
      },
    ]);

    const edited = await as(user, "PUT", `/api/v1/alert-rules/${transaction.id}`, {
      type: "balance",
      currency: "BTC",
      amount: "0.5",
      method: "email",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: transaction.id, type: "balance", currency: "BTC", amount: "0.50000000" });
    expect(edited.json()).not.toHaveProperty("direction");

    const deleted = await as(user, "DELETE", `/api/v1/alert-rules/${security.id}`);
    expect(deleted.statusCode).toBe(204);
    const after = (await as(user, "GET", "/api/v1/alert-rules")).json();
    expect(after.items.map((rule: { id: string }) => rule.id)).not.toContain(security.id);
    expect(after.items).toHaveLength(2);
  });

  test("refuses invalid rules with the contract's words, and stores nothing", async () => {
    const user = await createSessionUser(ferry, { label: "alerts-invalid" });
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ ...TRANSACTION_RULE, direction: undefined }, { direction: ALERT_MESSAGES.directionRequired }],
      [{ ...TRANSACTION_RULE, amount: "0" }, { amount: "Please enter a valid amount" }],
      [{ ...TRANSACTION_RULE, amount: "1.005" }, { amount: "USD amounts have at most 2 decimals" }],
      [{ ...TRANSACTION_RULE, method: "pigeon" }, { method: ALERT_MESSAGES.methodRequired }],
      [{ type: "security", events: [], method: "email" }, { events: ALERT_MESSAGES.eventsRequired }],
      [
        { type: "security", events: ["new_device", "new_device"], method: "email" },
        { events: ALERT_MESSAGES.eventsRepeated },
      ],
    ];
    for (const [rule, fields] of cases) {
      const response = await as(user, "POST", "/api/v1/alert-rules", rule);
      expect(response.statusCode, JSON.stringify(rule)).toBe(400);
      expect(response.json().error.fields).toMatchObject(fields);
    }
    expect((await as(user, "GET", "/api/v1/alert-rules")).json().items).toEqual([]);
  });

  test("refuses SMS with the reason, on create and on edit, while SMS is off in Settings (the default)", async () => {
    const user = await createSessionUser(ferry, { label: "alerts-sms" });
    const created = await as(user, "POST", "/api/v1/alert-rules", { ...TRANSACTION_RULE, method: "sms" });
    expect(created.statusCode).toBe(400);
    expect(created.json().error).toEqual({
      code: "validation_failed",
      message: ALERT_MESSAGES.methodRefusals.sms_off,
      fields: { method: ALERT_MESSAGES.methodRefusals.sms_off },
    });
    const rule = await createRule(user, TRANSACTION_RULE);
    const edited = await as(user, "PUT", `/api/v1/alert-rules/${rule.id}`, { ...TRANSACTION_RULE, method: "sms" });
    expect(edited.statusCode).toBe(400);
    const [stored] = (await as(user, "GET", "/api/v1/alert-rules")).json().items;
    expect(stored.method).toBe("email");
  });

  test("another user's rule reads as missing: not listed, 404 on edit and delete, and left unchanged", async () => {
    const owner = await createSessionUser(ferry, { label: "alerts-owner" });
    const other = await createSessionUser(ferry, { label: "alerts-other" });
    const rule = await createRule(owner, TRANSACTION_RULE);

    expect((await as(other, "GET", "/api/v1/alert-rules")).json().items).toEqual([]);
    const edited = await as(other, "PUT", `/api/v1/alert-rules/${rule.id}`, { ...TRANSACTION_RULE, amount: "1" });
    expect(edited.statusCode).toBe(404);
    expect(edited.json().error).toMatchObject({ code: "not_found", message: ALERT_MESSAGES.notFound });
    expect((await as(other, "DELETE", `/api/v1/alert-rules/${rule.id}`)).statusCode).toBe(404);
    expect((await as(owner, "GET", "/api/v1/alert-rules")).json().items[0]).toMatchObject({
      id: rule.id,
      amount: "100.00",
    });
  });

  test(`keeps at most ${MAX_ALERT_RULES_PER_USER} rules per user, counted under a lock when requests race`, async () => {
    const user = await createSessionUser(ferry, { label: "alerts-cap" });
    const responses = await Promise.all(
      Array.from({ length: MAX_ALERT_RULES_PER_USER + 3 }, (_, index) =>
        as(user, "POST", "/api/v1/alert-rules", { ...TRANSACTION_RULE, amount: String(index + 1) }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_ALERT_RULES_PER_USER);
    const refused = responses.filter((response) => response.statusCode === 409);
    expect(refused).toHaveLength(3);
    expect(refused[0].json().error.message).toBe(ALERT_MESSAGES.tooMany);
    expect((await as(user, "GET", "/api/v1/alert-rules")).json().items).toHaveLength(MAX_ALERT_RULES_PER_USER);
  });
});

describe("transaction rules fire", () => {
  test("once on a transfer at or above the threshold, with a notification and an e-mail; not below it, not on a replay", async () => {
    const sender = await createSessionUser(ferry, { label: "alerts-sender" });
    const [payee] = await insertBareUsers(ferry.db, 1, "alerts-payee");
    await fund(sender.userId, "USD", "1000");
    const rule = await createRule(sender, { ...TRANSACTION_RULE, direction: "outgoing" });

    expect((await sendUsd(sender, payee, "99.99")).statusCode).toBe(201);
    expect(await alertNotifications(sender.userId)).toEqual([]);

    const key = `alert-replay-${randomUUID()}`;
    expect((await sendUsd(sender, payee, "150.00", key)).statusCode).toBe(201);
    expect((await sendUsd(sender, payee, "150.00", key)).statusCode).toBe(200);

    const notifications = await alertNotifications(sender.userId);
    expect(notifications).toEqual([
      {
        title: "Transaction alert",
        message: `You sent USD 150.00 to ${payee.email}. Alert rule: Outgoing transactions of USD 100.00 or more.`,
        type: "info",
      },
    ]);
    const mails = await alertMails(sender.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Ferry alert: Transaction alert");
    expect(mails[0].text_body).toContain("You sent USD 150.00");
    expect(mails[0].text_body).toContain('your alert rule "Outgoing transactions of USD 100.00 or more"');
    const [listed] = (await as(sender, "GET", "/api/v1/alert-rules")).json().items;
    expect(listed).toMatchObject({ id: rule.id, firedCount: 1, lastFiredAt: expect.any(String) });
    // The payee has no rules: nothing for them, and the sender's outgoing-only rule ignored nothing else.
    expect(await alertNotifications(payee.userId)).toEqual([]);
  });

  test("an incoming rule fires on a deposit and on money from another Ferry user, never on the user's own sending", async () => {
    const user = await createSessionUser(ferry, { label: "alerts-incoming" });
    const friend = await createSessionUser(ferry, { label: "alerts-friend" });
    await createRule(user, { ...TRANSACTION_RULE, amount: "50", direction: "incoming" });
    await fund(friend.userId, "USD", "500");

    const depositKey = `alert-deposit:${randomUUID()}`;
    await fund(user.userId, "USD", "75", depositKey);
    await fund(user.userId, "USD", "75", depositKey); // the same ledger key again: nothing moves, nothing fires
    await fund(user.userId, "USD", "49.99");
    expect((await sendUsd(friend, user, "60.00")).statusCode).toBe(201);
    expect((await sendUsd(user, friend, "100.00")).statusCode).toBe(201);

    expect((await alertNotifications(user.userId)).map((notification) => notification.message)).toEqual([
      "A deposit of USD 75.00 was added to your balance. Alert rule: Incoming transactions of USD 50.00 or more.",
      `You received USD 60.00 from ${friend.email}. Alert rule: Incoming transactions of USD 50.00 or more.`,
    ]);
    expect(await alertMails(user.email)).toHaveLength(2);
  });

  test("an exchange fires the rule of the currency sold and the rule of the currency bought", async () => {
    const user = await createSessionUser(ferry, { label: "alerts-exchange" });
    await fund(user.userId, "USD", "500");
    await createRule(user, { ...TRANSACTION_RULE, direction: "outgoing" });
    await createRule(user, {
      type: "transaction",
      currency: "EUR",
      amount: "10",
      direction: "incoming",
      method: "email",
    });
    await createRule(user, {
      type: "transaction",
      currency: "EUR",
      amount: "10",
      direction: "outgoing",
      method: "email",
    });

    const quote = await as(user, "POST", "/api/v1/exchange/quotes", { from: "USD", to: "EUR", amount: "200" });
    expect(quote.statusCode, quote.body).toBe(201);
    const exchanged = await send(ferry.app, {
      method: "POST",
      url: "/api/v1/exchange",
      ip: user.ip,
      cookie: user.cookie,
      payload: { quoteId: quote.json().id },
      headers: { "idempotency-key": `alert-exchange-${randomUUID()}` },
    });
    expect(exchanged.statusCode, exchanged.body).toBe(201);

    const messages = (await alertNotifications(user.userId)).map((notification) => notification.message);
    expect(messages).toHaveLength(2);
    expect(messages).toContain(
      "You sold USD 200.00 in an exchange. Alert rule: Outgoing transactions of USD 100.00 or more.",
    );
    expect(
      messages.some((message) => /^You bought EUR [\d.,]+ in an exchange\. Alert rule: Incoming/.test(message)),
    ).toBe(true);
  });

  test("a disabled rule does not fire", async () => {
    const user = await createSessionUser(ferry, { label: "alerts-disabled" });
    await createRule(user, { ...TRANSACTION_RULE, isEnabled: false });
    await fund(user.userId, "USD", "500");
    expect(await alertNotifications(user.userId)).toEqual([]);
  });
});

describe("balance rules fire", () => {
  test("once when the available balance falls below the threshold, again only after it rose back", async () => {
    const user = await createSessionUser(ferry, { label: "alerts-balance" });
    const [payee] = await insertBareUsers(ferry.db, 1, "alerts-balance-payee");
    await fund(user.userId, "USD", "200");
    await createRule(user, { type: "balance", currency: "USD", amount: "100", method: "email" });

    expect((await sendUsd(user, payee, "90.00")).statusCode).toBe(201); // fee included, still at or above 100
    const afterFirst = await as(user, "GET", "/api/v1/balances");
    const available = afterFirst.json().balances.find((balance: { currency: string }) => balance.currency === "USD");
    expect(minorOf(available.available, "USD")).toBeGreaterThanOrEqual(10_000n);
    expect(await alertNotifications(user.userId)).toEqual([]);

    expect((await sendUsd(user, payee, "20.00")).statusCode).toBe(201); // below 100 now
    expect((await sendUsd(user, payee, "5.00")).statusCode).toBe(201); // still below: no second alert
    let notifications = await alertNotifications(user.userId);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({ title: "Balance alert", type: "warning" });
    expect(notifications[0].message).toMatch(
      /^Your available USD balance is USD [\d.]+, below your alert's USD 100.00\.$/,
    );

    await fund(user.userId, "USD", "100"); // back above 100: the rule is armed again
    expect((await sendUsd(user, payee, "100.00")).statusCode).toBe(201);
    notifications = await alertNotifications(user.userId);
    expect(notifications).toHaveLength(2);
    expect(await alertMails(user.email)).toHaveLength(2);
  });

  test("a rule created above the current balance waits for the next fall instead of firing at once", async () => {
    const user = await createSessionUser(ferry, { label: "alerts-balance-low" });
    const [payee] = await insertBareUsers(ferry.db, 1, "alerts-balance-low-payee");
    await fund(user.userId, "USD", "20");
    await createRule(user, { type: "balance", currency: "USD", amount: "50", method: "email" });
    expect((await sendUsd(user, payee, "1.00")).statusCode).toBe(201);
    expect(await alertNotifications(user.userId)).toEqual([]);
  });

  test("investing from the wallet is a fall too", async () => {
    const user = await createSessionUser(ferry, { label: "alerts-invest" });
    await fund(user.userId, "USD", "300");
    await createRule(user, { type: "balance", currency: "USD", amount: "250", method: "email" });
    const invested = await send(ferry.app, {
      method: "POST",
      url: "/api/v1/investment/deposits",
      ip: user.ip,
      cookie: user.cookie,
      payload: { amount: "100" },
      headers: { "idempotency-key": `alert-invest-${randomUUID()}` },
    });
    expect(invested.statusCode, invested.body).toBeLessThan(300);
    const [notification] = await alertNotifications(user.userId);
    expect(notification.message).toBe("Your available USD balance is USD 200.00, below your alert's USD 250.00.");
  });
});

describe("security rules fire", () => {
  test("on a sign-in from a new device, once per device, never for the account's first device", async () => {
    const user = await createUser(ferry, "alerts-device");
    const { cookie } = await signInWithUserAgent(ferry, user, CHROME_LINUX);
    await createRule({ ip: user.ip, cookie }, { type: "security", events: ["new_device"], method: "email" });
    await signInWithUserAgent(ferry, user, CHROME_LINUX);
    expect(await alertNotifications(user.userId)).toEqual([]);

    await signInWithUserAgent(ferry, user, FIREFOX_WINDOWS);
    await signInWithUserAgent(ferry, user, FIREFOX_WINDOWS);

    const notifications = await alertNotifications(user.userId);
    expect(notifications).toEqual([
      {
        title: "Security alert",
        message: `Your account was signed in from a new device (Firefox on Windows, ${user.ip}). If this wasn't you, reset your password now.`,
        type: "warning",
      },
    ]);
    const mails = await alertMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Ferry alert: Security alert");
  });

  test("on a password change, and not for a rule that does not name it", async () => {
    const user = await createUser(ferry, "alerts-password");
    const { cookie } = await signInWithUserAgent(ferry, user, CHROME_LINUX);
    const requester = { ip: user.ip, cookie };
    await createRule(requester, { type: "security", events: ["password_changed"], method: "email" });
    await createRule(requester, { type: "security", events: ["new_device"], method: "email" });

    const changed = await as(requester, "POST", "/api/auth/change-password", {
      currentPassword: GOOD_PASSWORD,
      newPassword: "Ferry#Changed2026",
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const notifications = await alertNotifications(user.userId);
    expect(notifications.map((notification) => notification.message)).toEqual([
      "Your Ferry password was changed. If this wasn't you, reset your password now and contact support.",
    ]);
    expect(await alertMails(user.email)).toHaveLength(1);
  });

  test("once when wrong sign-in codes reach three within the hour", async () => {
    const user = await createUser(ferry, "alerts-codes");
    const { cookie } = await signInWithUserAgent(ferry, user, CHROME_LINUX);
    await createRule(
      { ip: user.ip, cookie },
      { type: "security", events: ["second_factor_failures"], method: "email" },
    );

    const step = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: user.ip });
    const code = await requestSignInCode(ferry, user.email, step.cookie, user.ip);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await submitCode(ferry.app, step.cookie, wrong, user.ip)).statusCode).toBe(401);
      const expected = attempt < 3 ? 0 : 1;
      expect(await alertNotifications(user.userId), `after wrong code ${attempt}`).toHaveLength(expected);
    }
    const [notification] = await alertNotifications(user.userId);
    expect(notification.message).toMatch(/^Wrong sign-in codes were entered for your account 3 or more times/);
    expect(await alertMails(user.email)).toHaveLength(1);
  });
});
