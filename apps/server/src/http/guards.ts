import type { Role } from "@ferry/core/contracts/auth";
import type { ApiScope } from "@ferry/core/contracts/connect";
import { BACKGROUND_REQUEST_HEADER, SESSION_EXPIRES_IN_HEADER } from "@ferry/core/session-headers";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";

/** The API credential (connected app) a request authenticated with, instead of a session. */
export interface ViewerCredential {
  readonly id: string;
  readonly appId: string;
  readonly name: string;
  readonly scopes: readonly ApiScope[];
  /** What a `transfers:write` credential may send in 24 hours, in one currency; null without the scope. */
  readonly transferLimit: { readonly currency: string; readonly amountMinor: bigint } | null;
}

/** Who is making the request, once a guard has checked the session or the API credential. */
export interface Viewer {
  readonly userId: string;
  readonly email: string;
  readonly role: Role;
  /** The session's id; for an API credential `api-credential:<id>`, which no session row has. */
  readonly sessionId: string;
  /** How the request authenticated: null for a browser session, else the app's credential. */
  readonly credential: ViewerCredential | null;
  /**
   * Whether the person confirms with an authenticator app, as the session read found it (spares a
   * read); undefined when it was not read with the session.
   */
  readonly isAuthenticatorEnrolled?: boolean;
}

declare module "fastify" {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
  interface FastifyContextConfig {
    /**
     * The one scope an API credential needs to call this route (decision 041); without it the route
     * refuses every credential with 403, whatever its scopes. Sessions are unaffected.
     */
    apiScope?: ApiScope;
  }
}

/** A route's `config` that admits API credentials holding `scope` (besides sessions). */
export function acceptsApiScope(scope: ApiScope): { apiScope: ApiScope } {
  return { apiScope: scope };
}

/** Node's incoming headers as a Fetch `Headers`, which Better Auth expects. */
export function toFetchHeaders(incoming: FastifyRequest["headers"]): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (Array.isArray(value)) {
      for (const item of value) {
        headers.append(name, item);
      }
    } else if (value !== undefined) {
      headers.set(name, String(value));
    }
  }
  return headers;
}

/**
 * Whether a ban is in force: the admin plugin's `banned` flag, until `banExpires` if it has one.
 * The one rule for /api/v1 (the guards) and for Better Auth's get-session.
 */
export function isBanned(user: { banned?: boolean | null; banExpires?: Date | string | null }): boolean {
  if (user.banned !== true) {
    return false;
  }
  if (user.banExpires === null || user.banExpires === undefined) {
    return true;
  }
  return new Date(user.banExpires).getTime() > Date.now();
}

/** What the guards read of a session: Better Auth's user (with the admin plugin's role and ban) and session. */
export interface SessionOfRequest {
  readonly user: {
    readonly id: string;
    readonly email: string;
    readonly role?: string | null;
    readonly banned?: boolean | null;
    readonly banExpires?: Date | string | null;
  };
  readonly session: { readonly id: string };
  /** When the session last counted as active, when the read had it at hand (spares the idle check a read). */
  readonly lastActiveAt?: Date;
  /** The owner's idle timeout in minutes (null: never), when the read had it at hand (spares another). */
  readonly idleTimeoutMinutes?: number | null;
  /** Whether the owner has an enrolled authenticator app, when the read had it at hand. */
  readonly isAuthenticatorEnrolled?: boolean;
}

/**
 * Reads the session a request's headers (Node's, as they came) carry, or null. The auth plugin passes
 * its session reader; taking it as a function keeps every module's guards free of the auth module.
 */
export type ReadSession = (headers: FastifyRequest["headers"]) => Promise<SessionOfRequest | null>;

/** An API credential as the guards see it once its secret matched: the credential and its owner. */
export interface CredentialOfRequest {
  readonly user: SessionOfRequest["user"];
  readonly credential: ViewerCredential;
}

