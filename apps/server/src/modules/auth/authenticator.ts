import { createHmac, timingSafeEqual } from "node:crypto";
import { AUTHENTICATOR_MESSAGES, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from "@ferry/core/contracts/authenticator";
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../errors.ts";
import { enforceThrottle, releaseHits } from "../../http/throttle.ts";
import { AUTH_LIMITS, THROTTLE_KEYS } from "./limit-rules.ts";
import { claimTotpStep, deleteAuthenticator, selectAuthenticator, selectAuthenticatorsOf } from "./queries.ts";

/*
 * The authenticator app (TOTP, RFC 6238): Better Auth's two-factor plugin makes and keeps the secret
 * and the backup codes (table "twoFactor", encrypted with the auth secret); Ferry checks the codes
 * where Better Auth cannot bind them to anything (enrolment, removal, transfers) and refuses a code
 * already accepted (migration 026). docs/decisions/036-authenticator-app.md.
 */

/** What checking a code needs: the auth secret the stored secret is encrypted with, and the clock. */
export interface TotpKeys {
  readonly secret: string;
  /** The machine's clock (never the development clock: authenticator apps read real time). */
  readonly clock: Clock;
}

/** Steps either side of the current one still accepted, for clocks a little apart (RFC 6238 §5.2). */
const STEP_WINDOW = 1;

/** RFC 4226's HOTP of `counter`, truncated to 6 digits (RFC 6238 uses the time-step as the counter). */
function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac("sha1", key).update(message).digest();
  const offset = digest[digest.length - 1] & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, "0");
}

/** The time-step `code` was made for, within the window around `now`; undefined when none. */
function matchingStep(key: Buffer, code: string, now: Date): number | undefined {
  if (!/^\d+$/.test(code) || code.length !== TOTP_DIGITS) {
    return undefined;
  }
  const current = Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
  const actual = Buffer.from(code);
  let matched: number | undefined;
  // Every step is compared, in constant time, whichever matches.
  for (let step = current - STEP_WINDOW; step <= current + STEP_WINDOW; step += 1) {
    if (timingSafeEqual(Buffer.from(hotp(key, step)), actual)) {
      matched ??= step;
    }
  }
  return matched;
}

/** The secret's bytes: Better Auth encrypts the secret's text and uses its UTF-8 bytes as the HMAC key. */
async function keyOf(keys: TotpKeys, encrypted: string): Promise<Buffer> {
  return Buffer.from(await symmetricDecrypt({ key: keys.secret, data: encrypted }), "utf8");
}

/**
 * A secret encrypted as Better Auth keeps it (the inverse of `keyOf`): how an imported secret would be
 * stored; the tests store RFC 6238's own secret with it to check codes against the RFC's vectors.
 */
export async function sealTotpSecret(keys: Pick<TotpKeys, "secret">, secret: string): Promise<string> {
  return symmetricEncrypt({ key: keys.secret, data: secret });
}

/** The user's authenticator: "enrolled" once a code confirmed it, "pending" between setup and that code. */
export async function authenticatorStateOf(db: Database, userId: string): Promise<"enrolled" | "pending" | "none"> {
  return authenticatorStateFrom(await selectAuthenticator(db, userId));
}

/** The state an authenticator row says (none without a row): a row not yet confirmed is pending. */
export function authenticatorStateFrom(row: { verified: boolean | null } | undefined): "enrolled" | "pending" | "none" {
  if (!row) {
    return "none";
  }
  return row.verified === false ? "pending" : "enrolled";
}

/** Which of these users have an enrolled authenticator app, in one read (a batch of transfers). */
export async function authenticatorEnrolledAmong(db: Database, userIds: readonly string[]): Promise<Set<string>> {
  const rows = await selectAuthenticatorsOf(db, userIds);
  return new Set(rows.filter((row) => authenticatorStateFrom(row) === "enrolled").map((row) => row.userId));
}

