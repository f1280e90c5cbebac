import { randomUUID } from "node:crypto";
import { SECOND_FACTOR_FAILURES_PER_ALERT } from "@ferry/core/contracts/alerts";
import type { Database } from "../../db/database.ts";
import { selectUserEmail } from "../../db/users.ts";
import { countHits } from "../../http/throttle.ts";
import { notifyAlertRules } from "../alerts/service.ts";
import { recordAdminAction } from "../audit/service.ts";
import { enqueueMail, passwordChangedMail, type RemainingPasskeys } from "../mail/service.ts";
import { AUTH_LIMITS, THROTTLE_KEYS } from "./limit-rules.ts";

const HOUR_MS = 60 * 60 * 1000;

/** A password that changed: whose, how (the change form or a reset link), and from which client address. */
export interface PasswordChange {
  readonly userId: string;
  readonly how: "change" | "reset";
  /** The request's client address; null when Better Auth's hook was not handed the request. */
  readonly clientAddress: string | null;
  /** After a reset: the passkeys it kept, which the e-mail lists (decision 037). */
  readonly passkeys?: RemainingPasskeys;
}

/**
 * After the user's password changed (by the change form or a reset link): an audit row
 * (`password.change` or `password.reset`, by the user; never the password), the security e-mail, which
 * always goes, and the user's security alert rules. Each successful change is its own event.
 */
export async function reportPasswordChanged(db: Database, change: PasswordChange): Promise<void> {
  const { userId } = change;
  await recordAdminAction(db, {
    actor: { userId, clientAddress: change.clientAddress },
    action: `password.${change.how}`,
    subjectType: "user",
    subjectId: userId,
    before: null,
    after: null,
    // Better Auth ends the user's other sessions on a change (Ferry asks it to), every session on a reset.
    details: change.how === "change" ? { otherSessionsRevoked: true } : { allSessionsRevoked: true },
  });
  const email = await selectUserEmail(db, userId);
  if (email) {
    await enqueueMail(db, passwordChangedMail(email, change.passkeys));
  }
  await notifyAlertRules(db, {
    kind: "security",
    userId,
    eventKey: `password-changed:${randomUUID()}`,
    event: "password_changed",
  });
}

/**
 * After a wrong sign-in code: once the account's wrong codes of the last hour (the throttle's own
 * counts, which keep only failures: on the challenges of a confirmed password and on those opened
 * without a verdict) reach the alert's number, the rules hear of it — at most once per clock hour,
 * the event's key.
 */
export async function reportWrongSignInCode(db: Database, userId: string): Promise<void> {
  const wrongCodes =
    (await countHits(db, THROTTLE_KEYS.wrongCodesAccount(userId), AUTH_LIMITS.wrongCodesPerAccount.windowSeconds)) +
    (await countHits(
      db,
      THROTTLE_KEYS.wrongCodesAccountUnconfirmed(userId),
      AUTH_LIMITS.wrongCodesPerAccountUnconfirmed.windowSeconds,
    ));
  if (wrongCodes < SECOND_FACTOR_FAILURES_PER_ALERT) {
    return;
  }
  await notifyAlertRules(db, {
    kind: "security",
    userId,
    eventKey: `second-factor-failures:${Math.floor(Date.now() / HOUR_MS)}`,
    event: "second_factor_failures",
  });
}
