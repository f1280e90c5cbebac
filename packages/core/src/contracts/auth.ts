import { z } from "zod";
import { MESSAGES } from "../messages.ts";

/** Symbols that count towards the "number or symbol" password rule (spec §5). */
export const PASSWORD_SYMBOLS = "!@#$%^&*";

/**
 * The sign-up password rule of spec §5: at least 8 characters, an uppercase letter, a lowercase
 * letter, and a digit or one of ! @ # $ % ^ & *. At most 128 so hashing cost stays bounded.
 */
export function isValidPassword(password: string): boolean {
  return (
    password.length >= 8 &&
    password.length <= 128 &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /[0-9!@#$%^&*]/.test(password)
  );
}

export const Password = z
  .string({ error: MESSAGES.invalidPassword })
  .refine(isValidPassword, { message: MESSAGES.invalidPassword });

export const Email = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, MESSAGES.emailRequired)
  .max(254)
  .email(MESSAGES.invalidEmail);

/** Sign-up (`/signup`): e-mail and a password that meets the rule. */
export const SignUpRequest = z.object({ email: Email, password: Password });
export type SignUpRequest = z.infer<typeof SignUpRequest>;

/** Sign-in (`/login`): e-mail and password are required; the password rule is not re-checked. */
export const SignInRequest = z.object({
  email: Email,
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(128),
  rememberMe: z.boolean().default(false),
});
export type SignInRequest = z.infer<typeof SignInRequest>;

/** A 6-digit one-time code (spec §5: digits only, exactly 6). */
export const OneTimeCode = z.string().regex(/^\d{6}$/, MESSAGES.invalidCode);

/** Length of every emailed code and how long it lives, in seconds (spec §9). */
export const CODE_LENGTH = 6;
export const CODE_TTL_SECONDS = 300;
/** Wrong tries after which a code dies. */
export const CODE_MAX_ATTEMPTS = 5;
/** How long an e-mail verification link lives (spec §9: 24 hours). */
export const VERIFICATION_LINK_TTL_SECONDS = 24 * 60 * 60;

/** Forgot password: request a reset link. */
export const ForgotPasswordRequest = z.object({ email: Email });
/**
 * A password-reset token from the e-mailed link: Better Auth issues letters and digits. Any other
 * text cannot be one, so it is refused here rather than looked up.
 */
export const ResetToken = z
  .string({ error: MESSAGES.invalidResetLink })
  .regex(/^[A-Za-z0-9_-]{1,200}$/, MESSAGES.invalidResetLink);

/** Reset password: the token from the link and a new password under the sign-up rule. */
export const ResetPasswordRequest = z.object({ token: ResetToken, newPassword: Password });

export const Role = z.enum(["user", "admin"]);
export type Role = z.infer<typeof Role>;
