// The cross-site check decides on the request, not on the path's spelling (issue 24, finding 1): the
// router decodes escapes, so a check that tested the raw URL's prefix let `POST /api/%761/admin/users/…/ban`
// from a foreign page through. Every unsafe route the router has, and every Better Auth endpoint, is
// sent from a foreign origin with an admin's cookie in several spellings; each must be refused.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { authEndpoints, createPersona, listRoutes, type RouteKey } from "./api-surface.ts";
import { buildTestApp, insertBareUsers, ORIGIN, randomIp, type SessionUser, send, type TestApp } from "./helpers.ts";

const FOREIGN_ORIGIN = "http://localhost:3001";

let ferry: TestApp;
let admin: SessionUser;

beforeAll(async () => {
  ferry = await buildTestApp();
  admin = await createPersona(ferry, "cross-site-admin", true);
});

afterAll(async () => {
  await ferry?.close();
});

/** A path with its parameters filled in: a fresh UUID for each. */
function concretePath(url: string): string {
  return url.replace(/:[A-Za-z]+/g, () => randomUUID()).replace(/\*$/, "anything");
}

/** The first letter of each segment percent-encoded: `/api/v1` → `/%61pi/%761`. */
function percentEncoded(path: string): string {
  return path.replace(/\/([a-z])/g, (_match, letter: string) => `/%${letter.charCodeAt(0).toString(16)}`);
}

/** Every slash doubled. */
function doubleSlashed(path: string): string {
  return path.replaceAll("/", "//");
}

/** Every other letter upper-case. */
function mixedCase(path: string): string {
  let index = 0;
  return path.replace(/[a-z]/g, (letter) => (index++ % 2 === 0 ? letter.toUpperCase() : letter));
}

/** An escaped slash inside the prefix, and a dot segment. */
function dotSegment(path: string): string {
  return path.replace(/^\/api\//, "/api/./");
}

const SPELLINGS: Record<string, (path: string) => string> = {
  "as routed": (path) => path,
  "percent-encoded": percentEncoded,
  "double-slashed": doubleSlashed,
  "mixed-case": mixedCase,
  "dot segment": dotSegment,
};

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function unsafeRoutes(): RouteKey[] {
  const routes = listRoutes(ferry.app).filter((route) => UNSAFE_METHODS.has(route.method));
  const auth = authEndpoints()
    .filter((endpoint) => endpoint.method === "POST")
    .map((endpoint): RouteKey => ({ method: "POST", url: endpoint.url }));
  return [...routes, ...auth];
}

describe("every unsafe route refuses a cookie from a foreign origin, however its path is spelled", () => {
  test("the route table has unsafe routes under /api/v1 and /api/auth", () => {
    const urls = unsafeRoutes().map((route) => route.url);
    expect(urls.filter((url) => url.startsWith("/api/v1/")).length).toBeGreaterThan(30);
    expect(urls.filter((url) => url.startsWith("/api/auth/")).length).toBeGreaterThan(5);
  });

  test.each(Object.keys(SPELLINGS))("%s", async (spelling) => {
    const spell = SPELLINGS[spelling] as (path: string) => string;
    const passed: string[] = [];
    for (const route of unsafeRoutes()) {
      const url = spell(concretePath(route.url));
      const response = await send(ferry.app, {
        method: route.method,
        url,
        ip: randomIp(),
        cookie: admin.cookie,
        origin: FOREIGN_ORIGIN,
        headers: { "idempotency-key": randomUUID() },
        payload: {},
      });
      if (response.statusCode !== 403 || response.json().error?.code !== "forbidden") {
        passed.push(`${route.method} ${url} → ${response.statusCode}`);
      }
    }
    expect(passed).toEqual([]);
  });
});

describe("the finding as reported", () => {
  test("POST /api/%761/admin/users/{id}/ban from a foreign origin bans nobody", async () => {
    const [victim] = await insertBareUsers(ferry.db, 1, "cross-site-victim");
    const response = await send(ferry.app, {
      method: "POST",
      url: `/api/%761/admin/users/${victim.userId}/ban`,
      ip: randomIp(),
      cookie: admin.cookie,
      origin: FOREIGN_ORIGIN,
    });

    expect(response.statusCode).toBe(403);
    const row = await ferry.db.selectFrom("user").select("banned").where("id", "=", victim.userId).executeTakeFirst();
    expect(row?.banned ?? false).toBe(false);
  });

  test("the same spelling from Ferry's own origin still reaches the route", async () => {
    const [victim] = await insertBareUsers(ferry.db, 1, "cross-site-same-origin");
    const response = await send(ferry.app, {
      method: "POST",
      url: `/api/%761/admin/users/${victim.userId}/ban`,
      ip: randomIp(),
      cookie: admin.cookie,
      origin: ORIGIN,
    });

    expect(response.statusCode).toBe(200);
    const row = await ferry.db.selectFrom("user").select("banned").where("id", "=", victim.userId).executeTakeFirst();
    expect(row?.banned).toBe(true);
  });

  test("a write without cookies is not the check's business (the signed-out contact form)", async () => {
    const response = await send(ferry.app, {
      method: "POST",
      url: "/api/v1/notifications/read-all",
      ip: randomIp(),
      origin: FOREIGN_ORIGIN,
    });

    expect(response.statusCode).toBe(401);
  });
});
