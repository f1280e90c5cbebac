/*
 * The numbers and keys of every limit on sign-in, codes, resets and sign-up: tables only, so that
 * Better Auth's configuration (auth.ts), which clears some of them, and the code that enforces them
 * (limits.ts), which needs Better Auth, do not import each other.
 */

import { clientAddressKey } from "../../http/client-address.ts";

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
  /**
   * Password attempts for one account from devices it has not signed in on (no device cookie), from
   * anywhere: past this many failures an hour nobody is refused, but such devices are no longer told
   * whether the password was right (the e-mailed code is the only confirmation). Never a lockout.
   */
  signInFailuresPerAccount: { max: 100, windowSeconds: HOUR },
  /**
   * Wrong passwords from one device cookie (a device that completed a sign-in to the account). A
   * device within it is exempt from the account's ceiling; past it, the cookie counts for nothing and
   * the device is treated as unknown until the window has passed (OWASP's device-cookie lockout).
   */
  signInFailuresPerDevice: { max: 10, windowSeconds: HOUR },
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
  /**
   * The same two budgets, kept apart, for the challenges a right password opened past the ceiling
   * (answered without a verdict): once spent they never refuse, the challenge answers as a decoy
   * does (no code sent, every code wrong), so they do not tell a right password from a wrong one;
   * and being apart, whoever holds such a challenge cannot spend the budgets of the owner's own
   * devices. Another 10 wrong codes an hour at most: 2 in 10⁵ an hour in all.
   */
  codeSendsPerAccountUnconfirmed: { max: 5, windowSeconds: 15 * MINUTE },
  wrongCodesPerAccountUnconfirmed: { max: 10, windowSeconds: HOUR },
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

const accountAndAnyAddressPrefix = (email: string) => `sign-in:failures:account-ip:${email}|`;

/**
 * The throttle keys, one place, so tests and housekeeping name the same rows. Every per-address key
 * counts the client by `clientAddressKey`: an IPv6 client by its /64, which one subscriber owns whole.
 */
export const THROTTLE_KEYS = {
  signInAddress: (ip: string) => `sign-in:ip:${clientAddressKey(ip)}`,
  signInFailuresAccountAndAddress: (email: string, ip: string) =>
    `${accountAndAnyAddressPrefix(email)}${clientAddressKey(ip)}`,
  /** The prefix of every account-and-address key of one account (a password reset clears them all). */
  signInFailuresAccountAndAnyAddress: accountAndAnyAddressPrefix,
  signInFailuresAccount: (email: string) => `sign-in:failures:account:${email}`,
  signInFailuresDevice: (userId: string, nonce: string) => `sign-in:failures:device:${userId}|${nonce}`,
  failedSignInAlert: (email: string) => `sign-in:alert:${email}`,
  codeSendsAddress: (ip: string) => `code-send:ip:${clientAddressKey(ip)}`,
  codeSendsAccount: (userId: string) => `code-send:account:${userId}`,
  codeSendsAccountUnconfirmed: (userId: string) => `code-send:unconfirmed:${userId}`,
  codeGuessesAddress: (ip: string) => `code-verify:ip:${clientAddressKey(ip)}`,
  wrongCodesAccount: (userId: string) => `code-wrong:account:${userId}`,
  wrongCodesAccountUnconfirmed: (userId: string) => `code-wrong:unconfirmed:${userId}`,
  verificationSendsAddress: (ip: string) => `verify-send:ip:${clientAddressKey(ip)}`,
  verificationSendsAccount: (email: string) => `verify-send:account:${email}`,
  verificationGuessesAddress: (ip: string) => `verify-code:ip:${clientAddressKey(ip)}`,
  wrongVerificationCodesAccount: (userId: string) => `verify-code-wrong:account:${userId}`,
  resetRequestsAddress: (ip: string) => `reset:ip:${clientAddressKey(ip)}`,
  resetRequestsAccount: (email: string) => `reset:account:${email}`,
  tokensAddress: (ip: string) => `token:ip:${clientAddressKey(ip)}`,
  wrongCurrentPasswordsAccount: (userId: string) => `change-password-wrong:account:${userId}`,
  signUpsAddress: (ip: string) => `sign-up:ip:${clientAddressKey(ip)}`,
  existingAccountMail: (email: string) => `sign-up:existing-account-mail:${email}`,
} as const;
