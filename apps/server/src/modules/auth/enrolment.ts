import type {
  AuthenticatorEnrolled,
  AuthenticatorSetup,
  AuthenticatorStatus,
} from "@ferry/core/contracts/authenticator";
import { APIError } from "better-auth/api";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../errors.ts";
import { enforceThrottle, releaseHits } from "../../http/throttle.ts";
import { type AuditActor, recordAdminAction } from "../audit/service.ts";
import { enqueueMail, signInMethodChangedMail } from "../mail/service.ts";
import type { Auth } from "./auth.ts";
import {
  authenticatorStateOf,
  backupCodesOf,
  checkTotpCode,
  countingWrongAppCodes,
  isAcceptedTotp,
  removeAuthenticatorOf,
  type TotpKeys,
} from "./authenticator.ts";
import { AUTH_LIMITS, THROTTLE_KEYS } from "./limit-rules.ts";
import { markAuthenticatorVerified } from "./queries.ts";

/*
 * Enrolling and removing an authenticator app from the Security card: Better Auth's two-factor plugin
 * makes the secret and the backup codes; Ferry confirms them with a code, audits both changes and
 * e-mails the owner (a security e-mail, always sent).
 */

/** What enrolment needs: Better Auth, the database, the keys codes are checked with, and where Settings is. */
export interface EnrolmentDeps {
  readonly auth: Auth;
  readonly db: Database;
  readonly keys: TotpKeys;
  readonly settingsUrl: string;
}

/** Who is enrolling: the signed-in user, with the audit actor of their request. */
export interface Enrollee {
  readonly userId: string;
  readonly email: string;
  readonly actor: AuditActor;
}

export async function authenticatorStatusOf(deps: EnrolmentDeps, userId: string): Promise<AuthenticatorStatus> {
  const isEnrolled = (await authenticatorStateOf(deps.db, userId)) === "enrolled";
  return { isEnrolled, backupCodesLeft: isEnrolled ? (await backupCodesOf(deps.db, deps.keys, userId)).length : 0 };
}

/**
 * Starts (or restarts) enrolment: the current password is checked (5 wrong ones per 15 minutes, the
 * change-password budget), and Better Auth makes a new secret and backup codes, kept pending until a
 * code confirms them. Only the secret is answered; the backup codes wait for the confirmation.
 */
export async function startEnrolment(
  deps: EnrolmentDeps,
  userId: string,
  request: { password: string; headers: Headers },
): Promise<AuthenticatorSetup> {
  if ((await authenticatorStateOf(deps.db, userId)) === "enrolled") {
    throw new AppError("conflict", "An authenticator app is already set up. Remove it first to set up another.");
  }
  const key = THROTTLE_KEYS.wrongCurrentPasswordsAccount(userId);
  const hits = await enforceThrottle(deps.db, [{ key, ...AUTH_LIMITS.wrongCurrentPasswordsPerAccount }]);
  let totpUri: string;
  try {
    const answer = await deps.auth.api.enableTwoFactor({
      body: { password: request.password, method: "totp" },
      headers: request.headers,
    });
    totpUri = "totpURI" in answer && answer.totpURI ? answer.totpURI : "";
  } catch (error) {
    if (error instanceof APIError && error.body?.code === "INVALID_PASSWORD") {
      throw new AppError("validation_failed", "Incorrect password", { password: "Incorrect password" });
    }
    throw error;
  }
  await releaseHits(deps.db, hits, [key]);
  return { totpUri, secret: new URL(totpUri).searchParams.get("secret") ?? "" };
}

/** Runs a check of a code from the app on the account's wrong-code budget; undefined is a wrong code. */
async function withCodeBudget<T>(db: Database, userId: string, check: () => Promise<T | undefined>): Promise<T> {
  return countingWrongAppCodes(db, userId, async () => {
    const result = await check();
    if (result === undefined) {
      throw new AppError("invalid_code", "Invalid verification code");
    }
    return result;
  });
}

/**
 * Confirms a pending enrolment with a code from the app (accepted once), audits it, e-mails the owner
 * and answers the ten backup codes: the only time they are shown.
 */
export async function confirmEnrolment(
  deps: EnrolmentDeps,
  enrollee: Enrollee,
  code: string,
): Promise<AuthenticatorEnrolled> {
  const { db, keys } = deps;
  const state = await authenticatorStateOf(db, enrollee.userId);
  if (state !== "pending") {
    throw new AppError(
      "conflict",
      state === "enrolled"
        ? "An authenticator app is already set up."
        : "Start setting up your authenticator app first.",
    );
  }
  return withCodeBudget(db, enrollee.userId, () =>
    db.transaction().execute(async (trx) => {
      const check = await checkTotpCode(trx, keys, { userId: enrollee.userId, code, state: "pending" });
      if (!isAcceptedTotp(check) || !(await markAuthenticatorVerified(trx, enrollee.userId))) {
        return undefined;
      }
      await recordAuthenticatorChange(trx, deps, enrollee, "added");
      return { backupCodes: await backupCodesOf(trx, keys, enrollee.userId) };
    }),
  );
}

/**
 * Removes the enrolled app, on a current code from it or one of its backup codes: the account goes
 * back to the e-mailed code (the second step stays mandatory). Audited, and the owner is e-mailed.
 */
export async function removeAuthenticator(deps: EnrolmentDeps, enrollee: Enrollee, code: string): Promise<void> {
  const { db, keys } = deps;
  if ((await authenticatorStateOf(db, enrollee.userId)) !== "enrolled") {
    throw new AppError("not_found", "No authenticator app is set up");
  }
  await withCodeBudget(db, enrollee.userId, () =>
    db.transaction().execute(async (trx) => {
      const isRight = /^\d{6}$/.test(code)
        ? isAcceptedTotp(await checkTotpCode(trx, keys, { userId: enrollee.userId, code, state: "enrolled" }))
        : (await backupCodesOf(trx, keys, enrollee.userId)).includes(code);
      if (!isRight) {
        return undefined;
      }
      await removeAuthenticatorOf(trx, enrollee.userId);
      await recordAuthenticatorChange(trx, deps, enrollee, "removed");
      return true;
    }),
  );
}

async function recordAuthenticatorChange(
  trx: Database,
  deps: EnrolmentDeps,
  enrollee: Enrollee,
  change: "added" | "removed",
): Promise<void> {
  await recordAdminAction(trx, {
    actor: enrollee.actor,
    action: change === "added" ? "authenticator.enrol" : "authenticator.remove",
    subjectType: "user",
    subjectId: enrollee.userId,
    before: { authenticatorApp: change === "removed" },
    after: { authenticatorApp: change === "added" },
  });
  await enqueueMail(
    trx,
    signInMethodChangedMail(enrollee.email, {
      change,
      method: { kind: "authenticator" },
      settingsUrl: deps.settingsUrl,
    }),
  );
}
