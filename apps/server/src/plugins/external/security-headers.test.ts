import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import securityHeaders, { helmetHeadersOf } from "./security-headers.ts";

async function appWith(isHstsEnabled: boolean) {
  const app = Fastify();
  await app.register(securityHeaders, { isHstsEnabled });
  app.get("/json", async () => ({ ok: true }));
  app.get("/raw", (_request, reply) => {
    reply.hijack();
    reply.raw.end("raw");
  });
  return app;
}

describe("security headers", () => {
  it("are helmet's own headers for the same options", () => {
    const headers = new Map(helmetHeadersOf({ hsts: false }));
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(headers.has("strict-transport-security")).toBe(false);
    expect(new Map(helmetHeadersOf({})).get("strict-transport-security")).toContain("max-age=");
  });

  it("are on every response, a route's, a not-found answer and one written directly", async () => {
    const app = await appWith(false);
    for (const url of ["/json", "/missing", "/raw"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      expect(String(response.headers["content-security-policy"]), url).toContain("frame-ancestors 'none'");
      expect(String(response.headers["content-security-policy"]), url).toMatch(/script-src 'self' 'sha256-/);
      expect(response.headers["strict-transport-security"], url).toBeUndefined();
    }
    const json = await app.inject({ method: "GET", url: "/json" });
    expect(json.headers["cache-control"]).toBe("no-store");
    expect(json.headers["permissions-policy"]).toContain("camera=()");
    await app.close();
  });

  it("send Strict-Transport-Security only where HTTPS is on", async () => {
    const app = await appWith(true);
    const response = await app.inject({ method: "GET", url: "/json" });
    expect(response.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    await app.close();
  });
});
