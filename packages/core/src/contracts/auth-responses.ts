import { z } from "zod";

// What Better Auth's endpoints that Ferry lets through (`/api/auth/*`, apps/server/src/modules/auth/routes.ts)
// answer, as Better Auth 1.7 writes them. Ferry forwards these bodies as they are; the OpenAPI document
// describes them from here, and the contract test checks real answers against them.

/** A timestamp as Better Auth serialises it (ISO 8601). */
const Timestamp = z.string();

/** The account as Better Auth returns it: its own fields, the two-factor flag and the admin plugin's role and ban. */
export const AuthUser = z.strictObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable().optional(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  twoFactorEnabled: z.boolean().nullable().optional(),
  role: z.string().nullable().optional(),
  banned: z.boolean().nullable().optional(),
  banReason: z.string().nullable().optional(),
  banExpires: Timestamp.nullable().optional(),
});
export type AuthUser = z.infer<typeof AuthUser>;

/** A session as Better Auth returns it. */
export const AuthSession = z.strictObject({
  id: z.string(),
  token: z.string(),
  userId: z.string(),
  expiresAt: Timestamp,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  ipAddress: z.string().nullable().optional(),
  userAgent: z.string().nullable().optional(),
  impersonatedBy: z.string().nullable().optional(),
});
export type AuthSession = z.infer<typeof AuthSession>;

/**
 * `POST /sign-in/email`: the password was right, and the e-mailed code is next (every Ferry account has
 * the second factor on). No session exists yet; a short-lived cookie ties the code to this sign-in.
 * `isPasswordUnconfirmed`: the account has had so many wrong passwords from devices it does not know
 * that this one is not told whether the password was right; the code is e-mailed only if it was
 * (docs/decisions/010-sign-in-throttling.md).
 */
export const SignInChallenge = z.strictObject({
  twoFactorRedirect: z.literal(true),
  twoFactorMethods: z.array(z.string()),
  isPasswordUnconfirmed: z.literal(true).optional(),
});
export type SignInChallenge = z.infer<typeof SignInChallenge>;

/** A session was started (the session cookie is set): its token and the account. */
export const SignedIn = z.strictObject({ token: z.string(), user: AuthUser });
export type SignedIn = z.infer<typeof SignedIn>;

/** `GET /get-session`: the signed-in session and its account, or `null` when there is none (or the account is banned). */
export const CurrentSession = z.strictObject({ session: AuthSession, user: AuthUser }).nullable();
export type CurrentSession = z.infer<typeof CurrentSession>;

/** `POST /sign-out` and `POST /email-otp/send-verification-otp`. */
export const AuthSuccess = z.strictObject({ success: z.literal(true) });
export type AuthSuccess = z.infer<typeof AuthSuccess>;

/** `POST /two-factor/send-otp`, `POST /reset-password`, and `GET /verify-email` without a callback URL. */
export const AuthStatus = z.strictObject({
  status: z.literal(true),
  message: z.string().optional(),
  user: AuthUser.nullable().optional(),
});
export type AuthStatus = z.infer<typeof AuthStatus>;

/** `POST /email-otp/verify-email`: the address is verified (a new session when the old one was replaced). */
export const EmailVerified = z.strictObject({
  status: z.literal(true),
  token: z.string().nullable(),
  user: AuthUser,
});
export type EmailVerified = z.infer<typeof EmailVerified>;

/** `POST /change-password`: the account, and a new session token when the other sessions were ended. */
export const PasswordChanged = z.strictObject({ token: z.string().nullable(), user: AuthUser });
export type PasswordChanged = z.infer<typeof PasswordChanged>;

/** `GET /verify-email` and `GET /get-session` query strings. */
export const VerifyEmailQuery = z.object({ token: z.string(), callbackURL: z.string().optional() });
export type VerifyEmailQuery = z.infer<typeof VerifyEmailQuery>;
export const GetSessionQuery = z.object({ disableCookieCache: z.string().optional() });
export type GetSessionQuery = z.infer<typeof GetSessionQuery>;
