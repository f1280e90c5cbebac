import { AsyncLocalStorage } from "node:async_hooks";
import {
  CODE_MAX_ATTEMPTS,
  CODE_TTL_SECONDS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  VERIFICATION_LINK_TTL_SECONDS,
} from "@ferry/core/contracts/auth";
import { BACKUP_CODE_COUNT, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from "@ferry/core/contracts/authenticator";
import type { Language } from "@ferry/core/i18n/languages";
import { type BetterAuthOptions, betterAuth } from "better-auth";
import { admin, emailOTP, twoFactor } from "better-auth/plugins";
import { sql } from "kysely";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { clearThrottle, clearThrottleByPrefix } from "../../http/throttle.ts";
import {
  emailVerificationCodeMail,
  enqueueMail,
  passwordResetMail,
  signInCodeMail,
  verificationLinkMail,
} from "../mail/service.ts";
import { revokeDeviceCookies } from "./devices.ts";
import { THROTTLE_KEYS } from "./limit-rules.ts";
import { passwordHashing } from "./password-hashing.ts";
import { reportPasswordChanged } from "./security-alerts.ts";

/** Where Better Auth's own endpoints are mounted. */
export const AUTH_BASE_PATH = "/api/auth";

/**
 * The language of the sign-up under way (issue 29): Better Auth sends the verification link from inside
 * `signUpEmail`, before the new account has saved preferences, so the link's e-mail reads it here.
 */
const signUpLanguage = new AsyncLocalStorage<Language>();

/** Runs a sign-up whose verification e-mail is written in `language`. */
export function withSignUpLanguage<T>(language: Language, signUp: () => Promise<T>): Promise<T> {
  return signUpLanguage.run(language, signUp);
}
const RESET_LINK_TTL_SECONDS = 60 * 60;
const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * After a password reset: every other reset link of the user dies (an older e-mail must not reset
 * the password again), every device cookie issued before counts for nothing (a cookie someone got
 * while they controlled the account must not outlive the reset; the owner's devices become known
 * again with their next sign-in), and the account's failure counts are forgotten — the limits on
 * sign-in codes that whoever knew the old password may have used up, and the wrong passwords from
 * every address, which were guesses at a password that no longer exists — so the owner signs in with
 * the new one at once, and is told plainly whether they typed it right.
 */
async function forgetOutstandingResets(db: Database, user: { id: string; email: string }): Promise<void> {
  // Better Auth keeps each link as identifier `reset-password:<token>`, value the user id (stored
  // plainly: `verification.storeIdentifier` is not set).
  await sql`DELETE FROM verification WHERE identifier LIKE 'reset-password:%' AND value = ${user.id}`.execute(db);
  await revokeDeviceCookies(db, user.id);
  await clearThrottle(db, THROTTLE_KEYS.codeSendsAccount(user.id));
  await clearThrottle(db, THROTTLE_KEYS.codeSendsAccountUnconfirmed(user.id));
  await clearThrottle(db, THROTTLE_KEYS.wrongCodesAccount(user.id));
  await clearThrottle(db, THROTTLE_KEYS.wrongCodesAccountUnconfirmed(user.id));
  const email = user.email.trim().toLowerCase();
  await clearThrottle(db, THROTTLE_KEYS.signInFailuresAccount(email));
  await clearThrottleByPrefix(db, THROTTLE_KEYS.signInFailuresAccountAndAnyAddress(email));
}

const CODE_MINUTES = CODE_TTL_SECONDS / 60;

/** Every account signs in with password and then an e-mailed code, and has a profile row from the start. */
function profileOnSignUpHooks(db: Database): BetterAuthOptions["databaseHooks"] {
  return {
    user: {
      create: {
        before: async (user) => ({ data: { ...user, twoFactorEnabled: true } }),
        after: async (user) => {
          await db
            .insertInto("profiles")
            .values({ user_id: user.id })
            .onConflict((oc) => oc.doNothing())
            .execute();
        },
      },
    },
  };
}

/**
 * The second step of sign-in: the two-factor plugin's OTP, e-mailed, hashed, dead after its tries; or,
 * for an account that enrolled an authenticator app, its TOTP (RFC 6238: SHA-1, 30 s, 6 digits) or one
 * of its ten backup codes instead (limits.ts refuses the e-mailed code for such an account).
 */
function signInCodePlugin(db: Database) {
  return twoFactor({
    issuer: "Ferry",
    totpOptions: { digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS },
    backupCodeOptions: { amount: BACKUP_CODE_COUNT, storeBackupCodes: "encrypted" },
    otpOptions: {
      period: CODE_MINUTES,
      digits: 6,
      storeOTP: "hashed",
      allowedAttempts: CODE_MAX_ATTEMPTS,
      sendOTP: async ({ user, otp }) => {
        await enqueueMail(db, signInCodeMail(user.email, otp, CODE_MINUTES));
      },
    },
  });
}

/** The e-mail OTP plugin, used only for the dashboard banner's e-mail verification code. */
function emailCodePlugin(db: Database) {
  return emailOTP({
    otpLength: 6,
    expiresIn: CODE_TTL_SECONDS,
    storeOTP: "hashed",
    allowedAttempts: CODE_MAX_ATTEMPTS,
    disableSignUp: true,
    sendVerificationOTP: async ({ email, otp, type }) => {
      if (type === "email-verification") {
        await enqueueMail(db, emailVerificationCodeMail(email, otp, CODE_MINUTES));
      }
    },
  });
}

/**
 * What Better Auth's hooks need from modules that themselves import this one (so cannot be imported
 * here): app set-up hands them over.
 */
export interface AuthHooks {
  /** How many passkeys the user has (modules/passkeys): a password reset keeps them, and its e-mail says so. */
  readonly countPasskeys: (userId: string) => Promise<number>;
}

/**
 * Better Auth configured for Ferry: e-mail and password, then a 6-digit e-mailed code (the
 * two-factor plugin's OTP, enabled for every user) before any session exists; e-mail verification
 * by link (sign-up) or by code (dashboard banner); password reset by link; roles and bans (admin plugin).
 */
export function createAuth(config: Config, db: Database, hooks: AuthHooks) {
  return betterAuth({
    appName: "Ferry",
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins: [...config.trustedOrigins],
    database: { db, type: "postgres" },
    // Ferry's own throttle (http/throttle.ts) limits per account and per IP with explicit windows.
    rateLimit: { enabled: false },
    session: { expiresIn: SESSION_TTL_SECONDS, updateAge: 24 * 60 * 60 },
    logger: { disabled: config.logLevel === "silent", level: config.logLevel === "debug" ? "debug" : "warn" },
    advanced: {
      // Better Auth switches its origin and CSRF checks off when NODE_ENV is "test"; Ferry keeps them on.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true },
      // The Fastify route overwrites this header with the socket (or trusted proxy) address.
      ipAddress: { ipAddressHeaders: ["x-ferry-client-ip"] },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: false,
      // Core's password rule decides what a new password must be; Better Auth only bounds the length.
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: passwordHashing(config.passwordScryptCost),
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_LINK_TTL_SECONDS,
      sendResetPassword: async ({ user, token }) => {
        const url = `${config.publicUrl}/forgot-password?token=${encodeURIComponent(token)}`;
        await enqueueMail(db, passwordResetMail(user.email, url, RESET_LINK_TTL_SECONDS / 60));
      },
      onPasswordReset: async ({ user }, request) => {
        await forgetOutstandingResets(db, user);
        // Ferry's proxy hands Better Auth the client address in this header (routes.ts `askBetterAuth`).
        const clientAddress = request?.headers.get("x-ferry-client-ip") ?? null;
        const passkeys = { count: await hooks.countPasskeys(user.id), settingsUrl: `${config.publicUrl}/settings` };
        await reportPasswordChanged(db, { userId: user.id, how: "reset", clientAddress, passkeys });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: VERIFICATION_LINK_TTL_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        const url = `${config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
        await enqueueMail(db, verificationLinkMail(user.email, url, signUpLanguage.getStore()));
      },
    },
    databaseHooks: profileOnSignUpHooks(db),
    disabledPaths: [
      // The e-mail OTP plugin is used only to verify addresses: its password-less sign-in and
      // reset paths would bypass the password step, so they are switched off.
      "/sign-in/email-otp",
      "/forget-password/email-otp",
      "/email-otp/reset-password",
      "/email-otp/check-verification-otp",
      // Sign-up goes through /api/v1/auth/sign-up, which does not reveal whether an address exists.
      "/sign-up/email",
      // The two-factor plugin's "disable" would switch off Ferry's mandatory second step; removing an
      // authenticator app goes through /api/v1/auth/authenticator/remove, back to the e-mailed code.
      "/two-factor/disable",
    ],
    plugins: [signInCodePlugin(db), emailCodePlugin(db), admin({ defaultRole: "user", adminRoles: ["admin"] })],
  });
}

export type Auth = ReturnType<typeof createAuth>;
