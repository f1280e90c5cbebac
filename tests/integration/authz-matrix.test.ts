// The authorisation matrix of issue 7: every route the server has (read from its router, Better
// Auth's allow-list included) × {anonymous, the customer who owns the resources, another customer,
// a banned customer, an admin}. ROUTES below says, for each route, who may use it and how to build a
// valid request; a route missing from it fails the test, so a new endpoint cannot ship unjudged.
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, expect, test } from "vitest";
import { systemClock } from "../../apps/server/src/clock.ts";
import { createExchangeQuote } from "../../apps/server/src/modules/exchange/service.ts";
import { tableRateProvider } from "../../apps/server/src/modules/rates/service.ts";
import { recordHardening } from "../support/hardening-results.ts";
import {
  authEndpoints,
  BANK_PAYMENT_METHOD,
  BANK_RECIPIENT,
  type Customer,
  createCustomer,
  createPersona,
  hasErrorShape,
  type KycUploads,
  listRoutes,
  multipartUpload,
  type RouteKey,
  type RouteMethod,
  routeName,
  submitKycDocuments,
  TINY_PNG,
  uploadKycDocuments,
} from "./api-surface.ts";
import {
  type BareUser,
  buildTestApp,
  GOOD_PASSWORD,
  givePassword,
  insertBareUsers,
  issueCode,
  randomIp,
  type SessionUser,
  send,
  type TestApp,
} from "./helpers.ts";
import { SoftwareAuthenticator } from "./software-authenticator.ts";

/**
 * Who may use a route:
 * - `public`: anyone, signed in or not;
 * - `signed-in`: any active signed-in account, on its own data (`resource` names the owner's
 *   resource in the URL, which nobody else may reach: they get 404);
 * - `admin`: admins only;
 * - `dev-only`: the development mailbox and clock, for clients on this machine only;
 * - `unlisted`: the `/api/auth/*` pass-through itself, which answers 404 outside its allow-list.
 */
type Access = "public" | "signed-in" | "admin" | "dev-only" | "unlisted";

type Persona = "anonymous" | "banned" | "other" | "admin" | "owner";

interface RequestContext {
  /** The customer who owns one of each resource; a fresh one for every route. */
  readonly owner: Customer;
  /** Who is sending this request (undefined when anonymous). */
  readonly actor: SessionUser | undefined;
  /** A Ferry user with no session, who receives transfers. */
  readonly payee: BareUser;
  readonly ferry: TestApp;
}

interface BuiltRequest {
  readonly url: string;
  readonly payload?: unknown;
  readonly headers?: Record<string, string>;
}

interface RouteEntry {
  readonly access: Access;
  /** A valid request, as the route's rightful user would send it. */
  readonly request: (context: RequestContext) => BuiltRequest | Promise<BuiltRequest>;
  /** The owner's resource in the URL: anyone else gets 404, never the data. */
  readonly resource?: keyof Customer["owns"];
  /** What the rightful user gets (200 unless said). */
  readonly ok?: readonly number[];
  /** What another signed-in account gets on a `signed-in` route without `resource` (its own data): `ok` unless said. */
  readonly othersGet?: readonly number[];
}

/** A JSON body and the idempotency key every money-moving request carries. */
function withKey(url: string, payload: unknown): BuiltRequest {
  return { url, payload, headers: { "idempotency-key": `authz-${randomUUID()}` } };
}

const toPayee = (context: RequestContext) => ({
  target: { method: "ferry_user", recipientEmail: context.payee.email },
  amount: "1.00",
  currency: "USD",
});

/** A well-formed passkey assertion for a challenge Ferry never issued, by a credential nobody registered. */
const UNKNOWN_PASSKEY_ASSERTION = {
  id: "dW5rbm93bi1jcmVkZW50aWFs",
  rawId: "dW5rbm93bi1jcmVkZW50aWFs",
  type: "public-key",
  clientExtensionResults: {},
  response: {
    clientDataJSON: Buffer.from(JSON.stringify({ type: "webauthn.get", challenge: "bm90LWlzc3VlZA" })).toString(
      "base64url",
    ),
    authenticatorData: "AAAA",
    signature: "AAAA",
  },
};

/** A valid alert rule, as the alert-rules endpoints take it. */
const ALERT_RULE = { type: "transaction", currency: "USD", amount: "100", direction: "both", method: "email" };

/** One alert rule of each cast's owner, made through the API once: every persona's request names the same rule. */
const ownerAlertRules = new Map<string, Promise<string>>();

function ownerAlertRule({ owner, ferry }: RequestContext): Promise<string> {
  let rule = ownerAlertRules.get(owner.userId);
  if (!rule) {
    rule = send(ferry.app, {
      method: "POST",
      url: "/api/v1/alert-rules",
      ip: randomIp(),
      cookie: owner.cookie,
      payload: ALERT_RULE,
    }).then((response) => {
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { id: string }).id;
    });
    ownerAlertRules.set(owner.userId, rule);
  }
  return rule;
}

/** One API credential of each cast's owner, made through the API once: every persona's request names it. */
const ownerCredentials = new Map<string, Promise<string>>();

function ownerCredential({ owner, ferry }: RequestContext): Promise<string> {
  let credential = ownerCredentials.get(owner.userId);
  if (!credential) {
    credential = send(ferry.app, {
      method: "POST",
      url: "/api/v1/api-credentials",
      ip: randomIp(),
      cookie: owner.cookie,
      payload: { name: "Authz app", scopes: ["balances:read"] },
    }).then((response) => {
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { id: string }).id;
    });
    ownerCredentials.set(owner.userId, credential);
  }
  return credential;
}

/**
 * Another session of the owner's (a second browser), made fresh for each request: signing it out is
 * the owner's to do, and it must not be the session the owner's own requests travel on.
 */
async function ownerSpareSession({ owner, ferry }: RequestContext): Promise<string> {
  const context = await ferry.auth.$context;
  const session = await context.internalAdapter.createSession(owner.userId);
  return session.id;
}

/**
 * A passkey registration as the owner's browser would send it: fresh options (on the owner's
 * password, which users made for this test are given first), a software authenticator.
 */