/**
 * Checks an app id and secret (modules/api-keys, passed in by the guards plugin): the live, unrevoked
 * credential whose secret matches, with its owner, or null. It also records when it was last used.
 */
export type ReadCredential = (appId: string, secret: string) => Promise<CredentialOfRequest | null>;

/** Where a credential stands against its rate limit after this request was admitted. */
export interface RateLimitState {
  readonly limit: number;
  readonly remaining: number;
  readonly resetSeconds: number;
}

/**
 * Counts one request of a credential against its rate limit (http/throttle.ts `enforceRateLimit`):
 * its state, or an AppError `rate_limited` carrying Retry-After and the RateLimit-* headers.
 */
export type LimitCredential = (credentialId: string) => Promise<RateLimitState>;

/**
 * The app id and secret of an `Authorization` header: `Bearer app_…:sk_…`, or HTTP Basic with the app id
 * as user and the secret as password. Undefined: no such header (the session cookie decides); null: a
 * header that is neither, which is refused rather than falling back to the cookie.
 */
export function parseApiCredentialHeader(
  header: string | undefined,
): { appId: string; secret: string } | null | undefined {
  if (header === undefined || header === "") {
    return undefined;
  }
  const match = /^(Bearer|Basic) +(\S+)$/i.exec(header.trim());
  if (!match) {
    return null;
  }
  const scheme = (match[1] ?? "").toLowerCase();
  const token = match[2] ?? "";
  const pair = scheme === "basic" ? Buffer.from(token, "base64").toString("utf8") : token;
  const colon = pair.indexOf(":");
  if (colon <= 0 || colon === pair.length - 1) {
    return null;
  }
  return { appId: pair.slice(0, colon), secret: pair.slice(colon + 1) };
}

/** The headers every credential request is answered with: where it stands against its rate limit. */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    "ratelimit-limit": String(state.limit),
    "ratelimit-remaining": String(state.remaining),
    "ratelimit-reset": String(state.resetSeconds),
  };
}

/** A signed-in request as the idle check sees it. */
export interface SessionActivity {
  readonly sessionId: string;
  readonly userId: string;
  /** The web's own polling (core's BACKGROUND_REQUEST_HEADER): checked, but not the person's activity. */
  readonly isBackground: boolean;
  /** When the session last counted as active, if the session read had it; else the idle check reads it. */
  readonly lastActiveAt?: Date;
  /** The owner's idle timeout in minutes (null: never), if the session read had it; else the check reads it. */
  readonly idleTimeoutMinutes?: number | null;
}

/** The idle check's verdict: the session has ended, or lives with this many seconds left (null: no limit). */
export type IdleVerdict =
  | { readonly isAlive: false }
  | { readonly isAlive: true; readonly expiresInSeconds: number | null };

/**
 * The idle session timeout (modules/sessions, decision 038), passed in by the guards plugin so that
 * http/ stays free of modules: it ends a session idle for too long and records the person's activity.
 */
export type CheckIdle = (activity: SessionActivity) => Promise<IdleVerdict>;

/** How the guards check API credentials: modules/api-keys, handed in by the guards plugin. */
export interface CredentialChecks {
  readonly read: ReadCredential;
  readonly limit: LimitCredential;
}

/**
 * A request carrying an API credential (decision 041): its app id and secret must match a live
 * credential of an account that is not banned or closed (checked on every request, like a session),
 * each request counts against the credential's rate limit, and the route must accept the scope it
 * declares (`config.apiScope`), which the credential must hold. No idle check: an app is not a person.
 */
