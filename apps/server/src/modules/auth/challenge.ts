import { CODE_MAX_ATTEMPTS, CODE_TTL_SECONDS } from "@ferry/core/contracts/auth";
import { AUTHENTICATOR_MESSAGES } from "@ferry/core/contracts/authenticator";
import { generateRandomString } from "better-auth/crypto";
import type { Auth } from "./auth.ts";
import { readCookie, readSetCookie, serializeSetCookie, signCookieValue, verifySignedValue } from "./cookies.ts";

/** The two-factor plugin's cookie, before Better Auth adds its prefix (`better-auth.`, `__Secure-`). */
const TWO_FACTOR_COOKIE = "two_factor";
/** Better Auth names each challenge `2fa-<random>` (plugins/two-factor); other signed values are not challenges. */
const CHALLENGE_PREFIX = "2fa-";
/** How many random characters Better Auth puts after the prefix (`generateRandomString(20)`). */
const CHALLENGE_ID_LENGTH = 20;
/** How long Better Auth keeps a challenge and its cookie: its default `twoFactorCookieMaxAge`. */
const CHALLENGE_TTL_SECONDS = 600;
/**
 * What a decoy challenge's row holds where a real one holds the user id. No user has this id, so
 * should a decoy ever reach Better Auth it would refuse it as an unknown challenge.
 */
const DECOY_VALUE = "ferry-decoy-challenge";
/** What a decoy's code row holds before its count of wrong tries, where a real one holds the code's hash. */
const DECOY_CODE_VALUE = "ferry-decoy-code";
/**
 * Before a challenge's identifier, the identifier of the `verification` row that marks it as opened
 * past the ceiling, without a verdict (Better Auth's own row holds only the user id).
 */
const UNCONFIRMED_MARK_PREFIX = "ferry-unconfirmed:";

/** A pending sign-in: the password was right, the e-mailed code is still to come. */
export interface SignInChallenge {
  /** Better Auth's identifier of the challenge (`2fa-…`), the signed value of its cookie. */
  readonly challengeId: string;
  /** The account the challenge signs in to. */
  readonly userId: string;
  /**
   * Opened past the account's ceiling, where the password step gave no verdict (limits.ts): its code
   * steps must answer as a decoy's would whenever a limit of the account's would refuse.
   */
  readonly isPasswordUnconfirmed: boolean;
}

/**
 * The stand-in for a challenge that a wrong password gets while its account is past the ceiling on
 * failures (limits.ts): it looks and answers like a real one, but no code is ever sent or accepted.
 */
interface DecoyChallenge {
  readonly challengeId: string;
  readonly isDecoy: true;
}

/**
 * The exact name of Better Auth's challenge cookie, as Better Auth itself names it: with
 * `__Secure-` in production (`useSecureCookies`), plain on http in development.
 */
export async function twoFactorCookieName(auth: Auth): Promise<string> {
  const context = await auth.$context;
  return context.createAuthCookie(TWO_FACTOR_COOKIE).name;
}

/**
 * The challenge a request carries, resolved the way Better Auth resolves it: only Better Auth's own
 * cookie, correctly signed, naming a live challenge in `verification` (whose value is the user id,
 * or the decoy mark). Any other cookie, however it is named, identifies nothing.
 */
export async function readChallenge(
  auth: Auth,
  cookieHeader: string | undefined,
): Promise<SignInChallenge | DecoyChallenge | undefined> {
  const context = await auth.$context;
  const signed = readCookie(cookieHeader, context.createAuthCookie(TWO_FACTOR_COOKIE).name);
  const challengeId = signed === undefined ? undefined : verifySignedValue(signed, context.secret);
  if (challengeId === undefined || !challengeId.startsWith(CHALLENGE_PREFIX)) {
    return undefined;
  }
  const stored = await context.internalAdapter.findVerificationValue(challengeId);
  if (!stored || new Date(stored.expiresAt).getTime() <= Date.now()) {
    return undefined;
  }
  if (stored.value === DECOY_VALUE) {
    return { challengeId, isDecoy: true };
  }
  const mark = await context.internalAdapter.findVerificationValue(`${UNCONFIRMED_MARK_PREFIX}${challengeId}`);
  return { challengeId, userId: stored.value, isPasswordUnconfirmed: mark !== null && mark !== undefined };
}

/** The real sign-in challenge a request carries (see `readChallenge`); a decoy is none. */
export async function resolveSignInChallenge(
  auth: Auth,
  cookieHeader: string | undefined,
): Promise<SignInChallenge | undefined> {
  const challenge = await readChallenge(auth, cookieHeader);
  return challenge && "userId" in challenge ? challenge : undefined;
}

/** The challenge Better Auth's answer to a right password opened, read from the cookie it sets. */
export async function challengeIdOfAnswer(auth: Auth, response: Response): Promise<string | undefined> {
  const context = await auth.$context;
  const signed = readSetCookie(response, context.createAuthCookie(TWO_FACTOR_COOKIE).name);
  const challengeId = signed === undefined ? undefined : verifySignedValue(signed, context.secret);
  return challengeId?.startsWith(CHALLENGE_PREFIX) ? challengeId : undefined;
}

/**
 * Marks a real challenge as opened without a verdict (see `SignInChallenge.isPasswordUnconfirmed`),
 * for as long as the challenge lives.
 */
export async function markChallengeUnconfirmed(auth: Auth, challengeId: string): Promise<void> {
  const context = await auth.$context;
  await context.internalAdapter.createVerificationValue({
    identifier: `${UNCONFIRMED_MARK_PREFIX}${challengeId}`,
    value: "true",
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000),
  });
}

