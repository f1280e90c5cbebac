import { createHmac, randomInt, randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import type { CurrencyCode } from "@ferry/core/currencies";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect, inject, vi } from "vitest";
import { buildApp } from "../../apps/server/src/app.ts";
import { type Clock, systemClock } from "../../apps/server/src/clock.ts";
import { type Config, loadConfig } from "../../apps/server/src/config.ts";
import { type Database, openDatabase } from "../../apps/server/src/db/database.ts";
import { createDatabaseIfMissing } from "../../apps/server/src/db/embedded.ts";
import { migrate } from "../../apps/server/src/db/migrate.ts";
import type { JobRunner } from "../../apps/server/src/jobs/runner.ts";
import type { Auth } from "../../apps/server/src/modules/auth/auth.ts";
import { generateDevelopmentAccountKeys } from "../../apps/server/src/modules/deposits/addresses.ts";
import { creditDeposit } from "../../apps/server/src/modules/deposits/service.ts";
import { issueTransferCode } from "../../apps/server/src/modules/transfers/codes.ts";

/** The origin the test configuration trusts; cookie-authenticated POST/PUT must come from it. */
export const ORIGIN = "http://localhost:3000";

/** A password that meets the sign-up rule (spec §5). */
export const GOOD_PASSWORD = "Ferry#Test2026";

export interface TestApp {
  readonly app: FastifyInstance;
  readonly auth: Auth;
  /** The configuration the app was built with (for example its `authSecret`, to issue transfer codes). */
  readonly config: Config;
  /** The app's own database handle (with SMTP_URL set, mail queued through it is delivered). */
  readonly db: Database;
  /** The app's job runner: `drain` delivers queued mail, `runNow` runs a scheduled job. */
  readonly jobs: JobRunner;
  /** The app's business clock, which transfer codes expire by (`POST /dev/clock` moves it). */
  readonly clock: Clock;
  close(): Promise<void>;
}

/** The quiet test configuration every test app starts from; `overrides` are environment variables. */
/** The password hashing cost of the test servers (decision 034): real scrypt, cheaper work factor. */
/** Every setting production requires, with made-up values (an operator's own keys, freshly generated). */
export function productionSettings(): Record<string, string> {
  const operatorKeys = generateDevelopmentAccountKeys();
  return {
    NODE_ENV: "production",
    AUTH_SECRET: "x".repeat(40),
    SMTP_URL: "smtp://mail.example:587",
    PUBLIC_URL: "https://ferry.example",
    BANK_ACCOUNT_NAME: "Operator Ltd",
    BANK_NAME: "Operator Bank",
    BANK_IBAN: "DE89370400440532013000",
    BANK_BIC: "COBADEFFXXX",
    DEPOSIT_XPUB_BITCOIN: operatorKeys.bitcoin,
    DEPOSIT_XPUB_ETHEREUM: operatorKeys.ethereum,
    DEPOSIT_XPUB_TRON: operatorKeys.tron,
    SUPPORT_EMAIL: "support@ferry.example",
    KYC_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
  };
}

export const TEST_SCRYPT_COST = "1024";

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PUBLIC_URL: ORIGIN,
    // Real scrypt at a sixteenth of the production cost: ~1,000 hashes would otherwise take half the
    // suite's CPU (decision 034). config.test.ts and the unit tests check the production cost.
    PASSWORD_SCRYPT_COST: TEST_SCRYPT_COST,
    // Uploaded files of tests go to the system's temporary folder, never into the checkout.
    FILE_STORAGE_DIR: path.join(os.tmpdir(), "ferry-test-files"),
    ...overrides,
  });
}

/**
 * Builds the server exactly as `main.ts` does, on the migrated test database that global setup
 * provided. Settings default to a quiet test configuration; `overrides` are environment variables.
 * `maxConnections` sizes the app's pool (5 unless a test sends many requests at once); `sessionClock`
 * is the clock idle sessions are measured by (the machine's unless a test moves it); `totpClock` the one
 * authenticator-app codes are checked by (the machine's unless a test sets RFC 6238's times).
 */
