import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { selectUserIdByEmail } from "../../db/users.ts";
import { AppError } from "../../errors.ts";
import {
  clearThrottle,
  countHits,
  enforceThrottle,
  recordThresholdHit,
  releaseHits,
  type ThrottleHits,
  type ThrottleRule,
  tryRecordHits,
  tryThrottle,
} from "../../http/throttle.ts";
import { enqueueMail, failedSignInAttemptsMail } from "../mail/service.ts";
import type { Auth } from "./auth.ts";
import { backupCodesOf, checkTotpCode, isAuthenticatorEnrolled } from "./authenticator.ts";
import {
  answerAppCodeAsUsed,
  answerAppCodeAsWrong,
  answerCodeGuessAsDecoy,
  answerCodeSendAsDecoy,
  answerWithoutVerdict,
  challengeIdOfAnswer,
  createDecoyChallenge,
  markChallengeUnconfirmed,
  readChallenge,
  type SignInChallenge,
} from "./challenge.ts";
import { deviceCookieGenerationOf, readDeviceCookie } from "./devices.ts";
import { AUTH_LIMITS, THROTTLE_KEYS } from "./limit-rules.ts";
import { reportWrongSignInCode } from "./security-alerts.ts";

const MINUTE = 60;

function rule(key: string, limit: Omit<ThrottleRule, "key">): ThrottleRule {
  return { key, ...limit };
}

/** An admitted request to a Better Auth endpoint; `settle` learns its outcome. */
export interface AuthAttempt {
  /** Ferry's own answer, given instead of asking Better Auth (a decoy challenge never reaches it). */
  readonly answer?: Response;
  /** Called with the answer once given; returns the answer to send (the password step may replace it). */
  settle(response: Response): Promise<Response>;
}

const NOTHING_TO_SETTLE: AuthAttempt = { settle: async (response) => response };

/** An attempt whose settling only needs the answer's status, and never changes the answer. */
function onStatus(settle: (status: number) => Promise<void>): AuthAttempt {
  return {
    async settle(response) {
      await settle(response.status);
      return response;
    },
  };
}

/** Ferry answers in Better Auth's place. */
function answeredByFerry(answer: Response): AuthAttempt {
  return { answer, settle: async (response) => response };
}

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
  /** The machine's clock, which authenticator codes are checked by. */
  readonly totpClock: Clock;
}

/** The second step a guess is for: the e-mailed code, the authenticator app's, or a backup code. */
type GuessKind = "email" | "totp" | "backup";

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
      return offeringOnlyTheApp(await admitPasswordAttempt(deps, request));
    case "/two-factor/send-otp":
      return admitCodeSend(deps, request);
    case "/two-factor/verify-otp":
      return admitCodeGuess(deps, request, "email");
    case "/two-factor/verify-totp":
      return admitCodeGuess(deps, request, "totp");
    case "/two-factor/verify-backup-code":
      return admitCodeGuess(deps, request, "backup");
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

/**
 * A request for a sign-in code e-mail. The address's limit refuses alike whatever the challenge. The
 * account's refuses only on a challenge whose password step already said the password was right;
 * one opened without a verdict has a budget of its own that never refuses (`admitUnconfirmed…`).
 */
async function admitCodeSend(deps: LimitDeps, request: AuthAttemptRequest): Promise<AuthAttempt> {
  const { db } = deps;
  const challenge = await readChallenge(deps.auth, request.cookieHeader);
  const addressRule = rule(THROTTLE_KEYS.codeSendsAddress(request.ip), AUTH_LIMITS.codeSendsPerAddress);
  if (!challenge || "isDecoy" in challenge) {
    await enforceThrottle(db, [addressRule]);
    if (!challenge) {
      throw challengeMissing();
    }
    return answeredByFerry(await answerCodeSendAsDecoy(deps.auth, challenge.challengeId));
  }
  if (await isAuthenticatorEnrolled(db, challenge.userId)) {
    // The app's code replaces the e-mailed one: none is sent. Without a verdict, as a decoy would answer.
    await enforceThrottle(db, [addressRule]);
    if (challenge.isPasswordUnconfirmed) {
      return answeredByFerry(await answerCodeSendAsDecoy(deps.auth, challenge.challengeId));
    }
    throw wrongSecondStep("email");
  }
  if (challenge.isPasswordUnconfirmed) {
    await enforceThrottle(db, [addressRule]);
    return admitUnconfirmedCodeSend(deps, challenge);
  }
  await enforceThrottle(db, [
    addressRule,
    rule(THROTTLE_KEYS.codeSendsAccount(challenge.userId), AUTH_LIMITS.codeSendsPerAccount),
  ]);
  return NOTHING_TO_SETTLE;
}

