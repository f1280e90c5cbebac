// What the API-credential suites share (issue 28): credentials made through the API as /connect makes
// them, and requests sent with one instead of a session.
import type { ApiScope } from "@ferry/core/contracts/connect";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { randomIp, readCodeFromMailbox, type SessionUser, send, type TestApp } from "./helpers.ts";

export interface MadeCredential {
  readonly id: string;
  readonly appId: string;
  readonly secret: string;
  /** `Bearer <app_id>:<secret>`. */
  readonly authorization: string;
}

/** The e-mailed code that lets a new credential send money, requested through the API. */
export async function requestCredentialCode(ferry: TestApp, user: SessionUser): Promise<string> {
  const response = await send(ferry.app, {
    method: "POST",
    url: "/api/v1/api-credentials/code",
    ip: user.ip,
    cookie: user.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return readCodeFromMailbox(ferry.db, user.email, "connect an app");
}

/**
 * A new credential of `user`'s with `scopes`, made through the API: with `transfers:write`, with a
 * daily limit (100.00 USD unless given) and a code e-mailed for it.
 */
export async function createCredential(
  ferry: TestApp,
  user: SessionUser,
  scopes: readonly ApiScope[],
  transferLimit: { currency: string; amount: string } = { currency: "USD", amount: "100.00" },
): Promise<MadeCredential> {
  const canSend = scopes.includes("transfers:write");
  const payload = {
    name: "Test app",
    scopes,
    ...(canSend ? { transferLimit, code: await requestCredentialCode(ferry, user) } : {}),
  };
  const response = await send(ferry.app, {
    method: "POST",
    url: "/api/v1/api-credentials",
    ip: user.ip,
    cookie: user.cookie,
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  const created = response.json() as { id: string; appId: string; secret: string };
  return { ...created, authorization: `Bearer ${created.appId}:${created.secret}` };
}

/** A request as an app sends it: no cookie, no browser Origin, the credential in `Authorization`. */
export function sendAsApp(
  ferry: TestApp,
  authorization: string,
  request: {
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
    url: string;
    payload?: unknown;
    headers?: Record<string, string>;
  },
): Promise<LightMyRequestResponse> {
  return send(ferry.app, {
    ...request,
    ip: randomIp(),
    origin: null,
    headers: { ...request.headers, authorization },
  });
}
