import { createHmac, timingSafeEqual } from "node:crypto";
import type { Auth } from "./auth.ts";

/** The two-factor plugin's cookie, before Better Auth adds its prefix (`better-auth.`, `__Secure-`). */
const TWO_FACTOR_COOKIE = "two_factor";
/** Better Auth names each challenge `2fa-<random>` (plugins/two-factor); other signed values are not challenges. */
const CHALLENGE_PREFIX = "2fa-";
/** Better Auth (better-call) signs cookies with HMAC-SHA256, base64 with padding: always 44 characters. */
const SIGNATURE_LENGTH = 44;

/** A pending sign-in: the password was right, the e-mailed code is still to come. */
export interface SignInChallenge {
  /** Better Auth's identifier of the challenge (`2fa-…`), the signed value of its cookie. */
  readonly challengeId: string;
  /** The account the challenge signs in to. */
  readonly userId: string;
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
 * The value of the cookie named exactly `name` in a `Cookie` header. The first one wins, as in
 * Better Auth's own parser, so Ferry and Better Auth always read the same challenge.
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? "").split(";")) {
    const separator = pair.indexOf("=");
    if (separator < 0 || pair.slice(0, separator).trim() !== name) {
      continue;
    }
    let value = pair.slice(separator + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) {
      value = value.slice(1, -1);
    }
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/** The signed value of a Better Auth cookie (`value.signature`), or undefined when the signature is wrong. */
export function verifySignedValue(signed: string, secret: string): string | undefined {
  const separator = signed.lastIndexOf(".");
  if (separator < 1) {
    return undefined;
  }
  const value = signed.slice(0, separator);
  const signature = Buffer.from(signed.slice(separator + 1));
  const expected = Buffer.from(createHmac("sha256", secret).update(value).digest("base64"));
  if (signature.length !== SIGNATURE_LENGTH || !timingSafeEqual(signature, expected)) {
    return undefined;
  }
  return value;
}

/**
 * The sign-in challenge a request carries, resolved to its account the way Better Auth resolves it:
 * only Better Auth's own cookie, correctly signed, naming a live challenge in `verification` (whose
 * value is the user id). Any other cookie, however it is named, identifies nothing.
 */
export async function resolveSignInChallenge(
  auth: Auth,
  cookieHeader: string | undefined,
): Promise<SignInChallenge | undefined> {
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
  return { challengeId, userId: stored.value };
}