export async function buildTestApp(
  overrides: Record<string, string> = {},
  options: {
    maxConnections?: number;
    databaseUrl?: string;
    sessionClock?: Clock;
    totpClock?: Clock;
    logDestination?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const config = testConfig(overrides);
  const database = openDatabase(options.databaseUrl ?? inject("databaseUrl"), options.maxConnections ?? 5);
  const { app, auth, db, jobs, clock } = await buildApp({
    config,
    db: database.db,
    pool: database.pool,
    sessionClock: options.sessionClock,
    totpClock: options.totpClock,
    logDestination: options.logDestination,
  });
  await app.ready();
  return {
    app,
    auth,
    config,
    db,
    jobs,
    clock,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A fresh, migrated database on the same server as the shared one, for a test whose subject is global
 * to a database (the mail worker delivers every queued message in its outbox).
 */
export async function createIsolatedDatabase(label: string): Promise<string> {
  const shared = new URL(inject("databaseUrl"));
  const name = `ferry_${label}_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = new URL(shared);
  admin.pathname = "/postgres";
  await createDatabaseIfMissing(admin.toString(), name);
  const isolated = new URL(shared);
  isolated.pathname = `/${name}`;
  const handle = openDatabase(isolated.toString(), 1);
  try {
    await migrate(handle.pool);
  } finally {
    await handle.close();
  }
  return isolated.toString();
}

/** A random private client address: sign-in limits count per IP in a table every test shares. */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** An address no other test uses. */
export function uniqueEmail(label = "user"): string {
  return `${label}-${randomUUID()}@ferry.test`;
}

export interface RequestOptions {
  readonly method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  readonly url: string;
  readonly ip: string;
  readonly cookie?: string;
  readonly payload?: unknown;
  /** The request's Origin header; `null` sends none. Defaults to the trusted origin. */
  readonly origin?: string | null;
  readonly headers?: Record<string, string>;
}

/** One HTTP request through `app.inject`, as a browser on the trusted origin would send it. */
export async function send(app: FastifyInstance, options: RequestOptions): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  const origin = options.origin === undefined ? ORIGIN : options.origin;
  if (origin !== null) {
    headers.origin = origin;
  }
  if (options.cookie) {
    headers.cookie = options.cookie;
  }
  return app.inject({
    method: options.method,
    url: options.url,
    remoteAddress: options.ip,
    headers,
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
}

/** The `set-cookie` header of a response as a list, however many there were. */
export function setCookieHeaders(response: LightMyRequestResponse): string[] {
  const header = response.headers["set-cookie"];
  if (header === undefined) {
    return [];
  }
  return Array.isArray(header) ? header : [String(header)];
}

/** The `set-cookie` line for one cookie whose name ends with `nameSuffix`, if the response set it. */
export function findSetCookie(response: LightMyRequestResponse, nameSuffix: string): string | undefined {
  return setCookieHeaders(response).find((line) => line.split("=")[0].endsWith(nameSuffix));
}

function isExpired(attributes: string[]): boolean {
  for (const attribute of attributes) {
    const [name, ...rest] = attribute.trim().split("=");
    const value = rest.join("=");
    if (name.toLowerCase() === "max-age" && Number(value) <= 0) {
      return true;
    }
    if (name.toLowerCase() === "expires" && Date.parse(value) <= Date.now()) {
      return true;
    }
  }
  return false;
}

/**
 * The cookies a browser would hold: `current` (a `Cookie` header) updated by every `set-cookie` of
 * `response`. Expired or emptied cookies are dropped. Returns a `Cookie` header value.
 */
export function mergeCookies(current: string, response: LightMyRequestResponse): string {
  const jar = new Map<string, string>();
  for (const pair of current.split(";")) {
    const trimmed = pair.trim();
    if (trimmed) {
      const separator = trimmed.indexOf("=");
      jar.set(trimmed.slice(0, separator), trimmed.slice(separator + 1));
    }
  }
  for (const line of setCookieHeaders(response)) {
    const [pair, ...attributes] = line.split(";");
    const separator = pair.indexOf("=");
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    if (value === "" || isExpired(attributes)) {
      jar.delete(name);
    } else {
      jar.set(name, value);
    }
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** POST /api/v1/auth/sign-up from `ip`. */
export async function signUp(
  app: FastifyInstance,
  email: string,
  password: string,
  ip: string,
): Promise<LightMyRequestResponse> {
  return send(app, { method: "POST", url: "/api/v1/auth/sign-up", ip, payload: { email, password } });
}

interface OutboxMail {
  readonly id: string;
  readonly subject: string;
  readonly text_body: string;
  readonly status: string;
}

/** Every outbox message to `email`, newest first. */
export async function mailTo(db: Database, email: string): Promise<OutboxMail[]> {
  return db
    .selectFrom("mail_outbox")
    .select(["id", "subject", "text_body", "status"])
    .where("recipient", "=", email)
    .orderBy("id", "desc")
    .execute();
}

/** The newest outbox message to `email` whose subject contains `subjectIncludes`. */
export async function readMail(db: Database, email: string, subjectIncludes: string): Promise<OutboxMail> {
  const mail = (await mailTo(db, email)).find((message) => message.subject.includes(subjectIncludes));
  if (!mail) {
    throw new Error(`No mail to ${email} with a subject containing "${subjectIncludes}"`);
  }
  return mail;
}

/** The 6-digit code of the newest matching mail ("Your code: 123456"). */
export async function readCodeFromMailbox(db: Database, email: string, subjectIncludes: string): Promise<string> {
  const mail = await readMail(db, email, subjectIncludes);
  const match = /Your code: (\d{6})\b/.exec(mail.text_body);
  if (!match) {
    throw new Error(`The mail "${mail.subject}" to ${email} carries no code`);
  }
  return match[1];
}

/** The `token` query parameter of the first link to `pathname` in the newest matching mail. */
export async function readLinkToken(
  db: Database,
  email: string,
  subjectIncludes: string,
  pathname: string,
): Promise<string> {
  const mail = await readMail(db, email, subjectIncludes);
  const link = mail.text_body.split(/\s+/).find((word) => word.startsWith(`${ORIGIN}${pathname}?token=`));
  const token = link ? new URL(link).searchParams.get("token") : null;
  if (!token) {
    throw new Error(`The mail "${mail.subject}" to ${email} has no ${pathname} link`);
  }
  return token;
}

export interface PasswordStep {
  readonly response: LightMyRequestResponse;
  /** The cookies after the password step (the `two_factor` challenge cookie). */
  readonly cookie: string;
}

/** Step one of sign-in: the password. */
export async function submitPassword(
  app: FastifyInstance,
  credentials: { email: string; password: string; ip: string; rememberMe?: boolean },
): Promise<PasswordStep> {
  const response = await send(app, {
    method: "POST",
    url: "/api/auth/sign-in/email",
    ip: credentials.ip,
    payload: { email: credentials.email, password: credentials.password, rememberMe: credentials.rememberMe ?? false },
  });
  return { response, cookie: mergeCookies("", response) };
}

/** Asks for the sign-in code of a pending challenge and returns it as read from the outbox. */
export async function requestSignInCode(ferry: TestApp, email: string, challengeCookie: string, ip: string) {
  const response = await send(ferry.app, {
    method: "POST",
    url: "/api/auth/two-factor/send-otp",
    ip,
    cookie: challengeCookie,
    payload: {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return readCodeFromMailbox(ferry.db, email, "sign-in code");
}

/** Submits a sign-in code for a pending challenge. */
export async function submitCode(
  app: FastifyInstance,
  challengeCookie: string,
  code: string,
  ip: string,
): Promise<LightMyRequestResponse> {
  return send(app, {
    method: "POST",
    url: "/api/auth/two-factor/verify-otp",
    ip,
    cookie: challengeCookie,
    payload: { code },
  });
}

export interface SignedIn {
  /** The `Cookie` header that carries the session. */
  readonly cookie: string;
  /** The verify-otp response that created the session. */
  readonly response: LightMyRequestResponse;
}

/**
 * The full two-step sign-in: password (answered with `twoFactorRedirect` and a `two_factor`
 * challenge cookie), then the e-mailed code. Returns the session cookie header.
 */
export async function signIn(
  ferry: TestApp,
  email: string,
  password: string,
  options: { ip: string; rememberMe?: boolean },
): Promise<SignedIn> {
  const step = await submitPassword(ferry.app, { email, password, ip: options.ip, rememberMe: options.rememberMe });
  expect(step.response.statusCode, step.response.body).toBe(200);
  expect(step.response.json()).toMatchObject({ twoFactorRedirect: true });
  expect(step.cookie).toMatch(/two_factor=/);
  const code = await requestSignInCode(ferry, email, step.cookie, options.ip);
  const response = await submitCode(ferry.app, step.cookie, code, options.ip);
  expect(response.statusCode, response.body).toBe(200);
  return { cookie: mergeCookies(step.cookie, response), response };
}

export interface TestUser {
  readonly userId: string;
  readonly email: string;
  readonly password: string;
  /** This user's own client address. */
  readonly ip: string;
}

/** Signs up a fresh user through the API and returns who they are. */
export async function createUser(ferry: TestApp, label = "user"): Promise<TestUser> {
  const email = uniqueEmail(label);
  const ip = randomIp();
  const response = await signUp(ferry.app, email, GOOD_PASSWORD, ip);
  expect(response.statusCode, response.body).toBe(200);
  const user = await ferry.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return { userId: user.id, email, password: GOOD_PASSWORD, ip };
}

/** A fresh user, signed in; `isAdmin` gives them the admin role first. */
export async function createSignedInUser(
  ferry: TestApp,
  options: { label?: string; isAdmin?: boolean; rememberMe?: boolean } = {},
): Promise<TestUser & { cookie: string }> {
  const user = await createUser(ferry, options.label);
  if (options.isAdmin) {
    await makeAdmin(ferry.db, user.userId);
  }
  const { cookie } = await signIn(ferry, user.email, user.password, { ip: user.ip, rememberMe: options.rememberMe });
  return { ...user, cookie };
}

/** Gives a user the admin role directly in the database (there is no API for the first admin). */
export async function makeAdmin(db: Database, userId: string): Promise<void> {
  await db.updateTable("user").set({ role: "admin" }).where("id", "=", userId).execute();
}

/** GET /api/v1/me with `cookie`. */
export async function getMe(app: FastifyInstance, cookie: string, ip: string): Promise<LightMyRequestResponse> {
  return send(app, { method: "GET", url: "/api/v1/me", ip, cookie });
}

/**
 * The id of a pending sign-in challenge, read from its `two_factor` cookie (`2fa-…` before the
 * signature). Better Auth keeps the challenge's code in `verification` under `2fa-otp-<id>`.
 */
export function challengeIdOf(cookie: string): string {
  const match = /two_factor=([^;]+)/.exec(cookie);
  if (!match) {
    throw new Error("No two_factor cookie");
  }
  return decodeURIComponent(match[1]).split(".")[0];
}

/** How many sessions a user has in the database. */
export async function countSessions(db: Database, userId: string): Promise<number> {
  const rows = await db.selectFrom("session").select("id").where("userId", "=", userId).execute();
  return rows.length;
}

/** A complete, valid personal-information form (spec §5 profile). */
export function profileForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    phone: "+44 20 7946 0958",
    address: "12 Analytical Row",
    city: "London",
    country: "United Kingdom",
    postalCode: "NW1 6XE",
    ...overrides,
  };
}

/**
 * Accepts the console.error lines logged so far when every one of them matches `pattern` (for
 * example Better Auth logging a refusal the test provoked); otherwise leaves them for the
 * fail-on-console-error check to report.
 */
export function allowConsoleErrors(pattern: RegExp): void {
  const consoleError = vi.mocked(console.error);
  const isEveryExpected = consoleError.mock.calls.every((args) => pattern.test(args.map(String).join(" ")));
  if (isEveryExpected) {
    consoleError.mockClear();
  }
}

// ---------------------------------------------------------------------------------------------
// Money: fresh ledger users, funding, balances and transfer codes.
// ---------------------------------------------------------------------------------------------

export interface BareUser {
  readonly userId: string;
  readonly email: string;
}

/**
 * A user row written straight into the database, without a password or session: enough to own
 * ledger accounts and to receive Ferry-user transfers, and much faster than signing up through the
 * API when a test needs dozens of them. Tests of the HTTP layer use `createSignedInUser` instead.
 */
export async function insertBareUsers(db: Database, count: number, label = "ledger"): Promise<BareUser[]> {
  const users = Array.from({ length: count }, () => ({ userId: randomUUID(), email: uniqueEmail(label) }));
  if (users.length > 0) {
    // As sign-up leaves them: two-step sign-in on, the customer role, and an empty profile.
    await db
      .insertInto("user")
      .values(
        users.map((user) => ({
          id: user.userId,
          name: user.email,
          email: user.email,
          emailVerified: true,
          twoFactorEnabled: true,
          role: "user",
        })),
      )
      .execute();
    await db
      .insertInto("profiles")
      .values(users.map((user) => ({ user_id: user.userId })))
      .execute();
  }
  return users;
}

/**
 * Gives a user made without sign-up (no password) the password GOOD_PASSWORD, as Better Auth stores a
 * sign-up's (a credential account row, hashed by Better Auth's own hasher); does nothing when the user
 * already has one. For routes that ask for the current password again (adding a passkey).
 */
export async function givePassword(ferry: TestApp, userId: string): Promise<void> {
  const existing = await ferry.db
    .selectFrom("account")
    .select("id")
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .executeTakeFirst();
  if (existing) {
    return;
  }
  const context = await ferry.auth.$context;
  await ferry.db
    .insertInto("account")
    .values({
      id: randomUUID(),
      accountId: userId,
      providerId: "credential",
      userId,
      password: await context.password.hash(GOOD_PASSWORD),
      updatedAt: new Date(),
    })
    .execute();
}

export interface SessionUser extends BareUser {
  /** This user's own client address. */
  readonly ip: string;
  /** The `Cookie` header that carries the session. */
  readonly cookie: string;
}

/**
 * A fresh user with a real Better Auth session, made without the password and e-mailed-code steps
 * (about 1 s of password hashing per user): the session row is created by Better Auth's own adapter
 * and the cookie is signed the way Better Auth signs it (HMAC-SHA256 of the token, base64), so every
 * request still goes through the real session guard. Sign-in itself is tested in sign-in.test.ts.
 */
export async function createSessionUser(
  ferry: TestApp,
  options: { label?: string; isAdmin?: boolean } = {},
): Promise<SessionUser> {
  const [user] = await insertBareUsers(ferry.db, 1, options.label ?? "user");
  if (options.isAdmin) {
    await makeAdmin(ferry.db, user.userId);
  }
  const context = await ferry.auth.$context;
  const session = await context.internalAdapter.createSession(user.userId);
  const signature = createHmac("sha256", context.secret).update(session.token).digest("base64");
  const cookie = `${context.authCookies.sessionToken.name}=${encodeURIComponent(`${session.token}.${signature}`)}`;
  return { ...user, ip: randomIp(), cookie };
}

/**
 * Credits `amountMinor` to the user's wallet as a posted deposit from Ferry's external deposit
 * account (bank deposits for fiat, crypto deposits for crypto), in its own transaction.
 * Returns the wallet's ledger account id.
 */
export async function fundWallet(
  db: Database,
  userId: string,
  currency: CurrencyCode,
  amountMinor: bigint,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    return creditDeposit(trx, { transferKey: `test-fund:${randomUUID()}`, userId, currency, amountMinor });
  });
}

export interface WalletState {
  readonly balanceMinor: bigint;
  readonly reservedMinor: bigint;
}

/** A user's wallet in one currency as the ledger holds it (zero when it was never used). */
export async function readWallet(db: Database, userId: string, currency: CurrencyCode): Promise<WalletState> {
  const row = await db
    .selectFrom("ledger_accounts")
    .select(["balance", "reserved"])
    .where("owner_user_id", "=", userId)
    .where("currency", "=", currency)
    .where("purpose", "=", "wallet")
    .executeTakeFirst();
  return { balanceMinor: BigInt(row?.balance ?? "0"), reservedMinor: BigInt(row?.reserved ?? "0") };
}

/**
 * A transfer code bound to (sender, recipient, amount, currency), issued directly rather than
 * through the e-mailed, throttled endpoint, on the app's business clock (the machine's for a bare
 * database and configuration). `recipientKey` is `user:<id>` for a Ferry user and `recipient:<id>`
 * for a saved recipient.
 */
export async function issueCode(
  ferry: Pick<TestApp, "db" | "config"> & Partial<Pick<TestApp, "clock">>,
  binding: { userId: string; recipientKey: string; amountMinor: bigint; currency: CurrencyCode },
): Promise<string> {
  const keys = { secret: ferry.config.authSecret, clock: ferry.clock ?? systemClock };
  const { code } = await issueTransferCode(ferry.db, keys, binding);
  return code;
}

/**
 * `from` sends USD `amount` (as typed, "1.00") to the Ferry user `to` through the API, with a code
 * issued for exactly that transfer (or `code` instead) under a fresh Idempotency-Key (or `key`); the
 * answer is returned unchecked.
 */
export async function sendUsdToFerryUser(
  ferry: TestApp,
  from: SessionUser,
  to: { email: string; userId: string },
  amount: string,
  options: { code?: string; key?: string } = {},
): Promise<LightMyRequestResponse> {
  const code =
    options.code ??
    (await issueCode(ferry, {
      userId: from.userId,
      recipientKey: `user:${to.userId}`,
      amountMinor: BigInt(amount.replace(".", "")),
      currency: "USD",
    }));
  return send(ferry.app, {
    method: "POST",
    url: "/api/v1/transfers",
    ip: from.ip,
    cookie: from.cookie,
    payload: { target: { method: "ferry_user", recipientEmail: to.email }, amount, currency: "USD", code },
    headers: { "idempotency-key": options.key ?? `test-${randomUUID()}` },
  });
}
