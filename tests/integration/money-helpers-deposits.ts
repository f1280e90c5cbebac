import { randomUUID } from "node:crypto";
import type { CurrencyCode } from "@ferry/core/currencies";
import { parseAmount } from "@ferry/core/money";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { Database } from "../../apps/server/src/db/database.ts";
import { creditDeposit } from "../../apps/server/src/modules/deposits/service.ts";
import { mergeCookies, ORIGIN, readCodeFromMailbox, send, type TestApp, type TestUser } from "./helpers.ts";

/** A signed-in test user: who they are and the `Cookie` header of their session. */
export type SignedInUser = TestUser & { readonly cookie: string };

/** A request as the signed-in `user` sends it from their own address. */
export async function sendAs(
  app: FastifyInstance,
  user: { ip: string; cookie: string },
  method: "GET" | "POST" | "PUT" | "DELETE" | "PATCH",
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  if (method === "PATCH") {
    // helpers.send has no PATCH; this is the same browser-like request.
    return app.inject({
      method,
      url,
      remoteAddress: user.ip,
      headers: { ...headers, origin: ORIGIN, cookie: user.cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  return send(app, { method, url, ip: user.ip, cookie: user.cookie, payload, headers });
}

/**
 * The two-step sign-in of helpers.signIn, with every step sent with `userAgent` (the browser a
 * person signs in from). Returns the session's `Cookie` header.
 */
export async function signInWithUserAgent(
  ferry: TestApp,
  user: TestUser,
  userAgent: string,
): Promise<{ cookie: string; response: LightMyRequestResponse }> {
  const headers = { "user-agent": userAgent };
  const password = await ferry.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    remoteAddress: user.ip,
    headers: { ...headers, origin: ORIGIN },
    payload: { email: user.email, password: user.password, rememberMe: false },
  });
  expect(password.statusCode, password.body).toBe(200);
  expect(password.json()).toMatchObject({ twoFactorRedirect: true });
  const challenge = mergeCookies("", password);
  const sent = await send(ferry.app, {
    method: "POST",
    url: "/api/auth/two-factor/send-otp",
    ip: user.ip,
    cookie: challenge,
    payload: {},
    headers,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const code = await readCodeFromMailbox(ferry.db, user.email, "sign-in code");
  const response = await send(ferry.app, {
    method: "POST",
    url: "/api/auth/two-factor/verify-otp",
    ip: user.ip,
    cookie: challenge,
    payload: { code },
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { cookie: mergeCookies(challenge, response), response };
}

/** Checked here so a typo in a test is an error, not a silent zero. */
function minorUnitsOf(amount: string, currency: CurrencyCode): bigint {
  const parsed = parseAmount(amount, currency);
  if (!parsed.ok) {
    throw new Error(`Bad test amount ${amount} ${currency}`);
  }
  return parsed.amountMinor;
}

/** Puts money in a user's wallet the way an approved deposit does (`creditDeposit`), in its own transaction. */
export async function fundWallet(db: Database, userId: string, currency: CurrencyCode, amount: string): Promise<void> {
  const amountMinor = minorUnitsOf(amount, currency);
  await db.transaction().execute(async (trx) => {
    await creditDeposit(trx, { transferKey: `test-funding:${randomUUID()}`, userId, currency, amountMinor });
  });
}

export interface BalanceView {
  readonly balance: string;
  readonly reserved: string;
  readonly available: string;
}

/** One currency of GET /api/v1/balances, as the user sees it. */
export async function balanceOf(ferry: TestApp, user: SignedInUser, currency: CurrencyCode): Promise<BalanceView> {
  const response = await sendAs(ferry.app, user, "GET", "/api/v1/balances");
  expect(response.statusCode, response.body).toBe(200);
  const found = (response.json().balances as Array<BalanceView & { currency: string }>).find(
    (balance) => balance.currency === currency,
  );
  if (!found) {
    throw new Error(`No ${currency} balance in the answer`);
  }
  return { balance: found.balance, reserved: found.reserved, available: found.available };
}

/** A complete, valid bank payment method (spec §5 withdrawal address). */
export function bankMethodForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    addressType: "bank",
    name: "My euro account",
    currency: "EUR",
    bankName: "Commerzbank",
    accountNumber: "DE89 3704 0044 0532 0130 00",
    swiftCode: "cobadeffxxx",
    country: "DE",
    accountHolderName: "Ada Lovelace",
    ...overrides,
  };
}

/** A complete, valid crypto payment method. */
export function cryptoMethodForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    addressType: "crypto",
    name: "Cold wallet",
    currency: "ETH",
    cryptoNetwork: "ethereum",
    cryptoAddress: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    ...overrides,
  };
}

/** Saves a payment method through the API and returns its id. */
export async function addPaymentMethod(
  ferry: TestApp,
  user: SignedInUser,
  form: Record<string, unknown>,
): Promise<string> {
  const response = await sendAs(ferry.app, user, "POST", "/api/v1/payment-methods", form);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

/** Asks for the e-mailed code of a cash-out to `paymentMethodId`. */
export async function requestCashoutCode(
  ferry: TestApp,
  user: SignedInUser,
  paymentMethodId: string,
  amount: string,
  currency: string,
): Promise<LightMyRequestResponse> {
  return sendAs(ferry.app, user, "POST", "/api/v1/transfers/verification-code", {
    target: { method: "withdrawal", paymentMethodId },
    amount,
    currency,
  });
}

/** The full cash-out: a code, read from the outbox, then the transfer with a fresh Idempotency-Key. */
export async function cashOut(
  ferry: TestApp,
  user: SignedInUser,
  paymentMethodId: string,
  amount: string,
  currency: string,
): Promise<LightMyRequestResponse> {
  const codeResponse = await requestCashoutCode(ferry, user, paymentMethodId, amount, currency);
  expect(codeResponse.statusCode, codeResponse.body).toBe(200);
  const code = await readCodeFromMailbox(ferry.db, user.email, "Your Ferry transfer code");
  return sendAs(
    ferry.app,
    user,
    "POST",
    "/api/v1/transfers",
    { target: { method: "withdrawal", paymentMethodId }, amount, currency, code },
    { "idempotency-key": `cashout-${randomUUID()}` },
  );
}

/** An admin sets a transfer's status. */
export async function setTransferStatus(
  ferry: TestApp,
  admin: SignedInUser,
  transferId: string,
  status: string,
): Promise<LightMyRequestResponse> {
  return sendAs(ferry.app, admin, "PATCH", `/api/v1/admin/transactions/${transferId}/status`, { status });
}

export interface NotificationView {
  readonly id: string;
  readonly title: string;
  readonly message: string;
  readonly type: string;
  readonly read: boolean;
  readonly createdAt: string;
}

/** GET /api/v1/notifications as the user sees it. */
export async function notificationsOf(
  ferry: TestApp,
  user: SignedInUser,
): Promise<{ notifications: NotificationView[]; unreadCount: number }> {
  const response = await sendAs(ferry.app, user, "GET", "/api/v1/notifications?limit=100");
  expect(response.statusCode, response.body).toBe(200);
  const page = response.json() as { items: NotificationView[]; unreadCount: number };
  return { notifications: page.items, unreadCount: page.unreadCount };
}

/** Reports a deposit as the user; returns the response. */
export async function reportDeposit(
  ferry: TestApp,
  user: SignedInUser,
  body: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return sendAs(ferry.app, user, "POST", "/api/v1/deposits", body);
}

/** An admin approves or rejects a deposit. */
export async function reviewDeposit(
  ferry: TestApp,
  admin: SignedInUser,
  depositId: string,
  decision: "approve" | "reject",
  adminNotes?: string,
): Promise<LightMyRequestResponse> {
  return sendAs(ferry.app, admin, "POST", `/api/v1/admin/deposits/${depositId}/review`, {
    decision,
    ...(adminNotes === undefined ? {} : { adminNotes }),
  });
}
