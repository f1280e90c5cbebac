// The OpenAPI document is true (issue 18): every operation it lists is sent real requests — valid and
// invalid, anonymous, as a customer and as an admin — and each answer's status must be one the document
// lists for that operation, and its body must match the schema it gives (strict where the contract is:
// a field the schema does not name fails). Every route the router serves must be in the document.
import { randomUUID } from "node:crypto";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, test } from "vitest";
import { systemClock } from "../../apps/server/src/clock.ts";
import { createExchangeQuote } from "../../apps/server/src/modules/exchange/service.ts";
import { tableRateProvider } from "../../apps/server/src/modules/rates/service.ts";
import {
  BANK_PAYMENT_METHOD,
  BANK_RECIPIENT,
  type Customer,
  createCustomer,
  createPersona,
  listRoutes,
  multipartUpload,
  routeName,
  submitKycDocuments,
  TINY_PNG,
  uploadKycDocuments,
  VALID_EVM_ADDRESS,
} from "./api-surface.ts";
import {
  type BareUser,
  buildTestApp,
  createUser,
  GOOD_PASSWORD,
  givePassword,
  insertBareUsers,
  issueCode,
  mergeCookies,
  randomIp,
  readCodeFromMailbox,
  readLinkToken,
  requestSignInCode,
  type SessionUser,
  send,
  submitCode,
  submitPassword,
  type TestApp,
} from "./helpers.ts";
import { SoftwareAuthenticator } from "./software-authenticator.ts";
import { base32Decode, clearOfStepEdge, totp } from "./totp.ts";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

interface MediaType {
  readonly schema: unknown;
}
interface DocumentedResponse {
  readonly description: string;
  readonly content?: Record<string, MediaType>;
}
interface DocumentedOperation {
  readonly operationId?: string;
  readonly security?: Record<string, string[]>[];
  readonly responses: Record<string, DocumentedResponse>;
}
interface OpenApiDocument {
  readonly paths: Record<string, Record<string, DocumentedOperation>>;
  readonly components: { readonly schemas: Record<string, unknown> };
}

/** Who sends a request: nobody signed in, the customer who owns the resources, another customer, an admin. */
type Persona = "anonymous" | "owner" | "other" | "admin";

interface Cast {
  readonly owner: Customer;
  readonly other: SessionUser;
  readonly admin: SessionUser;
}

/** One request of a case: sent as `persona`, and optionally expected to get one of `expect`. */
interface Probe {
  readonly label: string;
  readonly persona: Persona;
  readonly url: string;
  readonly payload?: unknown;
  readonly headers?: Record<string, string>;
  /** Statuses this request must get (besides being documented); any documented one when absent. */
  readonly expect?: readonly number[];
  /** A `Cookie` header to send instead of the persona's. */
  readonly cookie?: string;
}

interface CaseContext {
  readonly ferry: TestApp;
  readonly cast: Cast;
  readonly payee: BareUser;
}

const JUNK = { junk: "\u0000", amount: -1 };
const NOT_AN_ID = "not-an-id";

function toPayee(payee: BareUser) {
  return { target: { method: "ferry_user", recipientEmail: payee.email }, amount: "1.00", currency: "USD" };
}

/** The usual probes of a guarded operation: anonymous, the owner, another customer, an admin, and junk input. */
function guarded(url: string, payload?: unknown, invalid?: { url?: string; payload?: unknown }): Probe[] {
  const probes: Probe[] = [
    { label: "anonymous", persona: "anonymous", url, payload, expect: [401] },
    { label: "owner", persona: "owner", url, payload },
    { label: "other customer", persona: "other", url, payload },
    { label: "admin", persona: "admin", url, payload },
  ];
  if (invalid) {
    probes.push({
      label: "owner, invalid input",
      persona: "owner",
      url: invalid.url ?? url,
      payload: invalid.payload,
      expect: [400],
    });
  }
  return probes;
}

/** The probes of an admin operation: anonymous 401, a customer 403, the admin, and the admin with junk. */
function adminOnly(url: string, payload?: unknown, invalid?: { url?: string; payload?: unknown }): Probe[] {
  const probes: Probe[] = [
    { label: "anonymous", persona: "anonymous", url, payload, expect: [401] },
    { label: "customer", persona: "owner", url, payload, expect: [403] },
    { label: "admin", persona: "admin", url, payload },
  ];
  if (invalid) {
    probes.push({
      label: "admin, invalid input",
      persona: "admin",
      url: invalid.url ?? url,
      payload: invalid.payload,
      expect: [400],
    });
  }
  return probes;
}

/** A user signed up through the API, with the cookie of a pending sign-in challenge. */
async function passwordChecked(ferry: TestApp) {
  const user = await createUser(ferry, "contract-auth");
  const step = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: user.ip });
  expect(step.response.statusCode, step.response.body).toBe(200);
  return { user, challenge: step.cookie };
}

/** A user signed up and signed in through the API (so with a password, unlike the cast's personas). */
async function signedInThroughApi(ferry: TestApp) {
  const { user, challenge } = await passwordChecked(ferry);
  const code = await requestSignInCode(ferry, user.email, challenge, user.ip);
  const response = await submitCode(ferry.app, challenge, code, user.ip);
  expect(response.statusCode, response.body).toBe(200);
  return { user, cookie: mergeCookies(challenge, response) };
}

/**
 * A user signed in through the API who set up an authenticator app: its secret's bytes and backup
 * codes. The confirming code is the previous step's, so the current one is still unused.
 */
