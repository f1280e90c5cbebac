import type { AdminUserSession } from "@ferry/core/contracts/admin";
import type { SignUpRequest } from "@ferry/core/contracts/auth";
import type { Language } from "@ferry/core/i18n/languages";
import { APIError } from "better-auth/api";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { selectUserIdByEmail } from "../../db/users.ts";
import { AppError } from "../../errors.ts";
import { isBanned } from "../../http/guards.ts";
import { clearThrottle, enforceThrottle, releaseHits, tryThrottle } from "../../http/throttle.ts";
import { enqueueMail, existingAccountMail } from "../mail/service.ts";
import { keepSignUpLanguage } from "../settings/service.ts";
import { type Auth, withSignUpLanguage } from "./auth.ts";
import { serializeSetCookie, signCookieValue } from "./cookies.ts";
import { deviceCookieGenerationOf, issueDeviceCookie, recordSignInDevice } from "./devices.ts";
import { AUTH_LIMITS, THROTTLE_KEYS } from "./limit-rules.ts";
import { deleteSignInRecords, selectLiveSessions } from "./queries.ts";

/**
 * Creates an account, or, when the address already has one, e-mails its owner instead (at most once
 * an hour, so sign-up cannot be used to flood an inbox). Both paths answer the same and both hash
 * the password, so the response never reveals whether an address exists.
 */
export async function signUp(
  auth: Auth,
  db: Database,
  config: Config,
  request: SignUpRequest,
  language: Language,
): Promise<void> {
  if (await selectUserIdByEmail(db, request.email)) {
    await notifyExistingAccount(auth, db, config, request);
    return;
  }
  try {
    const { user } = await withSignUpLanguage(language, () =>
      auth.api.signUpEmail({ body: { email: request.email, password: request.password, name: "" } }),
    );
    await keepSignUpLanguage(db, user.id, language);
  } catch (error) {
    // A concurrent sign-up with the same address won the race: treat it as an existing account.
    if (error instanceof APIError && error.body?.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
      await notifyExistingAccount(auth, db, config, request);
      return;
    }
    if (error instanceof APIError && String(error.body?.code ?? "").startsWith("USER_ALREADY_EXISTS")) {
      await notifyExistingAccount(auth, db, config, request);
      return;
    }
    throw error;
  }
}

async function notifyExistingAccount(auth: Auth, db: Database, config: Config, request: SignUpRequest) {
  const context = await auth.$context;
  await context.password.hash(request.password);
  const isFirstInWindow = await tryThrottle(db, [
    { key: THROTTLE_KEYS.existingAccountMail(request.email), ...AUTH_LIMITS.existingAccountMailsPerAccount },
  ]);
  if (!isFirstInWindow) {
    return;
  }
  await enqueueMail(
    db,
    existingAccountMail(request.email, `${config.publicUrl}/login`, `${config.publicUrl}/forgot-password`),
  );
}

/**
 * Checks the signed-in user's password again before they add a way to sign in (a passkey), on the
 * budget of wrong current passwords that changing the password and setting up an authenticator app
 * spend (5 per 15 minutes per account): a wrong one is refused as the authenticator's set-up refuses
 * it and counts; a right one gives its hit back.
 */
export async function confirmCurrentPassword(
  auth: Auth,
  db: Database,
  request: { userId: string; password: string; headers: Headers },
): Promise<void> {
  const key = THROTTLE_KEYS.wrongCurrentPasswordsAccount(request.userId);
  const hits = await enforceThrottle(db, [{ key, ...AUTH_LIMITS.wrongCurrentPasswordsPerAccount }]);
  try {
    await auth.api.verifyPassword({ body: { password: request.password }, headers: request.headers });
  } catch (error) {
    if (error instanceof APIError && error.body?.code === "INVALID_PASSWORD") {
      throw new AppError("validation_failed", "Incorrect password", { password: "Incorrect password" });
    }
    throw error;
  }
  await releaseHits(db, hits, [key]);
}

/** The user's live sessions, newest first, as the admin's view of a user lists them (never a token). */
export async function listLiveSessions(db: Database, userId: string, now: Date): Promise<AdminUserSession[]> {
  const rows = await selectLiveSessions(db, userId, now);
  return rows.map((row) => ({
    id: row.id,
    createdAt: new Date(row.createdAt).toISOString(),
    expiresAt: new Date(row.expiresAt).toISOString(),
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
  }));
}

/**
 * Ends every way the user signs in, in the caller's transaction: their account is being closed. Every
 * session goes (the guards find none on the next request), and so does the password, so no sign-in
 * can start again.
 */
export async function endSignInFor(trx: Database, user: { id: string; email: string }): Promise<void> {
  await deleteSignInRecords(trx, user);
}

/** Better Auth as Ferry configures it, for modules that hand it back to this one. */
export type { Auth } from "./auth.ts";

/** The client a sign-in came from, as the session and the known-devices list record it. */
export interface SignInClient {
  readonly userAgent: string;
  readonly ip: string;
}

/**
 * Completes a sign-in that proved both factors at once (a passkey with user verification) exactly as
 * a right e-mailed code completes one: a Better Auth session (its hooks run, a banned account gets
 * none), the device remembered (and the owner told of a new one), a device cookie, and the account's
 * unused code e-mails forgotten. Returns the `Set-Cookie` lines to send; undefined for a banned account.
 */
export async function startSignedInSession(
  auth: Auth,
  db: Database,
  config: Config,
  user: { id: string; banned?: boolean | null; banExpires?: Date | string | null },
  client: SignInClient,
): Promise<string[] | undefined> {
  if (isBanned(user)) {
    return undefined;
  }
  const context = await auth.$context;
  const session = await context.internalAdapter.createSession(user.id, false, {
    ipAddress: client.ip,
    userAgent: client.userAgent,
  });
  const { sessionToken, dontRememberToken } = context.authCookies;
  // As Better Auth's setSessionCookie writes it for a remembered sign-in (no cookie cache is configured).
  const cookies = [
    serializeSetCookie(sessionToken.name, signCookieValue(session.token, context.secret), {
      ...sessionToken.attributes,
      maxAge: context.sessionConfig.expiresIn,
    }),
    serializeSetCookie(dontRememberToken.name, "", { ...dontRememberToken.attributes, maxAge: 0 }),
  ];
  await recordSignInDevice(db, user.id, client.userAgent, client.ip);
  cookies.push(issueDeviceCookie(config, user.id, await deviceCookieGenerationOf(db, user.id)));
  await clearThrottle(db, THROTTLE_KEYS.codeSendsAccount(user.id));
  await clearThrottle(db, THROTTLE_KEYS.codeSendsAccountUnconfirmed(user.id));
  return cookies;
}

/** What other modules ask of the authenticator app (transfers confirm with its code). */
export {
  authenticatorEnrolledAmong,
  checkTotpCode,
  countingWrongAppCodes,
  isAcceptedTotp,
  isAuthenticatorEnrolled,
} from "./authenticator.ts";
export { createSessionReader } from "./session-reader.ts";
