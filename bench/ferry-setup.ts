/**
 * Setup for the transfer benchmark, none of it measured: users made through Better Auth, funded
 * through the ledger, signed in through the real two-step HTTP flow, and transfer codes issued in
 * advance (the HTTP code endpoint allows 10 codes per account per 15 minutes, far fewer than a
 * benchmark sends), each bound to one planned transfer exactly as the code e-mail would be.
 */
import type http from "node:http";
import { toDecimalString } from "@ferry/core/money";
import { systemClock } from "../apps/server/src/clock.ts";
import type { Database } from "../apps/server/src/db/database.ts";
import type { Auth } from "../apps/server/src/modules/auth/auth.ts";
import { creditDeposit } from "../apps/server/src/modules/deposits/service.ts";
import { ensureUserAccount } from "../apps/server/src/modules/ledger/service.ts";
import { issueTransferCodes } from "../apps/server/src/modules/transfers/codes.ts";
import type { HttpClientPlan, PlannedRequest } from "./http-load-worker.ts";
import { mergeCookies, sendHttp } from "./http-request.ts";

export const BENCH_PASSWORD = "Ferry#Bench2026";
/**
 * Each sender starts with 500 000 000.00 USD (within one amount's bound, MAX_AMOUNT_UNITS): more than
 * any bounded run can spend (see nextAmount).
 */
export const FUNDING_MINOR = 50_000_000_000n;
/**
 * Every transfer of a sender gets its own amount (1, 2, 3… cents), because a code is bound to
 * (sender, recipient, amount, currency) and only the newest unused code of a binding is accepted.
 * This many transfers in all cost at most n(n+1)/2 cents, which the funding covers. An hour's soak
 * at 715/s gives each of its 96 senders about 27,000; 14,000, the cap until issue 31's fifth round,
 * ended one after 30 minutes.
 */
export const MAX_TRANSFERS_PER_SENDER = 300_000;

export interface BenchUser {
  readonly userId: string;
  readonly email: string;
}

export interface Sender extends BenchUser {
  /** This user's own client address (X-Forwarded-For), so per-IP sign-in limits are never shared. */
  readonly ip: string;
  cookie: string;
  /** How many transfers have been planned for this sender so far, across phases. */
  plannedCount: number;
}

/** Setup work runs a few at a time: password hashing uses libuv's threads, and there are only 2 cores. */
const SETUP_CONCURRENCY = 4;

/** `work` for every item, at most `SETUP_CONCURRENCY` at once, results in the items' order. */
export async function mapConcurrently<T, R>(items: readonly T[], work: (item: T, index: number) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  async function lane(): Promise<void> {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index], index);
    }
  }
  await Promise.all(Array.from({ length: Math.min(SETUP_CONCURRENCY, items.length) }, lane));
  return results;
}

/** Signs `count` users up through Better Auth's own API (password hashing included). */
export async function createUsers(auth: Auth, runId: string, role: string, count: number): Promise<BenchUser[]> {
  const indexes = Array.from({ length: count }, (_, index) => index);
  return mapConcurrently(indexes, async (index) => {
    const email = `bench-${role}-${index}-${runId}@ferry.test`;
    const result = await auth.api.signUpEmail({
      body: { email, password: BENCH_PASSWORD, name: `Bench ${role} ${index}` },
    });
    return { userId: result.user.id, email };
  });
}

/** Credits each sender's USD wallet from the bank-deposits system account, as an approved deposit would. */
export async function fundSenders(db: Database, senders: readonly BenchUser[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const sender of senders) {
      await creditDeposit(trx, {
        transferKey: `bench:funding:${sender.userId}`,
        userId: sender.userId,
        currency: "USD",
        amountMinor: FUNDING_MINOR,
        referenceType: "bench",
      });
    }
  });
}

/** Opens every recipient's USD wallet up front, so the measured transfers never create accounts. */
export async function openWallets(db: Database, users: readonly BenchUser[]): Promise<void> {
  for (const user of users) {
    await ensureUserAccount(db, user.userId, "USD");
  }
}

/**
 * The full sign-in over HTTP, as a browser does it: password (answered with a `two_factor`
 * challenge cookie), then the code e-mailed to the outbox, then the session cookie.
 */
