/**
 * The texts people read, exactly as the specification words them. The web shows these and the
 * server returns them, so a rule and its message are written once.
 */
export const MESSAGES = {
  missingInformation: "Missing Information: Please fill in all required fields.",
  invalidPassword: "Invalid Password: Password must meet the requirements shown below.",
  passwordHint: "Must contain at least 8 characters, 1 uppercase, 1 lowercase, and 1 number or symbol",
  invalidCode: "Please enter a valid 6-digit code",
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  emailRequired: "Email is required",
  invalidEmail: "Please enter a valid email address",
  passwordRequired: "Password is required",
  /** An e-mail address longer than any address can be (254 characters). */
  emailTooLong: "An email address has at most 254 characters",
  /** A password longer than Ferry accepts (128 characters). */
  passwordTooLong: "A password has at most 128 characters",
  verifyEmailBanner: "Please verify your email address to access all features.",
  noVerificationToken: "No verification token provided",
  loginToVerify: "Please log in to verify your email",
  verificationFailed: "Verification failed",
  verificationExpired: "The verification link has expired. Please request a new one.",
  verificationExpiryNote: "Verification links expire after 24 hours for security.",
  verificationInvalid: "The verification link may be invalid or already used.",
  unexpectedError: "An unexpected error occurred. Please try again.",
  comingSoon: "This section is coming soon...",
  notFound: "Oops! Page not found",
  /** A list cursor that this server did not issue. */
  invalidCursor: "Invalid cursor",
  /** A reset token that cannot be one Ferry issued (the link was mangled or made up). */
  invalidResetLink: "This reset link is invalid or has expired. Please request a new one.",
} as const;

/**
 * "First name cannot contain line breaks, tabs or other control characters": the message of a
 * one-line text field holding a control character, naming the field so it reads the same in a
 * form and in an API error.
 */
export function singleLineTextMessage(label: string): string {
  return `${label} cannot contain line breaks, tabs or other control characters`;
}

/** The message of a multi-line text field holding a control character other than a line break or tab. */
export function multiLineTextMessage(label: string): string {
  return `${label} cannot contain control characters (line breaks and tabs are fine)`;
}

/** Toast texts of the specification (§8), success and failure. */
export const TOASTS = {
  loginFailed: "Login Failed",
  signupFailed: "Signup Failed",
  accountCreated: "Account Created!",
  welcomeBack: "Welcome back!",
  codeSent: "Verification code sent to your email",
  codeSendFailed: "Failed to send verification code",
  invalidCode: "Invalid verification code",
  emailVerified: "Email verified successfully!",
  profileUpdated: "Profile Updated",
  profileLoadFailed: "Failed to load profile",
  profileUpdateFailed: "Failed to update profile",
} as const;
