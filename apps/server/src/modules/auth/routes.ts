import {
  ChangePasswordRequest,
  EmptyRequest,
  PasswordResetLinkRequest,
  ResetPasswordRequest,
  SendVerificationCodeRequest,
  SignInEmailRequest,
  SignUpRequest,
  SignUpResponse,
  TwoFactorCodeRequest,
  VerifyEmailCodeRequest,
} from "@ferry/core/contracts/auth";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import type { z } from "zod";
import type { Config } from "../../config.ts";
import { type Database, isDatabaseReachable } from "../../db/database.ts";
import { AppError, databaseUnavailableError } from "../../errors.ts";
import { type Guards, isBanned, toFetchHeaders, viewerOf } from "../../http/guards.ts";
import { enforceThrottle } from "../../http/throttle.ts";
import { AUTH_BASE_PATH, type Auth } from "./auth.ts";
import { recordSignInDevice } from "./devices.ts";
import { AUTH_LIMITS, THROTTLE_KEYS } from "./limit-rules.ts";
import { admitAuthAttempt } from "./limits.ts";
import { signUp } from "./service.ts";

/**
 * The Better Auth endpoints Ferry uses, each with the body it accepts (validated with core schemas
 * and forwarded as parsed, so only known fields reach Better Auth). Every other Better Auth path —
 * switching the second factor off, trusted devices, backup codes, password-less sign-in, its admin
 * API — answers 404.
 */
export const ALLOWED_ENDPOINTS: Record<string, { method: "GET" | "POST"; body?: z.ZodType; isSignedInOnly?: boolean }> =
  {
    "/sign-in/email": { method: "POST", body: SignInEmailRequest },
    "/sign-out": { method: "POST", body: EmptyRequest },
    "/get-session": { method: "GET" },
    "/two-factor/send-otp": { method: "POST", body: EmptyRequest },
    "/two-factor/verify-otp": { method: "POST", body: TwoFactorCodeRequest },
    "/email-otp/send-verification-otp": { method: "POST", body: SendVerificationCodeRequest, isSignedInOnly: true },
    "/email-otp/verify-email": { method: "POST", body: VerifyEmailCodeRequest, isSignedInOnly: true },
    "/verify-email": { method: "GET" },
    "/request-password-reset": { method: "POST", body: PasswordResetLinkRequest },
    "/reset-password": { method: "POST", body: ResetPasswordRequest },
    "/change-password": { method: "POST", body: ChangePasswordRequest, isSignedInOnly: true },
  };

function parseBody(schema: z.ZodType, body: unknown): unknown {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      fields[issue.path.join(".") || "body"] ??= issue.message;
    }
    throw new AppError("validation_failed", Object.values(fields)[0] ?? "Invalid request", fields);
  }
  return parsed.data;
}

/** Turns Better Auth's error body (`{ code, message }`) into Ferry's (`{ error: { code, message } }`). */
/** How long a failed Better Auth request waits to learn whether the database is there. */
const DATABASE_PROBE_TIMEOUT_MS = 1000;

function toFerryErrorBody(status: number, text: string): string {
  try {
    const parsed = JSON.parse(text) as { code?: string; message?: string };
    const code = status === 429 ? "rate_limited" : (parsed.code ?? "auth_error").toLowerCase();
    return JSON.stringify({ error: { code, message: parsed.message ?? "Request failed" } });
  } catch {
    return JSON.stringify({ error: { code: "auth_error", message: "Request failed" } });
  }
}

/** Whether Better Auth's get-session answer names a user whose ban is in force (same rule as the guards). */
function isSessionOfBannedUser(text: string): boolean {
  try {
    const parsed = JSON.parse(text) as { user?: { banned?: boolean | null; banExpires?: string | null } } | null;
    return parsed?.user ? isBanned(parsed.user) : false;
  } catch {
    return false;
  }
}

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; db: Database; pool: pg.Pool; config: Config; guards: Guards },
) {
  const { auth, db, pool, config, guards } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    "/api/v1/auth/sign-up",
    {
      schema: {
        tags: ["auth"],
        summary: "Create an account (never reveals whether the e-mail already has one)",
        body: SignUpRequest,
        response: { 200: SignUpResponse },
      },
    },
    async (request) => {
      await enforceThrottle(db, [{ key: THROTTLE_KEYS.signUpsAddress(request.ip), ...AUTH_LIMITS.signUpsPerAddress }]);
      await signUp(auth, db, config, request.body);
      return { status: "ok" as const };
    },
  );

  // Better Auth's own endpoints, behind Ferry's validation and throttle.
  app.route({
    method: ["GET", "POST"],
    url: `${AUTH_BASE_PATH}/*`,
    schema: { hide: true },
    async handler(request, reply) {
      const url = new URL(request.url, config.publicUrl);
      const path = url.pathname.slice(AUTH_BASE_PATH.length);
      const endpoint = ALLOWED_ENDPOINTS[path];
      if (!endpoint || endpoint.method !== request.method) {
        throw new AppError("not_found", `No route for ${request.method} ${url.pathname}`);
      }
      if (endpoint.isSignedInOnly) {
        // Who is asking is settled before what they sent is judged, as on every other signed-in route.
        await guards.requireUser(request, reply);
      }
      const body = endpoint.body ? parseBody(endpoint.body, request.body) : undefined;
      if (endpoint.isSignedInOnly) {
        const email = (body as { email?: string } | undefined)?.email;
        if (email !== undefined && email !== viewerOf(request).email) {
          throw new AppError("forbidden", "You can only verify your own e-mail address");
        }
      }
      const attempt = await admitAuthAttempt(
        { auth, db, config },
        {
          path,
          ip: request.ip,
          body,
          cookieHeader: request.headers.cookie,
          viewerUserId: request.viewer?.userId,
        },
      );
      const headers = toFetchHeaders(request.headers);
      headers.set("x-ferry-client-ip", request.ip);
      headers.delete("content-length");
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers,
          body: request.method === "POST" ? JSON.stringify(body ?? {}) : undefined,
        }),
      );
      const text = await response.text();
      if (response.status >= 500) {
        // Better Auth answers its own failures (most often: the database went away) with a 500 of its
        // own; Ferry's clients get the one error shape, and 503 when it is the database.
        request.log.error({ status: response.status, body: text.slice(0, 500) }, "Better Auth failed");
        if (!(await isDatabaseReachable(pool, DATABASE_PROBE_TIMEOUT_MS))) {
          throw databaseUnavailableError();
        }
        throw new AppError("internal", "Something went wrong. Please try again.");
      }
      await attempt.settle(response.status);
      if (path === "/get-session" && response.ok && isSessionOfBannedUser(text)) {
        // A banned account is signed out everywhere, even if a session row of it survived the ban.
        reply.header("content-type", "application/json; charset=utf-8");
        return reply.status(200).send("null");
      }
      reply.status(response.status);
      for (const [name, value] of response.headers) {
        if (name !== "set-cookie" && name !== "content-length") {
          reply.header(name, value);
        }
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) {
        reply.header("set-cookie", cookies);
      }
      if (path === "/two-factor/verify-otp" && response.ok) {
        const userId = (JSON.parse(text) as { user?: { id?: string } }).user?.id;
        if (userId) {
          await recordSignInDevice(db, userId, request.headers["user-agent"] ?? "unknown", request.ip);
        }
      }
      if (response.status >= 400) {
        reply.header("content-type", "application/json; charset=utf-8");
        return reply.send(toFerryErrorBody(response.status, text));
      }
      return reply.send(text || null);
    },
  });
}
