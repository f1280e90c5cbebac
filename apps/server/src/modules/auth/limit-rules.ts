/*
 * The numbers and keys of every limit on sign-in, codes, resets and sign-up: tables only, so that
 * Better Auth's configuration (auth.ts), which clears some of them, and the code that enforces them
 * (limits.ts), which needs Better Auth, do not import each other.
 */

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
