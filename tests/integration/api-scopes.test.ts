import { randomUUID } from "node:crypto";
import { API_SCOPES, type ApiScope } from "@ferry/core/contracts/connect";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createCredential, type MadeCredential, sendAsApp } from "./api-credential-support.ts";
import { listRoutes, type RouteKey, routeName } from "./api-surface.ts";
import { buildTestApp, createSessionUser, type TestApp } from "./helpers.ts";

/*
 * Issue 28, the scope matrix: generated from the router's own route table (like the authorisation
 * matrix), judged against the OpenAPI document. For every guarded /api/v1 route, an operation that
 * lists an API-key scope refuses a credential holding every scope but that one (403 naming it) and
 * admits one holding it; every other guarded route refuses a credential holding all scopes. A route
 * added tomorrow is in the table the day it is added.
 */

interface DocumentedOperation {
  readonly security?: Record<string, string[]>[];
}
interface OpenApiDocument {
  readonly paths: Record<string, Record<string, DocumentedOperation>>;
}

let ferry: TestApp;
let document: OpenApiDocument;
/** Two credentials with every scope, each on its own user (their rate limits are counted apart). */
let allScopes: MadeCredential[];
/** For each scope, a credential with every scope but it. */
const allBut = new Map<ApiScope, MadeCredential>();

async function credentialWith(scopes: readonly ApiScope[]): Promise<MadeCredential> {
  // One user per credential: each needs its own e-mailed code for transfers:write.
  const user = await createSessionUser(ferry, { label: "scopes" });
  return createCredential(ferry, user, scopes);
}

beforeAll(async () => {
  ferry = await buildTestApp();
  document = (await ferry.app.inject({ method: "GET", url: "/api/v1/openapi.json" })).json();
  allScopes = [await credentialWith(API_SCOPES), await credentialWith(API_SCOPES)];
  for (const scope of API_SCOPES) {
    allBut.set(scope, await credentialWith(API_SCOPES.filter((other) => other !== scope)));
  }
});

afterAll(async () => {
  await ferry?.close();
});

/** The document's operation of a router route (`:id` → `{id}`), or undefined when it is hidden from it. */
function operationOf(route: RouteKey): DocumentedOperation | undefined {
  const path = route.url.replace(/:([A-Za-z]+)/g, "{$1}");
  return document.paths[path]?.[route.method.toLowerCase()];
}

/** How a credential may call a documented operation: a scope, none (session only), or not guarded at all. */
function accessOf(operation: DocumentedOperation): { scope: string } | "session-only" | "public" {
  const security = operation.security ?? [];
  const isGuarded = security.length > 0 && security.every((requirement) => Object.keys(requirement).length > 0);
  if (!isGuarded) {
    return "public";
  }
  const bearer = security.find((requirement) => "apiKeyBearer" in requirement);
  const basic = security.find((requirement) => "apiKeyBasic" in requirement);
  if (!bearer) {
    expect(basic, "a Basic scheme without a Bearer one").toBeUndefined();
    return "session-only";
  }
  expect(bearer.apiKeyBearer, "one scope per operation").toHaveLength(1);
  expect(basic?.apiKeyBasic, "Basic lists the same scope as Bearer").toEqual(bearer.apiKeyBearer);
  return { scope: bearer.apiKeyBearer[0] };
}

/** A request to the route with made-up path parameters and an empty body: the guard answers before either is read. */
function call(credential: MadeCredential, route: RouteKey) {
  const url = route.url.replace(/:[A-Za-z]+/g, () => randomUUID()).replace(/\*$/, "x");
  const hasBody = route.method !== "GET" && route.method !== "DELETE";
  return sendAsApp(ferry, credential.authorization, {
    method: route.method,
    url,
    ...(hasBody ? { payload: {} } : {}),
    headers: { "idempotency-key": `scopes-${randomUUID()}` },
  });
}

test("every guarded /api/v1 route admits exactly the credentials its declared scope allows", async () => {
  const routes = listRoutes(ferry.app).filter((route) => route.url.startsWith("/api/v1/"));
  const judged = { scoped: [] as string[], sessionOnly: 0 };
  let turn = 0;
  for (const route of routes) {
    const operation = operationOf(route);
    if (!operation) {
      continue;
    }
    const access = accessOf(operation);
    if (access === "public") {
      continue;
    }
    const name = routeName(route);
    if (access === "session-only") {
      turn += 1;
      const refused = await call(allScopes[turn % allScopes.length], route);
      expect(refused.statusCode, `${name} with every scope`).toBe(403);
      expect(refused.json().error.message, name).toBe("This route is not available to API credentials");
      judged.sessionOnly += 1;
      continue;
    }
    expect(API_SCOPES, `${name} declares an unknown scope`).toContain(access.scope);
    const scope = access.scope as ApiScope;
    const lacking = await call(allBut.get(scope) as MadeCredential, route);
    expect(lacking.statusCode, `${name} without ${scope}`).toBe(403);
    expect(lacking.json().error.message, name).toBe(`This API credential lacks the ${scope} scope`);
    const holding = await call(allScopes[0], route);
    expect(holding.statusCode, `${name} with ${scope}: ${holding.body}`).not.toBe(401);
    if (holding.statusCode === 403) {
      expect(holding.json().error.message, name).not.toMatch(/API credential/);
    }
    judged.scoped.push(`${name} ${scope}`);
  }
  // The scopes of issue 28, each on the routes it was made for (webhooks:write on the webhook routes).
  expect(judged.scoped).toEqual(
    expect.arrayContaining([
      "GET /api/v1/balances balances:read",
      "GET /api/v1/transactions transactions:read",
      "GET /api/v1/transfers/:transferId transactions:read",
      "GET /api/v1/recipients recipients:read",
      "GET /api/v1/payment-methods recipients:read",
      "POST /api/v1/transfers transfers:write",
      "POST /api/v1/webhook-endpoints webhooks:write",
    ]),
  );
  expect(judged.sessionOnly).toBeGreaterThan(30);
});
