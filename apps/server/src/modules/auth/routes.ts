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
import {
  AuthStatus,
  AuthSuccess,
  CurrentSession,
  EmailVerified,
  GetSessionQuery,
  PasswordChanged,
  SignedIn,
  SignInChallenge,
  VerifyEmailQuery,
} from "@ferry/core/contracts/auth-responses";
import { VerifyBackupCodeRequest, VerifyTotpRequest } from "@ferry/core/contracts/authenticator";
import type { ErrorCode } from "@ferry/core/errors";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import { z } from "zod";
import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import { type Database, isDatabaseReachable } from "../../db/database.ts";
import { AppError, databaseUnavailableError } from "../../errors.ts";
import { type Guards, isBanned, toFetchHeaders, viewerOf } from "../../http/guards.ts";
import { requestLanguage } from "../../http/language.ts";
import { errorResponses, PUBLIC, SIGNED_IN, SIGNED_IN_OR_NOT } from "../../http/openapi.ts";
import { enforceThrottle } from "../../http/throttle.ts";
import { AUTH_BASE_PATH, type Auth } from "./auth.ts";
import { registerAuthenticatorRoutes } from "./authenticator-routes.ts";
import { deviceCookieGenerationOf, issueDeviceCookie, recordSignInDevice, revokeDeviceCookies } from "./devices.ts";
import { AUTH_LIMITS, THROTTLE_KEYS } from "./limit-rules.ts";
import { admitAuthAttempt } from "./limits.ts";
import { reportPasswordChanged } from "./security-alerts.ts";
import { signUp } from "./service.ts";

/** One Better Auth endpoint Ferry lets through, and how the OpenAPI document describes it. */
interface AllowedEndpoint {
  readonly method: "GET" | "POST";
  /** The body it accepts, validated here and forwarded as parsed. */
  readonly body?: z.ZodType;
  /** The query string Better Auth reads (documented; Better Auth validates it). */
  readonly querystring?: z.ZodType;
  /** Guarded like every signed-in route: the guard answers before the body is judged. */
  readonly isSignedInOnly?: boolean;
  /** Reads the session cookie when there is one, and answers without it too. */
  readonly isSessionOptional?: boolean;
  readonly operationId: string;
  readonly summary: string;
  /** What Better Auth answers on success (core's contracts/auth-responses.ts). */
  readonly success: Readonly<
    Record<number, z.ZodType | { description: string; content: Record<string, { schema: z.ZodType }> }>
  >;
  /** The statuses of its refusals: Ferry's validation, guard and throttle, and Better Auth's own. */
  readonly errors: readonly ErrorCode[];
}

/** Every Better Auth endpoint can fail for want of its database, and most are throttled per address or account. */
const THROTTLED = ["validation_failed", "rate_limited", "unavailable"] as const;

/**
 * The Better Auth endpoints Ferry uses, each with the body it accepts (validated with core schemas
 * and forwarded as parsed, so only known fields reach Better Auth). Every other Better Auth path —
 * switching the second factor off, trusted devices, making or reading backup codes, password-less
 * sign-in, its admin API — answers 404 (the authenticator app is set up and removed through
 * authenticator-routes.ts).
 */