async function readCredentialViewer(
  credentials: CredentialChecks,
  request: FastifyRequest,
  reply: FastifyReply,
  pair: { appId: string; secret: string } | null,
): Promise<Viewer> {
  const found = pair ? await credentials.read(pair.appId, pair.secret) : null;
  if (!found || isBanned(found.user)) {
    throw new AppError("unauthenticated", "Invalid API credentials");
  }
  reply.headers(rateLimitHeaders(await credentials.limit(found.credential.id)));
  const scope = request.routeOptions.config.apiScope;
  if (scope === undefined) {
    throw new AppError("forbidden", "This route is not available to API credentials");
  }
  if (!found.credential.scopes.includes(scope)) {
    throw new AppError("forbidden", `This API credential lacks the ${scope} scope`);
  }
  return {
    userId: found.user.id,
    email: found.user.email,
    role: "user",
    sessionId: `api-credential:${found.credential.id}`,
    credential: found.credential,
  };
}

/**
 * Route guards. `requireUser` admits a signed-in, non-banned account whose session has not been idle
 * past its owner's timeout; `requireAdmin` also requires the admin role. Both read the session from
 * the database on every request, so a ban, a sign-out or a revoked session takes effect at once.
 * Routes run them as `preValidation` hooks: who is asking is settled before what they sent is judged,
 * so an anonymous caller gets 401 (and a customer 403 on an admin route) whatever the body, and
 * learns nothing about the endpoint's rules.
 */
export function createGuards(readSession: ReadSession, checkIdle: CheckIdle, credentials: CredentialChecks) {
  /**
   * Whether the session of a signed-in request is still alive by the idle timeout. A request the
   * person caused is answered with the seconds left (core's SESSION_EXPIRES_IN_HEADER), which the
   * web counts its warning from.
   */
  async function admitSession(
    request: FastifyRequest,
    reply: FastifyReply,
    session: Omit<SessionActivity, "isBackground">,
  ): Promise<boolean> {
    const isBackground = request.headers[BACKGROUND_REQUEST_HEADER] === "1";
    const verdict = await checkIdle({ ...session, isBackground });
    if (!verdict.isAlive) {
      return false;
    }
    if (!isBackground) {
      const left = verdict.expiresInSeconds;
      reply.header(SESSION_EXPIRES_IN_HEADER, left === null ? "never" : String(left));
    }
    return true;
  }

  async function readViewer(request: FastifyRequest, reply: FastifyReply): Promise<Viewer | null> {
    const result = await readSession(request.headers);
    if (!result || isBanned(result.user)) {
      return null;
    }
    const session = {
      sessionId: result.session.id,
      userId: result.user.id,
      lastActiveAt: result.lastActiveAt,
      idleTimeoutMinutes: result.idleTimeoutMinutes,
    };
    if (!(await admitSession(request, reply, session))) {
      return null;
    }
    return {
      userId: result.user.id,
      email: result.user.email,
      role: result.user.role === "admin" ? "admin" : "user",
      sessionId: result.session.id,
      credential: null,
      isAuthenticatorEnrolled: result.isAuthenticatorEnrolled,
    };
  }

  async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const pair = parseApiCredentialHeader(request.headers.authorization);
    if (pair !== undefined) {
      request.viewer = await readCredentialViewer(credentials, request, reply, pair);
      return;
    }
    request.viewer = await readViewer(request, reply);
    if (!request.viewer) {
      throw new AppError("unauthenticated", "You must be logged in");
    }
  }

  async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    if (request.viewer?.role !== "admin" || request.viewer.credential !== null) {
      throw new AppError("forbidden", "You don't have permission to access this page.");
    }
  }

  /**
   * For a route that serves visitors and customers alike: records who is asking (a signed-in account
   * that is not banned) or null, and never refuses. It reads the session only: an API credential here
   * is not a viewer.
   */
  async function identifyViewer(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    request.viewer = await readViewer(request, reply);
  }

  return { requireUser, requireAdmin, identifyViewer, admitSession };
}

export type Guards = ReturnType<typeof createGuards>;

/** The viewer set by a guard; throws if a route forgot its guard. */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) {
    throw new AppError("unauthenticated", "You must be logged in");
  }
  return request.viewer;
}
