import type { Role } from "@ferry/core/contracts/auth";
import { BACKGROUND_REQUEST_HEADER, SESSION_EXPIRES_IN_HEADER } from "@ferry/core/contracts/sessions";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";

/** Who is making the request, once a guard has checked the session. */
export interface Viewer {
  readonly userId: string;
  readonly email: string;
  readonly role: Role;
  readonly sessionId: string;
}

declare module "fastify" {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
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
}

/**
 * Reads the session a request's headers carry, or null. The auth plugin passes Better Auth's
 * `getSession`; taking it as a function keeps every module's guards free of the auth module.
 */
export type ReadSession = (headers: Headers) => Promise<SessionOfRequest | null>;

/** A signed-in request as the idle check sees it. */
export interface SessionActivity {
  readonly sessionId: string;
  readonly userId: string;
  /** The web's own polling (core's BACKGROUND_REQUEST_HEADER): checked, but not the person's activity. */
  readonly isBackground: boolean;
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

/**
 * Route guards. `requireUser` admits a signed-in, non-banned account whose session has not been idle
 * past its owner's timeout; `requireAdmin` also requires the admin role. Both read the session from
 * the database on every request, so a ban, a sign-out or a revoked session takes effect at once.
 * Routes run them as `preValidation` hooks: who is asking is settled before what they sent is judged,
 * so an anonymous caller gets 401 (and a customer 403 on an admin route) whatever the body, and
 * learns nothing about the endpoint's rules.
 */
export function createGuards(readSession: ReadSession, checkIdle: CheckIdle) {
  /**
   * Whether the session of a signed-in request is still alive by the idle timeout. A request the
   * person caused is answered with the seconds left (core's SESSION_EXPIRES_IN_HEADER), which the
   * web counts its warning from.
   */
  async function admitSession(
    request: FastifyRequest,
    reply: FastifyReply,
    session: { sessionId: string; userId: string },
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
    const result = await readSession(toFetchHeaders(request.headers));
    if (!result || isBanned(result.user)) {
      return null;
    }
    if (!(await admitSession(request, reply, { sessionId: result.session.id, userId: result.user.id }))) {
      return null;
    }
    return {
      userId: result.user.id,
      email: result.user.email,
      role: result.user.role === "admin" ? "admin" : "user",
      sessionId: result.session.id,
    };
  }

  async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    request.viewer = await readViewer(request, reply);
    if (!request.viewer) {
      throw new AppError("unauthenticated", "You must be logged in");
    }
  }

  async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    if (request.viewer?.role !== "admin") {
      throw new AppError("forbidden", "You don't have permission to access this page.");
    }
  }

  /**
   * For a route that serves visitors and customers alike: records who is asking (a signed-in account
   * that is not banned) or null, and never refuses.
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
