// HTTP semantics of issue 18, checked on every route the router has: HEAD mirrors GET (API routes,
// files of the web build, pages); a known path with a method it lacks answers 405 with `Allow`; a
// missing file under /assets/ answers 404, never index.html; pages answer index.html, with 404 for a
// path the web router does not have; and an anonymous call answers 401 whatever its query.
import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { WEB_ROUTES } from "@ferry/core/web-routes";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { listRoutes } from "./api-surface.ts";
import { buildTestApp, createSessionUser, randomIp, type SessionUser, send, type TestApp } from "./helpers.ts";

/** The fake web build: a page shell and one hashed asset, so the test does not need `npm run build`. */
const INDEX_HTML = '<!doctype html><html><head><script type="module" src="/assets/app-abc.js"></script></head></html>';
const ASSET_JS = 'console.log("ferry");';

/** Every method a client might send; a path answers 405 to each one it does not have. */
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/** Headers that may differ between two identical requests. */
const VOLATILE_HEADERS = new Set(["date", "x-request-id", "set-cookie"]);

/** A concrete path for a route URL: a fresh UUID for each parameter, a word for a wildcard. */
function concretePath(url: string): string {
  return url.replace(/:[A-Za-z0-9_]+/g, () => randomUUID()).replace(/\*$/, "anything");
}

function stableHeaders(response: LightMyRequestResponse): Record<string, unknown> {
  return Object.fromEntries(Object.entries(response.headers).filter(([name]) => !VOLATILE_HEADERS.has(name)));
}

let ferry: TestApp;
let webDistDir: string;

beforeAll(async () => {
  webDistDir = await mkdtemp(path.join(os.tmpdir(), "ferry-web-"));
  await mkdir(path.join(webDistDir, "assets"));
  await writeFile(path.join(webDistDir, "index.html"), INDEX_HTML);
  await writeFile(path.join(webDistDir, "assets", "app-abc.js"), ASSET_JS);
  ferry = await buildTestApp({ WEB_DIST_DIR: webDistDir });
});

afterAll(async () => {
  await ferry?.close();
  await rm(webDistDir, { recursive: true, force: true });
});

/** GET and HEAD of one URL by the same person: the same status and headers, and HEAD without a body. */
async function expectHeadMirrorsGet(url: string, cookie?: string): Promise<LightMyRequestResponse> {
  const ip = randomIp();
  const get = await send(ferry.app, { method: "GET", url, ip, cookie });
  const head = await ferry.app.inject({ method: "HEAD", url, remoteAddress: ip, headers: cookie ? { cookie } : {} });
  expect(head.statusCode, url).toBe(get.statusCode);
  expect(stableHeaders(head), url).toEqual(stableHeaders(get));
  expect(head.body, url).toBe("");
  return get;
}

