// What the hardening suites (fuzz.test.ts, authz-matrix.test.ts) share: the list of every route the
// server really has, Better Auth's allow-list, sessions for existing users, and a customer who owns
// one of each kind of resource.
import { createHmac, randomUUID } from "node:crypto";
import { ApiErrorBody } from "@ferry/core/errors";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { AUTH_BASE_PATH } from "../../apps/server/src/modules/auth/auth.ts";
import { ALLOWED_ENDPOINTS } from "../../apps/server/src/modules/auth/routes.ts";
import { createNotification } from "../../apps/server/src/modules/notifications/service.ts";
import {
  type BareUser,
  fundWallet,
  insertBareUsers,
  issueCode,
  makeAdmin,
  randomIp,
  type SessionUser,
  send,
  type TestApp,
} from "./helpers.ts";

/** The methods a route can have here; HEAD is Fastify's automatic twin of every GET. */
const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];

/** One route as Fastify's router holds it: `GET /api/v1/transfers/:transferId`. */
export interface RouteKey {
  readonly method: RouteMethod;
  readonly url: string;
}

/** "POST /api/v1/recipients": how a route is named in tables and messages. */
export function routeName(route: RouteKey): string {
  return `${route.method} ${route.url}`;
}

/**
 * Every route the app serves, read from Fastify's own router (`printRoutes`, one radix tree per
 * method), so a route registered anywhere — hidden from the OpenAPI document or not — is listed.
 * Each line of the tree is `<indent>├── <segment> (<methods>)`; a route's URL is its segments joined.
 */
export function listRoutes(app: FastifyInstance): RouteKey[] {
  const routes: RouteKey[] = [];
  for (const method of ROUTE_METHODS) {
    const segments: string[] = [];
    for (const line of app.printRoutes({ method }).split("\n")) {
      const marker = line.search(/[├└]── /);
      if (marker < 0) {
        continue;
      }
      const depth = marker / 4;
      const text = line.slice(marker + 4);
      const handled = / \(([A-Z, ]+)\)$/.exec(text);
      segments.length = depth;
      segments.push(handled ? text.slice(0, handled.index) : text);
      if (handled?.[1].split(", ").includes(method)) {
        routes.push({ method, url: segments.join("") });
      }
    }
  }
  return routes;
}

/** One Better Auth endpoint Ferry lets through `/api/auth/*`, with the body schema it validates. */
export interface AuthEndpoint {
  readonly method: "GET" | "POST";
  readonly url: string;
  readonly body?: (typeof ALLOWED_ENDPOINTS)[string]["body"];
  readonly isSignedInOnly: boolean;
}

/** Better Auth's endpoints behind the `/api/auth/*` route: its allow-list, as full URLs. */
export function authEndpoints(): AuthEndpoint[] {
  return Object.entries(ALLOWED_ENDPOINTS).map(([path, endpoint]) => ({
    method: endpoint.method,
    url: `${AUTH_BASE_PATH}${path}`,
    body: endpoint.body,
    isSignedInOnly: endpoint.isSignedInOnly ?? false,
  }));
}

/**
 * A new Better Auth session for an existing user, made the way `createSessionUser` makes one: the
 * row by Better Auth's adapter, the cookie signed with its secret. Returns the `Cookie` header.
 */
export async function createSessionCookie(ferry: TestApp, userId: string): Promise<string> {
  const context = await ferry.auth.$context;
  const session = await context.internalAdapter.createSession(userId);
  const signature = createHmac("sha256", context.secret).update(session.token).digest("base64");
  return `${context.authCookies.sessionToken.name}=${encodeURIComponent(`${session.token}.${signature}`)}`;
}

/** Whether the session behind a `Cookie` header still exists (sign-out and bans delete it). */
export async function isSessionAlive(ferry: TestApp, cookie: string): Promise<boolean> {
  const token = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1)).split(".")[0];
  const row = await ferry.db.selectFrom("session").select("id").where("token", "=", token).executeTakeFirst();
  return row !== undefined;
}

/** A user written straight into the database, with a session: a customer, or an admin. */
export async function createPersona(ferry: TestApp, label: string, isAdmin = false): Promise<SessionUser> {
  const [user] = await insertBareUsers(ferry.db, 1, label);
  if (isAdmin) {
    await makeAdmin(ferry.db, user.userId);
  }
  return { ...user, ip: randomIp(), cookie: await createSessionCookie(ferry, user.userId) };
}

/** A published IBAN test vector and its bank's BIC. */
export const VALID_IBAN = "DE89370400440532013000";
export const VALID_BIC = "DEUTDEFF";
/** An EIP-55 checksummed Ethereum address (a published vector). */
export const VALID_EVM_ADDRESS = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

/** A valid new bank recipient (EUR), as the recipients endpoint takes it. */
export const BANK_RECIPIENT = {
  type: "bank",
  name: "Grace Hopper",
  email: "grace@example.com",
  bankName: "Deutsche Bank",
  country: "DE",
  accountNumber: VALID_IBAN,
  swiftCode: VALID_BIC,
  currency: "EUR",
};

/** A valid new bank payment method (EUR), as the payment-methods endpoint takes it. */
export const BANK_PAYMENT_METHOD = {
  addressType: "bank",
  name: "Savings",
  currency: "EUR",
  bankName: "Deutsche Bank",
  accountNumber: VALID_IBAN,
  swiftCode: VALID_BIC,
  country: "DE",
  accountHolderName: "Grace Hopper",
};