/**
 * A code e-mail for a challenge opened without a verdict: sent within its own budget; once that is
 * spent, answered as a decoy's (200, nothing sent) instead of refused, since only a real challenge
 * has a budget to spend and a refusal would tell that the password was right. The budget still
 * bounds the e-mails to the owner, and is apart from the one their own devices' challenges spend.
 */
async function admitUnconfirmedCodeSend(deps: LimitDeps, challenge: SignInChallenge): Promise<AuthAttempt> {
  const isWithinBudget = await tryThrottle(deps.db, [
    rule(THROTTLE_KEYS.codeSendsAccountUnconfirmed(challenge.userId), AUTH_LIMITS.codeSendsPerAccountUnconfirmed),
  ]);
  if (!isWithinBudget) {
    return answeredByFerry(await answerCodeSendAsDecoy(deps.auth, challenge.challengeId));
  }
  return NOTHING_TO_SETTLE;
}

/**
 * A sign-in code guess. The address's limit refuses alike whatever the challenge; a decoy's guesses
 * count only there, so decoys spend nothing of the owner's. The account's wrong codes refuse only on
 * a challenge whose password step already said the password was right; one opened without a verdict
 * has a budget of its own which, once spent, makes every code wrong, the right one included — as on a
 * decoy, since a refusal would tell that the password was right. An account with an authenticator app
 * takes only its codes (and backup codes), one without only the e-mailed code; the same limits count
 * every kind.
 */
async function admitCodeGuess(deps: LimitDeps, request: AuthAttemptRequest, kind: GuessKind): Promise<AuthAttempt> {
  const { db } = deps;
  const challenge = await readChallenge(deps.auth, request.cookieHeader);
  const addressRule = rule(THROTTLE_KEYS.codeGuessesAddress(request.ip), AUTH_LIMITS.codeGuessesPerAddress);
  if (!challenge || "isDecoy" in challenge) {
    await enforceThrottle(db, [addressRule]);
    if (!challenge) {
      throw challengeMissing();
    }
    return answeredByFerry(await answerGuessAsDecoy(deps.auth, challenge.challengeId, kind));
  }
  const { userId } = challenge;
  if ((kind === "email") === (await isAuthenticatorEnrolled(db, userId))) {
    await enforceThrottle(db, [addressRule]);
    if (challenge.isPasswordUnconfirmed) {
      return answeredByFerry(await answerGuessAsDecoy(deps.auth, challenge.challengeId, kind));
    }
    throw wrongSecondStep(kind);
  }
  if (!challenge.isPasswordUnconfirmed) {
    const hits = await enforceThrottle(db, [
      addressRule,
      rule(THROTTLE_KEYS.wrongCodesAccount(userId), AUTH_LIMITS.wrongCodesPerAccount),
    ]);
    const guess = { userId, body: request.body, kind, reserved: [hits] };
    return judgeAppCode(deps, guess, settleCodeGuess(db, userId, [hits]));
  }
  const addressHits = await enforceThrottle(db, [addressRule]);
  const accountHits = await tryRecordHits(db, [
    rule(THROTTLE_KEYS.wrongCodesAccountUnconfirmed(userId), AUTH_LIMITS.wrongCodesPerAccountUnconfirmed),
  ]);
  if (!accountHits) {
    await reportWrongSignInCode(db, userId);
    return answeredByFerry(await answerGuessAsDecoy(deps.auth, challenge.challengeId, kind));
  }
  return judgeAppCode(
    deps,
    { userId, body: request.body, kind },
    settleCodeGuess(db, userId, [addressHits, accountHits]),
  );
}

/** Every code of this kind wrong, answered as Better Auth answers a wrong one. */
async function answerGuessAsDecoy(auth: Auth, challengeId: string, kind: GuessKind): Promise<Response> {
  return kind === "email" ? answerCodeGuessAsDecoy(auth, challengeId) : answerAppCodeAsWrong(kind);
}

/**
 * An authenticator or backup code is judged by Ferry first: a TOTP is accepted once, and a wrong code
 * is answered here, counted like any wrong code. A right one goes on to Better Auth, which starts the
 * session (and strikes the backup code off). A right TOTP whose step was accepted already (a transfer
 * confirmed moments ago) is no guess: on a challenge whose password was confirmed right (`reserved`,
 * the hits it holds) it is answered as used and its hits given back; on one opened without a verdict
 * it is a wrong code, as on a decoy, since telling it apart would tell that the password was right.
 */