export async function signInOverHttp(options: {
  readonly db: Database;
  readonly agent: http.Agent;
  readonly port: number;
  readonly origin: string;
  readonly email: string;
  readonly ip: string;
}): Promise<string> {
  const { db, agent, port, origin, email, ip } = options;
  const headers = { origin, "x-forwarded-for": ip, accept: "application/json" };
  const post = (path: string, cookie: string, body: unknown) =>
    sendHttp({
      agent,
      port,
      method: "POST",
      path,
      headers: cookie ? { ...headers, cookie } : headers,
      body: JSON.stringify(body),
      timeoutMs: 30_000,
    });
  const password = await post("/api/auth/sign-in/email", "", { email, password: BENCH_PASSWORD, rememberMe: false });
  if (password.status !== 200 || !password.body.includes("twoFactorRedirect")) {
    throw new Error(`Sign-in of ${email} failed at the password step: ${password.status} ${password.body}`);
  }
  const challenge = mergeCookies("", password.setCookies);
  const sent = await post("/api/auth/two-factor/send-otp", challenge, {});
  if (sent.status !== 200) {
    throw new Error(`Sign-in of ${email} failed sending the code: ${sent.status} ${sent.body}`);
  }
  const mail = await db
    .selectFrom("mail_outbox")
    .select("text_body")
    .where("recipient", "=", email)
    .where("subject", "like", "%sign-in code%")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const code = /Your code: (\d{6})\b/.exec(mail.text_body)?.[1];
  if (!code) {
    throw new Error(`The sign-in mail to ${email} carries no code`);
  }
  const verified = await post("/api/auth/two-factor/verify-otp", challenge, { code });
  if (verified.status !== 200) {
    throw new Error(`Sign-in of ${email} failed at the code step: ${verified.status} ${verified.body}`);
  }
  const cookie = mergeCookies(challenge, verified.setCookies);
  if (!/session_token=/.test(cookie)) {
    throw new Error(`Sign-in of ${email} set no session cookie`);
  }
  return cookie;
}

/** The next amount of `sender`: one cent more than their previous transfer, so no two share a code binding. */
function nextAmountMinor(sender: Sender): bigint {
  sender.plannedCount += 1;
  if (sender.plannedCount > MAX_TRANSFERS_PER_SENDER) {
    throw new Error(`More than ${MAX_TRANSFERS_PER_SENDER} transfers planned for one sender`);
  }
  return BigInt(sender.plannedCount);
}

/**
 * Plans `perClient` transfers for each sender (client `index` sends as `senders[index]`) to the
 * recipient `recipientOf(index, n)` chooses for its n-th transfer, and issues their codes with the
 * server's own `issueTransferCodes` (the call the code endpoint makes before e-mailing one), one
 * statement per sender, so that issuing the next minute's codes during a soak costs the server little.
 */
export async function planTransfers(options: {
  readonly db: Database;
  readonly authSecret: string;
  readonly phase: string;
  readonly senders: readonly Sender[];
  readonly perClient: number;
  readonly recipientOf: (clientIndex: number, transferIndex: number) => BenchUser;
  /**
   * Issue the senders' codes one sender at a time, spread evenly over this long, as people ask for
   * codes through a minute, instead of all at once (a soak's codes for its next minute, issued beside
   * the load in the server's own process).
   */
  readonly spreadOverMs?: number;
}): Promise<HttpClientPlan[]> {
  const { db, authSecret, phase, senders, perClient, recipientOf, spreadOverMs } = options;
  const planOne = async (sender: Sender, clientIndex: number): Promise<HttpClientPlan> => {
    const planned = Array.from({ length: perClient }, (_, transferIndex) => ({
      recipient: recipientOf(clientIndex, transferIndex),
      amountMinor: nextAmountMinor(sender),
      idempotencyKey: `bench-${phase}-${clientIndex}-${sender.plannedCount}`,
    }));
    const codes = await issueTransferCodes(
      db,
      { secret: authSecret, clock: systemClock },
      planned.map(({ recipient, amountMinor }) => ({
        userId: sender.userId,
        recipientKey: `user:${recipient.userId}`,
        amountMinor,
        currency: "USD",
      })),
    );
    const requests: PlannedRequest[] = planned.map(({ recipient, amountMinor, idempotencyKey }, index) => ({
      idempotencyKey,
      body: JSON.stringify({
        target: { method: "ferry_user", recipientEmail: recipient.email },
        amount: toDecimalString(amountMinor, "USD"),
        currency: "USD",
        code: codes[index]?.code,
      }),
    }));
    return { cookie: sender.cookie, ip: sender.ip, requests };
  };
  if (spreadOverMs === undefined) {
    return mapConcurrently(senders, planOne);
  }
  const plans: HttpClientPlan[] = [];
  const startedAt = performance.now();
  for (const [clientIndex, sender] of senders.entries()) {
    const dueAt = startedAt + (spreadOverMs * clientIndex) / senders.length;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueAt - performance.now())));
    plans.push(await planOne(sender, clientIndex));
  }
  return plans;
}
