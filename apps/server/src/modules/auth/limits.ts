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

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Every limit on Better Auth's endpoints and Ferry's sign-up. A code also dies on its own after 5
 * wrong tries (Better Auth); these bound how many codes and tries there can be. Why the sign-in
 * limits have this shape: docs/decisions/010-sign-in-throttling.md.
 */
export const AUTH_LIMITS = {
  /**
   * Password attempts from one address that did not get past the password (it only ever slows that
   * address). Right passwords give their hit back, so many people behind one address (an office, a
   * test runner) may sign in as often as they like.
   */
  signInPerAddress: { max: 30, windowSeconds: 15 * MINUTE },
  /** Wrong passwords for one account from one address: 5 free, then 30 s, 1, 2, 4, 8, 15, 15… min apart. */
  signInFailuresPerAccountAndAddress: {
    max: 5,
    windowSeconds: HOUR,
    backoff: { firstWaitSeconds: 30, maxWaitSeconds: 15 * MINUTE },
  },
  /** Wrong passwords for one account from anywhere: a generous ceiling, then one attempt a minute, never a lockout. */
  signInFailuresPerAccount: { max: 100, windowSeconds: HOUR, backoff: { firstWaitSeconds: 60, maxWaitSeconds: 60 } },
  /** The owner is e-mailed once this many wrong passwords arrived within the window, at most once per window. */
  failedSignInAlert: { threshold: 5, windowSeconds: HOUR },
  codeSendsPerAddress: { max: 30, windowSeconds: 15 * MINUTE },
  /**
   * Sign-in code e-mails per account, however many challenges or cookies the requests carry. A
   * completed sign-in clears them: only codes that nobody entered count, so an owner signing in often
   * is never limited, while someone who knows the password but not the mailbox is.
   */
  codeSendsPerAccount: { max: 5, windowSeconds: 15 * MINUTE },
  codeGuessesPerAddress: { max: 50, windowSeconds: 15 * MINUTE },
  /** Wrong sign-in codes per account, across every challenge and address: 10 in 10⁶ an hour at most. */
  wrongCodesPerAccount: { max: 10, windowSeconds: HOUR },
  verificationSendsPerAddress: { max: 30, windowSeconds: 15 * MINUTE },
  verificationSendsPerAccount: { max: 5, windowSeconds: 15 * MINUTE },
  verificationGuessesPerAddress: { max: 50, windowSeconds: 15 * MINUTE },
  wrongVerificationCodesPerAccount: { max: 15, windowSeconds: HOUR },
  resetRequestsPerAddress: { max: 10, windowSeconds: HOUR },
  resetRequestsPerAccount: { max: 5, windowSeconds: HOUR },
  tokensPerAddress: { max: 30, windowSeconds: HOUR },
  /** Wrong current passwords on change-password, per account. */
  wrongCurrentPasswordsPerAccount: { max: 5, windowSeconds: 15 * MINUTE },
  signUpsPerAddress: { max: 10, windowSeconds: HOUR },
  /** "You already have an account" e-mails per address. */
  existingAccountMailsPerAccount: { max: 1, windowSeconds: HOUR },
} as const;

/** The throttle keys, one place, so tests and housekeeping name the same rows. */
export const THROTTLE_KEYS = {
  signInAddress: (ip: string) => `sign-in:ip:${ip}`,
  signInFailuresAccountAndAddress: (email: string, ip: string) => `sign-in:failures:account-ip:${email}|${ip}`,
  signInFailuresAccount: (email: string) => `sign-in:failures:account:${email}`,
  failedSignInAlert: (email: string) => `sign-in:alert:${email}`,
  codeSendsAddress: (ip: string) => `code-send:ip:${ip}`,
  codeSendsAccount: (userId: string) => `code-send:account:${userId}`,
  codeGuessesAddress: (ip: string) => `code-verify:ip:${ip}`,
  wrongCodesAccount: (userId: string) => `code-wrong:account:${userId}`,
  verificationSendsAddress: (ip: string) => `verify-send:ip:${ip}`,
  verificationSendsAccount: (email: string) => `verify-send:account:${email}`,
  verificationGuessesAddress: (ip: string) => `verify-code:ip:${ip}`,
  wrongVerificationCodesAccount: (userId: string) => `verify-code-wrong:account:${userId}`,
  resetRequestsAddress: (ip: string) => `reset:ip:${ip}`,
  resetRequestsAccount: (email: string) => `reset:account:${email}`,
  tokensAddress: (ip: string) => `token:ip:${ip}`,
  wrongCurrentPasswordsAccount: (userId: string) => `change-password-wrong:account:${userId}`,
  signUpsAddress: (ip: string) => `sign-up:ip:${ip}`,
  existingAccountMail: (email: string) => `sign-up:existing-account-mail:${email}`,
} as const;

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
