import type { Database } from "../../db/database.ts";
import { type ReadSession, type SessionOfRequest, toFetchHeaders } from "../../http/guards.ts";
import { sessionTimeoutMinutesFrom } from "../settings/service.ts";
import type { Auth } from "./auth.ts";
import { authenticatorStateFrom } from "./authenticator.ts";
import { readCookie, verifySignedValue } from "./cookies.ts";
import { selectSessionWithUser } from "./queries.ts";

/*
 * The guards' session read (issue 31). Better Auth's getSession reads the session, then its user, and
 * runs its endpoint machinery on every request; for a live session that needs nothing written, the
 * same answer comes from one statement here. Everything else — no or badly signed cookie, an unknown
 * or expired session, one due for its daily refresh — is Better Auth's own getSession, so its rules
 * (expiry, clean-up, refresh) stay the only ones. Nothing is cached: a ban, a sign-out or a revoked
 * session is seen on the very next request, in every process.
 */

export function createSessionReader(auth: Auth, db: Database): ReadSession {
  // Node's headers become Fetch headers only for Better Auth: building them costs more than the rest.
  const askBetterAuth = (headers: Parameters<ReadSession>[0]) =>
    auth.api.getSession({ headers: toFetchHeaders(headers) });
  return async (headers): Promise<SessionOfRequest | null> => {
    const context = await auth.$context;
    const cookies = headers.cookie;
    const signedValueOf = (name: string) => {
      const signed = readCookie(cookies, name);
      return signed === undefined ? undefined : verifySignedValue(signed, context.secret);
    };
    const token = signedValueOf(context.authCookies.sessionToken.name);
    if (token === undefined) {
      return askBetterAuth(headers);
    }
    const row = await selectSessionWithUser(db, token);
    if (!row) {
      return askBetterAuth(headers);
    }
    const now = Date.now();
    const expiresAt = new Date(row.expiresAt).getTime();
    const { expiresIn, updateAge } = context.sessionConfig;
    // Better Auth's own test: expired, or older than updateAge since it was last extended — unless the
    // person chose not to be remembered (its signed dont_remember cookie), whose session is never extended.
    const isRemembered = signedValueOf(context.authCookies.dontRememberToken.name) === undefined;
    const isDueForRefresh = isRemembered && expiresAt - expiresIn * 1000 + updateAge * 1000 <= now;
    if (expiresAt < now || isDueForRefresh) {
      return askBetterAuth(headers);
    }
    return {
      session: { id: row.sessionId },
      user: { id: row.userId, email: row.email, role: row.role, banned: row.banned, banExpires: row.banExpires },
      lastActiveAt: new Date(row.lastActiveAt),
      idleTimeoutMinutes: sessionTimeoutMinutesFrom(row.preferencesUserId === null ? undefined : row),
      isAuthenticatorEnrolled:
        authenticatorStateFrom(row.authenticatorId === null ? undefined : { verified: row.authenticatorVerified }) ===
        "enrolled",
    };
  };
}
