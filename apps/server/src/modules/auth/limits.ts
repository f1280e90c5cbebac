import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../errors.ts";
import {
  clearThrottle,
  countHits,
  enforceThrottle,
  releaseHits,
  type ThrottleHits,
  type ThrottleRule,
  tryThrottle,
} from "../../http/throttle.ts";
import { enqueueMail, failedSignInAttemptsMail } from "../mail/service.ts";
import type { Auth } from "./auth.ts";
import { resolveSignInChallenge } from "./challenge.ts";
import { AUTH_LIMITS, THROTTLE_KEYS } from "./limit-rules.ts";
import { reportWrongSignInCode } from "./security-alerts.ts";

const MINUTE = 60;

function rule(key: string, limit: Omit<ThrottleRule, "key">): ThrottleRule {
  return { key, ...limit };
}

/** An admitted request to a Better Auth endpoint; `settle` learns its outcome. */
export interface AuthAttempt {
  /** Called with Better Auth's HTTP status once it answered. */
  settle(status: number): Promise<void>;
}

const NOTHING_TO_SETTLE: AuthAttempt = { settle: async () => {} };

export interface AuthAttemptRequest {
  /** The Better Auth path, e.g. `/sign-in/email`. */
  readonly path: string;
  /** The client address (the socket's, or the one the trusted proxies name). */
  readonly ip: string;
  /** The validated body. */
  readonly body: unknown;
  readonly cookieHeader: string | undefined;
  /** The signed-in user, for endpoints that require one. */
  readonly viewerUserId: string | undefined;
}

interface LimitDeps {
  readonly auth: Auth;
  readonly db: Database;
  readonly config: Config;
}