async function enrolledThroughApi(ferry: TestApp) {
  const signedIn = await signedInThroughApi(ferry);
  const request = { method: "POST" as const, ip: signedIn.user.ip, cookie: signedIn.cookie };
  const setup = await send(ferry.app, {
    ...request,
    url: "/api/v1/auth/authenticator",
    payload: { password: GOOD_PASSWORD },
  });
  expect(setup.statusCode, setup.body).toBe(200);
  const key = base32Decode((setup.json() as { secret: string }).secret);
  await clearOfStepEdge();
  const confirmed = await send(ferry.app, {
    ...request,
    url: "/api/v1/auth/authenticator/confirm",
    payload: { code: totp(key, Date.now() / 1000 - 30) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { ...signedIn, key, backupCodes: (confirmed.json() as { backupCodes: string[] }).backupCodes };
}

/** A valid alert rule, as the alert-rules endpoints take it. */
const ALERT_RULE = { type: "transaction", currency: "USD", amount: "100", direction: "both", method: "email" };

/** A new alert rule of `owner`'s, made through the API; its id. */
async function alertRuleOf(ferry: TestApp, owner: SessionUser): Promise<string> {
  const response = await send(ferry.app, {
    method: "POST",
    url: "/api/v1/alert-rules",
    ip: randomIp(),
    cookie: owner.cookie,
    payload: ALERT_RULE,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

/** A new API credential of `owner`'s, made through the API with `scopes`: its id and `Authorization` header. */
async function apiCredentialOf(ferry: TestApp, owner: SessionUser, scopes: string[] = ["balances:read"]) {
  const response = await send(ferry.app, {
    method: "POST",
    url: "/api/v1/api-credentials",
    ip: randomIp(),
    cookie: owner.cookie,
    payload: { name: "Contract app", scopes },
  });
  expect(response.statusCode, response.body).toBe(201);
  const created = response.json() as { id: string; appId: string; secret: string };
  return { id: created.id, authorization: `Bearer ${created.appId}:${created.secret}` };
}

/** An app of `owner`'s that sends money, written as api-keys keeps one (creating it needs a code). */
async function payingCredentialOf(ferry: TestApp, owner: SessionUser): Promise<string> {
  const row = await ferry.db
    .insertInto("api_credentials")
    .values({
      user_id: owner.userId,
      app_id: `app_${randomUUID().replaceAll("-", "").slice(0, 8)}`,
      name: "Contract payouts app",
      scopes: ["transfers:write"],
      transfer_limit_currency: "USD",
      transfer_limit_minor: "10000",
      secret_hash: randomUUID(),
      secret_last4: "abcd",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A webhook endpoint of `owner`'s (on a connected app written as api-keys keeps one) and one delivery in its log. */
async function webhookOf(ferry: TestApp, owner: SessionUser) {
  const credential = await ferry.db
    .insertInto("api_credentials")
    .values({
      user_id: owner.userId,
      app_id: `app_${randomUUID().replaceAll("-", "").slice(0, 8)}`,
      name: "Contract webhooks app",
      scopes: ["webhooks:write"],
      secret_hash: randomUUID(),
      secret_last4: "abcd",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const response = await send(ferry.app, {
    method: "POST",
    url: "/api/v1/webhook-endpoints",
    ip: randomIp(),
    cookie: owner.cookie,
    payload: webhookEndpointOf(credential.id),
  });
  expect(response.statusCode, response.body).toBe(201);
  const endpointId = (response.json() as { id: string }).id;
  const event = await ferry.db
    .insertInto("webhook_events")
    .values({ user_id: owner.userId, type: "deposit.credited", payload: JSON.stringify({ amount: "1.00" }) })
    .returning("id")
    .executeTakeFirstOrThrow();
  const delivery = await ferry.db
    .insertInto("webhook_deliveries")
    .values({
      event_id: event.id,
      endpoint_id: endpointId,
      message_id: `msg_contract${randomUUID()}`,
      status: "failed",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { credentialId: credential.id, endpointId, deliveryId: delivery.id };
}

/** A valid new webhook endpoint (this machine's discard port: the address is only checked, never called here). */
function webhookEndpointOf(credentialId: string) {
  return { credentialId, url: "http://127.0.0.1:9/hooks", events: ["deposit.credited", "transfer.created"] };
}

/** A passkey registration of `owner`'s browser: fresh options, answered by a software authenticator. */
async function passkeyRegistrationOf(ferry: TestApp, owner: SessionUser, authenticator: SoftwareAuthenticator) {
  await givePassword(ferry, owner.userId);
  const options = await send(ferry.app, {
    method: "POST",
    url: "/api/v1/passkeys/registration-options",
    ip: randomIp(),
    cookie: owner.cookie,
    payload: { password: GOOD_PASSWORD },
  });
  expect(options.statusCode, options.body).toBe(200);
  return { name: "Contract key", response: authenticator.register(options.json()) };
}

/** A passkey of `owner`'s, registered through the API: its id and its authenticator. */
async function passkeyOf(ferry: TestApp, owner: SessionUser) {
  const authenticator = new SoftwareAuthenticator({ origin: ferry.config.publicUrl, rpId: "localhost" });
  const payload = await passkeyRegistrationOf(ferry, owner, authenticator);
  const response = await send(ferry.app, {
    method: "POST",
    url: "/api/v1/passkeys",
    ip: randomIp(),
    cookie: owner.cookie,
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: (response.json() as { id: string }).id, authenticator };
}

/** `user`'s documents submitted for review through the API; the URL of the first, as the admin's review gives it. */
async function kycSubmittedBy(ferry: TestApp, user: SessionUser): Promise<string> {
  const { governmentIdDocumentId } = await submitKycDocuments(ferry, user);
  return `/api/v1/admin/kyc-documents/${governmentIdDocumentId}`;
}

/** The probes of every documented operation, by `METHOD /openapi/path`. An operation missing here fails the test. */
const CASES: Record<string, (context: CaseContext) => Promise<Probe[]>> = {
  "GET /api/health": async () => [{ label: "anyone", persona: "anonymous", url: "/api/health", expect: [200] }],
  "GET /health/live": async () => [{ label: "anyone", persona: "anonymous", url: "/health/live", expect: [200] }],
  "GET /health/ready": async () => [{ label: "anyone", persona: "anonymous", url: "/health/ready", expect: [200] }],

  // Sign-up and Better Auth's allow-list.
  "POST /api/v1/auth/sign-up": async () => [
    {
      label: "new address",
      persona: "anonymous",
      url: "/api/v1/auth/sign-up",
      payload: { email: `contract-${randomUUID()}@ferry.test`, password: GOOD_PASSWORD },
      expect: [200],
    },
    {
      label: "weak password",
      persona: "anonymous",
      url: "/api/v1/auth/sign-up",
      payload: { email: "x" },
      expect: [400],
    },
  ],
  "POST /api/auth/sign-in/email": async ({ ferry }) => {
    const user = await createUser(ferry, "contract-sign-in");
    const url = "/api/auth/sign-in/email";
    return [
      {
        label: "right password",
        persona: "anonymous",
        url,
        payload: { email: user.email, password: user.password },
        expect: [200],
      },
      {
        label: "wrong password",
        persona: "anonymous",
        url,
        payload: { email: user.email, password: "Wrong#Pass1" },
        expect: [401],
      },
      { label: "junk", persona: "anonymous", url, payload: JUNK, expect: [400] },
    ];
  },
  "POST /api/auth/sign-out": async () => [
    { label: "signed in", persona: "other", url: "/api/auth/sign-out", payload: {}, expect: [200] },
    { label: "anonymous", persona: "anonymous", url: "/api/auth/sign-out", payload: {} },
    { label: "unknown fields", persona: "anonymous", url: "/api/auth/sign-out", payload: JUNK },
  ],
  "GET /api/auth/get-session": async () => [
    { label: "anonymous", persona: "anonymous", url: "/api/auth/get-session", expect: [200] },
    { label: "customer", persona: "owner", url: "/api/auth/get-session", expect: [200] },
    { label: "admin", persona: "admin", url: "/api/auth/get-session?disableCookieCache=true", expect: [200] },
  ],
  "POST /api/auth/two-factor/send-otp": async ({ ferry }) => {
    const { challenge } = await passwordChecked(ferry);
    const url = "/api/auth/two-factor/send-otp";
    return [
      { label: "with a challenge", persona: "anonymous", cookie: challenge, url, payload: {}, expect: [200] },
      { label: "without one", persona: "anonymous", url, payload: {}, expect: [401] },
      { label: "unknown fields", persona: "anonymous", cookie: challenge, url, payload: JUNK },
    ];
  },
  "POST /api/auth/two-factor/verify-otp": async ({ ferry }) => {
    const { user, challenge } = await passwordChecked(ferry);
    const code = await requestSignInCode(ferry, user.email, challenge, user.ip);
    const wrong = code === "000000" ? "111111" : "000000";
    const url = "/api/auth/two-factor/verify-otp";
    return [
      { label: "junk", persona: "anonymous", cookie: challenge, url, payload: JUNK, expect: [400] },
      { label: "without a challenge", persona: "anonymous", url, payload: { code }, expect: [401] },
      { label: "wrong code", persona: "anonymous", cookie: challenge, url, payload: { code: wrong } },
      { label: "right code", persona: "anonymous", cookie: challenge, url, payload: { code }, expect: [200] },
    ];
  },
  "POST /api/auth/two-factor/verify-totp": async ({ ferry }) => {
    const { user, key } = await enrolledThroughApi(ferry);
    const step = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: user.ip });
    const challenge = step.cookie;
    const code = totp(key, Date.now() / 1000);
    const wrong = code === "000000" ? "111111" : "000000";
    const url = "/api/auth/two-factor/verify-totp";
    return [
      { label: "junk", persona: "anonymous", cookie: challenge, url, payload: JUNK, expect: [400] },
      { label: "without a challenge", persona: "anonymous", url, payload: { code }, expect: [401] },
      { label: "wrong code", persona: "anonymous", cookie: challenge, url, payload: { code: wrong }, expect: [401] },
      { label: "right code", persona: "anonymous", cookie: challenge, url, payload: { code }, expect: [200] },
    ];
  },
  "POST /api/auth/two-factor/verify-backup-code": async ({ ferry }) => {
    const { user, backupCodes } = await enrolledThroughApi(ferry);
    const step = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: user.ip });
    const challenge = step.cookie;
    const url = "/api/auth/two-factor/verify-backup-code";
    const other = await passwordChecked(ferry);
    return [
      { label: "junk", persona: "anonymous", cookie: challenge, url, payload: JUNK, expect: [400] },
      {
        label: "no app",
        persona: "anonymous",
        cookie: other.challenge,
        url,
        payload: { code: backupCodes[1] },
        expect: [403],
      },
      {
        label: "wrong code",
        persona: "anonymous",
        cookie: challenge,
        url,
        payload: { code: "aaaaa-bbbbb" },
        expect: [401],
      },
      {
        label: "right code",
        persona: "anonymous",
        cookie: challenge,
        url,
        payload: { code: backupCodes[0] },
        expect: [200],
      },
    ];
  },
  "POST /api/auth/email-otp/send-verification-otp": async ({ cast }) => {
    const url = "/api/auth/email-otp/send-verification-otp";
    const own = { email: cast.owner.email, type: "email-verification" };
    return [
      { label: "anonymous", persona: "anonymous", url, payload: own, expect: [401] },
      { label: "own address", persona: "owner", url, payload: own, expect: [200] },
      { label: "someone else's", persona: "other", url, payload: own, expect: [403] },
      { label: "junk", persona: "owner", url, payload: JUNK, expect: [400] },
    ];
  },
  "POST /api/auth/email-otp/verify-email": async ({ ferry }) => {
    const { user, cookie } = await signedInThroughApi(ferry);
    const sent = await send(ferry.app, {
      method: "POST",
      url: "/api/auth/email-otp/send-verification-otp",
      ip: user.ip,
      cookie,
      payload: { email: user.email, type: "email-verification" },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const otp = await readCodeFromMailbox(ferry.db, user.email, "Verify your Ferry e-mail address");
    const wrong = otp === "000000" ? "111111" : "000000";
    const url = "/api/auth/email-otp/verify-email";
    return [
      { label: "anonymous", persona: "anonymous", url, payload: { email: user.email, otp }, expect: [401] },
      { label: "junk", persona: "anonymous", cookie, url, payload: JUNK, expect: [400] },
      {
        label: "wrong code",
        persona: "anonymous",
        cookie,
        url,
        payload: { email: user.email, otp: wrong },
        expect: [400],
      },
      { label: "right code", persona: "anonymous", cookie, url, payload: { email: user.email, otp }, expect: [200] },
    ];
  },
  "GET /api/auth/verify-email": async ({ ferry }) => {
    const first = await createUser(ferry, "contract-verify");
    const second = await createUser(ferry, "contract-verify-redirect");
    const token = await readLinkToken(ferry.db, first.email, "Verify your e-mail", "/verify-email");
    const redirectToken = await readLinkToken(ferry.db, second.email, "Verify your e-mail", "/verify-email");
    return [
      { label: "bad token", persona: "anonymous", url: "/api/auth/verify-email?token=not-a-token", expect: [401] },
      { label: "no token", persona: "anonymous", url: "/api/auth/verify-email", expect: [400] },
      { label: "link token", persona: "anonymous", url: `/api/auth/verify-email?token=${token}`, expect: [200] },
      {
        label: "link token with a callback",
        persona: "anonymous",
        url: `/api/auth/verify-email?token=${redirectToken}&callbackURL=/dashboard`,
        expect: [302],
      },
    ];
  },
  "POST /api/auth/request-password-reset": async ({ ferry }) => {
    const user = await createUser(ferry, "contract-reset-request");
    const url = "/api/auth/request-password-reset";
    return [
      { label: "an account", persona: "anonymous", url, payload: { email: user.email }, expect: [200] },
      {
        label: "no account",
        persona: "anonymous",
        url,
        payload: { email: `nobody-${randomUUID()}@ferry.test` },
        expect: [200],
      },
      { label: "junk", persona: "anonymous", url, payload: JUNK, expect: [400] },
    ];
  },
  "POST /api/auth/reset-password": async ({ ferry }) => {
    const user = await createUser(ferry, "contract-reset");
    const asked = await send(ferry.app, {
      method: "POST",
      url: "/api/auth/request-password-reset",
      ip: randomIp(),
      payload: { email: user.email },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const token = await readLinkToken(ferry.db, user.email, "Reset your password", "/forgot-password");
    const url = "/api/auth/reset-password";
    return [
      { label: "junk", persona: "anonymous", url, payload: JUNK, expect: [400] },
      {
        label: "unknown token",
        persona: "anonymous",
        url,
        payload: { token: "aZ09aZ09aZ09aZ09aZ09aZ09", newPassword: GOOD_PASSWORD },
        expect: [400],
      },
      {
        label: "link token",
        persona: "anonymous",
        url,
        payload: { token, newPassword: "Ferry#Reset2026" },
        expect: [200],
      },
    ];
  },
  "POST /api/auth/change-password": async ({ ferry }) => {
    const { cookie } = await signedInThroughApi(ferry);
    const url = "/api/auth/change-password";
    const change = { currentPassword: GOOD_PASSWORD, newPassword: "Ferry#Other2026" };
    return [
      { label: "anonymous", persona: "anonymous", url, payload: change, expect: [401] },
      { label: "junk", persona: "anonymous", cookie, url, payload: JUNK, expect: [400] },
      {
        label: "wrong current password",
        persona: "anonymous",
        cookie,
        url,
        payload: { ...change, currentPassword: "Wrong#Pass1" },
        expect: [400],
      },
      { label: "right current password", persona: "anonymous", cookie, url, payload: change, expect: [200] },
    ];
  },

  // The authenticator app.
  "GET /api/v1/auth/authenticator": async () => guarded("/api/v1/auth/authenticator"),
  "POST /api/v1/auth/authenticator": async ({ ferry }) => {
    const { cookie } = await signedInThroughApi(ferry);
    const enrolled = await enrolledThroughApi(ferry);
    const url = "/api/v1/auth/authenticator";
    const payload = { password: GOOD_PASSWORD };
    return [
      { label: "anonymous", persona: "anonymous", url, payload, expect: [401] },
      { label: "junk", persona: "anonymous", cookie, url, payload: JUNK, expect: [400] },
      {
        label: "wrong password",
        persona: "anonymous",
        cookie,
        url,
        payload: { password: "Wrong#Pass1" },
        expect: [400],
      },
      { label: "right password", persona: "anonymous", cookie, url, payload, expect: [200] },
      { label: "already set up", persona: "anonymous", cookie: enrolled.cookie, url, payload, expect: [409] },
    ];
  },
  "POST /api/v1/auth/authenticator/confirm": async ({ ferry }) => {
    const { cookie } = await signedInThroughApi(ferry);
    const enrolled = await enrolledThroughApi(ferry);
    const url = "/api/v1/auth/authenticator/confirm";
    const payload = { code: "123456" };
    return [
      { label: "anonymous", persona: "anonymous", url, payload, expect: [401] },
      { label: "junk", persona: "anonymous", cookie, url, payload: JUNK, expect: [400] },
      { label: "nothing pending", persona: "anonymous", cookie, url, payload, expect: [409] },
      { label: "already set up", persona: "anonymous", cookie: enrolled.cookie, url, payload, expect: [409] },
    ];
  },
  "POST /api/v1/auth/authenticator/remove": async ({ ferry }) => {
    const { cookie } = await signedInThroughApi(ferry);
    const enrolled = await enrolledThroughApi(ferry);
    const url = "/api/v1/auth/authenticator/remove";
    const backup = { code: enrolled.backupCodes[0] };
    return [
      { label: "anonymous", persona: "anonymous", url, payload: backup, expect: [401] },
      { label: "junk", persona: "anonymous", cookie, url, payload: JUNK, expect: [400] },
      { label: "nothing set up", persona: "anonymous", cookie, url, payload: backup, expect: [404] },
      {
        label: "wrong code",
        persona: "anonymous",
        cookie: enrolled.cookie,
        url,
        payload: { code: "aaaaa-bbbbb" },
        expect: [422],
      },
      { label: "backup code", persona: "anonymous", cookie: enrolled.cookie, url, payload: backup, expect: [200] },
    ];
  },

  // The customer's own data.
  "GET /api/v1/me": async () => guarded("/api/v1/me"),
  "PUT /api/v1/me/profile": async () =>
    guarded("/api/v1/me/profile", { firstName: "Grace", lastName: "Hopper" }, { payload: JUNK }),
  "GET /api/v1/settings": async () => guarded("/api/v1/settings"),
  "PUT /api/v1/settings/notifications": async () =>
    guarded(
      "/api/v1/settings/notifications",
      { emailNotifications: true, pushNotifications: false, smsNotifications: false, marketingNotifications: false },
      { payload: JUNK },
    ),
  "PUT /api/v1/settings/security": async () =>
    guarded("/api/v1/settings/security", { sessionTimeout: "60" }, { payload: JUNK }),
  "PUT /api/v1/settings/preferences": async () =>
    guarded(
      "/api/v1/settings/preferences",
      { language: "es", currency: "BTC", timeZone: "America/New_York", theme: "light" },
      { payload: JUNK },
    ),
  "GET /api/v1/balances/total": async () =>
    guarded("/api/v1/balances/total?currency=JPY", undefined, { url: "/api/v1/balances/total?currency=GBP" }),
  "GET /api/v1/balances": async ({ ferry, cast }) => {
    const { authorization } = await apiCredentialOf(ferry, cast.owner);
    const other = await apiCredentialOf(ferry, cast.owner, ["transactions:read"]);
    const url = "/api/v1/balances";
    return [
      ...guarded(url),
      { label: "credential", persona: "anonymous", url, headers: { authorization }, expect: [200] },
      {
        label: "credential, no scope",
        persona: "anonymous",
        url,
        headers: { authorization: other.authorization },
        expect: [403],
      },
      {
        label: "wrong secret",
        persona: "anonymous",
        url,
        headers: { authorization: `${authorization}x` },
        expect: [401],
      },
    ];
  },
  "GET /api/v1/investment": async () => guarded("/api/v1/investment"),
  // The owner holds 100.00 USD, others nothing.
  "POST /api/v1/investment/deposits": async () => {
    const url = "/api/v1/investment/deposits";
    const headers = { "idempotency-key": `contract-${randomUUID()}` };
    const fresh = () => ({ "idempotency-key": `contract-${randomUUID()}` });
    return [
      { label: "anonymous", persona: "anonymous", url, payload: { amount: "1.00" }, headers, expect: [401] },
      { label: "owner", persona: "owner", url, payload: { amount: "1.00" }, headers, expect: [201] },
      { label: "owner, replayed", persona: "owner", url, payload: { amount: "1.00" }, headers, expect: [200] },
      {
        label: "owner, same key, other amount",
        persona: "owner",
        url,
        payload: { amount: "2.00" },
        headers,
        expect: [409],
      },
      { label: "owner, junk", persona: "owner", url, payload: JUNK, headers: fresh(), expect: [400] },
      { label: "owner, no key", persona: "owner", url, payload: { amount: "1.00" }, expect: [400] },
      { label: "other, no money", persona: "other", url, payload: { amount: "1.00" }, headers: fresh(), expect: [422] },
    ];
  },
  "POST /api/v1/investment/withdrawals": async ({ ferry, cast }) => {
    const invested = await send(ferry.app, {
      method: "POST",
      url: "/api/v1/investment/deposits",
      ip: randomIp(),
      cookie: cast.owner.cookie,
      payload: { amount: "5.00" },
      headers: { "idempotency-key": `contract-${randomUUID()}` },
    });
    expect(invested.statusCode, invested.body).toBe(201);
    const url = "/api/v1/investment/withdrawals";
    const fresh = () => ({ "idempotency-key": `contract-${randomUUID()}` });
    return [
      { label: "anonymous", persona: "anonymous", url, payload: { amount: "1.00" }, headers: fresh(), expect: [401] },
      { label: "owner", persona: "owner", url, payload: { amount: "1.00" }, headers: fresh(), expect: [201] },
      {
        label: "owner, too much",
        persona: "owner",
        url,
        payload: { amount: "1000.00" },
        headers: fresh(),
        expect: [422],
      },
      {
        label: "other, no investment",
        persona: "other",
        url,
        payload: { amount: "1.00" },
        headers: fresh(),
        expect: [400],
      },
    ];
  },
  "GET /api/v1/recipients": async () =>
    guarded("/api/v1/recipients?type=bank", undefined, { url: "/api/v1/recipients?type=junk" }),
  "POST /api/v1/recipients": async () => guarded("/api/v1/recipients", BANK_RECIPIENT, { payload: JUNK }),
  "PUT /api/v1/recipients/{recipientId}": async ({ cast }) => [
    ...guarded(`/api/v1/recipients/${cast.owner.owns.recipientId}`, BANK_RECIPIENT, {
      url: `/api/v1/recipients/${NOT_AN_ID}`,
    }),
    // A recipient keeps its type.
    {
      label: "owner, another type",
      persona: "owner",
      url: `/api/v1/recipients/${cast.owner.owns.recipientId}`,
      payload: {
        type: "crypto",
        name: "Grace Hopper",
        email: "grace@example.com",
        cryptoNetwork: "ethereum",
        cryptoAddress: VALID_EVM_ADDRESS,
        currency: "ETH",
      },
      expect: [400],
    },
  ],
  "DELETE /api/v1/recipients/{recipientId}": async ({ cast }) => [
    ...guarded(`/api/v1/recipients/${cast.owner.owns.recipientId}`, undefined, {
      url: `/api/v1/recipients/${NOT_AN_ID}`,
    }),
    // Deleted above: now gone.
    {
      label: "owner, again",
      persona: "owner",
      url: `/api/v1/recipients/${cast.owner.owns.recipientId}`,
      expect: [404],
    },
  ],
  "GET /api/v1/payment-methods": async () =>
    guarded("/api/v1/payment-methods", undefined, { url: "/api/v1/payment-methods?limit=-1" }),
  "POST /api/v1/payment-methods": async () =>
    guarded("/api/v1/payment-methods", BANK_PAYMENT_METHOD, { payload: JUNK }),
  "PUT /api/v1/payment-methods/{paymentMethodId}": async ({ cast }) =>
    guarded(`/api/v1/payment-methods/${cast.owner.owns.paymentMethodId}`, BANK_PAYMENT_METHOD, {
      url: `/api/v1/payment-methods/${NOT_AN_ID}`,
    }),
  "DELETE /api/v1/payment-methods/{paymentMethodId}": async ({ cast }) => [
    ...guarded(`/api/v1/payment-methods/${cast.owner.owns.paymentMethodId}`, undefined, {
      url: `/api/v1/payment-methods/${NOT_AN_ID}`,
    }),
    // Deleted above: now gone.
    {
      label: "owner, again",
      persona: "owner",
      url: `/api/v1/payment-methods/${cast.owner.owns.paymentMethodId}`,
      expect: [404],
    },
  ],
  // The stream stays open (live-updates.test.ts reads it over HTTP); here its refusals, which end.
  "GET /api/v1/events": async () => {
    const junk = { "last-event-id": "junk" };
    return [
      { label: "anonymous", persona: "anonymous", url: "/api/v1/events", expect: [401] },
      { label: "owner, invalid Last-Event-ID", persona: "owner", url: "/api/v1/events", headers: junk, expect: [400] },
      { label: "admin, invalid Last-Event-ID", persona: "admin", url: "/api/v1/events", headers: junk, expect: [400] },
    ];
  },
  "GET /api/v1/notifications": async () =>
    guarded("/api/v1/notifications", undefined, { url: "/api/v1/notifications?limit=0" }),
  "POST /api/v1/notifications/read-all": async () => guarded("/api/v1/notifications/read-all", {}),
  "POST /api/v1/notifications/{notificationId}/read": async ({ cast }) =>
    guarded(
      `/api/v1/notifications/${cast.owner.owns.notificationId}/read`,
      {},
      {
        url: `/api/v1/notifications/${NOT_AN_ID}/read`,
      },
    ),
  "GET /api/v1/api-credentials": async ({ ferry, cast }) => {
    const { authorization } = await apiCredentialOf(ferry, cast.owner);
    const url = "/api/v1/api-credentials";
    return [
      ...guarded(url, undefined, { url: `${url}?limit=11` }),
      { label: "credential", persona: "anonymous", url, headers: { authorization }, expect: [403] },
    ];
  },
  "POST /api/v1/api-credentials": async () =>
    guarded("/api/v1/api-credentials", { name: "Contract app", scopes: ["transactions:read"] }, { payload: JUNK }),
  "POST /api/v1/api-credentials/code": async () => [
    { label: "anonymous", persona: "anonymous", url: "/api/v1/api-credentials/code", payload: {}, expect: [401] },
    { label: "owner", persona: "owner", url: "/api/v1/api-credentials/code", payload: {}, expect: [200] },
  ],
  "POST /api/v1/api-credentials/{credentialId}/code": async ({ ferry, cast }) => {
    // Only an app that sends money has a code to regenerate it (issue 28); one that cannot is refused.
    const paying = await payingCredentialOf(ferry, cast.owner);
    const reading = await apiCredentialOf(ferry, cast.owner);
    return [
      ...guarded(`/api/v1/api-credentials/${paying}/code`, {}, { url: `/api/v1/api-credentials/${NOT_AN_ID}/code` }),
      {
        label: "owner, an app that cannot send money",
        persona: "owner",
        url: `/api/v1/api-credentials/${reading.id}/code`,
        payload: {},
        expect: [409],
      },
    ];
  },
  "POST /api/v1/api-credentials/{credentialId}/regenerate": async ({ ferry, cast }) => {
    const { id } = await apiCredentialOf(ferry, cast.owner);
    return [
      ...guarded(
        `/api/v1/api-credentials/${id}/regenerate`,
        {},
        { url: `/api/v1/api-credentials/${NOT_AN_ID}/regenerate` },
      ),
      // An app that sends money needs a fresh code to get a new secret (issue 28).
      {
        label: "owner, an app that sends money, no code",
        persona: "owner",
        url: `/api/v1/api-credentials/${await payingCredentialOf(ferry, cast.owner)}/regenerate`,
        payload: {},
        expect: [400],
      },
    ];
  },
  "DELETE /api/v1/api-credentials/{credentialId}": async ({ ferry, cast }) => {
    const url = `/api/v1/api-credentials/${(await apiCredentialOf(ferry, cast.owner)).id}`;
    return [
      ...guarded(url, undefined, { url: `/api/v1/api-credentials/${NOT_AN_ID}` }),
      { label: "owner, again", persona: "owner", url, expect: [404] },
    ];
  },
  "GET /api/v1/alert-rules": async () =>
    guarded("/api/v1/alert-rules", undefined, { url: "/api/v1/alert-rules?limit=21" }),
  "POST /api/v1/alert-rules": async () => [
    ...guarded("/api/v1/alert-rules", ALERT_RULE, { payload: JUNK }),
    {
      label: "owner, SMS (no provider)",
      persona: "owner",
      url: "/api/v1/alert-rules",
      payload: { ...ALERT_RULE, method: "sms" },
      expect: [400],
    },
  ],
  "PUT /api/v1/alert-rules/{alertRuleId}": async ({ ferry, cast }) =>
    guarded(
      `/api/v1/alert-rules/${await alertRuleOf(ferry, cast.owner)}`,
      { type: "security", events: ["new_device"], method: "email" },
      { url: `/api/v1/alert-rules/${NOT_AN_ID}` },
    ),
  "DELETE /api/v1/alert-rules/{alertRuleId}": async ({ ferry, cast }) => {
    const url = `/api/v1/alert-rules/${await alertRuleOf(ferry, cast.owner)}`;
    return [
      ...guarded(url, undefined, { url: `/api/v1/alert-rules/${NOT_AN_ID}` }),
      // Deleted above: now gone.
      { label: "owner, again", persona: "owner", url, expect: [404] },
    ];
  },
  "GET /api/v1/webhook-endpoints": async ({ ferry, cast }) => {
    await webhookOf(ferry, cast.owner);
    return guarded("/api/v1/webhook-endpoints", undefined, { url: "/api/v1/webhook-endpoints?limit=51" });
  },
  "POST /api/v1/webhook-endpoints": async ({ ferry, cast }) => {
    const { credentialId } = await webhookOf(ferry, cast.owner);
    const url = "/api/v1/webhook-endpoints";
    const payload = webhookEndpointOf(credentialId);
    return [
      ...guarded(url, payload, { payload: JUNK }),
      {
        label: "owner, private address",
        persona: "owner",
        url,
        payload: { ...payload, url: "http://10.0.0.1/" },
        expect: [400],
      },
      {
        label: "owner, no app named",
        persona: "owner",
        url,
        payload: { ...payload, credentialId: undefined },
        expect: [400],
      },
      { label: "other customer, owner's app", persona: "other", url, payload, expect: [404] },
    ];
  },
  "DELETE /api/v1/webhook-endpoints/{endpointId}": async ({ ferry, cast }) => {
    const url = `/api/v1/webhook-endpoints/${(await webhookOf(ferry, cast.owner)).endpointId}`;
    return [
      ...guarded(url, undefined, { url: `/api/v1/webhook-endpoints/${NOT_AN_ID}` }),
      { label: "owner, again", persona: "owner", url, expect: [404] },
    ];
  },
  "POST /api/v1/webhook-endpoints/{endpointId}/rotate-secret": async ({ ferry, cast }) =>
    guarded(`/api/v1/webhook-endpoints/${(await webhookOf(ferry, cast.owner)).endpointId}/rotate-secret`, undefined, {
      url: `/api/v1/webhook-endpoints/${NOT_AN_ID}/rotate-secret`,
    }),
  "GET /api/v1/webhook-endpoints/{endpointId}/deliveries": async ({ ferry, cast }) => {
    const url = `/api/v1/webhook-endpoints/${(await webhookOf(ferry, cast.owner)).endpointId}/deliveries`;
    return guarded(url, undefined, { url: `${url}?limit=101` });
  },
  "POST /api/v1/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/resend": async ({ ferry, cast }) => {
    const { endpointId, deliveryId } = await webhookOf(ferry, cast.owner);
    return guarded(`/api/v1/webhook-endpoints/${endpointId}/deliveries/${deliveryId}/resend`, undefined, {
      url: `/api/v1/webhook-endpoints/${endpointId}/deliveries/${NOT_AN_ID}/resend`,
    });
  },
  "GET /api/v1/passkeys": async () => guarded("/api/v1/passkeys"),
  "POST /api/v1/passkeys/registration-options": async ({ ferry, cast }) => {
    await givePassword(ferry, cast.owner.userId);
    return guarded("/api/v1/passkeys/registration-options", { password: GOOD_PASSWORD }, { payload: JUNK });
  },
  "POST /api/v1/passkeys": async ({ ferry, cast }) => {
    const authenticator = new SoftwareAuthenticator({ origin: ferry.config.publicUrl, rpId: "localhost" });
    const payload = await passkeyRegistrationOf(ferry, cast.owner, authenticator);
    const url = "/api/v1/passkeys";
    return [
      { label: "anonymous", persona: "anonymous", url, payload, expect: [401] },
      // The challenge is bound to the owner's session: nobody else can answer it.
      { label: "other customer", persona: "other", url, payload, expect: [400] },
      { label: "owner", persona: "owner", url, payload, expect: [201] },
      { label: "owner, again", persona: "owner", url, payload, expect: [400] },
      { label: "owner, junk", persona: "owner", url, payload: JUNK, expect: [400] },
    ];
  },
  "PATCH /api/v1/passkeys/{passkeyId}": async ({ ferry, cast }) => [
    ...guarded(
      `/api/v1/passkeys/${(await passkeyOf(ferry, cast.owner)).id}`,
      { name: "Renamed" },
      { payload: { name: "" } },
    ),
    { label: "owner, not an id", persona: "owner", url: `/api/v1/passkeys/${NOT_AN_ID}`, payload: { name: "x" } },
  ],
  "DELETE /api/v1/passkeys/{passkeyId}": async ({ ferry, cast }) => {
    const url = `/api/v1/passkeys/${(await passkeyOf(ferry, cast.owner)).id}`;
    return [
      ...guarded(url, undefined, { url: `/api/v1/passkeys/${NOT_AN_ID}` }),
      { label: "owner, again", persona: "owner", url, expect: [404] },
    ];
  },
  "POST /api/v1/auth/passkey/options": async () => [
    { label: "anonymous", persona: "anonymous", url: "/api/v1/auth/passkey/options", expect: [200] },
  ],
  "POST /api/v1/auth/passkey/sign-in": async ({ ferry, cast }) => {
    const { authenticator } = await passkeyOf(ferry, cast.owner);
    const options = await send(ferry.app, { method: "POST", url: "/api/v1/auth/passkey/options", ip: randomIp() });
    const assertion = authenticator.authenticate(options.json());
    const url = "/api/v1/auth/passkey/sign-in";
    return [
      { label: "junk", persona: "anonymous", url, payload: JUNK, expect: [400] },
      { label: "passkey", persona: "anonymous", url, payload: { response: assertion }, expect: [200] },
      { label: "replayed", persona: "anonymous", url, payload: { response: assertion }, expect: [401] },
    ];
  },
  "GET /api/v1/sessions": async () => guarded("/api/v1/sessions"),
  "DELETE /api/v1/sessions/{sessionId}": async ({ ferry, cast }) => {
    // A second browser of the owner's, signed out by the owner's own session.
    const spare = await (await ferry.auth.$context).internalAdapter.createSession(cast.owner.userId);
    const url = `/api/v1/sessions/${spare.id}`;
    return [
      ...guarded(url, undefined, { url: `/api/v1/sessions/${"x".repeat(101)}` }),
      { label: "owner, again", persona: "owner", url, expect: [404] },
    ];
  },
  "POST /api/v1/sessions/revoke-others": async () => guarded("/api/v1/sessions/revoke-others", {}, { payload: [] }),
  "GET /api/v1/help-requests": async () =>
    guarded("/api/v1/help-requests", undefined, { url: "/api/v1/help-requests?limit=0" }),
  "POST /api/v1/help-requests": async () =>
    guarded(
      "/api/v1/help-requests",
      { subject: "Question", message: "A question about my account.", priority: "high" },
      { payload: { subject: "", message: "short" } },
    ),
  "GET /api/v1/help-requests/unread-count": async () => guarded("/api/v1/help-requests/unread-count"),
  "GET /api/v1/help-requests/{helpRequestId}": async ({ cast }) =>
    guarded(`/api/v1/help-requests/${cast.owner.owns.helpRequestId}`, undefined, {
      url: `/api/v1/help-requests/${NOT_AN_ID}`,
    }),
  "POST /api/v1/help-requests/{helpRequestId}/responses": async ({ cast }) => [
    ...guarded(
      `/api/v1/help-requests/${cast.owner.owns.helpRequestId}/responses`,
      { message: "Any news?" },
      { payload: { message: " " } },
    ),
  ],
  "GET /api/v1/help-requests/{helpRequestId}/attachments/{attachmentId}": async ({ cast }) =>
    guarded(cast.owner.owns.helpAttachmentUrl, undefined, {
      url: `/api/v1/help-requests/${cast.owner.owns.helpRequestId}/attachments/${NOT_AN_ID}`,
    }),
  "POST /api/v1/help-attachments": async () => {
    const url = "/api/v1/help-attachments";
    const png = multipartUpload("screen.png", TINY_PNG);
    const text = multipartUpload("notes.txt", Buffer.from("not an image"));
    return [
      { label: "anonymous", persona: "anonymous", url, ...png, expect: [401] },
      { label: "owner", persona: "owner", url, ...png, expect: [201] },
      { label: "owner, a text file", persona: "owner", url, ...text, expect: [415] },
      { label: "owner, JSON", persona: "owner", url, payload: { file: "x" }, expect: [415] },
    ];
  },
  "GET /api/v1/admin/help-requests/{helpRequestId}/attachments/{attachmentId}": async ({ cast }) =>
    adminOnly(cast.owner.owns.helpAttachmentUrl.replace("/api/v1/", "/api/v1/admin/"), undefined, {
      url: `/api/v1/admin/help-requests/${cast.owner.owns.helpRequestId}/attachments/${NOT_AN_ID}`,
    }),
  // Identity verification: the owner's own check, uploads, and the admin's review of the owner.
  "GET /api/v1/me/kyc": async () => guarded("/api/v1/me/kyc"),
  "POST /api/v1/kyc-documents": async () => {
    const url = "/api/v1/kyc-documents";
    const png = multipartUpload("passport.png", TINY_PNG);
    const text = multipartUpload("passport.txt", Buffer.from("not an image"));
    return [
      { label: "anonymous", persona: "anonymous", url, ...png, expect: [401] },
      { label: "owner", persona: "owner", url, ...png, expect: [201] },
      { label: "owner, a text file", persona: "owner", url, ...text, expect: [415] },
      { label: "owner, JSON", persona: "owner", url, payload: { file: "x" }, expect: [415] },
    ];
  },
  "POST /api/v1/me/kyc/submissions": async ({ ferry, cast }) => {
    const url = "/api/v1/me/kyc/submissions";
    const first = await uploadKycDocuments(ferry, cast.owner);
    const second = await uploadKycDocuments(ferry, cast.owner);
    return [
      { label: "anonymous", persona: "anonymous", url, payload: first, expect: [401] },
      { label: "other customer, the owner's uploads", persona: "other", url, payload: first, expect: [400] },
      { label: "owner", persona: "owner", url, payload: first, expect: [201] },
      { label: "owner, while under review", persona: "owner", url, payload: second, expect: [409] },
      { label: "owner, invalid input", persona: "owner", url, payload: JUNK, expect: [400] },
    ];
  },
  "GET /api/v1/admin/users/{userId}/kyc": async ({ cast }) => [
    ...adminOnly(`/api/v1/admin/users/${cast.owner.userId}/kyc`, undefined, {
      url: `/api/v1/admin/users/${"x".repeat(70)}/kyc`,
    }),
    { label: "admin, nobody", persona: "admin", url: `/api/v1/admin/users/nobody-${randomUUID()}/kyc`, expect: [404] },
  ],
  "POST /api/v1/admin/users/{userId}/kyc/decision": async ({ ferry, cast }) => {
    await kycSubmittedBy(ferry, cast.owner);
    const url = `/api/v1/admin/users/${cast.owner.userId}/kyc/decision`;
    return [
      ...adminOnly(url, { decision: "reject", reason: "The photo is blurred" }, { payload: { decision: "reject" } }),
      { label: "admin, decided already", persona: "admin", url, payload: { decision: "approve" }, expect: [409] },
    ];
  },
  "GET /api/v1/admin/kyc-documents/{documentId}": async ({ ferry, cast }) => [
    ...adminOnly(await kycSubmittedBy(ferry, cast.owner), undefined, {
      url: `/api/v1/admin/kyc-documents/${NOT_AN_ID}`,
    }),
    {
      label: "admin, no such document",
      persona: "admin",
      url: `/api/v1/admin/kyc-documents/${randomUUID()}`,
      expect: [404],
    },
  ],
  "GET /api/v1/admin/help-requests": async () =>
    adminOnly("/api/v1/admin/help-requests", undefined, { url: "/api/v1/admin/help-requests?sort=sideways" }),
  "GET /api/v1/admin/help-requests/open-count": async () => adminOnly("/api/v1/admin/help-requests/open-count"),
  "GET /api/v1/admin/help-requests/{helpRequestId}": async ({ cast }) =>
    adminOnly(`/api/v1/admin/help-requests/${cast.owner.owns.helpRequestId}`, undefined, {
      url: `/api/v1/admin/help-requests/${NOT_AN_ID}`,
    }),
  "POST /api/v1/admin/help-requests/{helpRequestId}/responses": async ({ cast }) =>
    adminOnly(
      `/api/v1/admin/help-requests/${cast.owner.owns.helpRequestId}/responses`,
      { message: "We are on it." },
      { payload: { message: "" } },
    ),
  "PUT /api/v1/admin/help-requests/{helpRequestId}/status": async ({ cast }) =>
    adminOnly(
      `/api/v1/admin/help-requests/${cast.owner.owns.helpRequestId}/status`,
      { status: "resolved" },
      { payload: { status: "done" } },
    ),
  "GET /api/v1/deposits": async () => guarded("/api/v1/deposits", undefined, { url: "/api/v1/deposits?limit=-1" }),
  "GET /api/v1/deposits/instructions": async () => guarded("/api/v1/deposits/instructions"),
  "POST /api/v1/deposits": async () =>
    guarded("/api/v1/deposits", { depositType: "bank", currency: "USD", amount: "10.00" }, { payload: JUNK }),
  "POST /api/v1/transfers/quote": async ({ payee }) => [
    ...guarded("/api/v1/transfers/quote", toPayee(payee), { payload: JUNK }),
    {
      label: "owner, to nobody",
      persona: "owner",
      url: "/api/v1/transfers/quote",
      payload: {
        ...toPayee(payee),
        target: { method: "ferry_user", recipientEmail: `nobody-${randomUUID()}@ferry.test` },
      },
      expect: [404],
    },
  ],
  "POST /api/v1/transfers/verification-code": async ({ payee }) =>
    guarded("/api/v1/transfers/verification-code", toPayee(payee), { payload: JUNK }),
  "POST /api/v1/transfers": async ({ ferry, cast, payee }) => {
    const code = await issueCode(ferry, {
      userId: cast.owner.userId,
      recipientKey: `user:${payee.userId}`,
      amountMinor: 100n,
      currency: "USD",
    });
    const key = `contract-${randomUUID()}`;
    const body = { ...toPayee(payee), code };
    const headers = { "idempotency-key": key };
    return [
      { label: "anonymous", persona: "anonymous", url: "/api/v1/transfers", payload: body, headers, expect: [401] },
      { label: "owner", persona: "owner", url: "/api/v1/transfers", payload: body, headers, expect: [201] },
      { label: "owner, replayed", persona: "owner", url: "/api/v1/transfers", payload: body, headers, expect: [200] },
      {
        label: "owner, same key, other content",
        persona: "owner",
        url: "/api/v1/transfers",
        payload: { ...body, amount: "2.00" },
        headers,
        expect: [409],
      },
      {
        label: "owner, wrong code",
        persona: "owner",
        url: "/api/v1/transfers",
        payload: { ...body, code: code === "000000" ? "111111" : "000000" },
        headers: { "idempotency-key": `contract-${randomUUID()}` },
        expect: [422],
      },
      { label: "other, no funds", persona: "other", url: "/api/v1/transfers", payload: body, headers, expect: [422] },
      { label: "owner, junk", persona: "owner", url: "/api/v1/transfers", payload: JUNK, headers, expect: [400] },
    ];
  },
  "GET /api/v1/transfers/{transferId}": async ({ cast }) => [
    ...guarded(`/api/v1/transfers/${cast.owner.owns.transferId}`, undefined, { url: `/api/v1/transfers/${NOT_AN_ID}` }),
    { label: "unknown id", persona: "owner", url: `/api/v1/transfers/${randomUUID()}`, expect: [404] },
  ],
  "GET /api/v1/transfers/{transferId}/activity": async ({ cast }) => [
    ...guarded(`/api/v1/transfers/${cast.owner.owns.transferId}/activity`, undefined, {
      url: `/api/v1/transfers/${NOT_AN_ID}/activity`,
    }),
    { label: "unknown id", persona: "owner", url: `/api/v1/transfers/${randomUUID()}/activity`, expect: [404] },
  ],
  // The owner's transfer went to a Ferry user and was sent at once: too late to cancel (409).
  "POST /api/v1/transfers/{transferId}/cancel": async ({ cast }) => {
    const url = `/api/v1/transfers/${cast.owner.owns.transferId}/cancel`;
    const headers = { "idempotency-key": `contract-${randomUUID()}` };
    return [
      { label: "anonymous", persona: "anonymous", url, headers, expect: [401] },
      { label: "owner, already sent", persona: "owner", url, headers, expect: [409] },
      { label: "other customer", persona: "other", url, headers, expect: [404] },
      { label: "owner, no key", persona: "owner", url, expect: [400] },
      {
        label: "unknown id",
        persona: "owner",
        url: `/api/v1/transfers/${randomUUID()}/cancel`,
        headers,
        expect: [404],
      },
    ];
  },
  "GET /api/v1/transactions": async () =>
    guarded("/api/v1/transactions", undefined, { url: "/api/v1/transactions?limit=-1" }),
  "GET /api/v1/transactions/export.csv": async () => guarded("/api/v1/transactions/export.csv"),
  "GET /api/v1/rates": async () => [
    { label: "anyone", persona: "anonymous", url: "/api/v1/rates", expect: [200] },
    { label: "customer", persona: "owner", url: "/api/v1/rates", expect: [200] },
  ],
  "GET /api/v1/fees": async () => [
    { label: "anyone", persona: "anonymous", url: "/api/v1/fees", expect: [200] },
    { label: "customer", persona: "owner", url: "/api/v1/fees", expect: [200] },
  ],
  // One visitor's address writes six times: the sixth is over the hourly limit per e-mail (429).
  "POST /api/v1/support/messages": async ({ cast }) => {
    const url = "/api/v1/support/messages";
    const form = (email: string) => ({
      firstName: "Grace",
      lastName: "Hopper",
      email,
      subject: "A question",
      message: "How long does a bank transfer take?",
    });
    const visitor = `contract-${randomUUID()}@ferry.test`;
    return [
      { label: "customer", persona: "owner", url, payload: form(cast.owner.email), expect: [201] },
      { label: "honeypot", persona: "anonymous", url, payload: { ...form(visitor), website: "x" }, expect: [202] },
      ...[1, 2, 3, 4, 5].map((attempt) => ({
        label: `visitor ${attempt}`,
        persona: "anonymous" as const,
        url,
        payload: form(visitor),
        expect: [202],
      })),
      { label: "visitor, over the limit", persona: "anonymous", url, payload: form(visitor), expect: [429] },
      { label: "junk", persona: "anonymous", url, payload: JUNK, expect: [400] },
    ];
  },
  // Others have no money: their quote is refused for the balance (422).
  "POST /api/v1/exchange/quotes": async () => [
    ...guarded("/api/v1/exchange/quotes", { from: "USD", to: "EUR", amount: "1.00" }, { payload: JUNK }),
    {
      label: "owner, one currency",
      persona: "owner",
      url: "/api/v1/exchange/quotes",
      payload: { from: "USD", to: "USD", amount: "1.00" },
      expect: [400],
    },
  ],
  "POST /api/v1/exchange": async ({ ferry, cast }) => {
    const quoteFor = (amount: string) =>
      createExchangeQuote(ferry.db, { rateProvider: tableRateProvider, clock: systemClock }, cast.owner.userId, {
        from: "USD",
        to: "EUR",
        amount,
      });
    // The owner holds 99.00 USD: the first quote fits, the second no longer does once it is confirmed.
    const [first, second, expired] = [await quoteFor("60.00"), await quoteFor("60.00"), await quoteFor("1.00")];
    await sql`UPDATE exchange_quotes SET created_at = created_at - interval '1 minute',
      expires_at = expires_at - interval '1 minute' WHERE id = ${expired.id}`.execute(ferry.db);
    const url = "/api/v1/exchange";
    const headers = { "idempotency-key": `contract-${randomUUID()}` };
    const fresh = () => ({ "idempotency-key": `contract-${randomUUID()}` });
    return [
      { label: "anonymous", persona: "anonymous", url, payload: { quoteId: first.id }, headers, expect: [401] },
      { label: "other customer", persona: "other", url, payload: { quoteId: first.id }, headers, expect: [404] },
      { label: "owner", persona: "owner", url, payload: { quoteId: first.id }, headers, expect: [201] },
      { label: "owner, replayed", persona: "owner", url, payload: { quoteId: first.id }, headers, expect: [200] },
      {
        label: "owner, confirmed quote, another key",
        persona: "owner",
        url,
        payload: { quoteId: first.id },
        headers: fresh(),
        expect: [409],
      },
      {
        label: "owner, balance gone",
        persona: "owner",
        url,
        payload: { quoteId: second.id },
        headers: fresh(),
        expect: [422],
      },
      {
        label: "owner, expired",
        persona: "owner",
        url,
        payload: { quoteId: expired.id },
        headers: fresh(),
        expect: [409],
      },
      { label: "owner, junk", persona: "owner", url, payload: JUNK, headers: fresh(), expect: [400] },
    ];
  },

  // Administration.
  "GET /api/v1/admin/transactions": async () =>
    adminOnly("/api/v1/admin/transactions", undefined, { url: "/api/v1/admin/transactions?status=junk" }),
  "PATCH /api/v1/admin/transactions/{transferId}/status": async ({ cast }) => [
    ...adminOnly(
      `/api/v1/admin/transactions/${cast.owner.owns.transferId}/status`,
      { status: "processed" },
      { payload: JUNK },
    ),
    {
      label: "admin, unknown id",
      persona: "admin",
      url: `/api/v1/admin/transactions/${randomUUID()}/status`,
      payload: { status: "processed" },
      expect: [404],
    },
  ],
  "GET /api/v1/admin/deposits": async () =>
    adminOnly("/api/v1/admin/deposits", undefined, { url: "/api/v1/admin/deposits?limit=-1" }),
  "POST /api/v1/admin/deposits/{depositId}/review": async ({ cast }) => {
    const url = `/api/v1/admin/deposits/${cast.owner.owns.depositId}/review`;
    const reject = { decision: "reject", adminNotes: "No matching payment" };
    return [
      ...adminOnly(url, reject, { payload: JUNK }),
      { label: "admin, again", persona: "admin", url, payload: reject, expect: [409] },
      {
        label: "admin, unknown id",
        persona: "admin",
        url: `/api/v1/admin/deposits/${randomUUID()}/review`,
        payload: reject,
        expect: [404],
      },
    ];
  },
  "GET /api/v1/admin/ledger/reconciliation": async () => adminOnly("/api/v1/admin/ledger/reconciliation"),
  "GET /api/v1/admin/investments": async () =>
    adminOnly("/api/v1/admin/investments", undefined, { url: "/api/v1/admin/investments?limit=-1" }),
  "POST /api/v1/admin/yield-reserve/top-ups": async () => {
    const url = "/api/v1/admin/yield-reserve/top-ups";
    const headers = { "idempotency-key": `contract-${randomUUID()}` };
    return [
      { label: "anonymous", persona: "anonymous", url, payload: { amount: "1.00" }, headers, expect: [401] },
      { label: "customer", persona: "owner", url, payload: { amount: "1.00" }, headers, expect: [403] },
      { label: "admin", persona: "admin", url, payload: { amount: "1.00" }, headers, expect: [201] },
      { label: "admin, replayed", persona: "admin", url, payload: { amount: "1.00" }, headers, expect: [200] },
      {
        label: "admin, same key, other amount",
        persona: "admin",
        url,
        payload: { amount: "2.00" },
        headers,
        expect: [409],
      },
      { label: "admin, junk", persona: "admin", url, payload: JUNK, headers, expect: [400] },
    ];
  },
  "GET /api/v1/admin/users": async () =>
    adminOnly("/api/v1/admin/users?limit=5", undefined, { url: "/api/v1/admin/users?limit=-1" }),
  "GET /api/v1/admin/audit-log": async () =>
    adminOnly("/api/v1/admin/audit-log?limit=5", undefined, { url: "/api/v1/admin/audit-log?from=2026-13-01" }),
  "GET /api/v1/admin/audit-log/export.csv": async () =>
    adminOnly("/api/v1/admin/audit-log/export.csv?action=rate.update", undefined, {
      url: "/api/v1/admin/audit-log/export.csv?from=2026-03-02&to=2026-03-01",
    }),
  "POST /api/v1/admin/users/{userId}/ban": async ({ cast }) => [
    ...adminOnly(`/api/v1/admin/users/${cast.owner.userId}/ban`, {}, { url: `/api/v1/admin/users/not_an_id/ban` }),
    {
      label: "admin, self",
      persona: "admin",
      url: `/api/v1/admin/users/${cast.admin.userId}/ban`,
      payload: {},
      expect: [409],
    },
    {
      label: "admin, unknown user",
      persona: "admin",
      url: `/api/v1/admin/users/${randomUUID()}/ban`,
      payload: {},
      expect: [404],
    },
  ],
  "PUT /api/v1/admin/rates/{from}/{to}": async () => [
    ...adminOnly("/api/v1/admin/rates/AUD/CAD", { rate: "0.9", feeBasisPoints: 25 }, { payload: JUNK }),
    {
      label: "admin, one currency",
      persona: "admin",
      url: "/api/v1/admin/rates/AUD/AUD",
      payload: { rate: "1", feeBasisPoints: 0 },
      expect: [400],
    },
  ],
  "POST /api/v1/admin/users/{userId}/unban": async ({ cast }) =>
    adminOnly(`/api/v1/admin/users/${cast.owner.userId}/unban`, {}, { url: `/api/v1/admin/users/not_an_id/unban` }),
  "GET /api/v1/admin/users/{userId}": async ({ cast }) => [
    ...adminOnly(`/api/v1/admin/users/${cast.owner.userId}`, undefined, { url: "/api/v1/admin/users/not_an_id" }),
    { label: "admin, unknown user", persona: "admin", url: `/api/v1/admin/users/${randomUUID()}`, expect: [404] },
  ],
  // The owner holds money, so the admin is refused (409); a user without money is closed (200).
  "DELETE /api/v1/admin/users/{userId}": async ({ cast, ferry }) => {
    const [leaver] = await insertBareUsers(ferry.db, 1, "contract-leaver");
    return [
      ...adminOnly(`/api/v1/admin/users/${cast.owner.userId}`, undefined, { url: "/api/v1/admin/users/not_an_id" }),
      { label: "admin, no money", persona: "admin", url: `/api/v1/admin/users/${leaver.userId}`, expect: [200] },
      { label: "admin, self", persona: "admin", url: `/api/v1/admin/users/${cast.admin.userId}`, expect: [409] },
      { label: "admin, unknown user", persona: "admin", url: `/api/v1/admin/users/${randomUUID()}`, expect: [404] },
    ];
  },
  "POST /api/v1/admin/users/{userId}/emails": async ({ cast }) => [
    ...adminOnly(
      `/api/v1/admin/users/${cast.owner.userId}/emails`,
      { subject: "Hello", message: "A word from support." },
      { payload: { subject: "", message: "" } },
    ),
    {
      label: "admin, unknown user",
      persona: "admin",
      url: `/api/v1/admin/users/${randomUUID()}/emails`,
      payload: { subject: "Hello", message: "A word from support." },
      expect: [404],
    },
  ],
  "POST /api/v1/admin/users/{userId}/help-requests": async ({ cast }) => [
    ...adminOnly(
      `/api/v1/admin/users/${cast.owner.userId}/help-requests`,
      { subject: "Hello", message: "A word from support.", priority: "high" },
      { payload: JUNK },
    ),
    {
      label: "admin, unknown user",
      persona: "admin",
      url: `/api/v1/admin/users/${randomUUID()}/help-requests`,
      payload: { subject: "Hello", message: "A word from support." },
      expect: [404],
    },
  ],
};

/** API routes the document leaves out on purpose: the document and its pages, and the `/api/auth/*` 404s. */
const UNDOCUMENTED_ROUTE = /^(GET \/api\/docs|GET \/api\/v1\/openapi\.json$|(GET|POST) \/api\/auth\/\*$)/;

let ferry: TestApp;
let payee: BareUser;
let document: OpenApiDocument;
let sharedCast: Cast | undefined;

/** Fresh accounts for one operation, so nothing one operation's probes change reaches another's. */
async function createCast(): Promise<Cast> {
  return {
    owner: await createCustomer(ferry, "contract-owner", payee),
    other: await createPersona(ferry, "contract-other"),
    admin: await createPersona(ferry, "contract-admin", true),
  };
}

/** One cast for every GET operation: reading changes nothing, and a cast costs ~100 ms of CPU. */
async function castForReads(): Promise<Cast> {
  sharedCast ??= await createCast();
  return sharedCast;
}

beforeAll(async () => {
  ferry = await buildTestApp();
  [payee] = await insertBareUsers(ferry.db, 1, "contract-payee");
  document = ferry.app.swagger() as unknown as OpenApiDocument;
});

afterAll(async () => {
  await ferry?.close();
});

/** `/api/v1/transfers/{transferId}` as the router writes it: `/api/v1/transfers/:transferId`. */
function toRouterPath(openApiPath: string): string {
  return openApiPath.replaceAll(/\{([^}]+)\}/g, ":$1");
}

function createValidator() {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  // The components under a name `$ref`s can reach: "#/components/schemas/X" becomes "openapi#/components/schemas/X".
  ajv.addSchema({ $id: "openapi", components: document.components });
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  return (key: string, schema: unknown) => {
    let validate = compiled.get(key);
    if (!validate) {
      const anchored = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'));
      validate = ajv.compile(anchored);
      compiled.set(key, validate);
    }
    return validate;
  };
}

test("every operation answers only with the statuses and bodies the OpenAPI document gives it", async () => {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase() as Method,
      path,
      operation,
    })),
  );

  const documented = new Set(operations.map((operation) => `${operation.method} ${toRouterPath(operation.path)}`));
  const missingFromDocument = listRoutes(ferry.app)
    .map(routeName)
    // The API is everything under /api; the rest is the web app's pages and files.
    .filter((name) => / \/api\//.test(name) && !documented.has(name) && !UNDOCUMENTED_ROUTE.test(name));
  expect(missingFromDocument, "routes the OpenAPI document does not list").toEqual([]);
  const withoutCase = operations.filter((operation) => !(operation.name in CASES)).map((operation) => operation.name);
  expect(withoutCase, "operations without probes in CASES: add them").toEqual([]);
  const staleCases = Object.keys(CASES).filter((name) => !operations.some((operation) => operation.name === name));
  expect(staleCases, "CASES for operations the document no longer has").toEqual([]);

  const validatorFor = createValidator();
  const failures: string[] = [];
  let responsesChecked = 0;
  const statusesSeen = new Map<string, Set<number>>();

  for (const { name, method, operation } of operations) {
    expect(operation.operationId, `${name} has an operationId`).toBeTruthy();
    const cast = method === "GET" ? await castForReads() : await createCast();
    const probes = await CASES[name]({ ferry, cast, payee });
    const seen = statusesSeen.get(name) ?? new Set<number>();
    statusesSeen.set(name, seen);
    for (const probe of probes) {
      const actor = probe.persona === "anonymous" ? undefined : cast[probe.persona];
      const response = await send(ferry.app, {
        method,
        url: probe.url,
        ip: randomIp(),
        cookie: probe.cookie ?? actor?.cookie,
        headers: probe.headers,
        payload: method === "GET" || method === "DELETE" ? undefined : probe.payload,
      });
      responsesChecked += 1;
      seen.add(response.statusCode);
      const problem = checkResponse(name, operation, response, validatorFor);
      const label = `${name} [${probe.label}]`;
      if (problem) {
        failures.push(`${label}: ${problem}`);
      }
      if (probe.expect && !probe.expect.includes(response.statusCode)) {
        failures.push(
          `${label}: expected ${probe.expect.join("/")}, got ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
      }
    }
  }

  console.log(
    `[openapi-contract] ${operations.length} operations validated, ${responsesChecked} responses checked against the document`,
  );
  expect(failures).toEqual([]);
}, 300_000);

/** What is wrong with `response` by the document's word for `operation`, or null. */
function checkResponse(
  name: string,
  operation: DocumentedOperation,
  response: LightMyRequestResponse,
  validatorFor: ReturnType<typeof createValidator>,
): string | null {
  const status = String(response.statusCode);
  const documented = operation.responses[status];
  if (!documented) {
    return `status ${status} is not documented (documented: ${Object.keys(operation.responses).join(", ")}): ${response.body.slice(0, 200)}`;
  }
  if (!documented.content) {
    return response.body === ""
      ? null
      : `status ${status} is documented without a body, but has one: ${response.body.slice(0, 200)}`;
  }
  const contentType = String(response.headers["content-type"] ?? "")
    .split(";")[0]
    .trim();
  const media = documented.content[contentType];
  if (!media) {
    return `content type "${contentType}" is not documented for ${status} (documented: ${Object.keys(documented.content).join(", ")})`;
  }
  if (contentType !== "application/json") {
    return null;
  }
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `the body is not JSON: ${response.body.slice(0, 200)}`;
  }
  const validate = validatorFor(`${name} ${status}`, media.schema);
  if (!validate(body)) {
    const errors = (validate.errors ?? []).map(
      (error) => `${error.instancePath || "/"} ${error.message} ${JSON.stringify(error.params)}`,
    );
    return `the body does not match the documented schema: ${errors.slice(0, 5).join("; ")} — ${response.body.slice(0, 300)}`;
  }
  return null;
}
