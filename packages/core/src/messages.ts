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
} as const;

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
