import { createHash } from "node:crypto";
import { EARLY_READS_SCRIPT } from "@ferry/core/early-reads";
import { SCRIPTS_AFTER_FIRST_PAINT } from "@ferry/core/public-pages";
import { THEME_SCRIPT } from "@ferry/core/theme";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadConfig } from "../../apps/server/src/config.ts";
import { InFlightLimit } from "../../apps/server/src/http/in-flight.ts";
import { buildTestApp, createSessionUser, productionSettings, randomIp, send, type TestApp } from "./helpers.ts";

describe("what a development instance exposes", () => {
  let ferry: TestApp;

  beforeAll(async () => {
    ferry = await buildTestApp();
  });

  afterAll(async () => {
    await ferry?.close();
  });

  test("listens on loopback unless HOST says otherwise, and on every interface in production", () => {
    expect(loadConfig({ NODE_ENV: "development" }).host).toBe("localhost");
    expect(loadConfig({ NODE_ENV: "development", HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    const production = loadConfig(productionSettings());
    expect(production.host).toBe("0.0.0.0");
  });

  test("the development mailbox and SMS outbox answer only clients on this machine", async () => {
    for (const url of ["/dev/mail", "/dev/mail/messages.json", "/dev/sms", "/dev/sms/messages.json"]) {
      const fromNetwork = await send(ferry.app, { method: "GET", url, ip: randomIp() });
      expect(fromNetwork.statusCode).toBe(403);
      expect(fromNetwork.json()).toMatchObject({ error: { code: "forbidden" } });

      const throughProxy = await send(ferry.app, {
        method: "GET",
        url,
        ip: "127.0.0.1",
        headers: { "x-forwarded-for": "203.0.113.9" },
      });
      expect(throughProxy.statusCode).toBe(403);

      const local = await send(ferry.app, { method: "GET", url, ip: "127.0.0.1" });
      expect(local.statusCode).toBe(200);
    }
  });

  test("every response refuses powerful browser features with Permissions-Policy", async () => {
    for (const url of ["/api/health", "/api/v1/me", "/api/docs/json"]) {
      const response = await send(ferry.app, { method: "GET", url, ip: randomIp() });
      expect(response.headers["permissions-policy"], url).toContain("camera=()");
      expect(response.headers["permissions-policy"], url).toContain("geolocation=()");
    }
  });

  test("the Content-Security-Policy runs Ferry's own scripts and its three inline scripts by their hashes, no other", async () => {
    const response = await send(ferry.app, { method: "GET", url: "/api/health", ip: randomIp() });
    const scriptSrc = String(response.headers["content-security-policy"])
      .split(";")
      .find((directive) => directive.startsWith("script-src"));
    const [theme, loader, earlyReads] = [THEME_SCRIPT, SCRIPTS_AFTER_FIRST_PAINT, EARLY_READS_SCRIPT].map((script) =>
      createHash("sha256").update(script).digest("base64"),
    );
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${theme}' 'sha256-${loader}' 'sha256-${earlyReads}'`);
  });
});

describe("expensive endpoints", () => {
  let ferry: TestApp;

  beforeAll(async () => {
    ferry = await buildTestApp();
  });

  afterAll(async () => {
    await ferry?.close();
  });

  test("a customer may export the statement 10 times in 15 minutes; the 11th is refused with 429", async () => {
    const customer = await createSessionUser(ferry, { label: "export" });
    const other = await createSessionUser(ferry, { label: "export-other" });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await send(ferry.app, {
        method: "GET",
        url: "/api/v1/transactions/export.csv",
        ip: customer.ip,
        cookie: customer.cookie,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);

    // The limit is the customer's own: someone else still exports.
    const others = await send(ferry.app, {
      method: "GET",
      url: "/api/v1/transactions/export.csv",
      ip: other.ip,
      cookie: other.cookie,
    });
    expect(others.statusCode).toBe(200);
  });

  test("one export at a time per user: a second one while the first runs is refused, and the slot frees", async () => {
    const limit = new InFlightLimit(1, "busy");
    let finishFirst: () => void = () => {};
    const first = limit.run("user-a", () => new Promise<string>((resolve) => (finishFirst = () => resolve("done"))));

    await expect(limit.run("user-a", async () => "second")).rejects.toMatchObject({ code: "rate_limited" });
    await expect(limit.run("user-b", async () => "other user")).resolves.toBe("other user");

    finishFirst();
    await expect(first).resolves.toBe("done");
    await expect(limit.run("user-a", async () => "after")).resolves.toBe("after");
    await expect(limit.run("user-a", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(limit.run("user-a", async () => "after a failure")).resolves.toBe("after a failure");
  });
});