export const ALLOWED_ENDPOINTS: Readonly<Record<string, AllowedEndpoint>> = {
  "/sign-in/email": {
    method: "POST",
    body: SignInEmailRequest,
    operationId: "signIn",
    summary: "Check e-mail and password, then e-mail the sign-in code (no session until the code is verified)",
    success: { 200: SignInChallenge },
    errors: [...THROTTLED, "unauthenticated", "forbidden"],
  },
  "/sign-out": {
    method: "POST",
    body: EmptyRequest,
    isSessionOptional: true,
    operationId: "signOut",
    summary: "End the session and clear its cookie",
    success: { 200: AuthSuccess },
    errors: ["validation_failed", "unavailable"],
  },
  "/get-session": {
    method: "GET",
    querystring: GetSessionQuery,
    isSessionOptional: true,
    operationId: "getSession",
    summary: "The current session and its account, or null",
    success: { 200: CurrentSession },
    errors: ["unavailable"],
  },
  "/two-factor/send-otp": {
    method: "POST",
    body: EmptyRequest,
    operationId: "sendSignInCode",
    summary:
      "E-mail the sign-in code again (needs the cookie of a password check; refused for an account with an authenticator app)",
    success: { 200: AuthStatus },
    errors: [...THROTTLED, "unauthenticated", "forbidden"],
  },
  "/two-factor/verify-otp": {
    method: "POST",
    body: TwoFactorCodeRequest,
    operationId: "verifySignInCode",
    summary:
      "Verify the e-mailed sign-in code: starts the session (sets the session cookie); refused for an account with an authenticator app",
    success: { 200: SignedIn },
    errors: [...THROTTLED, "unauthenticated", "forbidden"],
  },
  "/two-factor/verify-totp": {
    method: "POST",
    body: VerifyTotpRequest,
    operationId: "verifySignInTotp",
    summary:
      "Verify the code of the account's authenticator app (each code once): starts the session (sets the session cookie)",
    success: { 200: SignedIn },
    errors: [...THROTTLED, "unauthenticated", "forbidden", "code_already_used"],
  },
  "/two-factor/verify-backup-code": {
    method: "POST",
    body: VerifyBackupCodeRequest,
    operationId: "verifySignInBackupCode",
    summary: "Sign in with one of the authenticator app's backup codes, which then stops working",
    success: { 200: SignedIn },
    errors: [...THROTTLED, "unauthenticated", "forbidden"],
  },
  "/email-otp/send-verification-otp": {
    method: "POST",
    body: SendVerificationCodeRequest,
    isSignedInOnly: true,
    operationId: "sendEmailVerificationCode",
    summary: "E-mail a code that verifies your own address",
    success: { 200: AuthSuccess },
    errors: [...THROTTLED, "unauthenticated", "forbidden"],
  },
  "/email-otp/verify-email": {
    method: "POST",
    body: VerifyEmailCodeRequest,
    isSignedInOnly: true,
    operationId: "verifyEmailWithCode",
    summary: "Verify your address with the e-mailed code",
    success: { 200: EmailVerified },
    errors: [...THROTTLED, "unauthenticated", "forbidden"],
  },
  "/verify-email": {
    method: "GET",
    querystring: VerifyEmailQuery,
    operationId: "verifyEmailWithLink",
    summary: "Verify an address with the link's token (redirects to callbackURL when given)",
    success: {
      200: AuthStatus,
      // Better Auth's redirect carries a JSON `null` body beside its Location header.
      302: {
        description: "Verified; redirects to the `callbackURL` given (Location header)",
        content: { "application/json": { schema: z.null() } },
      },
    },
    errors: [...THROTTLED, "unauthenticated"],
  },
  "/request-password-reset": {
    method: "POST",
    body: PasswordResetLinkRequest,
    operationId: "requestPasswordReset",
    summary: "E-mail a password-reset link (never reveals whether the address has an account)",
    success: { 200: AuthStatus },
    errors: THROTTLED,
  },
  "/reset-password": {
    method: "POST",
    body: ResetPasswordRequest,
    operationId: "resetPassword",
    summary: "Set a new password with the link's token; ends every session",
    success: { 200: AuthStatus },
    errors: THROTTLED,
  },
  "/change-password": {
    method: "POST",
    body: ChangePasswordRequest,
    isSignedInOnly: true,
    operationId: "changePassword",
    summary: "Change your password (the current one is asked again); signs out every other session",
    success: { 200: PasswordChanged },
    errors: [...THROTTLED, "unauthenticated"],
  },
};

/** `security` of an allow-listed endpoint in the OpenAPI document. */
function securityOf(endpoint: AllowedEndpoint) {
  if (endpoint.isSignedInOnly) {
    return SIGNED_IN;
  }
  return endpoint.isSessionOptional ? SIGNED_IN_OR_NOT : PUBLIC;
}

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

/** How long a failed Better Auth request waits to learn whether the database is there. */
const DATABASE_PROBE_TIMEOUT_MS = 1000;

/** Turns Better Auth's error body (`{ code, message }`) into Ferry's (`{ error: { code, message } }`). */
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

/**
 * Whether Better Auth's get-session answer names a session that has been idle past its owner's timeout
 * (the guards' own check, which deletes it); a live one records the person's activity as every guarded
 * request does.
 */
async function isIdleSessionAnswer(
  guards: Guards,
  request: FastifyRequest,
  reply: FastifyReply,
  text: string,
): Promise<boolean> {
  if (!text) {
    return false;
  }
  const parsed = JSON.parse(text) as { session?: { id?: string; userId?: string } } | null;
  const sessionId = parsed?.session?.id;
  const userId = parsed?.session?.userId;
  if (!sessionId || !userId) {
    return false;
  }
  return !(await guards.admitSession(request, reply, { sessionId, userId }));
}

