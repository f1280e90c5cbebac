import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { fakeApi } from "../testing/render.tsx";
import { api, dataOf } from "./api.ts";

/*
 * Decision 052: a signed-in page's shell starts its first reads before the app's scripts arrive; the API
 * client answers its first request for each address with that response, once, and never after a change.
 */

function earlyResponse(body: unknown, status = 200): Promise<Response | null> {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
  );
}

beforeEach(() => {
  // The page opened a moment ago (the test process itself has been running for longer than 10 s).
  vi.spyOn(performance, "now").mockReturnValue(500);
});

afterEach(() => {
  window.__ferryEarlyReads = undefined;
  vi.restoreAllMocks();
});

describe("early reads", () => {
  test("answer the first request for their address, and only the first", async () => {
    const seen = fakeApi({ "GET /api/v1/balances": () => ({ body: [{ currency: "EUR" }] }) });
    window.__ferryEarlyReads = { "/api/v1/balances": earlyResponse([{ currency: "USD" }]) };

    expect(await dataOf(api.GET("/api/v1/balances"))).toEqual([{ currency: "USD" }]);
    expect(seen).toEqual([]);
    expect(await dataOf(api.GET("/api/v1/balances"))).toEqual([{ currency: "EUR" }]);
    expect(seen.map((request) => request.path)).toEqual(["/api/v1/balances"]);
  });

  test("match the query string too", async () => {
    const seen = fakeApi({ "GET /api/v1/notifications": () => ({ body: { items: [], unreadCount: 0 } }) });
    window.__ferryEarlyReads = { "/api/v1/notifications?limit=50": earlyResponse({ items: [], unreadCount: 7 }) };

    const early = await dataOf(api.GET("/api/v1/notifications", { params: { query: { limit: 50 } } }));
    expect(early).toEqual({ items: [], unreadCount: 7 });
    await dataOf(api.GET("/api/v1/notifications", { params: { query: { limit: 10 } } }));
    expect(seen.map((request) => request.query)).toEqual([{ limit: "10" }]);
  });

  test("that failed or were refused are asked again", async () => {
    const seen = fakeApi({
      "GET /api/v1/me": () => ({ status: 401, body: { error: { code: "unauthenticated", message: "Sign in" } } }),
      "GET /api/v1/settings": () => ({ body: { theme: "dark" } }),
    });
    window.__ferryEarlyReads = {
      "/api/v1/me": earlyResponse({ error: { code: "unauthenticated", message: "Sign in" } }, 401),
      "/api/v1/settings": Promise.resolve(null),
    };

    await expect(dataOf(api.GET("/api/v1/me"))).rejects.toMatchObject({ status: 401 });
    expect(await dataOf(api.GET("/api/v1/settings"))).toEqual({ theme: "dark" });
    expect(seen.map((request) => request.path)).toEqual(["/api/v1/me", "/api/v1/settings"]);
  });

  test("are not used once the page has been open for 10 s", async () => {
    const seen = fakeApi({ "GET /api/v1/balances": () => ({ body: [{ currency: "EUR" }] }) });
    window.__ferryEarlyReads = { "/api/v1/balances": earlyResponse([{ currency: "USD" }]) };
    vi.spyOn(performance, "now").mockReturnValue(10_001);

    expect(await dataOf(api.GET("/api/v1/balances"))).toEqual([{ currency: "EUR" }]);
    expect(seen.map((request) => request.path)).toEqual(["/api/v1/balances"]);
  });

  test("are all dropped at the first change, so nothing read before it shows after it", async () => {
    const seen = fakeApi({
      "POST /api/v1/notifications/read-all": () => ({ body: { updated: 3 } }),
      "GET /api/v1/notifications": () => ({ body: { items: [], unreadCount: 0 } }),
    });
    window.__ferryEarlyReads = { "/api/v1/notifications?limit=50": earlyResponse({ items: [], unreadCount: 3 }) };

    await api.POST("/api/v1/notifications/read-all", { body: {} });
    const after = await dataOf(api.GET("/api/v1/notifications", { params: { query: { limit: 50 } } }));
    expect(after).toEqual({ items: [], unreadCount: 0 });
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      "POST /api/v1/notifications/read-all",
      "GET /api/v1/notifications",
    ]);
  });
});
