import type { SignUpRequest } from "@ferry/core/contracts/auth";
import { APIError } from "better-auth/api";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { selectUserIdByEmail } from "../../db/users.ts";
import { tryThrottle } from "../../http/throttle.ts";
import { enqueueMail, existingAccountMail } from "../mail/service.ts";
import type { Auth } from "./auth.ts";
import { AUTH_LIMITS, THROTTLE_KEYS } from "./limit-rules.ts";

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