describe("HEAD mirrors GET", () => {
  let customer: SessionUser;

  beforeAll(async () => {
    customer = await createSessionUser(ferry, { label: "head" });
  });

  test("on API routes, signed in and anonymous", async () => {
    expect((await expectHeadMirrorsGet("/api/v1/balances", customer.cookie)).statusCode).toBe(200);
    expect((await expectHeadMirrorsGet("/api/v1/balances")).statusCode).toBe(401);
    expect((await expectHeadMirrorsGet("/api/health")).statusCode).toBe(200);
    expect((await expectHeadMirrorsGet("/api/v1/no-such-thing")).statusCode).toBe(404);
  });

  test("on files of the web build", async () => {
    const asset = await expectHeadMirrorsGet("/assets/app-abc.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe(ASSET_JS);
    expect((await expectHeadMirrorsGet("/assets/missing-123.js")).statusCode).toBe(404);
  });

  test("on pages, known and unknown", async () => {
    const landing = await expectHeadMirrorsGet("/");
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toBe(INDEX_HTML);
    expect((await expectHeadMirrorsGet("/login")).statusCode).toBe(200);
    expect((await expectHeadMirrorsGet("/no-such-page")).statusCode).toBe(404);
  });
});

describe("a known path with a method it lacks", () => {
  /** Each registered path with the methods the router has for it. */
  function routeTable(): Map<string, Set<string>> {
    const table = new Map<string, Set<string>>();
    for (const route of listRoutes(ferry.app)) {
      const methods = table.get(route.url) ?? new Set<string>();
      methods.add(route.method);
      if (route.method === "GET") {
        methods.add("HEAD");
      }
      table.set(route.url, methods);
    }
    return table;
  }

  test("answers 405 with Allow listing the methods it has, for every registered path and every method it lacks", async () => {
    const table = routeTable();
    expect(table.get("/api/v1/balances")).toEqual(new Set(["GET", "HEAD"]));
    let checked = 0;
    for (const [url, methods] of table) {
      const requestPath = concretePath(url);
      // What the router itself routes at this path: `/transfers/quote` is also `/transfers/:transferId`.
      const routed = METHODS.filter((method) => ferry.app.findRoute({ method, url: requestPath }) !== null);
      expect(routed, url).toEqual(expect.arrayContaining([...methods]));
      const allow = [...routed].sort().join(", ");
      for (const method of METHODS.filter((candidate) => !routed.includes(candidate))) {
        const response = await ferry.app.inject({ method, url: requestPath, remoteAddress: randomIp() });
        const label = `${method} ${url}`;
        expect(response.statusCode, label).toBe(405);
        expect(response.headers.allow, label).toBe(allow);
        if (method === "HEAD") {
          expect(response.body, label).toBe("");
        } else {
          expect(response.json(), label).toEqual({
            error: { code: "method_not_allowed", message: `${method} is not allowed on ${requestPath}` },
          });
        }
        checked += 1;
      }
    }
    // Every path lacks at least OPTIONS; most lack four or more methods.
    expect(checked).toBeGreaterThan(table.size * 3);
  });

  test("DELETE, OPTIONS and PATCH on /api/v1/balances answer 405 with Allow: GET, HEAD, signed in or not", async () => {
    const customer = await createSessionUser(ferry, { label: "method" });
    for (const method of ["DELETE", "OPTIONS", "PATCH"] as const) {
      for (const cookie of [undefined, customer.cookie]) {
        const response = await ferry.app.inject({
          method,
          url: "/api/v1/balances",
          remoteAddress: customer.ip,
          headers: cookie ? { cookie, origin: "http://localhost:3000" } : {},
        });
        expect(response.statusCode, method).toBe(405);
        expect(response.headers.allow, method).toBe("GET, HEAD");
      }
    }
  });

  test("a page answers 405 to a write, with Allow: GET, HEAD", async () => {
    const response = await ferry.app.inject({ method: "POST", url: "/dashboard", remoteAddress: randomIp() });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe("GET, HEAD");
  });

  test("an unknown path answers 404 to any method", async () => {
    for (const method of METHODS) {
      const response = await ferry.app.inject({ method, url: "/api/v1/no-such-thing", remoteAddress: randomIp() });
      expect(response.statusCode, method).toBe(404);
    }
  });
});

describe("files of the web build", () => {
  test("a missing file under /assets/ answers 404, not index.html, and is not cached", async () => {
    for (const url of ["/assets/anything.js", "/assets/app-abc.css", "/assets/nested/app.js", "/assets/"]) {
      const response = await send(ferry.app, { method: "GET", url, ip: randomIp() });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain("<html");
      expect(response.json(), url).toMatchObject({ error: { code: "not_found" } });
      expect(response.headers["cache-control"], url).toBe("no-store");
    }
  });

  test("a file that exists is served with its long-lived cache header", async () => {
    const response = await send(ferry.app, { method: "GET", url: "/assets/app-abc.js", ip: randomIp() });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});

describe("pages", () => {
  test("an unknown page answers the web app with 404, so its own not-found page shows", async () => {
    for (const url of ["/no-such-page", "/dashboard/extra", "/admin/nothing", "/login/again"]) {
      const response = await send(ferry.app, { method: "GET", url, ip: randomIp() });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"], url).toMatch(/text\/html/);
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(response.body, url).toBe(INDEX_HTML);
    }
  });

  test("every page of core's route table answers the web app with 200, with or without a query or a trailing slash", async () => {
    // Aliases answer 301 to their canonical page (first-load.test.ts).
    for (const route of WEB_ROUTES.filter((candidate) => !("aliasOf" in candidate))) {
      for (const url of [
        route.path,
        `${route.path}?token=abc&next=%2Fdashboard`,
        route.path === "/" ? "/" : `${route.path}/`,
      ]) {
        const response = await send(ferry.app, { method: "GET", url, ip: randomIp() });
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).toBe(INDEX_HTML);
      }
    }
  });
});

describe("authentication before validation", () => {
  test("every signed-in GET route answers an anonymous call 401 whatever its query and parameters", async () => {
    const admin = await createSessionUser(ferry, { label: "junk-admin", isAdmin: true });
    const document = (await send(ferry.app, { method: "GET", url: "/api/v1/openapi.json", ip: randomIp() })).json() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    };
    let signedInRoutes = 0;
    for (const route of listRoutes(ferry.app).filter((candidate) => candidate.method === "GET")) {
      if (!route.url.startsWith("/api/v1/")) {
        continue;
      }
      const anonymous = await send(ferry.app, { method: "GET", url: concretePath(route.url), ip: randomIp() });
      if (anonymous.statusCode !== 401) {
        continue;
      }
      signedInRoutes += 1;
      const openApiPath = route.url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
      const queryNames = (document.paths[openApiPath]?.get?.parameters ?? [])
        .filter((parameter) => parameter.in === "query")
        .map((parameter) => parameter.name);
      // Values no schema accepts: not a number, not a date, not an enum member, far too long.
      const junk = new URLSearchParams();
      for (const name of [...queryNames, "limit", "cursor"]) {
        junk.append(name, `-1%junk${"x".repeat(2000)}`);
      }
      // "!" is in no id's alphabet: neither a UUID nor a user id (letters, digits, dashes) accepts it.
      const url = `${route.url.replace(/:[A-Za-z0-9_]+/g, "not-an-id!")}?${junk}`;
      const response = await send(ferry.app, { method: "GET", url, ip: randomIp() });
      expect(response.statusCode, `GET ${route.url} with junk`).toBe(401);
      expect(response.json(), route.url).toMatchObject({ error: { code: "unauthenticated" } });
      if (queryNames.length > 0 || route.url.includes(":")) {
        // The same junk from an admin is judged, and refused: the query really was invalid.
        const judged = await send(ferry.app, { method: "GET", url, ip: admin.ip, cookie: admin.cookie });
        expect(judged.statusCode, `GET ${route.url} with junk, signed in`).toBe(400);
      }
    }
    expect(signedInRoutes).toBeGreaterThan(10);
  });
});

describe("what Node's HTTP parser refuses (issue 24)", () => {
  /** Sends raw bytes to a listening Ferry and returns what came back, whole. */
  let port: number | undefined;

  async function exchangeRaw(request: string): Promise<string> {
    port ??= Number(new URL(await ferry.app.listen({ port: 0, host: "127.0.0.1" })).port);
    const listening = port;
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      const socket = connect({ port: listening, host: "127.0.0.1" }, () => socket.write(request));
      socket.on("data", (chunk) => chunks.push(chunk));
      socket.on("error", reject);
      socket.on("close", () => resolve(Buffer.concat(chunks).toString("utf8")));
    });
  }

  function parseRaw(raw: string): { status: number; body: unknown } {
    const [head = "", body = ""] = raw.split("\r\n\r\n");
    return { status: Number(head.split(" ")[1]), body: JSON.parse(body) };
  }

  test("header fields over 16 KiB answer 431 in Ferry's error shape, and every operation documents it", async () => {
    const cookie = `a=${"x".repeat(20 * 1024)}`;
    const raw = await exchangeRaw(`GET /api/v1/me HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\n\r\n`);

    expect(parseRaw(raw)).toEqual({
      status: 431,
      body: { error: { code: "headers_too_large", message: "The request's headers are too large" } },
    });
    const document = (await send(ferry.app, { method: "GET", url: "/api/v1/openapi.json", ip: randomIp() })).json();
    const operations = Object.values<Record<string, { responses: Record<string, unknown> }>>(document.paths).flatMap(
      (methods) => Object.values(methods),
    );
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.filter((operation) => !operation.responses["431"])).toEqual([]);
    expect(document.components.responses.HeadersTooLarge.content["application/json"].schema.$ref).toBe(
      "#/components/schemas/ApiErrorBody",
    );
  });

  test("bytes that are not HTTP answer 400 validation_failed", async () => {
    const raw = await exchangeRaw("NOT HTTP AT ALL\r\n\r\n");

    expect(parseRaw(raw)).toEqual({
      status: 400,
      body: { error: { code: "validation_failed", message: "Malformed HTTP request" } },
    });
  });
});
