/*
 * The passkeys' limits and texts (issue 27, decision 037), apart from their schemas in
 * contracts/passkeys.ts: the sign-in page explains a failed passkey with them before it has loaded zod.
 */

/** How many passkeys one account may hold: enough for every device a person has, and a bound on the list. */
export const MAX_PASSKEYS_PER_USER = 20;
/** The longest passkey name. */
export const PASSKEY_NAME_MAX_LENGTH = 64;

/** The texts of the passkey screens and their refusals, one place for web and server. */
export const PASSKEY_MESSAGES = {
  nameRequired: "Enter a name for this passkey",
  nameTooLong: `Use at most ${PASSKEY_NAME_MAX_LENGTH} characters`,
  tooMany: `You can register at most ${MAX_PASSKEYS_PER_USER} passkeys. Remove one first.`,
  registrationFailed: "Your passkey could not be registered. Please try again.",
  alreadyRegistered: "This passkey is already registered.",
  signInFailed: "This passkey could not sign you in. Try again, or sign in with your password.",
  userNotVerified:
    "Your passkey did not confirm it's you (with a PIN, fingerprint or face). Try again, or sign in with your password.",
  challengeExpired: "This passkey request has expired. Please try again.",
  /** The browser ended the ceremony: the person cancelled, or the passkey could not verify them. */
  ceremonyNotAllowed:
    "The passkey request was cancelled, or your passkey could not confirm it's you. Try again, or sign in with your password.",
  unsupported: "This browser cannot use passkeys.",
} as const;