/** Whether the user has an enrolled authenticator app, which then replaces the e-mailed codes. */
export async function isAuthenticatorEnrolled(db: Database, userId: string): Promise<boolean> {
  return (await authenticatorStateOf(db, userId)) === "enrolled";
}

/** What checking an authenticator code came to (see `checkTotpCode`). */
export type TotpCheck = "accepted" | "wrong" | "replayed";

/**
 * Checks a code from the user's authenticator app ("enrolled" or, while confirming enrolment,
 * "pending"), and accepts it once: the step it was made for must be later than every step accepted
 * before for the user, whatever it was accepted for (sign-in, a transfer, enrolment, removal), so a
 * replay within its window is "replayed" — a right code, refused with `codeAlreadyUsedError` and not
 * counted as a wrong one. Run it in the transaction that acts on the code, so a refused action gives
 * the step back.
 */
export async function checkTotpCode(
  db: Database,
  keys: TotpKeys,
  request: { userId: string; code: string; state: "enrolled" | "pending" },
): Promise<TotpCheck> {
  const row = await selectAuthenticator(db, request.userId);
  const state = row && (row.verified === false ? "pending" : "enrolled");
  if (!row || state !== request.state) {
    return "wrong";
  }
  const step = matchingStep(await keyOf(keys, row.secret), request.code, keys.clock.now());
  if (step === undefined) {
    return "wrong";
  }
  return (await claimTotpStep(db, request.userId, step)) ? "accepted" : "replayed";
}

/**
 * The refusal of a "replayed" code: the code was right, but its step was accepted already (the same
 * code twice, or a sign-in and a transfer within one 30-second step). Not a wrong code: the
 * wrong-code budget does not count it, and the person is told to wait for the app's next code.
 */
export function codeAlreadyUsedError(): AppError {
  return new AppError("code_already_used", AUTHENTICATOR_MESSAGES.codeAlreadyUsed);
}

/** Whether a checked code was accepted: false for a wrong one; a replayed one throws `codeAlreadyUsedError`. */
export function isAcceptedTotp(check: TotpCheck): boolean {
  if (check === "replayed") {
    throw codeAlreadyUsedError();
  }
  return check === "accepted";
}

/** The backup codes not used yet, as Better Auth keeps them (an encrypted JSON list). */
export async function backupCodesOf(db: Database, keys: Pick<TotpKeys, "secret">, userId: string): Promise<string[]> {
  const row = await selectAuthenticator(db, userId);
  if (!row) {
    return [];
  }
  const codes = JSON.parse(await symmetricDecrypt({ key: keys.secret, data: row.backupCodes })) as unknown;
  return Array.isArray(codes) ? codes.filter((code): code is string => typeof code === "string") : [];
}

/** Removes the authenticator app: the account goes back to the e-mailed codes. */
export async function removeAuthenticatorOf(db: Database, userId: string): Promise<void> {
  await deleteAuthenticator(db, userId);
}

/**
 * Runs an action that checks a code of the user's authenticator app, counting it on the account's
 * wrong-code budget (the sign-in one: 10 an hour, whichever step guesses): the hit is reserved first,
 * so guesses made at once are all counted, and given back unless the action was refused for a wrong code
 * (`invalid_code`; a right code already used, `code_already_used`, is given back too).
 */
export async function countingWrongAppCodes<T>(db: Database, userId: string, action: () => Promise<T>): Promise<T> {
  const key = THROTTLE_KEYS.wrongCodesAccount(userId);
  const hits = await enforceThrottle(db, [{ key, ...AUTH_LIMITS.wrongCodesPerAccount }]);
  try {
    const result = await action();
    await releaseHits(db, hits, [key]);
    return result;
  } catch (error) {
    if (!(error instanceof AppError && error.code === "invalid_code")) {
      await releaseHits(db, hits, [key]);
    }
    throw error;
  }
}