/** Stores a decoy challenge, with an identifier of the same form and lifetime as Better Auth's. */
export async function createDecoyChallenge(auth: Auth): Promise<string> {
  const context = await auth.$context;
  const challengeId = `${CHALLENGE_PREFIX}${generateRandomString(CHALLENGE_ID_LENGTH)}`;
  await context.internalAdapter.createVerificationValue({
    identifier: challengeId,
    value: DECOY_VALUE,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000),
  });
  return challengeId;
}

/**
 * The answer to a password attempt whose outcome must not show (limits.ts): the same status, body and
 * cookies for a real challenge and a decoy, whatever cookies the request carried (Better Auth's own
 * answer would expire different ones), so only the e-mailed code tells them apart.
 */
export async function answerWithoutVerdict(auth: Auth, challengeId: string, rememberMe: boolean): Promise<Response> {
  const context = await auth.$context;
  const { sessionToken, sessionData, dontRememberToken } = context.authCookies;
  const challengeCookie = context.createAuthCookie(TWO_FACTOR_COOKIE, { maxAge: CHALLENGE_TTL_SECONDS });
  const headers = new Headers({ "content-type": "application/json" });
  // As Better Auth answers a right password: "remember me" off is remembered by a signed cookie until
  // the code is verified; the half-made session's cookies are expired.
  headers.append(
    "set-cookie",
    rememberMe
      ? serializeSetCookie(dontRememberToken.name, "", { ...dontRememberToken.attributes, maxAge: 0 })
      : serializeSetCookie(
          dontRememberToken.name,
          signCookieValue("true", context.secret),
          dontRememberToken.attributes,
        ),
  );
  headers.append("set-cookie", serializeSetCookie(sessionToken.name, "", { ...sessionToken.attributes, maxAge: 0 }));
  headers.append("set-cookie", serializeSetCookie(sessionData.name, "", { ...sessionData.attributes, maxAge: 0 }));
  headers.append(
    "set-cookie",
    serializeSetCookie(challengeCookie.name, signCookieValue(challengeId, context.secret), challengeCookie.attributes),
  );
  const body = { twoFactorRedirect: true, twoFactorMethods: ["otp"], isPasswordUnconfirmed: true };
  return new Response(JSON.stringify(body), { status: 200, headers });
}

function betterAuthAnswer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** Better Auth's identifier of a challenge's current code. */
function codeIdentifierOf(challengeId: string): string {
  return `2fa-otp-${challengeId}`;
}

/**
 * `/two-factor/send-otp` for a decoy, or for an unconfirmed challenge whose account's code e-mails are
 * spent: answered as Better Auth answers a real challenge, and a code row of the same lifetime
 * replaces any earlier one, so that guesses are answered as for a fresh code, but nothing is sent and
 * no code exists (a code e-mailed earlier dies, as it would with a real new one).
 */
export async function answerCodeSendAsDecoy(auth: Auth, challengeId: string): Promise<Response> {
  const context = await auth.$context;
  const identifier = codeIdentifierOf(challengeId);
  await context.internalAdapter.consumeVerificationValue(identifier);
  await context.internalAdapter.createVerificationValue({
    identifier,
    value: `${DECOY_CODE_VALUE}:0`,
    expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
  });
  return betterAuthAnswer(200, { status: true });
}

/**
 * `/two-factor/verify-otp` for a decoy, or for an unconfirmed challenge whose account's wrong codes
 * are spent: every code is wrong, the right one included, answered step by step as Better Auth answers
 * wrong codes (plugins/two-factor/otp) and counted on the code's row the way it counts them: no code
 * sent or expired, wrong, then too many tries.
 */
export async function answerCodeGuessAsDecoy(auth: Auth, challengeId: string): Promise<Response> {
  const context = await auth.$context;
  const identifier = codeIdentifierOf(challengeId);
  const consumed = await context.internalAdapter.consumeVerificationValue(identifier);
  if (!consumed) {
    return betterAuthAnswer(400, { message: "OTP has expired", code: "OTP_HAS_EXPIRED" });
  }
  // `<code hash>:<wrong tries>` for a real code, `ferry-decoy-code:<wrong tries>` for a decoy's.
  const [code = DECOY_CODE_VALUE, counter = ""] = consumed.value.split(":");
  const attempts = Number.parseInt(counter, 10) || 0;
  if (attempts >= CODE_MAX_ATTEMPTS) {
    return betterAuthAnswer(400, {
      message: "Too many attempts. Please request a new code.",
      code: "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE",
    });
  }
  await context.internalAdapter.createVerificationValue({
    identifier,
    value: `${code}:${attempts + 1}`,
    expiresAt: consumed.expiresAt,
  });
  return betterAuthAnswer(401, { message: "Invalid code", code: "INVALID_CODE" });
}

/**
 * `/two-factor/verify-totp` or `/two-factor/verify-backup-code` answered by Ferry: a wrong code (or,
 * without a verdict, a replayed one) of a real challenge, or any code of a decoy, exactly as Better
 * Auth answers a wrong one. Ferry judges these codes before Better Auth does (limits.ts), so real and decoy challenges
 * answer them alike, however many there were: the account's and the address's limits bound them.
 */
export function answerAppCodeAsWrong(kind: "totp" | "backup"): Response {
  return kind === "totp"
    ? betterAuthAnswer(401, { message: "Invalid code", code: "INVALID_CODE" })
    : betterAuthAnswer(401, { message: "Invalid backup code", code: "INVALID_BACKUP_CODE" });
}

/**
 * A right authenticator code whose time-step was accepted already, on a challenge whose password was
 * confirmed right: said plainly (error `code_already_used`), in Better Auth's shape like its answers.
 */
export function answerAppCodeAsUsed(): Response {
  return betterAuthAnswer(422, { message: AUTHENTICATOR_MESSAGES.codeAlreadyUsed, code: "CODE_ALREADY_USED" });
}