function emailOf(body: unknown): string {
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === "string" ? email.trim().toLowerCase() : "";
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/**
 * Applies the limits of one Better Auth endpoint before the request reaches Better Auth, and
 * returns what to do once it answered. Limits on failures reserve their hit up front, so that
 * simultaneous attempts are all counted, and give it back when the attempt succeeds.
 */
export async function admitAuthAttempt(deps: LimitDeps, request: AuthAttemptRequest): Promise<AuthAttempt> {
  const { db } = deps;
  const { ip } = request;
  switch (request.path) {
    case "/sign-in/email":
      return admitPasswordAttempt(deps, emailOf(request.body), ip);
    case "/two-factor/send-otp": {
      const challenge = await resolveSignInChallenge(deps.auth, request.cookieHeader);
      const rules = [rule(THROTTLE_KEYS.codeSendsAddress(ip), AUTH_LIMITS.codeSendsPerAddress)];
      if (challenge) {
        rules.push(rule(THROTTLE_KEYS.codeSendsAccount(challenge.userId), AUTH_LIMITS.codeSendsPerAccount));
      }
      await enforceThrottle(db, rules);
      if (!challenge) {
        throw challengeMissing();
      }
      return NOTHING_TO_SETTLE;
    }
    case "/two-factor/verify-otp": {
      const challenge = await resolveSignInChallenge(deps.auth, request.cookieHeader);
      const accountKey = challenge ? THROTTLE_KEYS.wrongCodesAccount(challenge.userId) : undefined;
      const rules = [rule(THROTTLE_KEYS.codeGuessesAddress(ip), AUTH_LIMITS.codeGuessesPerAddress)];
      if (accountKey) {
        rules.push(rule(accountKey, AUTH_LIMITS.wrongCodesPerAccount));
      }
      const hits = await enforceThrottle(db, rules);
      if (!accountKey || !challenge) {
        throw challengeMissing();
      }
      const refund = refundOnSuccess(db, hits, [accountKey, THROTTLE_KEYS.codeGuessesAddress(ip)]);
      return {
        async settle(status) {
          await refund.settle(status);
          if (isSuccess(status)) {
            await clearThrottle(db, THROTTLE_KEYS.codeSendsAccount(challenge.userId));
          } else if (status === 401) {
            // Better Auth's answer to a wrong code.
            await reportWrongSignInCode(db, challenge.userId);
          }
        },
      };
    }
    case "/email-otp/send-verification-otp":
      await enforceThrottle(db, [
        rule(THROTTLE_KEYS.verificationSendsAddress(ip), AUTH_LIMITS.verificationSendsPerAddress),
        rule(THROTTLE_KEYS.verificationSendsAccount(emailOf(request.body)), AUTH_LIMITS.verificationSendsPerAccount),
      ]);
      return NOTHING_TO_SETTLE;
    case "/email-otp/verify-email": {
      const accountKey = THROTTLE_KEYS.wrongVerificationCodesAccount(request.viewerUserId ?? "");
      const hits = await enforceThrottle(db, [
        rule(THROTTLE_KEYS.verificationGuessesAddress(ip), AUTH_LIMITS.verificationGuessesPerAddress),
        rule(accountKey, AUTH_LIMITS.wrongVerificationCodesPerAccount),
      ]);
      return refundOnSuccess(db, hits, [accountKey]);
    }
    case "/request-password-reset":
      await enforceThrottle(db, [
        rule(THROTTLE_KEYS.resetRequestsAddress(ip), AUTH_LIMITS.resetRequestsPerAddress),
        rule(THROTTLE_KEYS.resetRequestsAccount(emailOf(request.body)), AUTH_LIMITS.resetRequestsPerAccount),
      ]);
      return NOTHING_TO_SETTLE;
    case "/reset-password":
    case "/verify-email":
      await enforceThrottle(db, [rule(THROTTLE_KEYS.tokensAddress(ip), AUTH_LIMITS.tokensPerAddress)]);
      return NOTHING_TO_SETTLE;
    case "/change-password": {
      const accountKey = THROTTLE_KEYS.wrongCurrentPasswordsAccount(request.viewerUserId ?? "");
      const hits = await enforceThrottle(db, [rule(accountKey, AUTH_LIMITS.wrongCurrentPasswordsPerAccount)]);
      return refundOnSuccess(db, hits, [accountKey]);
    }
    default:
      return NOTHING_TO_SETTLE;
  }
}

function challengeMissing(): AppError {
  // Better Auth would refuse too; answering here keeps requests without a real challenge away from it.
  return new AppError("unauthenticated", "Your sign-in has expired. Please enter your password again.");
}

function refundOnSuccess(db: Database, hits: ThrottleHits, keys: readonly string[]): AuthAttempt {
  return {
    async settle(status) {
      if (isSuccess(status)) {
        await releaseHits(db, hits, keys);
      }
    },
  };
}

/**
 * The password step. Only failures count toward the account's limits, so the owner signing in
 * never limits themselves; a limit that anyone could trip from one address would let anyone lock
 * the owner out, so the tight limit is per account AND address (it slows only the address that
 * keeps failing, with a doubling wait), and the per-account ceiling is high and only slows to one
 * attempt a minute instead of refusing for the rest of the window. The password is also only the
 * first factor: a right guess still needs the code e-mailed to the owner.
 */
async function admitPasswordAttempt(deps: LimitDeps, email: string, ip: string): Promise<AuthAttempt> {
  const { db } = deps;
  const pairKey = THROTTLE_KEYS.signInFailuresAccountAndAddress(email, ip);
  const accountKey = THROTTLE_KEYS.signInFailuresAccount(email);
  const hits = await enforceThrottle(db, [
    rule(THROTTLE_KEYS.signInAddress(ip), AUTH_LIMITS.signInPerAddress),
    rule(pairKey, AUTH_LIMITS.signInFailuresPerAccountAndAddress),
    rule(accountKey, AUTH_LIMITS.signInFailuresPerAccount),
  ]);
  return {
    async settle(status) {
      if (isSuccess(status)) {
        await releaseHits(db, hits, [accountKey, THROTTLE_KEYS.signInAddress(ip)]);
        // The right password from this address: its earlier failures were the owner's typos.
        await clearThrottle(db, pairKey);
        return;
      }
      if (status === 401) {
        await alertOwnerOfFailures(deps, email);
      }
    },
  };
}

/** E-mails the owner once per window when wrong passwords for their account keep arriving. */
async function alertOwnerOfFailures(deps: LimitDeps, email: string): Promise<void> {
  const { db, config } = deps;
  const { threshold, windowSeconds } = AUTH_LIMITS.failedSignInAlert;
  const failures = await countHits(db, THROTTLE_KEYS.signInFailuresAccount(email), windowSeconds);
  if (failures < threshold) {
    return;
  }
  // Claimed for unknown addresses too, so both cost the same and nothing tells them apart.
  const isFirstInWindow = await tryThrottle(db, [
    rule(THROTTLE_KEYS.failedSignInAlert(email), { max: 1, windowSeconds }),
  ]);
  if (!isFirstInWindow) {
    return;
  }
  const owner = await db.selectFrom("user").select("email").where("email", "=", email).executeTakeFirst();
  if (owner) {
    await enqueueMail(
      db,
      failedSignInAttemptsMail(owner.email, {
        failedAttempts: failures,
        windowMinutes: windowSeconds / MINUTE,
        resetUrl: `${config.publicUrl}/forgot-password`,
      }),
    );
  }
}