/**
 * A password change ends every other session of the account, whatever the client asked: whoever else
 * was signed in (perhaps with the old password) is out at once. Better Auth gives this browser a new
 * session, so it stays signed in.
 */
function withOtherSessionsRevoked(path: string, body: unknown): unknown {
  return path === "/change-password" ? { ...(body as object), revokeOtherSessions: true } : body;
}

interface AuthRouteDeps {
  readonly auth: Auth;
  readonly db: Database;
  readonly pool: pg.Pool;
  readonly config: Config;
  readonly guards: Guards;
  /** The machine's clock, which authenticator codes are checked by (never the development clock). */
  readonly totpClock: Clock;
}

/** The allowed endpoint a request names, with its body validated; the guard first on signed-in ones. */
async function readAllowedRequest(deps: AuthRouteDeps, request: FastifyRequest, reply: FastifyReply) {
  const url = new URL(request.url, deps.config.publicUrl);
  const path = url.pathname.slice(AUTH_BASE_PATH.length);
  const endpoint = ALLOWED_ENDPOINTS[path];
  if (!endpoint || endpoint.method !== request.method) {
    throw new AppError("not_found", `No route for ${request.method} ${url.pathname}`);
  }
  if (endpoint.isSignedInOnly) {
    // Who is asking is settled before what they sent is judged, as on every other signed-in route.
    await deps.guards.requireUser(request, reply);
  }
  const body = endpoint.body ? parseBody(endpoint.body, request.body) : undefined;
  if (endpoint.isSignedInOnly) {
    const email = (body as { email?: string } | undefined)?.email;
    if (email !== undefined && email !== viewerOf(request).email) {
      throw new AppError("forbidden", "You can only verify your own e-mail address");
    }
  }
  return { url, path, body };
}

/** Better Auth's answer to the request, forwarded with the parsed body and the client's address. */
async function askBetterAuth(auth: Auth, request: FastifyRequest, url: URL, body: unknown): Promise<Response> {
  const headers = toFetchHeaders(request.headers);
  headers.set("x-ferry-client-ip", request.ip);
  headers.delete("content-length");
  return auth.handler(
    new Request(url, {
      method: request.method,
      headers,
      body: request.method === "POST" ? JSON.stringify(body ?? {}) : undefined,
    }),
  );
}

/**
 * Better Auth answers its own failures (most often: the database went away) with a 500 of its own;
 * Ferry's clients get the one error shape, and 503 when it is the database.
 */
async function refuseBetterAuthFailure(pool: pg.Pool, request: FastifyRequest, answer: Response): Promise<void> {
  if (answer.status < 500) {
    return;
  }
  const failure = await answer.text();
  request.log.error({ status: answer.status, body: failure.slice(0, 500) }, "Better Auth failed");
  if (!(await isDatabaseReachable(pool, DATABASE_PROBE_TIMEOUT_MS))) {
    throw databaseUnavailableError();
  }
  throw new AppError("internal", "Something went wrong. Please try again.");
}

/** After a password change: the owner is told, and earlier device cookies count for nothing. */
async function renewDevicesAfterPasswordChange(
  deps: AuthRouteDeps,
  request: FastifyRequest,
  response: Response,
  cookies: string[],
): Promise<void> {
  if (!response.ok || !request.viewer) {
    return;
  }
  await reportPasswordChanged(deps.db, { userId: request.viewer.userId, how: "change", clientAddress: request.ip });
  // Device cookies issued before count for nothing; this browser, which just gave the current
  // password in a signed-in session, stays a known device with a cookie of the new generation.
  const generation = await revokeDeviceCookies(deps.db, request.viewer.userId);
  cookies.push(issueDeviceCookie(deps.config, request.viewer.userId, generation));
}

/** After a completed sign-in (password and e-mailed code): this becomes a known device of the account. */
async function rememberSignInDevice(
  deps: AuthRouteDeps,
  request: FastifyRequest,
  text: string,
  cookies: string[],
): Promise<void> {
  const userId = (JSON.parse(text) as { user?: { id?: string } }).user?.id;
  if (userId) {
    await recordSignInDevice(deps.db, userId, request.headers["user-agent"] ?? "unknown", request.ip);
    cookies.push(issueDeviceCookie(deps.config, userId, await deviceCookieGenerationOf(deps.db, userId)));
  }
}

/** The Better Auth endpoints whose success completes a sign-in. */
const SECOND_STEPS = new Set(["/two-factor/verify-otp", "/two-factor/verify-totp", "/two-factor/verify-backup-code"]);

