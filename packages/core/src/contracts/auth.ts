import { z } from "zod";
import { MESSAGES } from "../messages.ts";

/** Symbols that count towards the "number or symbol" password rule (spec §5). */
export const PASSWORD_SYMBOLS = "!@#$%^&*";

/** The shortest password the sign-up rule accepts (spec §5). */
export const PASSWORD_MIN_LENGTH = 8;
/** The longest password accepted anywhere, so hashing cost stays bounded. */
export const PASSWORD_MAX_LENGTH = 128;

/** One check of the sign-up password rule, with the words the sign-up page's checklist shows for it. */
export interface PasswordRule {
  readonly label: string;
  readonly test: (password: string) => boolean;
}

/**
 * The sign-up password rule of spec §5, one check at a time: at least 8 characters, an uppercase
 * letter, a lowercase letter, and a digit or one of ! @ # $ % ^ & *. `isValidPassword` asks all of
 * them; the sign-up page ticks each off as it is met.
 */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  { label: `At least ${PASSWORD_MIN_LENGTH} characters`, test: (password) => password.length >= PASSWORD_MIN_LENGTH },
  { label: "1 uppercase letter", test: (password) => /[A-Z]/.test(password) },
  { label: "1 lowercase letter", test: (password) => /[a-z]/.test(password) },
  { label: `1 number or symbol (${PASSWORD_SYMBOLS})`, test: (password) => /[0-9!@#$%^&*]/.test(password) },
];

/**
 * Whether a password meets every one of `PASSWORD_RULES`, and is at most 128 characters so hashing
 * cost stays bounded (a bound, not a rule the checklist shows).
 */
export function isValidPassword(password: string): boolean {
  return password.length <= PASSWORD_MAX_LENGTH && PASSWORD_RULES.every((rule) => rule.test(password));
}

export const Password = z
  .string({ error: MESSAGES.invalidPassword })
  .refine(isValidPassword, { message: MESSAGES.invalidPassword });

export const Email = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, MESSAGES.emailRequired)
  // Its own message: the string's `error` above would otherwise answer "Email is required".
  .max(254, MESSAGES.emailTooLong)
  .email(MESSAGES.invalidEmail);

/** Sign-up (`/signup`): e-mail and a password that meets the rule. */
export const SignUpRequest = z.object({ email: Email, password: Password });
export type SignUpRequest = z.infer<typeof SignUpRequest>;

/** The one answer to a sign-up, whether or not the address already had an account. */
export const SignUpResponse = z.object({ status: z.literal("ok") });
export type SignUpResponse = z.infer<typeof SignUpResponse>;

/** Sign-in (`/login`): e-mail and password are required; the password rule is not re-checked. */
export const SignInRequest = z.object({
  email: Email,
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong),
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
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;
/**
 * A password-reset token from the e-mailed link: Better Auth issues letters and digits. Any other
 * text cannot be one, so it is refused here rather than looked up.
 */
export const ResetToken = z
  .string({ error: MESSAGES.invalidResetLink })
  .regex(/^[A-Za-z0-9_-]{1,200}$/, MESSAGES.invalidResetLink);

/** Reset password: the token from the link and a new password under the sign-up rule. */
export const ResetPasswordRequest = z.object({ token: ResetToken, newPassword: Password });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const Role = z.enum(["user", "admin"]);
export type Role = z.infer<typeof Role>;

/*
 * The bodies of the Better Auth endpoints Ferry forwards (`/api/auth/...`), validated before Better
 * Auth sees them so only known fields reach it.
 */

/** A request without a body (`/sign-out`, `/two-factor/send-otp`). */
export const EmptyRequest = z.object({});
export type EmptyRequest = z.infer<typeof EmptyRequest>;

/** `/sign-in/email`: the sign-in form, and where Better Auth may send the browser afterwards. */
export const SignInEmailRequest = SignInRequest.extend({ callbackURL: z.string().optional() });
export type SignInEmailRequest = z.infer<typeof SignInEmailRequest>;

/** `/two-factor/verify-otp`: the e-mailed sign-in code. */
export const TwoFactorCodeRequest = z.object({ code: OneTimeCode });
export type TwoFactorCodeRequest = z.infer<typeof TwoFactorCodeRequest>;

/** `/email-otp/send-verification-otp`: e-mail a code that verifies the signed-in user's address. */
export const SendVerificationCodeRequest = z.object({ email: Email, type: z.literal("email-verification") });
export type SendVerificationCodeRequest = z.infer<typeof SendVerificationCodeRequest>;

/** `/email-otp/verify-email`: the address and the code e-mailed to it. */
export const VerifyEmailCodeRequest = z.object({ email: Email, otp: OneTimeCode });
export type VerifyEmailCodeRequest = z.infer<typeof VerifyEmailCodeRequest>;

/** `/request-password-reset`: the address, and the page the e-mailed link opens. */
export const PasswordResetLinkRequest = ForgotPasswordRequest.extend({ redirectTo: z.string().optional() });
export type PasswordResetLinkRequest = z.infer<typeof PasswordResetLinkRequest>;

/** `/change-password`: the current password, and a new one under the sign-up rule. */
export const ChangePasswordRequest = z.object({
  currentPassword: z.string().min(1, MESSAGES.passwordRequired),
  newPassword: Password,
  revokeOtherSessions: z.boolean().optional(),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;
