import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { WEBHOOK_DELIVERY_JOB } from "../../apps/server/src/jobs/webhook-delivery.ts";
import {
  checkWebhookTarget,
  isPublicAddress,
  REFUSED_WEBHOOK_ADDRESS_MESSAGE,
  RefusedWebhookAddress,
  type ResolveHost,
} from "../../apps/server/src/modules/webhooks/address-check.ts";
import { postToReceiver } from "../../apps/server/src/modules/webhooks/delivery.ts";
import { createWebhookEndpoint } from "../../apps/server/src/modules/webhooks/service.ts";
import { webhookSecretKeyOf } from "../../apps/server/src/modules/webhooks/signing.ts";
import {
  buildTestApp,
  createIsolatedDatabase,
  createSessionUser,
  fundWallet,
  type SessionUser,
  send,
  type TestApp,
} from "./helpers.ts";

/*
 * Issue 28: the SSRF guard of webhooks. Every address that is not public unicast is refused, in
 * whatever form it is written or resolved to; production calls https only; a name resolving to a
 * private address is refused (even among public ones); the check runs again on every attempt; and a
 * redirect is never followed.
 */

/** Every kind of address a webhook must never reach, as the issue lists them. */
const REFUSED_ADDRESSES = [
  ["this network", "0.0.0.0"],
  ["this network", "0.1.2.3"],
  ["private 10/8", "10.0.0.1"],
  ["private 172.16/12", "172.16.0.1"],
  ["private 172.16/12 (end)", "172.31.255.254"],
  ["private 192.168/16", "192.168.1.1"],
  ["CGNAT 100.64/10", "100.64.0.1"],
  ["CGNAT 100.64/10 (end)", "100.127.255.254"],
  ["loopback", "127.0.0.1"],
  ["loopback /8", "127.1.2.3"],
  ["link-local", "169.254.1.1"],
  ["cloud metadata", "169.254.169.254"],
  ["IETF protocol assignments", "192.0.0.1"],
  ["documentation TEST-NET-1", "192.0.2.1"],
  ["documentation TEST-NET-2", "198.51.100.1"],
  ["documentation TEST-NET-3", "203.0.113.1"],
  ["benchmarking", "198.18.0.1"],
  ["multicast", "224.0.0.1"],
  ["reserved", "240.0.0.1"],
  ["broadcast", "255.255.255.255"],
  ["IPv6 unspecified", "::"],
  ["IPv6 loopback", "::1"],
  ["IPv6 unique local", "fc00::1"],
  ["IPv6 unique local fd", "fd12:3456:789a::1"],
  ["IPv6 link-local", "fe80::1"],
  ["IPv6 multicast", "ff02::1"],
  ["IPv6 documentation", "2001:db8::1"],
  ["Teredo", "2001::1"],
  ["IPv4-mapped loopback", "::ffff:127.0.0.1"],
  ["IPv4-mapped private", "::ffff:10.0.0.1"],
  ["IPv4-mapped metadata (hex)", "::ffff:a9fe:a9fe"],
  ["IPv4-compatible loopback", "::127.0.0.1"],
  ["NAT64 of a private address", "64:ff9b::10.0.0.1"],
  ["6to4 of a private address", "2002:c0a8:0101::1"],
  ["6to4 of loopback", "2002:7f00:0001::1"],
] as const;