/** Better Auth's headers, less the cookies and length Ferry sets itself. */
function copyAnswerHeaders(reply: FastifyReply, response: Response): void {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie" && name !== "content-length") {
      reply.header(name, value);
    }
  }
}

/** Better Auth's own endpoints, behind Ferry's validation and throttle, answered in Ferry's error shape. */
function betterAuthProxy(deps: AuthRouteDeps) {
  const { auth, db, pool, config } = deps;
  return async function proxyToBetterAuth(request: FastifyRequest, reply: FastifyReply) {
    const { url, path, body } = await readAllowedRequest(deps, request, reply);
    const attempt = await admitAuthAttempt(
      { auth, db, config, totpClock: deps.totpClock },
      { path, ip: request.ip, body, cookieHeader: request.headers.cookie, viewerUserId: request.viewer?.userId },
    );
    const answer = attempt.answer ?? (await askBetterAuth(auth, request, url, withOtherSessionsRevoked(path, body)));
    await refuseBetterAuthFailure(pool, request, answer);
    const response = await attempt.settle(answer);
    const text = await response.text();
    const cookies = response.headers.getSetCookie();
    if (path === "/change-password") {
      await renewDevicesAfterPasswordChange(deps, request, response, cookies);
    }
    const isEndedSession =
      path === "/get-session" &&
      response.ok &&
      (isSessionOfBannedUser(text) || (await isIdleSessionAnswer(deps.guards, request, reply, text)));
    if (isEndedSession) {
      // A banned account is signed out everywhere, even if a session row of it survived the ban; an idle
      // session has ended (decision 038).
      reply.header("content-type", "application/json; charset=utf-8");
      return reply.status(200).send("null");
    }
    copyAnswerHeaders(reply, response);
    if (SECOND_STEPS.has(path) && response.ok) {
      await rememberSignInDevice(deps, request, text, cookies);
    }
    if (cookies.length > 0) {
      reply.header("set-cookie", cookies);
    }
    if (response.status >= 400) {
      reply.header("content-type", "application/json; charset=utf-8");
      return reply.send(toFerryErrorBody(response.status, text));
    }
    return reply.send(text || null);
  };
}

/** Ferry's sign-up: throttled per address, never saying whether the e-mail already has an account. */
function registerSignUpRoute(app: FastifyInstance, deps: AuthRouteDeps): void {
  const { auth, db, config } = deps;
  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/v1/auth/sign-up",
    {
      schema: {
        tags: ["auth"],
        operationId: "signUp",
        security: PUBLIC,
        summary: "Create an account (never reveals whether the e-mail already has one)",
        body: SignUpRequest,
        response: { 200: SignUpResponse, ...errorResponses("validation_failed", "rate_limited", "unavailable") },
      },
    },
    async (request) => {
      await enforceThrottle(db, [{ key: THROTTLE_KEYS.signUpsAddress(request.ip), ...AUTH_LIMITS.signUpsPerAddress }]);
      await signUp(auth, db, config, request.body, requestLanguage(request));
      return { status: "ok" as const };
    },
  );
}

export function registerAuthRoutes(app: FastifyInstance, deps: AuthRouteDeps): void {
  registerSignUpRoute(app, deps);
  registerAuthenticatorRoutes(app, {
    ...deps,
    keys: { secret: deps.config.authSecret, clock: deps.totpClock },
    settingsUrl: `${deps.config.publicUrl}/settings`,
  });
  const proxyToBetterAuth = betterAuthProxy(deps);
  for (const [path, endpoint] of Object.entries(ALLOWED_ENDPOINTS)) {
    app.route({
      method: endpoint.method,
      url: `${AUTH_BASE_PATH}${path}`,
      schema: {
        tags: ["auth"],
        operationId: endpoint.operationId,
        summary: endpoint.summary,
        security: securityOf(endpoint),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        ...(endpoint.querystring ? { querystring: endpoint.querystring } : {}),
        response: { ...endpoint.success, ...errorResponses(...endpoint.errors) },
      },
      // The schemas above describe the endpoint; the handler validates the body itself (parseBody) and
      // forwards Better Auth's answer as Better Auth wrote it, so Fastify neither validates nor serialises.
      validatorCompiler: () => (data) => ({ value: data }),
      serializerCompiler: () => (data) => JSON.stringify(data),
      handler: proxyToBetterAuth,
    });
  }
  // Any other path under /api/auth answers 404 (from the same handler), whatever Better Auth has there.
  app.route({
    method: ["GET", "POST"],
    url: `${AUTH_BASE_PATH}/*`,
    schema: { hide: true },
    handler: proxyToBetterAuth,
  });
}