async function judgeAppCode(
  deps: LimitDeps,
  guess: { userId: string; body: unknown; kind: GuessKind; reserved?: readonly ThrottleHits[] },
  attempt: AuthAttempt,
): Promise<AuthAttempt> {
  const { userId, kind } = guess;
  if (kind === "email") {
    return attempt;
  }
  const code = String((guess.body as { code?: unknown } | null)?.code ?? "");
  const keys = { secret: deps.config.authSecret, clock: deps.totpClock };
  if (kind === "backup") {
    const isRight = (await backupCodesOf(deps.db, keys, userId)).includes(code);
    return isRight ? attempt : { answer: answerAppCodeAsWrong(kind), settle: attempt.settle };
  }
  const check = await checkTotpCode(deps.db, keys, { userId, code, state: "enrolled" });
  if (check === "replayed" && guess.reserved) {
    for (const hits of guess.reserved) {
      await releaseHits(deps.db, hits, hits.keys);
    }
    return answeredByFerry(answerAppCodeAsUsed());
  }
  return check === "accepted" ? attempt : { answer: answerAppCodeAsWrong(kind), settle: attempt.settle };
}

/** A second step the account does not use: refused plainly, once the password was confirmed right. */
function wrongSecondStep(kind: GuessKind): AppError {
  return kind === "email"
    ? new AppError("forbidden", "This account signs in with its authenticator app: enter the code it shows.")
    : new AppError("forbidden", "This account has no authenticator app: enter the code we e-mailed you.");
}

/**
 * Better Auth offers an enrolled account its TOTP and the e-mailed code; Ferry offers only the app
 * (the e-mail would be a way around it). A challenge answered without a verdict names the e-mailed
 * code whatever the account, so that it tells nothing.
 */
function offeringOnlyTheApp(attempt: AuthAttempt): AuthAttempt {
  return {
    ...attempt,
    async settle(response) {
      const settled = await attempt.settle(response);
      if (!isSuccess(settled.status)) {
        return settled;
      }
      const body = (await settled.clone().json()) as { twoFactorMethods?: unknown } | null;
      const methods = body?.twoFactorMethods;
      if (!Array.isArray(methods) || !methods.includes("totp")) {
        return settled;
      }
      const headers = new Headers(settled.headers);
      headers.delete("content-length");
      return new Response(JSON.stringify({ ...body, twoFactorMethods: ["totp"] }), { status: settled.status, headers });
    },
  };
}

/**
 * Once Better Auth judged a code of a real challenge: a right one gives back the hits reserved for it
 * and clears the account's code e-mails (the owner is in); a wrong one may alert the owner.
 */
function settleCodeGuess(db: Database, userId: string, reserved: readonly ThrottleHits[]): AuthAttempt {
  return onStatus(async (status) => {
    if (isSuccess(status)) {
      for (const hits of reserved) {
        await releaseHits(db, hits, hits.keys);
      }
      await clearThrottle(db, THROTTLE_KEYS.codeSendsAccount(userId));
      await clearThrottle(db, THROTTLE_KEYS.codeSendsAccountUnconfirmed(userId));
    } else if (status === 401) {
      // Better Auth's answer to a wrong code.
      await reportWrongSignInCode(db, userId);
    }
  });
}

function challengeMissing(): AppError {
  // Better Auth would refuse too; answering here keeps requests without a real challenge away from it.
  return new AppError("unauthenticated", "Your sign-in has expired. Please enter your password again.");
}

function refundOnSuccess(db: Database, hits: ThrottleHits, keys: readonly string[]): AuthAttempt {
  return onStatus(async (status) => {
    if (isSuccess(status)) {
      await releaseHits(db, hits, keys);
    }
  });
}

/**
 * The password step, after OWASP's "device cookies": a device that completed a sign-in to the account
 * before (a signed cookie, devices.ts) is judged only by its own failures, so nobody else's failures
 * ever slow the owner on it. Other devices are limited per address (the tight limit is per account
 * AND address: it slows only the address that keeps failing, with a doubling wait) and share the
 * account's ceiling, which never refuses: past it, they are no longer told whether the password was
 * right (see `admitWithoutVerdict`). Only failures count; and the password is only the first factor,
 * a right one still needs the code e-mailed to the owner. docs/decisions/010-sign-in-throttling.md.
 */