const PUBLIC_ADDRESSES = ["93.184.215.14", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8", "2002:0808:0808::1"];

/** A resolver answering from a table, as a DNS server under an attacker's control might. */
function resolverOf(table: Record<string, string[]>): ResolveHost {
  return async (host) => {
    const addresses = table[host];
    if (!addresses) {
      throw new Error(`no such host ${host}`);
    }
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
}

describe("the address check", () => {
  test.each(REFUSED_ADDRESSES)("refuses %s (%s)", async (_kind, address) => {
    expect(isPublicAddress(address)).toBe(false);
    const host = address.includes(":") ? `[${address}]` : address;
    await expect(checkWebhookTarget(`https://${host}/hooks`, { isProduction: true })).rejects.toThrow(
      RefusedWebhookAddress,
    );
  });

  test("accepts public unicast addresses", () => {
    for (const address of PUBLIC_ADDRESSES) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  test("in production, refuses http and a host that resolves to loopback or to any private address", async () => {
    const production = { isProduction: true };
    await expect(checkWebhookTarget("http://127.0.0.1:8080/hooks", production)).rejects.toThrow(/https/);
    // The system's own resolver: localhost is loopback.
    await expect(checkWebhookTarget("https://localhost/hooks", production)).rejects.toThrow(RefusedWebhookAddress);
    const resolve = resolverOf({
      "hooks.example.com": ["93.184.215.14"],
      "rebind.example.com": ["93.184.215.14", "10.0.0.7"],
      "metadata.example.com": ["169.254.169.254"],
      "loopback.example.com": ["::1"],
    });
    const target = await checkWebhookTarget("https://hooks.example.com/in", { ...production, resolve });
    expect(target).toMatchObject({ address: "93.184.215.14", family: 4 });
    for (const host of ["rebind.example.com", "metadata.example.com", "loopback.example.com", "missing.example.com"]) {
      await expect(checkWebhookTarget(`https://${host}/in`, { ...production, resolve }), host).rejects.toThrow(
        RefusedWebhookAddress,
      );
    }
    await expect(checkWebhookTarget("https://user:pw@hooks.example.com/", { ...production, resolve })).rejects.toThrow(
      RefusedWebhookAddress,
    );
  });

  test("outside production, http is allowed to loopback only, and https still to public addresses only", async () => {
    const development = { isProduction: false, resolve: resolverOf({ "private.example.com": ["192.168.0.10"] }) };
    await expect(checkWebhookTarget("http://127.0.0.1:8080/hooks", development)).resolves.toMatchObject({
      address: "127.0.0.1",
    });
    await expect(checkWebhookTarget("http://[::1]:8080/hooks", development)).resolves.toMatchObject({ family: 6 });
    await expect(checkWebhookTarget("http://10.0.0.1/hooks", development)).rejects.toThrow(RefusedWebhookAddress);
    await expect(checkWebhookTarget("http://private.example.com/hooks", development)).rejects.toThrow(
      RefusedWebhookAddress,
    );
    await expect(checkWebhookTarget("https://127.0.0.1/hooks", development)).rejects.toThrow(RefusedWebhookAddress);
  });

  test("a name that does not resolve in time is refused, so a lookup cannot outlive an attempt's lease", async () => {
    const hanging: ResolveHost = () => new Promise(() => {});
    const started = Date.now();
    await expect(
      checkWebhookTarget("https://slow.example.com/in", { isProduction: true, resolve: hanging, resolveTimeoutMs: 50 }),
    ).rejects.toThrow(/could not be resolved in time/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe("the connection", () => {
  test("goes to the checked address, keeping the URL's host name, and reads only a small part of the answer", async () => {
    const hosts: string[] = [];
    /** Set when the server's answer ends: whether Ferry read it all (finished) or cut it off (closed first). */
    let answerEnd: Promise<"finished" | "cut"> = Promise.resolve("finished");
    const server = http.createServer((request, response) => {
      hosts.push(String(request.headers.host));
      request.resume();
      answerEnd = new Promise((resolve) => {
        response.on("finish", () => resolve("finished"));
        response.on("close", () => resolve("cut"));
      });
      // 64 MiB, far more than a socket's buffers hold: only a reader that reads it all lets it finish.
      response.writeHead(200, { "content-type": "text/plain" });
      const chunk = Buffer.alloc(1024 * 1024, 120);
      let sent = 0;
      const pump = () => {
        while (sent < 64 && !response.destroyed) {
          sent += 1;
          if (!response.write(chunk)) {
            response.once("drain", pump);
            return;
          }
        }
        response.end();
      };
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      // A name only the check's resolver knows: the system's would not find it, so the socket must use the checked address.
      const resolve = resolverOf({ "receiver.ferry.invalid": ["127.0.0.1"] });
      const target = await checkWebhookTarget(`http://receiver.ferry.invalid:${port}/hooks`, {
        isProduction: false,
        resolve,
      });
      const answer = await postToReceiver(target, { "content-type": "application/json" }, "{}");
      expect(answer.status).toBe(200);
      expect(hosts).toEqual([`receiver.ferry.invalid:${port}`]);
      expect(await answerEnd).toBe("cut");
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("endpoints and deliveries", () => {
  let ferry: TestApp;
  let user: SessionUser;
  let credentialId: string;

  beforeAll(async () => {
    // A receiver has 1 s here, so the silent receiver below fails quickly.
    ferry = await buildTestApp(
      { WEBHOOK_TIMEOUT_SECONDS: "1" },
      { databaseUrl: await createIsolatedDatabase("webhooks_ssrf") },
    );
    user = await createSessionUser(ferry, { label: "webhooks-ssrf" });
    const row = await ferry.db
      .insertInto("api_credentials")
      .values({
        user_id: user.userId,
        app_id: `app_${randomBytes(4).toString("hex")}`,
        name: "SSRF app",
        scopes: ["webhooks:write"],
        secret_hash: randomBytes(32).toString("hex"),
        secret_last4: "abcd",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    credentialId = row.id;
  });

  afterAll(async () => {
    await ferry?.close();
  });

  async function createEndpoint(url: string) {
    return send(ferry.app, {
      method: "POST",
      url: "/api/v1/webhook-endpoints",
      ip: user.ip,
      cookie: user.cookie,
      payload: { credentialId, url, events: ["deposit.credited"] },
    });
  }

  async function countingServer(answer: (response: http.ServerResponse) => void) {
    let hits = 0;
    const server = http.createServer((request, response) => {
      hits += 1;
      request.resume();
      request.on("end", () => answer(response));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
      hits: () => hits,
      closeAllConnections: () => server.closeAllConnections(),
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  /** Credits the user a deposit (an event for their endpoints), runs one delivery pass, and reads `endpointId`'s delivery. */
  async function depositAndDeliverOnce(endpointId: string) {
    await fundWallet(ferry.db, user.userId, "USD", 100n);
    await ferry.jobs.runNow(WEBHOOK_DELIVERY_JOB, { once: true });
    return ferry.db
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("endpoint_id", "=", endpointId)
      .executeTakeFirstOrThrow();
  }

  test("saving an endpoint on a private or metadata address is refused on its url field", async () => {
    for (const url of ["http://10.0.0.1/hooks", "http://169.254.169.254/latest/meta-data", "http://[fd00::1]/"]) {
      const response = await createEndpoint(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error).toMatchObject({
        code: "validation_failed",
        message: REFUSED_WEBHOOK_ADDRESS_MESSAGE,
        fields: { url: REFUSED_WEBHOOK_ADDRESS_MESSAGE },
      });
    }
  });

  test("saving an endpoint does not tell whether a name exists: unresolvable and internal names get one answer", async () => {
    const settings = {
      secretKey: webhookSecretKeyOf(ferry.config.authSecret),
      isProduction: true,
      resolve: resolverOf({ "wiki.corp.example": ["10.0.0.7"], "mixed.example.com": ["93.184.215.14", "fd00::7"] }),
    };
    const context = {
      owner: { userId: user.userId, credentialId: null },
      actor: { userId: user.userId, clientAddress: user.ip },
    };
    const urls = [
      "https://missing.corp.example/hooks",
      "https://wiki.corp.example/hooks",
      "https://mixed.example.com/hooks",
      "https://10.0.0.7/hooks",
    ];
    for (const url of urls) {
      const refusal = await createWebhookEndpoint(ferry.db, settings, context, {
        credentialId,
        url,
        events: ["deposit.credited"],
      }).then(
        () => null,
        (error: { code?: string; message?: string; fields?: unknown }) => error,
      );
      expect({ code: refusal?.code, message: refusal?.message, fields: refusal?.fields }, url).toEqual({
        code: "validation_failed",
        message: REFUSED_WEBHOOK_ADDRESS_MESSAGE,
        fields: { url: REFUSED_WEBHOOK_ADDRESS_MESSAGE },
      });
    }
  });

  test("the address is checked again before each attempt: an endpoint moved to the metadata address is not called", async () => {
    const receiver = await countingServer((response) => response.writeHead(200).end());
    const created = await createEndpoint(receiver.url);
    expect(created.statusCode, created.body).toBe(201);
    await ferry.db
      .updateTable("webhook_endpoints")
      .set({ url: "http://169.254.169.254/latest/meta-data" })
      .where("id", "=", created.json().id)
      .execute();
    const delivery = await depositAndDeliverOnce(created.json().id);
    expect(delivery).toMatchObject({
      status: "retrying",
      response_status: null,
      error: expect.stringMatching(/loopback/),
    });
    expect(receiver.hits()).toBe(0);
    await ferry.db.deleteFrom("webhook_endpoints").where("id", "=", created.json().id).execute();
    await receiver.close();
  });

  test("a receiver that does not answer within WEBHOOK_TIMEOUT_SECONDS fails the attempt, which is retried", async () => {
    const silent = await countingServer(() => {
      // Never answers.
    });
    const created = await createEndpoint(silent.url);
    expect(created.statusCode, created.body).toBe(201);
    const delivery = await depositAndDeliverOnce(created.json().id);
    expect(delivery).toMatchObject({ status: "retrying", response_status: null, error: "No answer within 1 s" });
    expect(silent.hits()).toBe(1);
    await ferry.db.deleteFrom("webhook_endpoints").where("id", "=", created.json().id).execute();
    silent.closeAllConnections();
    await silent.close();
  });

  test("a redirect to a private address is not followed: it is a failed attempt", async () => {
    const target = await countingServer((response) => response.writeHead(200).end());
    const redirecting = await countingServer((response) =>
      response.writeHead(307, { location: target.url.replace("127.0.0.1", "10.0.0.1") }).end(),
    );
    const toLoopback = await countingServer((response) => response.writeHead(302, { location: target.url }).end());
    for (const receiver of [redirecting, toLoopback]) {
      const created = await createEndpoint(receiver.url);
      expect(created.statusCode, created.body).toBe(201);
    }
    await fundWallet(ferry.db, user.userId, "USD", 100n);
    await ferry.jobs.runNow(WEBHOOK_DELIVERY_JOB, { once: true });
    const statuses = await ferry.db
      .selectFrom("webhook_deliveries")
      .select(["status", "response_status"])
      .where("status", "!=", "failed")
      .execute();
    expect(statuses.map((row) => row.response_status).sort()).toEqual([302, 307]);
    expect(statuses.every((row) => row.status === "retrying")).toBe(true);
    expect(redirecting.hits()).toBe(1);
    expect(toLoopback.hits()).toBe(1);
    expect(target.hits()).toBe(0);
    await Promise.all([target.close(), redirecting.close(), toLoopback.close()]);
  });
});