/** The ids of one of each kind of resource a customer owns. */
export interface OwnedResources {
  readonly recipientId: string;
  readonly paymentMethodId: string;
  readonly transferId: string;
  readonly notificationId: string;
  readonly depositId: string;
  readonly helpRequestId: string;
  /** An attachment of the help request, as `/api/v1/help-requests/{id}/attachments/{attachmentId}`. */
  readonly helpAttachmentUrl: string;
}

/** The smallest PNG the help desk recognises by its first bytes. */
export const TINY_PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 1),
]);

/** A multipart/form-data body with one file in the field `file`, as a browser sends an upload. */
export function multipartUpload(fileName: string, bytes: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = "----ferry-test-boundary";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** The body of a KYC submission: one upload of each kind. */
export interface KycUploads {
  readonly governmentIdDocumentId: string;
  readonly proofOfAddressDocumentId: string;
}

/** `user`'s government ID and proof of address (tiny PNGs), uploaded through the API, not yet submitted. */
export async function uploadKycDocuments(ferry: TestApp, user: SessionUser): Promise<KycUploads> {
  const ids: string[] = [];
  for (const fileName of ["passport.png", "bill.png"]) {
    const upload = multipartUpload(fileName, TINY_PNG);
    const uploaded = await send(ferry.app, {
      method: "POST",
      url: "/api/v1/kyc-documents",
      ip: user.ip,
      cookie: user.cookie,
      payload: upload.payload,
      headers: upload.headers,
    });
    ids.push(await created(uploaded, fileName));
  }
  return { governmentIdDocumentId: ids[0], proofOfAddressDocumentId: ids[1] };
}

/**
 * `user`'s government ID and proof of address (tiny PNGs), uploaded and submitted for review through
 * the API, as the KYC part of /profile does; the ids of the two documents.
 */
export async function submitKycDocuments(ferry: TestApp, user: SessionUser): Promise<KycUploads> {
  const uploads = await uploadKycDocuments(ferry, user);
  const submitted = await send(ferry.app, {
    method: "POST",
    url: "/api/v1/me/kyc/submissions",
    ip: user.ip,
    cookie: user.cookie,
    payload: uploads,
  });
  expect(submitted.statusCode, submitted.body).toBe(201);
  return uploads;
}

export interface Customer extends SessionUser {
  readonly owns: OwnedResources;
}

async function created(response: LightMyRequestResponse, what: string): Promise<string> {
  expect(response.statusCode, `creating ${what}: ${response.body}`).toBeLessThan(300);
  return (response.json() as { id: string }).id;
}

/**
 * A customer who owns a recipient, a payment method, a transfer (1.00 USD to `payee`), a
 * notification and a pending deposit, each made through the API where the API makes them.
 */
export async function createCustomer(ferry: TestApp, label: string, payee: BareUser): Promise<Customer> {
  const user = await createPersona(ferry, label);
  const as = (method: "POST", url: string, payload: unknown, headers: Record<string, string> = {}) =>
    send(ferry.app, { method, url, ip: randomIp(), cookie: user.cookie, payload, headers });

  const recipientId = await created(
    await as("POST", "/api/v1/recipients", {
      type: "bank",
      name: "Ada Lovelace",
      email: "ada@example.com",
      bankName: "Deutsche Bank",
      country: "DE",
      accountNumber: VALID_IBAN,
      swiftCode: VALID_BIC,
      currency: "USD",
    }),
    "a recipient",
  );
  const paymentMethodId = await created(
    await as("POST", "/api/v1/payment-methods", {
      addressType: "bank",
      name: "Main account",
      currency: "USD",
      bankName: "Deutsche Bank",
      accountNumber: VALID_IBAN,
      swiftCode: VALID_BIC,
      country: "DE",
      accountHolderName: "Ada Lovelace",
    }),
    "a payment method",
  );
  const depositId = await created(
    await as("POST", "/api/v1/deposits", { depositType: "bank", currency: "USD", amount: "25.00" }),
    "a deposit",
  );
  await fundWallet(ferry.db, user.userId, "USD", 10_000n);
  const code = await issueCode(ferry, {
    userId: user.userId,
    recipientKey: `user:${payee.userId}`,
    amountMinor: 100n,
    currency: "USD",
  });
  const transferId = await created(
    await as(
      "POST",
      "/api/v1/transfers",
      { target: { method: "ferry_user", recipientEmail: payee.email }, amount: "1.00", currency: "USD", code },
      { "idempotency-key": `setup-${randomUUID()}` },
    ),
    "a transfer",
  );
  await createNotification(ferry.db, {
    userId: user.userId,
    type: "info",
    write: () => ({ title: "Welcome", message: "Hello" }),
  });
  const notification = await ferry.db
    .selectFrom("notifications")
    .select("id")
    .where("user_id", "=", user.userId)
    .executeTakeFirstOrThrow();
  const upload = multipartUpload("screen.png", TINY_PNG);
  const attachmentId = await created(
    await as("POST", "/api/v1/help-attachments", upload.payload, upload.headers),
    "a help attachment",
  );
  const helpRequestId = await created(
    await as("POST", "/api/v1/help-requests", {
      subject: "Where is my transfer?",
      message: "It has not arrived after two days.",
      attachmentIds: [attachmentId],
    }),
    "a help request",
  );
  return {
    ...user,
    owns: {
      recipientId,
      paymentMethodId,
      transferId,
      notificationId: notification.id,
      depositId,
      helpRequestId,
      helpAttachmentUrl: `/api/v1/help-requests/${helpRequestId}/attachments/${attachmentId}`,
    },
  };
}

/** Whether a response body is Ferry's error shape, `{ error: { code, message, fields? } }`. */
export function hasErrorShape(response: LightMyRequestResponse): boolean {
  try {
    return ApiErrorBody.safeParse(response.json()).success;
  } catch {
    return false;
  }
}
