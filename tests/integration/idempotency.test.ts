// One Idempotency-Key rule on every endpoint that moves money (issue 25, docs/decisions/025): the key
// with a different request gets the same 409 everywhere, and moves nothing.
import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  buildTestApp,
  createSessionUser,
  fundWallet,
  readCodeFromMailbox,
  readWallet,
  type SessionUser,
  send,
  type TestApp,
} from "./helpers.ts";

const CONFLICT = {
  code: "conflict",
  message: "This Idempotency-Key was already used for a different request",
};

let ferry: TestApp;

beforeAll(async () => {
  ferry = await buildTestApp();
});

afterAll(async () => {
  await ferry?.close();
});

function post(user: SessionUser, url: string, payload: unknown, key?: string): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = key === undefined ? {} : { "idempotency-key": key };
  return send(ferry.app, { method: "POST", url, ip: user.ip, cookie: user.cookie, payload, headers });
}

/** A money-moving endpoint: its first request under a key, and a different request under the same key. */
interface IdempotentEndpoint {
  readonly name: string;
  readonly isAdmin?: boolean;
  first(user: SessionUser, key: string): Promise<LightMyRequestResponse>;
  different(user: SessionUser, key: string): Promise<LightMyRequestResponse>;
  /** What the request moves, read before and after the refused one. */
  moved(user: SessionUser, key: string): Promise<unknown>;
}

/** A Ferry-user transfer of `amount` USD, with a code asked for by e-mail as the web does. */
async function sendToFerryUser(user: SessionUser, key: string, amount: string): Promise<LightMyRequestResponse> {
  const recipient = await createSessionUser(ferry, { label: "payee" });
  const details = { target: { method: "ferry_user", recipientEmail: recipient.email }, amount, currency: "USD" };
  const asked = await post(user, "/api/v1/transfers/verification-code", details);
  expect(asked.statusCode, asked.body).toBe(200);
  const code = await readCodeFromMailbox(ferry.db, user.email, "Your Ferry transfer code");
  return post(user, "/api/v1/transfers", { ...details, code }, key);
}

/** A fresh quote selling `amount` USD for EUR, confirmed under `key`. */
async function exchangeUsd(user: SessionUser, key: string, amount: string): Promise<LightMyRequestResponse> {
  const quote = await post(user, "/api/v1/exchange/quotes", { from: "USD", to: "EUR", amount });
  expect(quote.statusCode, quote.body).toBe(201);
  return post(user, "/api/v1/exchange", { quoteId: quote.json().id }, key);
}

const usdWallet = async (user: SessionUser) => readWallet(ferry.db, user.userId, "USD");

const ENDPOINTS: IdempotentEndpoint[] = [
  {
    name: "POST /api/v1/transfers",
    first: (user, key) => sendToFerryUser(user, key, "10.00"),
    different: (user, key) => sendToFerryUser(user, key, "11.00"),
    moved: usdWallet,
  },
  {
    name: "POST /api/v1/exchange",
    first: (user, key) => exchangeUsd(user, key, "10.00"),
    different: (user, key) => exchangeUsd(user, key, "11.00"),
    moved: usdWallet,
  },
  {
    name: "POST /api/v1/investment/deposits",
    first: (user, key) => post(user, "/api/v1/investment/deposits", { amount: "10.00" }, key),
    different: (user, key) => post(user, "/api/v1/investment/deposits", { amount: "11.00" }, key),
    moved: usdWallet,
  },
  {
    name: "POST /api/v1/investment/withdrawals (a deposit's key)",
    first: (user, key) => post(user, "/api/v1/investment/deposits", { amount: "10.00" }, key),
    different: (user, key) => post(user, "/api/v1/investment/withdrawals", { amount: "10.00" }, key),
    moved: usdWallet,
  },
  {
    name: "POST /api/v1/admin/yield-reserve/top-ups",
    isAdmin: true,
    first: (admin, key) => post(admin, "/api/v1/admin/yield-reserve/top-ups", { amount: "10.00" }, key),
    different: (admin, key) => post(admin, "/api/v1/admin/yield-reserve/top-ups", { amount: "11.00" }, key),
    // Other files top up the same reserve at the same time: what this key moved is its own transfer.
    moved: (admin, key) =>
      ferry.db
        .selectFrom("ledger_transfers")
        .select(["amount", "state"])
        .where("transfer_key", "=", `yield-reserve-top-up:${admin.userId}:${key}`)
        .execute(),
  },
];

describe("the same Idempotency-Key with a different request", () => {
  test.each(ENDPOINTS)("$name answers the one conflict and moves nothing", async (endpoint) => {
    const user = await createSessionUser(ferry, { label: "idempotency", isAdmin: endpoint.isAdmin });
    await fundWallet(ferry.db, user.userId, "USD", 100_00n);
    const key = `idempotency-${randomUUID()}`;

    const first = await endpoint.first(user, key);
    expect(first.statusCode, first.body).toBe(201);
    const movedBefore = await endpoint.moved(user, key);
    const different = await endpoint.different(user, key);

    expect(different.statusCode, different.body).toBe(409);
    expect(different.json().error).toEqual(CONFLICT);
    expect(await endpoint.moved(user, key)).toEqual(movedBefore);
  });
});
