import type { AdminUserSession } from "@ferry/core/contracts/admin";
import type { SignUpRequest } from "@ferry/core/contracts/auth";
import { APIError } from "better-auth/api";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { selectUserIdByEmail } from "../../db/users.ts";
import { tryThrottle } from "../../http/throttle.ts";
import { enqueueMail, existingAccountMail } from "../mail/service.ts";
import type { Auth } from "./auth.ts";
import { AUTH_LIMITS, THROTTLE_KEYS } from "./limit-rules.ts";
import { deleteSignInRecords, selectLiveSessions } from "./queries.ts";

/**
 * Creates an account, or, when the address already has one, e-mails its owner instead (at most once
 * an hour, so sign-up cannot be used to flood an inbox). Both paths answer the same and both hash
 * the password, so the response never reveals whether an address exists.
 */
export async function signUp(auth: Auth, db: Database, config: Config, request: SignUpRequest): Promise<void> {
  if (await selectUserIdByEmail(db, request.email)) {
    await notifyExistingAccount(auth, db, config, request);
    return;
  }
  try {
    await auth.api.signUpEmail({ body: { email: request.email, password: request.password, name: "" } });
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
