import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { buildApp } from "../../apps/server/src/app.ts";
import type { Clock } from "../../apps/server/src/clock.ts";
import { openDatabase } from "../../apps/server/src/db/database.ts";
import { type SessionUser, send, type TestApp, testConfig } from "./helpers.ts";

/** A clock a test moves by hand. */
export class ManualClock implements Clock {
  #nowMs: number;

  constructor(start: string) {
    this.#nowMs = Date.parse(start);
  }

  now(): Date {
    return new Date(this.#nowMs);
  }

  set(instant: string): void {
    this.#nowMs = Date.parse(instant);
  }

  advanceDays(days: number): void {
    this.#nowMs += days * 24 * 60 * 60 * 1000;
  }
}

/** The test app of `buildTestApp`, on `databaseUrl`, with the business clock a test moves. */
export async function buildAppWithClock(
  databaseUrl: string,
  clock: Clock,
  overrides: Record<string, string> = {},
): Promise<TestApp> {
  const config = testConfig(overrides);
  const database = openDatabase(databaseUrl, 5);
  const built = await buildApp({ config, db: database.db, pool: database.pool, clock });
  const { app, auth, db, jobs } = built;
  await app.ready();
  return {
    app,
    auth,
    config,
    db,
    jobs,
    clock: built.clock,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** POST an amount to an investment route as `user`, with an Idempotency-Key (a fresh one unless given). */
export async function postAmount(
  ferry: TestApp,
  user: SessionUser,
  url: string,
  amount: unknown,
  idempotencyKey: string = `invest-${randomUUID()}`,
): Promise<LightMyRequestResponse> {
  return send(ferry.app, {
    method: "POST",
    url,
    ip: user.ip,
    cookie: user.cookie,
    payload: { amount },
    headers: { "idempotency-key": idempotencyKey },
  });
}

/** Invest `amount` USD as `user`. */
export async function invest(ferry: TestApp, user: SessionUser, amount: string, key?: string) {
  return postAmount(ferry, user, "/api/v1/investment/deposits", amount, key);
}

/** Withdraw `amount` USD from `user`'s investment. */
export async function withdraw(ferry: TestApp, user: SessionUser, amount: string, key?: string) {
  return postAmount(ferry, user, "/api/v1/investment/withdrawals", amount, key);
}

/** GET /api/v1/investment as `user`. */
export async function readInvestment(ferry: TestApp, user: SessionUser): Promise<LightMyRequestResponse> {
  return send(ferry.app, { method: "GET", url: "/api/v1/investment", ip: user.ip, cookie: user.cookie });
}

/** The USD balance of one of a user's ledger accounts, in minor units (0 when it has none yet). */
export async function accountBalanceMinor(
  ferry: TestApp,
  userId: string,
  purpose: "wallet" | "investment",
): Promise<bigint> {
  const row = await ferry.db
    .selectFrom("ledger_accounts")
    .select("balance")
    .where("owner_user_id", "=", userId)
    .where("currency", "=", "USD")
    .where("purpose", "=", purpose)
    .executeTakeFirst();
  return row ? BigInt(row.balance) : 0n;
}
