import { z } from "zod";
import { MESSAGES } from "../messages.ts";
import { PASSWORD_MAX_LENGTH } from "./auth.ts";

/*
 * The authenticator app (TOTP, RFC 6238; issue 27): enrolled from the Security card, then asked for
 * instead of the e-mailed code at sign-in and at transfer confirmation. The web's forms and the server
 * validate with these schemas.
 */

/** RFC 6238 as every authenticator app reads it: HMAC-SHA-1, 30-second steps, 6 digits. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** How many one-time backup codes enrolment gives (shown once). */
export const BACKUP_CODE_COUNT = 10;

export const AUTHENTICATOR_MESSAGES = {
  passwordRequired: MESSAGES.passwordRequired,
  totpCode: "Enter the 6-digit code from your authenticator app",
  removalCode: "Enter a 6-digit code from your authenticator app or one of your backup codes",
  backupCode: "Enter one of your backup codes (xxxxx-xxxxx)",
  /** A right code whose time-step was already accepted (error `code_already_used`). */
  codeAlreadyUsed: "This code was just used. Wait for the next code from your app.",
} as const;

/** A backup code as Better Auth's two-factor plugin makes them: 5 letters or digits, a dash, 5 more. */
const BACKUP_CODE_PATTERN = /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/;

/** A code from the authenticator app: 6 digits. */
export const TotpCode = z
  .string({ error: AUTHENTICATOR_MESSAGES.totpCode })
  .trim()
  .regex(/^\d{6}$/, AUTHENTICATOR_MESSAGES.totpCode);

export const BackupCode = z
  .string({ error: AUTHENTICATOR_MESSAGES.backupCode })
  .trim()
  .regex(BACKUP_CODE_PATTERN, AUTHENTICATOR_MESSAGES.backupCode);

/** `GET /api/v1/auth/authenticator`: whether an app is enrolled, and how many backup codes remain. */
export const AuthenticatorStatus = z.strictObject({
  isEnrolled: z.boolean(),
  backupCodesLeft: z.number().int().min(0),
});
export type AuthenticatorStatus = z.infer<typeof AuthenticatorStatus>;

/** `POST /api/v1/auth/authenticator`: start (or restart) enrolment; the current password is asked again. */
export const StartAuthenticatorRequest = z.strictObject({
  password: z
    .string({ error: AUTHENTICATOR_MESSAGES.passwordRequired })
    .min(1, AUTHENTICATOR_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH),
});
export type StartAuthenticatorRequest = z.infer<typeof StartAuthenticatorRequest>;

/** The new secret, as the QR code's `otpauth://` URI and as Base32 text for typing in by hand. */
export const AuthenticatorSetup = z.strictObject({
  totpUri: z.string(),
  secret: z.string(),
});
export type AuthenticatorSetup = z.infer<typeof AuthenticatorSetup>;

/** `POST /api/v1/auth/authenticator/confirm`: a code from the app proves it holds the secret. */
export const ConfirmAuthenticatorRequest = z.strictObject({ code: TotpCode });
export type ConfirmAuthenticatorRequest = z.infer<typeof ConfirmAuthenticatorRequest>;

/** The ten one-time backup codes, answered once, when enrolment is confirmed. */
export const AuthenticatorEnrolled = z.strictObject({ backupCodes: z.array(z.string()) });
export type AuthenticatorEnrolled = z.infer<typeof AuthenticatorEnrolled>;

/** `POST /api/v1/auth/authenticator/remove`: a current code from the app, or a backup code. */
export const RemoveAuthenticatorRequest = z.strictObject({
  code: z
    .string({ error: AUTHENTICATOR_MESSAGES.removalCode })
    .trim()
    .refine((code) => /^\d{6}$/.test(code) || BACKUP_CODE_PATTERN.test(code), AUTHENTICATOR_MESSAGES.removalCode),
});
export type RemoveAuthenticatorRequest = z.infer<typeof RemoveAuthenticatorRequest>;

/** `/two-factor/verify-totp` at sign-in: the app's code for the pending challenge. */
export const VerifyTotpRequest = z.strictObject({ code: TotpCode });
export type VerifyTotpRequest = z.infer<typeof VerifyTotpRequest>;

/** `/two-factor/verify-backup-code` at sign-in: one backup code, which then stops working. */
export const VerifyBackupCodeRequest = z.strictObject({ code: BackupCode });
export type VerifyBackupCodeRequest = z.infer<typeof VerifyBackupCodeRequest>;