async function admitPasswordAttempt(deps: LimitDeps, request: AuthAttemptRequest): Promise<AuthAttempt> {
  const email = emailOf(request.body);
  return (await admitKnownDevice(deps, email, request.cookieHeader)) ?? admitUnknownDevice(deps, email, request);
}

/**
 * A device cookie for this account, whose own failures are within their limit: the attempt is
 * checked and answered plainly, whatever others did. Past its limit (an attacker who stole the cookie,
 * or keeps guessing on the device) the cookie counts for nothing: undefined, an unknown device.
 */
async function admitKnownDevice(
  deps: LimitDeps,
  email: string,
  cookieHeader: string | undefined,
): Promise<AuthAttempt | undefined> {
  const { db } = deps;
  const device = readDeviceCookie(deps.config, cookieHeader);
  if (!device || device.userId !== (await selectUserIdByEmail(db, email))) {
    return undefined;
  }
  if (device.generation !== (await deviceCookieGenerationOf(db, device.userId))) {
    // Issued before the password was last reset or changed.
    return undefined;
  }
  const deviceKey = THROTTLE_KEYS.signInFailuresDevice(device.userId, device.nonce);
  if (!(await tryThrottle(db, [rule(deviceKey, AUTH_LIMITS.signInFailuresPerDevice)]))) {
    return undefined;
  }
  return onStatus(async (status) => {
    if (isSuccess(status)) {
      // The right password on this device: its earlier failures were the owner's typos.
      await clearThrottle(db, deviceKey);
    }
  });
}

async function admitUnknownDevice(deps: LimitDeps, email: string, request: AuthAttemptRequest): Promise<AuthAttempt> {
  const { db } = deps;
  const addressKey = THROTTLE_KEYS.signInAddress(request.ip);
  const pairKey = THROTTLE_KEYS.signInFailuresAccountAndAddress(email, request.ip);
  const accountKey = THROTTLE_KEYS.signInFailuresAccount(email);
  const addressHits = await enforceThrottle(db, [
    rule(addressKey, AUTH_LIMITS.signInPerAddress),
    rule(pairKey, AUTH_LIMITS.signInFailuresPerAccountAndAddress),
  ]);
  const ceiling = await recordThresholdHit(db, rule(accountKey, AUTH_LIMITS.signInFailuresPerAccount));
  if (ceiling.isPastThreshold) {
    return admitWithoutVerdict(deps, email, request);
  }
  return onStatus(async (status) => {
    if (isSuccess(status)) {
      await releaseHits(db, addressHits, [addressKey]);
      await releaseHits(db, ceiling.hits, [accountKey]);
      // The right password from this address: its earlier failures were the owner's typos.
      await clearThrottle(db, pairKey);
      return;
    }
    if (status === 401) {
      await alertOwnerOfFailures(deps, email);
    }
  });
}

/**
 * Past the ceiling, an unknown device is never refused and never told whether the password was right:
 * a right one gets its real challenge, anything else a decoy, and both the same answer (a code
 * challenge flagged `isPasswordUnconfirmed`). Only a real challenge's code is e-mailed, so the owner
 * gets in with their mailbox while a guesser without it learns nothing. Nothing is given back either:
 * a refund would show in later answers which attempt was right.
 */
function admitWithoutVerdict(deps: LimitDeps, email: string, request: AuthAttemptRequest): AuthAttempt {
  const rememberMe = (request.body as { rememberMe?: unknown } | null)?.rememberMe === true;
  return {
    async settle(response) {
      let challengeId = isSuccess(response.status) ? await challengeIdOfAnswer(deps.auth, response) : undefined;
      if (challengeId) {
        // Its code steps must not tell it from a decoy either, whatever the account's code limits say.
        await markChallengeUnconfirmed(deps.auth, challengeId);
      }
      if (response.status === 401) {
        await alertOwnerOfFailures(deps, email);
      }
      challengeId ??= await createDecoyChallenge(deps.auth);
      return answerWithoutVerdict(deps.auth, challengeId, rememberMe);
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
  if (await selectUserIdByEmail(db, email)) {
    await enqueueMail(
      db,
      failedSignInAttemptsMail(email, {
        failedAttempts: failures,
        windowMinutes: windowSeconds / MINUTE,
        resetUrl: `${config.publicUrl}/forgot-password`,
      }),
    );
  }
}