async function passkeyRegistration({ owner, ferry }: RequestContext) {
  await givePassword(ferry, owner.userId);
  const options = await send(ferry.app, {
    method: "POST",
    url: "/api/v1/passkeys/registration-options",
    ip: randomIp(),
    cookie: owner.cookie,
    payload: { password: GOOD_PASSWORD },
  });
  expect(options.statusCode, options.body).toBe(200);
  const authenticator = new SoftwareAuthenticator({ origin: ferry.config.publicUrl, rpId: "localhost" });
  return { name: "Authz key", response: authenticator.register(options.json()) };
}

/** One passkey of each cast's owner, registered through the API once: every persona's request names it. */
const ownerPasskeys = new Map<string, Promise<string>>();

function ownerPasskey(context: RequestContext): Promise<string> {
  let passkey = ownerPasskeys.get(context.owner.userId);
  if (!passkey) {
    passkey = passkeyRegistration(context).then(async (payload) => {
      const response = await send(context.ferry.app, {
        method: "POST",
        url: "/api/v1/passkeys",
        ip: randomIp(),
        cookie: context.owner.cookie,
        payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { id: string }).id;
    });
    ownerPasskeys.set(context.owner.userId, passkey);
  }
  return passkey;
}

/** One webhook endpoint of each cast's owner (on a connected app written as api-keys keeps one), with one delivery. */
const ownerWebhooks = new Map<string, Promise<{ endpointId: string; deliveryId: string }>>();

function ownerWebhook({ owner, ferry }: RequestContext): Promise<{ endpointId: string; deliveryId: string }> {
  let webhook = ownerWebhooks.get(owner.userId);
  if (!webhook) {
    webhook = (async () => {
      const endpointId = await ownerWebhookEndpoint({ owner, ferry }, await ownerWebhookApp({ owner, ferry }));
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
          message_id: `msg_authz${randomUUID()}`,
          status: "failed",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { endpointId, deliveryId: delivery.id };
    })();
    ownerWebhooks.set(owner.userId, webhook);
  }
  return webhook;
}

async function ownerWebhookApp({ owner, ferry }: Pick<RequestContext, "owner" | "ferry">): Promise<string> {
  const existing = await ferry.db
    .selectFrom("api_credentials")
    .select("id")
    .where("user_id", "=", owner.userId)
    .where("name", "=", "Authz webhooks app")
    .executeTakeFirst();
  if (existing) {
    return existing.id;
  }
  const row = await ferry.db
    .insertInto("api_credentials")
    .values({
      user_id: owner.userId,
      app_id: `app_${randomUUID().replaceAll("-", "").slice(0, 8)}`,
      name: "Authz webhooks app",
      scopes: ["webhooks:write"],
      secret_hash: randomUUID(),
      secret_last4: "abcd",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The owner's app that sends money (written as api-keys keeps one): its new secret needs a code (issue 28). */
async function ownerPayingApp({ owner, ferry }: Pick<RequestContext, "owner" | "ferry">): Promise<string> {
  const existing = await ferry.db
    .selectFrom("api_credentials")
    .select("id")
    .where("user_id", "=", owner.userId)
    .where("name", "=", "Authz payouts app")
    .executeTakeFirst();
  if (existing) {
    return existing.id;
  }
  const row = await ferry.db
    .insertInto("api_credentials")
    .values({
      user_id: owner.userId,
      app_id: `app_${randomUUID().replaceAll("-", "").slice(0, 8)}`,
      name: "Authz payouts app",
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

/** A valid new webhook endpoint of the owner's app (this machine's discard port: the address is only checked). */
const webhookEndpointOf = (credentialId: string) => ({
  credentialId,
  url: "http://127.0.0.1:9/hooks",
  events: ["deposit.credited"],
});

async function ownerWebhookEndpoint(
  { owner, ferry }: Pick<RequestContext, "owner" | "ferry">,
  credentialId: string,
): Promise<string> {
  const response = await send(ferry.app, {
    method: "POST",
    url: "/api/v1/webhook-endpoints",
    ip: randomIp(),
    cookie: owner.cookie,
    payload: webhookEndpointOf(credentialId),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

/** The owner's documents under review, submitted through the API once per cast: their ids. */
const ownerKycDocuments = new Map<string, Promise<KycUploads>>();

function ownerKycDocumentIds({ owner, ferry }: RequestContext): Promise<KycUploads> {
  let documents = ownerKycDocuments.get(owner.userId);
  if (!documents) {
    documents = submitKycDocuments(ferry, owner);
    ownerKycDocuments.set(owner.userId, documents);
  }
  return documents;
}

/** Every route, by `METHOD url` as the router lists it. A route missing here fails the test. */
const ROUTES: Record<string, RouteEntry> = {
  // Operations and documentation.
  "GET /api/health": { access: "public", request: () => ({ url: "/api/health" }) },
  "GET /health/live": { access: "public", request: () => ({ url: "/health/live" }) },
  "GET /health/ready": { access: "public", request: () => ({ url: "/health/ready" }) },
  // Open under the test configuration; METRICS_TOKEN guards it (health-and-metrics.test.ts).
  "GET /metrics": { access: "public", request: () => ({ url: "/metrics" }) },
  "GET /api/v1/openapi.json": { access: "public", request: () => ({ url: "/api/v1/openapi.json" }) },
  // For crawlers (plugins/app/site-index.ts).
  "GET /robots.txt": { access: "public", request: () => ({ url: "/robots.txt" }) },
  "GET /sitemap.xml": { access: "public", request: () => ({ url: "/sitemap.xml" }) },
  "GET /api/docs": { access: "public", request: () => ({ url: "/api/docs" }), ok: [200, 302] },
  "GET /api/docs/": { access: "public", request: () => ({ url: "/api/docs/" }), ok: [200, 302] },
  "GET /api/docs/static/index.html": {
    access: "public",
    request: () => ({ url: "/api/docs/static/index.html" }),
    ok: [200, 302],
  },
  "GET /api/docs/static/swagger-initializer.js": {
    access: "public",
    request: () => ({ url: "/api/docs/static/swagger-initializer.js" }),
  },
  "GET /api/docs/static/*": { access: "public", request: () => ({ url: "/api/docs/static/swagger-ui.css" }) },
  "GET /api/docs/json": { access: "public", request: () => ({ url: "/api/docs/json" }) },
  "GET /api/docs/yaml": { access: "public", request: () => ({ url: "/api/docs/yaml" }) },

  // Sign-up and Better Auth's pass-through (its allow-list endpoints follow below).
  "POST /api/v1/auth/sign-up": {
    access: "public",
    request: () => ({
      url: "/api/v1/auth/sign-up",
      payload: { email: `authz-${randomUUID()}@ferry.test`, password: GOOD_PASSWORD },
    }),
  },
  "GET /api/auth/*": { access: "unlisted", request: () => ({ url: "/api/auth/admin/list-users" }) },
  "POST /api/auth/*": { access: "unlisted", request: () => ({ url: "/api/auth/two-factor/disable", payload: {} }) },
  // No account has these credentials: the request reaches Better Auth's check, whoever sends it.
  "POST /api/auth/sign-in/email": {
    access: "public",
    request: () => ({
      url: "/api/auth/sign-in/email",
      payload: { email: `nobody-${randomUUID()}@ferry.test`, password: "Wrong#Pass1" },
    }),
    ok: [401],
  },
  "POST /api/auth/sign-out": { access: "public", request: () => ({ url: "/api/auth/sign-out", payload: {} }) },
  "GET /api/auth/get-session": { access: "public", request: () => ({ url: "/api/auth/get-session" }) },
  // Without a pending sign-in challenge there is nothing to send or verify.
  "POST /api/auth/two-factor/send-otp": {
    access: "public",
    request: () => ({ url: "/api/auth/two-factor/send-otp", payload: {} }),
    ok: [401],
  },
  "POST /api/auth/two-factor/verify-otp": {
    access: "public",
    request: () => ({ url: "/api/auth/two-factor/verify-otp", payload: { code: "123456" } }),
    ok: [401],
  },
  "POST /api/auth/two-factor/verify-totp": {
    access: "public",
    request: () => ({ url: "/api/auth/two-factor/verify-totp", payload: { code: "123456" } }),
    ok: [401],
  },
  "POST /api/auth/two-factor/verify-backup-code": {
    access: "public",
    request: () => ({ url: "/api/auth/two-factor/verify-backup-code", payload: { code: "aaaaa-bbbbb" } }),
    ok: [401],
  },
  "POST /api/auth/email-otp/send-verification-otp": {
    access: "signed-in",
    request: ({ actor, owner }) => ({
      url: "/api/auth/email-otp/send-verification-otp",
      payload: { email: (actor ?? owner).email, type: "email-verification" },
    }),
  },
  // A wrong code: the owner reaches the check (400), nobody else gets that far.
  "POST /api/auth/email-otp/verify-email": {
    access: "signed-in",
    request: ({ actor, owner }) => ({
      url: "/api/auth/email-otp/verify-email",
      payload: { email: (actor ?? owner).email, otp: "000000" },
    }),
    ok: [400],
  },
  "GET /api/auth/verify-email": {
    access: "public",
    request: () => ({ url: "/api/auth/verify-email?token=not-a-token" }),
    ok: [401],
  },
  "POST /api/auth/request-password-reset": {
    access: "public",
    request: () => ({
      url: "/api/auth/request-password-reset",
      payload: { email: `nobody-${randomUUID()}@ferry.test` },
    }),
  },
  "POST /api/auth/reset-password": {
    access: "public",
    request: () => ({
      url: "/api/auth/reset-password",
      payload: { token: "aZ09aZ09aZ09aZ09aZ09aZ09", newPassword: GOOD_PASSWORD },
    }),
    ok: [400],
  },
  // Users made for this test have no password, so the check fails after the guard (400), not at it.
  "POST /api/auth/change-password": {
    access: "signed-in",
    request: () => ({
      url: "/api/auth/change-password",
      payload: { currentPassword: GOOD_PASSWORD, newPassword: "Ferry#Other2026" },
    }),
    ok: [400],
  },

  // The authenticator app: each account's own (users made for this test have no password, which Better
  // Auth then does not ask for; nothing is pending to confirm, nothing enrolled to remove).
  "GET /api/v1/auth/authenticator": { access: "signed-in", request: () => ({ url: "/api/v1/auth/authenticator" }) },
  "POST /api/v1/auth/authenticator": {
    access: "signed-in",
    request: () => ({ url: "/api/v1/auth/authenticator", payload: { password: GOOD_PASSWORD } }),
    ok: [200, 400],
  },
  "POST /api/v1/auth/authenticator/confirm": {
    access: "signed-in",
    request: () => ({ url: "/api/v1/auth/authenticator/confirm", payload: { code: "123456" } }),
    ok: [409, 422],
  },
  "POST /api/v1/auth/authenticator/remove": {
    access: "signed-in",
    request: () => ({ url: "/api/v1/auth/authenticator/remove", payload: { code: "123456" } }),
    ok: [404],
  },

  // The signed-in customer's own data.
  "GET /api/v1/me": { access: "signed-in", request: () => ({ url: "/api/v1/me" }) },
  "PUT /api/v1/me/profile": {
    access: "signed-in",
    request: () => ({ url: "/api/v1/me/profile", payload: { firstName: "Grace", lastName: "Hopper" } }),
  },
  "GET /api/v1/settings": { access: "signed-in", request: () => ({ url: "/api/v1/settings" }) },
  "PUT /api/v1/settings/notifications": {
    access: "signed-in",
    request: () => ({
      url: "/api/v1/settings/notifications",
      payload: {
        emailNotifications: true,
        pushNotifications: false,
        smsNotifications: false,
        marketingNotifications: false,
      },
    }),
  },
  "PUT /api/v1/settings/security": {
    access: "signed-in",
    request: () => ({ url: "/api/v1/settings/security", payload: { sessionTimeout: "60" } }),
  },
  "PUT /api/v1/settings/preferences": {
    access: "signed-in",
    request: () => ({
      url: "/api/v1/settings/preferences",
      payload: { language: "fr", currency: "EUR", timeZone: "Europe/London", theme: "dark" },
    }),
  },
  "GET /api/v1/balances": { access: "signed-in", request: () => ({ url: "/api/v1/balances" }) },
  "GET /api/v1/balances/total": { access: "signed-in", request: () => ({ url: "/api/v1/balances/total" }) },
  // The investment centre. The owner holds USD and others none (their deposit is refused for the
  // balance); a withdrawal needs an investment, so the sender first invests what it takes out.
  "GET /api/v1/investment": { access: "signed-in", request: () => ({ url: "/api/v1/investment" }) },
  "POST /api/v1/investment/deposits": {
    access: "signed-in",
    request: () => withKey("/api/v1/investment/deposits", { amount: "1.00" }),
    ok: [201],
    othersGet: [422],
  },
  "POST /api/v1/investment/withdrawals": {
    access: "signed-in",
    request: async ({ actor, ferry }) => {
      if (actor) {
        await send(ferry.app, {
          method: "POST",
          url: "/api/v1/investment/deposits",
          ip: randomIp(),
          cookie: actor.cookie,
          payload: { amount: "1.00" },
          headers: { "idempotency-key": `authz-${randomUUID()}` },
        });
      }
      return withKey("/api/v1/investment/withdrawals", { amount: "1.00" });
    },
    ok: [201],
    othersGet: [400],
  },
  "GET /api/v1/recipients": { access: "signed-in", request: () => ({ url: "/api/v1/recipients?type=bank" }) },
  "POST /api/v1/recipients": {
    access: "signed-in",
    request: () => ({ url: "/api/v1/recipients", payload: BANK_RECIPIENT }),
    ok: [201],
  },
  "PUT /api/v1/recipients/:recipientId": {
    access: "signed-in",
    resource: "recipientId",
    request: ({ owner }) => ({ url: `/api/v1/recipients/${owner.owns.recipientId}`, payload: BANK_RECIPIENT }),
  },
  "DELETE /api/v1/recipients/:recipientId": {
    access: "signed-in",
    resource: "recipientId",
    request: ({ owner }) => ({ url: `/api/v1/recipients/${owner.owns.recipientId}` }),
    ok: [204],
  },
  "GET /api/v1/payment-methods": { access: "signed-in", request: () => ({ url: "/api/v1/payment-methods" }) },
  "POST /api/v1/payment-methods": {
    access: "signed-in",
    request: () => ({ url: "/api/v1/payment-methods", payload: BANK_PAYMENT_METHOD }),
    ok: [201],
  },
  "PUT /api/v1/payment-methods/:paymentMethodId": {
    access: "signed-in",
    resource: "paymentMethodId",
    request: ({ owner }) => ({
      url: `/api/v1/payment-methods/${owner.owns.paymentMethodId}`,
      payload: BANK_PAYMENT_METHOD,
    }),
  },
  "DELETE /api/v1/payment-methods/:paymentMethodId": {
    access: "signed-in",
    resource: "paymentMethodId",
    request: ({ owner }) => ({ url: `/api/v1/payment-methods/${owner.owns.paymentMethodId}` }),
    ok: [204],
  },
  "GET /api/v1/notifications": { access: "signed-in", request: () => ({ url: "/api/v1/notifications" }) },
  // A valid request opens a stream that never ends (live-updates.test.ts reads one over HTTP): here a
  // bad Last-Event-ID, which only an admitted caller gets as far as (400); the others get 401.
  "GET /api/v1/events": {
    access: "signed-in",
    request: () => ({ url: "/api/v1/events", headers: { "last-event-id": "junk" } }),
    ok: [400],
  },
  "POST /api/v1/notifications/read-all": {
    access: "signed-in",
    request: () => ({ url: "/api/v1/notifications/read-all", payload: {} }),
  },
  "POST /api/v1/notifications/:notificationId/read": {
    access: "signed-in",
    resource: "notificationId",
    request: ({ owner }) => ({ url: `/api/v1/notifications/${owner.owns.notificationId}/read`, payload: {} }),
  },
  // API credentials (connected apps): the owner's credential (made on first use) reads as missing to anyone else.
  "GET /api/v1/api-credentials": { access: "signed-in", request: () => ({ url: "/api/v1/api-credentials" }) },
  "POST /api/v1/api-credentials": {
    access: "signed-in",
    request: () => ({ url: "/api/v1/api-credentials", payload: { name: "Authz app", scopes: ["balances:read"] } }),
    ok: [201],
  },
  "POST /api/v1/api-credentials/code": {
    access: "signed-in",
    request: () => ({ url: "/api/v1/api-credentials/code", payload: {} }),
  },
  "POST /api/v1/api-credentials/:credentialId/code": {
    access: "signed-in",
    request: async (context) => ({ url: `/api/v1/api-credentials/${await ownerPayingApp(context)}/code`, payload: {} }),
    othersGet: [404],
  },
  "POST /api/v1/api-credentials/:credentialId/regenerate": {
    access: "signed-in",
    request: async (context) => ({
      url: `/api/v1/api-credentials/${await ownerCredential(context)}/regenerate`,
      payload: {},
    }),
    othersGet: [404],
  },
  "DELETE /api/v1/api-credentials/:credentialId": {
    access: "signed-in",
    request: async (context) => ({ url: `/api/v1/api-credentials/${await ownerCredential(context)}` }),
    ok: [204],
    othersGet: [404],
  },
  // Alert rules: the owner's rule (made on first use) reads as missing to anyone else.
  "GET /api/v1/alert-rules": { access: "signed-in", request: () => ({ url: "/api/v1/alert-rules" }) },
  "POST /api/v1/alert-rules": {
    access: "signed-in",
    request: () => ({ url: "/api/v1/alert-rules", payload: ALERT_RULE }),
    ok: [201],
  },
  "PUT /api/v1/alert-rules/:alertRuleId": {
    access: "signed-in",
    request: async (context) => ({
      url: `/api/v1/alert-rules/${await ownerAlertRule(context)}`,
      payload: { ...ALERT_RULE, amount: "250" },
    }),
    othersGet: [404],
  },
  "DELETE /api/v1/alert-rules/:alertRuleId": {
    access: "signed-in",
    request: async (context) => ({ url: `/api/v1/alert-rules/${await ownerAlertRule(context)}` }),
    ok: [204],
    othersGet: [404],
  },
  // Sessions: each user's own; another user's session reads as missing.
  "GET /api/v1/sessions": { access: "signed-in", request: () => ({ url: "/api/v1/sessions" }) },
  "DELETE /api/v1/sessions/:sessionId": {
    access: "signed-in",
    request: async (context) => ({ url: `/api/v1/sessions/${await ownerSpareSession(context)}` }),
    ok: [204],
    othersGet: [404],
  },
  "POST /api/v1/sessions/revoke-others": {
    access: "signed-in",
    request: () => ({ url: "/api/v1/sessions/revoke-others", payload: {} }),
  },
  // Passkeys: the owner's (registered on first use) reads as missing to anyone else; a registration
  // answers the owner's challenge, which is bound to the owner's session (anyone else gets 400).
  "GET /api/v1/passkeys": { access: "signed-in", request: () => ({ url: "/api/v1/passkeys" }) },
  // Asks for the sender's current password again: whoever sends it is given one first.
  "POST /api/v1/passkeys/registration-options": {
    access: "signed-in",
    request: async ({ ferry, actor }) => {
      if (actor) {
        await givePassword(ferry, actor.userId);
      }
      return { url: "/api/v1/passkeys/registration-options", payload: { password: GOOD_PASSWORD } };
    },
  },
  "POST /api/v1/passkeys": {
    access: "signed-in",
    request: async (context) => ({ url: "/api/v1/passkeys", payload: await passkeyRegistration(context) }),
    ok: [201],
    othersGet: [400],
  },
  "PATCH /api/v1/passkeys/:passkeyId": {
    access: "signed-in",
    request: async (context) => ({
      url: `/api/v1/passkeys/${await ownerPasskey(context)}`,
      payload: { name: "Renamed" },
    }),
    othersGet: [404],
  },
  "DELETE /api/v1/passkeys/:passkeyId": {
    access: "signed-in",
    request: async (context) => ({ url: `/api/v1/passkeys/${await ownerPasskey(context)}` }),
    ok: [204],
    othersGet: [404],
  },
  "POST /api/v1/auth/passkey/options": {
    access: "public",
    request: () => ({ url: "/api/v1/auth/passkey/options" }),
  },
  // No passkey has this credential id: the request reaches the check, whoever sends it.
  "POST /api/v1/auth/passkey/sign-in": {
    access: "public",
    request: () => ({ url: "/api/v1/auth/passkey/sign-in", payload: { response: UNKNOWN_PASSKEY_ASSERTION } }),
    ok: [401],
  },
  "GET /api/v1/help-requests": { access: "signed-in", request: () => ({ url: "/api/v1/help-requests" }) },
  "POST /api/v1/help-requests": {
    access: "signed-in",
    request: () => ({
      url: "/api/v1/help-requests",
      payload: { subject: "Question", message: "A question about my account." },
    }),
    ok: [201],
  },
  "GET /api/v1/help-requests/unread-count": {
    access: "signed-in",
    request: () => ({ url: "/api/v1/help-requests/unread-count" }),
  },
  "GET /api/v1/help-requests/:helpRequestId": {
    access: "signed-in",
    resource: "helpRequestId",
    request: ({ owner }) => ({ url: `/api/v1/help-requests/${owner.owns.helpRequestId}` }),
  },
  "POST /api/v1/help-requests/:helpRequestId/responses": {
    access: "signed-in",
    resource: "helpRequestId",
    request: ({ owner }) => ({
      url: `/api/v1/help-requests/${owner.owns.helpRequestId}/responses`,
      payload: { message: "Any news?" },
    }),
    ok: [201],
  },
  "GET /api/v1/help-requests/:helpRequestId/attachments/:attachmentId": {
    access: "signed-in",
    resource: "helpAttachmentUrl",
    request: ({ owner }) => ({ url: owner.owns.helpAttachmentUrl }),
  },
  "POST /api/v1/help-attachments": {
    access: "signed-in",
    request: () => ({ url: "/api/v1/help-attachments", ...multipartUpload("screen.png", TINY_PNG) }),
    ok: [201],
  },
  "GET /api/v1/admin/help-requests/:helpRequestId/attachments/:attachmentId": {
    access: "admin",
    request: ({ owner }) => ({ url: owner.owns.helpAttachmentUrl.replace("/api/v1/", "/api/v1/admin/") }),
  },
  "GET /api/v1/admin/help-requests": { access: "admin", request: () => ({ url: "/api/v1/admin/help-requests" }) },
  "GET /api/v1/admin/help-requests/open-count": {
    access: "admin",
    request: () => ({ url: "/api/v1/admin/help-requests/open-count" }),
  },
  "GET /api/v1/admin/help-requests/:helpRequestId": {
    access: "admin",
    request: ({ owner }) => ({ url: `/api/v1/admin/help-requests/${owner.owns.helpRequestId}` }),
  },
  "POST /api/v1/admin/help-requests/:helpRequestId/responses": {
    access: "admin",
    request: ({ owner }) => ({
      url: `/api/v1/admin/help-requests/${owner.owns.helpRequestId}/responses`,
      payload: { message: "We are on it." },
    }),
    ok: [201],
  },
  "PUT /api/v1/admin/help-requests/:helpRequestId/status": {
    access: "admin",
    request: ({ owner }) => ({
      url: `/api/v1/admin/help-requests/${owner.owns.helpRequestId}/status`,
      payload: { status: "in_progress" },
    }),
  },
  // Identity verification: only the owner can submit the owner's uploads; the admin reviews the owner's.
  "GET /api/v1/me/kyc": { access: "signed-in", request: () => ({ url: "/api/v1/me/kyc" }) },
  "POST /api/v1/kyc-documents": {
    access: "signed-in",
    request: () => ({ url: "/api/v1/kyc-documents", ...multipartUpload("passport.png", TINY_PNG) }),
    ok: [201],
  },
  "POST /api/v1/me/kyc/submissions": {
    access: "signed-in",
    request: async ({ owner, ferry }) => ({
      url: "/api/v1/me/kyc/submissions",
      payload: await uploadKycDocuments(ferry, owner),
    }),
    ok: [201],
    othersGet: [400],
  },
  "GET /api/v1/admin/users/:userId/kyc": {
    access: "admin",
    request: ({ owner }) => ({ url: `/api/v1/admin/users/${owner.userId}/kyc` }),
  },
  "POST /api/v1/admin/users/:userId/kyc/decision": {
    access: "admin",
    request: async (context) => {
      await ownerKycDocumentIds(context);
      return {
        url: `/api/v1/admin/users/${context.owner.userId}/kyc/decision`,
        payload: { decision: "reject", reason: "The photo is blurred" },
      };
    },
  },
  "GET /api/v1/admin/kyc-documents/:documentId": {
    access: "admin",
    request: async (context) => ({
      url: `/api/v1/admin/kyc-documents/${(await ownerKycDocumentIds(context)).governmentIdDocumentId}`,
    }),
  },
  "GET /api/v1/deposits": { access: "signed-in", request: () => ({ url: "/api/v1/deposits" }) },
  "GET /api/v1/deposits/instructions": {
    access: "signed-in",
    request: () => ({ url: "/api/v1/deposits/instructions" }),
  },
  "POST /api/v1/deposits": {
    access: "signed-in",
    request: () => ({ url: "/api/v1/deposits", payload: { depositType: "bank", currency: "USD", amount: "10.00" } }),
    ok: [201],
  },
  // Others have no money: their own quote is refused for the balance, not for who they are.
  "POST /api/v1/transfers/quote": {
    access: "signed-in",
    request: (context) => ({ url: "/api/v1/transfers/quote", payload: toPayee(context) }),
    othersGet: [200, 422],
  },
  "POST /api/v1/transfers/verification-code": {
    access: "signed-in",
    request: (context) => ({ url: "/api/v1/transfers/verification-code", payload: toPayee(context) }),
    othersGet: [200, 422],
  },
  // The code is bound to whoever sends: the owner's transfer goes through; others have no funds.
  "POST /api/v1/transfers": {
    access: "signed-in",
    request: async (context) => {
      const sender = context.actor ?? context.owner;
      const code = await issueCode(context.ferry, {
        userId: sender.userId,
        recipientKey: `user:${context.payee.userId}`,
        amountMinor: 100n,
        currency: "USD",
      });
      return withKey("/api/v1/transfers", { ...toPayee(context), code });
    },
    ok: [201],
    othersGet: [422],
  },
  "GET /api/v1/transfers/:transferId": {
    access: "signed-in",
    resource: "transferId",
    request: ({ owner }) => ({ url: `/api/v1/transfers/${owner.owns.transferId}` }),
  },
  "GET /api/v1/transfers/:transferId/activity": {
    access: "signed-in",
    resource: "transferId",
    request: ({ owner }) => ({ url: `/api/v1/transfers/${owner.owns.transferId}/activity` }),
  },
  // The owner's transfer to a Ferry user was sent at once: too late to cancel, but theirs to ask about.
  "POST /api/v1/transfers/:transferId/cancel": {
    access: "signed-in",
    resource: "transferId",
    request: ({ owner }) => withKey(`/api/v1/transfers/${owner.owns.transferId}/cancel`, undefined),
    ok: [409],
  },
  "GET /api/v1/transactions": { access: "signed-in", request: () => ({ url: "/api/v1/transactions" }) },
  // Exchange: others have no money to quote with, and the owner's quote is nobody else's to confirm.
  "POST /api/v1/exchange/quotes": {
    access: "signed-in",
    request: () => ({ url: "/api/v1/exchange/quotes", payload: { from: "USD", to: "EUR", amount: "1.00" } }),
    ok: [201],
    othersGet: [422],
  },
  "POST /api/v1/exchange": {
    access: "signed-in",
    request: async ({ ferry, owner }) => {
      const quote = await createExchangeQuote(
        ferry.db,
        { rateProvider: tableRateProvider, clock: systemClock },
        owner.userId,
        { from: "USD", to: "EUR", amount: "1.00" },
      );
      return withKey("/api/v1/exchange", { quoteId: quote.id });
    },
    ok: [201],
    othersGet: [404],
  },
  "GET /api/v1/rates": { access: "public", request: () => ({ url: "/api/v1/rates" }) },
  "GET /api/v1/fees": { access: "public", request: () => ({ url: "/api/v1/fees" }) },
  // The contact form: a signed-in account opens a help request (201); anyone else's message is e-mailed (202).
  "POST /api/v1/support/messages": {
    access: "public",
    request: ({ actor }) => ({
      url: "/api/v1/support/messages",
      payload: {
        firstName: "Grace",
        lastName: "Hopper",
        email: actor?.email ?? `authz-${randomUUID()}@ferry.test`,
        subject: "A question",
        message: "How long does a bank transfer take?",
      },
    }),
    ok: [201, 202],
  },
  "GET /api/v1/transactions/export.csv": {
    access: "signed-in",
    request: () => ({ url: "/api/v1/transactions/export.csv" }),
  },

  // Webhooks of a connected app: the owner's endpoint, its log and its app read as missing to anyone else.
  "GET /api/v1/webhook-endpoints": { access: "signed-in", request: () => ({ url: "/api/v1/webhook-endpoints" }) },
  "POST /api/v1/webhook-endpoints": {
    access: "signed-in",
    request: async (context) => ({
      url: "/api/v1/webhook-endpoints",
      payload: webhookEndpointOf(await ownerWebhookApp(context)),
    }),
    ok: [201],
    othersGet: [404],
  },
  "DELETE /api/v1/webhook-endpoints/:endpointId": {
    access: "signed-in",
    request: async (context) => ({ url: `/api/v1/webhook-endpoints/${(await ownerWebhook(context)).endpointId}` }),
    ok: [204],
    othersGet: [404],
  },
  "POST /api/v1/webhook-endpoints/:endpointId/rotate-secret": {
    access: "signed-in",
    request: async (context) => ({
      url: `/api/v1/webhook-endpoints/${(await ownerWebhook(context)).endpointId}/rotate-secret`,
    }),
    othersGet: [404],
  },
  "GET /api/v1/webhook-endpoints/:endpointId/deliveries": {
    access: "signed-in",
    request: async (context) => ({
      url: `/api/v1/webhook-endpoints/${(await ownerWebhook(context)).endpointId}/deliveries`,
    }),
    othersGet: [404],
  },
  "POST /api/v1/webhook-endpoints/:endpointId/deliveries/:deliveryId/resend": {
    access: "signed-in",
    request: async (context) => {
      const { endpointId, deliveryId } = await ownerWebhook(context);
      return { url: `/api/v1/webhook-endpoints/${endpointId}/deliveries/${deliveryId}/resend` };
    },
    ok: [202],
    othersGet: [404],
  },
  // Administration, acting on the owner's resources.
  "GET /api/v1/admin/transactions": { access: "admin", request: () => ({ url: "/api/v1/admin/transactions" }) },
  "PATCH /api/v1/admin/transactions/:transferId/status": {
    access: "admin",
    request: ({ owner }) => ({
      url: `/api/v1/admin/transactions/${owner.owns.transferId}/status`,
      payload: { status: "processed" },
    }),
  },
  "GET /api/v1/admin/deposits": { access: "admin", request: () => ({ url: "/api/v1/admin/deposits" }) },
  "POST /api/v1/admin/deposits/:depositId/review": {
    access: "admin",
    request: ({ owner }) => ({
      url: `/api/v1/admin/deposits/${owner.owns.depositId}/review`,
      payload: { decision: "reject", adminNotes: "No matching payment" },
    }),
  },
  "GET /api/v1/admin/ledger/reconciliation": {
    access: "admin",
    request: () => ({ url: "/api/v1/admin/ledger/reconciliation" }),
  },
  "GET /api/v1/admin/investments": {
    access: "admin",
    request: () => ({ url: "/api/v1/admin/investments?limit=5" }),
  },
  "POST /api/v1/admin/yield-reserve/top-ups": {
    access: "admin",
    request: () => withKey("/api/v1/admin/yield-reserve/top-ups", { amount: "1.00" }),
    ok: [201],
  },
  "GET /api/v1/admin/users": { access: "admin", request: () => ({ url: "/api/v1/admin/users?limit=5" }) },
  "GET /api/v1/admin/audit-log": { access: "admin", request: () => ({ url: "/api/v1/admin/audit-log?limit=5" }) },
  "GET /api/v1/admin/audit-log/export.csv": {
    access: "admin",
    request: () => ({ url: "/api/v1/admin/audit-log/export.csv?action=rate.update" }),
  },
  "POST /api/v1/admin/users/:userId/ban": {
    access: "admin",
    request: ({ owner }) => ({ url: `/api/v1/admin/users/${owner.userId}/ban`, payload: {} }),
  },
  // AUD → CAD: the pair the hardening suites may edit (rates-admin.test.ts owns GBP → AUD).
  "PUT /api/v1/admin/rates/:from/:to": {
    access: "admin",
    request: () => ({ url: "/api/v1/admin/rates/AUD/CAD", payload: { rate: "0.9", feeBasisPoints: 25 } }),
  },
  "POST /api/v1/admin/users/:userId/unban": {
    access: "admin",
    request: ({ owner }) => ({ url: `/api/v1/admin/users/${owner.userId}/unban`, payload: {} }),
  },
  "GET /api/v1/admin/users/:userId": {
    access: "admin",
    request: ({ owner }) => ({ url: `/api/v1/admin/users/${owner.userId}` }),
  },
  // The owner holds money, so an admin's delete is refused (409) and the cast stays whole.
  "DELETE /api/v1/admin/users/:userId": {
    access: "admin",
    request: ({ owner }) => ({ url: `/api/v1/admin/users/${owner.userId}` }),
    ok: [409],
  },
  "POST /api/v1/admin/users/:userId/emails": {
    access: "admin",
    request: ({ owner }) => ({
      url: `/api/v1/admin/users/${owner.userId}/emails`,
      payload: { subject: "Hello", message: "A word from support." },
    }),
    ok: [202],
  },
  "POST /api/v1/admin/users/:userId/help-requests": {
    access: "admin",
    request: ({ owner }) => ({
      url: `/api/v1/admin/users/${owner.userId}/help-requests`,
      payload: { subject: "Hello", message: "A word from support." },
    }),
    ok: [201],
  },

  // Development only: the outbox with every sign-in code, for clients on this machine.
  "GET /dev/mail": { access: "dev-only", request: () => ({ url: "/dev/mail" }) },
  "GET /dev/mail/messages.json": { access: "dev-only", request: () => ({ url: "/dev/mail/messages.json" }) },
  // Development only: the SMS outbox with every text message and phone number, for clients on this machine.
  "GET /dev/sms": { access: "dev-only", request: () => ({ url: "/dev/sms" }) },
  "GET /dev/sms/messages.json": { access: "dev-only", request: () => ({ url: "/dev/sms/messages.json" }) },
  // Development only: the business clock, moved forward for end-to-end tests, from this machine.
  "GET /dev/clock": { access: "dev-only", request: () => ({ url: "/dev/clock" }) },
  "POST /dev/clock": { access: "dev-only", request: () => ({ url: "/dev/clock", payload: { advanceDays: 1 } }) },
};

/**
 * The built web app's files (`index.html`, hashed `/assets/*`): public by nature, and named by the
 * build, so they are matched by being files of the build rather than listed one by one.
 */
function isWebBuildFile(route: RouteKey, webDistDir: string): boolean {
  if (route.method !== "GET" || !existsSync(webDistDir)) {
    return false;
  }
  const files = readdirSync(webDistDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${path.relative(webDistDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`);
  return files.includes(route.url);
}

// ---------------------------------------------------------------------------------------------

let ferry: TestApp;
let payee: BareUser;
let sharedCast: Cast | undefined;

beforeAll(async () => {
  ferry = await buildTestApp();
  [payee] = await insertBareUsers(ferry.db, 1, "authz-payee");
});

afterAll(async () => {
  await ferry?.close();
});

/**
 * Fresh accounts for one route, so nothing one route does (a ban, a sign-out) reaches another's. GET
 * routes change nothing, so they share one cast: building one costs ~100 ms of CPU, most of the test.
 */
async function createCast() {
  const owner = await createCustomer(ferry, "authz-owner", payee);
  const other = await createPersona(ferry, "authz-other");
  const admin = await createPersona(ferry, "authz-admin", true);
  // Banned with a session still in the database: what a ban must hold against even if a session survived it.
  const banned = await createPersona(ferry, "authz-banned");
  await ferry.db.updateTable("user").set({ banned: true }).where("id", "=", banned.userId).execute();
  return { owner, other, admin, banned };
}

type Cast = Awaited<ReturnType<typeof createCast>>;

/** The one cast of the GET routes, built on the first. */
async function castForReads(): Promise<Cast> {
  sharedCast ??= await createCast();
  return sharedCast;
}

function actorOf(cast: Cast, persona: Persona): SessionUser | undefined {
  return persona === "anonymous" ? undefined : cast[persona];
}

/** What each persona may get on a route, by its access. */
function expectedStatuses(entry: RouteEntry, persona: Persona): readonly number[] {
  const ok = entry.ok ?? [200];
  switch (entry.access) {
    case "public":
      return ok;
    case "unlisted":
    case "dev-only":
      return [403, 404];
    case "signed-in":
      if (persona === "anonymous") {
        return [401];
      }
      if (persona === "banned") {
        return [401, 403];
      }
      if (persona === "owner") {
        return ok;
      }
      return entry.resource ? [404] : (entry.othersGet ?? ok);
    case "admin":
      if (persona === "anonymous") {
        return [401];
      }
      if (persona === "banned") {
        return [401, 403];
      }
      return persona === "admin" ? ok : [403];
  }
}

/**
 * Whether a response carries what its caller may not have: for anyone but the owner, the owner's
 * e-mail or the id of anything they own (admin routes are the admin's to read); for a banned account,
 * anything about itself.
 */
function leaksOwnerData(response: LightMyRequestResponse, cast: Cast, entry: RouteEntry, persona: Persona): boolean {
  // A banned account gets nothing of its own either, not even its session (GET /api/auth/get-session).
  if (persona === "banned" && response.body.includes(cast.banned.email)) {
    return true;
  }
  if (persona === "owner" || (persona === "admin" && entry.access === "admin")) {
    return false;
  }
  const secrets = [cast.owner.email, cast.owner.userId, ...Object.values(cast.owner.owns)];
  return secrets.some((secret) => response.body.includes(secret));
}

async function sendAs(
  route: RouteKey,
  built: BuiltRequest,
  actor: SessionUser | undefined,
  ip = randomIp(),
): Promise<LightMyRequestResponse> {
  return send(ferry.app, {
    method: route.method,
    url: built.url,
    ip,
    cookie: actor?.cookie,
    headers: built.headers,
    payload: route.method === "GET" || route.method === "DELETE" ? undefined : built.payload,
  });
}

/** Signed-in and admin routes judge the caller before the input: junk input still gets 401/403. */
function junkOf(built: BuiltRequest): BuiltRequest {
  const separator = built.url.includes("?") ? "&" : "?";
  return { ...built, url: `${built.url}${separator}type=%00&limit=-1`, payload: { junk: "\u0000", amount: -1 } };
}

test("every route answers each kind of caller as its entry says, and never with another customer's data", async () => {
  // Better Auth's allow-list has a route each in the router too: each is listed once.
  const routes = [
    ...listRoutes(ferry.app),
    ...authEndpoints().map((endpoint) => ({ method: endpoint.method as RouteMethod, url: endpoint.url })),
  ].filter((route, index, all) => all.findIndex((other) => routeName(other) === routeName(route)) === index);
  const unlisted = routes
    .filter((route) => !(routeName(route) in ROUTES) && !isWebBuildFile(route, ferry.config.webDistDir))
    .map(routeName);
  expect(unlisted, "routes without an entry in ROUTES: add one saying who may use them").toEqual([]);
  const stale = Object.keys(ROUTES).filter((name) => !routes.some((route) => routeName(route) === name));
  expect(stale, "entries in ROUTES for routes the server no longer has").toEqual([]);

  const mismatches: string[] = [];
  const leaks: string[] = [];
  let checks = 0;
  const record = (label: string, response: LightMyRequestResponse, expected: readonly number[]) => {
    checks += 1;
    if (!expected.includes(response.statusCode)) {
      mismatches.push(
        `${label}: expected ${expected.join("/")}, got ${response.statusCode} ${response.body.slice(0, 200)}`,
      );
    }
    if (response.statusCode >= 400 && !hasErrorShape(response)) {
      mismatches.push(`${label}: ${response.statusCode} without the error shape: ${response.body.slice(0, 200)}`);
    }
  };

  for (const route of routes) {
    const entry = ROUTES[routeName(route)];
    if (!entry) {
      continue;
    }
    const cast = route.method === "GET" ? await castForReads() : await createCast();
    // The owner and the admin go last: what they are allowed to do may change what the others would see.
    const order: Persona[] =
      entry.access === "admin"
        ? ["anonymous", "banned", "other", "owner", "admin"]
        : ["anonymous", "banned", "other", "admin", "owner"];
    for (const persona of order) {
      const actor = actorOf(cast, persona);
      const built = await entry.request({ owner: cast.owner, actor, payee, ferry });
      const label = `${persona} ${routeName(route)}`;
      const response = await sendAs(route, built, actor);
      record(label, response, expectedStatuses(entry, persona));
      const isRefusalExpected = !expectedStatuses(entry, persona).some((status) => status < 400);
      if ((isRefusalExpected && response.statusCode < 400) || leaksOwnerData(response, cast, entry, persona)) {
        leaks.push(`${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
      const isGuarded = entry.access === "signed-in" || entry.access === "admin";
      const isGate = persona === "anonymous" || (persona === "other" && entry.access === "admin");
      if (isGuarded && isGate) {
        record(
          `${label} with junk input`,
          await sendAs(route, junkOf(built), actor),
          persona === "anonymous" ? [401] : [403],
        );
      }
    }
    if (entry.access === "dev-only") {
      // On this machine the mailbox opens, to anyone.
      const built = await entry.request({ owner: cast.owner, actor: undefined, payee, ferry });
      record(`loopback ${routeName(route)}`, await sendAs(route, built, undefined, "127.0.0.1"), [200]);
    }
  }

  recordHardening("authz", { authzChecks: checks, authzLeaks: leaks.length });
  console.log(
    `[authz] ${routes.length} routes, ${checks} checks, ${leaks.length} leaks, ${mismatches.length} mismatches`,
  );
  expect(leaks, "responses that gave someone what was not theirs").toEqual([]);
  expect(mismatches, "responses other than the route's entry says").toEqual([]);
  // Every route of the table was exercised by five kinds of caller at least.
  expect(checks).toBeGreaterThanOrEqual(Object.keys(ROUTES).length * 5);
  // A fresh cast of four accounts per changing route makes this CPU-bound: alone it takes ~20 s, beside
  // the browser tests on two cores it has taken 145-188 s (before GET routes shared a cast).
}, 400_000);
