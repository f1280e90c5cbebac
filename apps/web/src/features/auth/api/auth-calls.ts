import type { SignInRequest, SignUpRequest } from "@ferry/core/contracts/auth";
import type { PasskeyAuthenticationResponse } from "@ferry/core/contracts/passkeys";
import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from "@simplewebauthn/browser";
import { api, dataOf } from "../../../lib/api.ts";

/**
 * Step one of sign-in: the password. The server answers that an e-mailed code is required next; with
 * `isPasswordUnconfirmed`, that it will not say whether the password was right (the code comes only if it was).
 */
export function startSignIn(request: SignInRequest) {
  return dataOf(api.POST("/api/auth/sign-in/email", { body: request }));
}

/** E-mails a sign-in code for the pending sign-in (the server knows which from its cookie). */
export function sendSignInCode() {
  return dataOf(api.POST("/api/auth/two-factor/send-otp", { body: {} }));
}

/** Step two of sign-in: the code. Success creates the session. */
export function verifySignInCode(code: string) {
  return dataOf(api.POST("/api/auth/two-factor/verify-otp", { body: { code } }));
}

export function signUp(request: SignUpRequest) {
  return dataOf(api.POST("/api/v1/auth/sign-up", { body: request }));
}

export function signOut() {
  return dataOf(api.POST("/api/auth/sign-out", { body: {} }));
}

/** E-mails a code that verifies the signed-in user's address. */
export function sendEmailVerificationCode(email: string) {
  return dataOf(api.POST("/api/auth/email-otp/send-verification-otp", { body: { email, type: "email-verification" } }));
}

export function verifyEmailCode(email: string, otp: string) {
  return dataOf(api.POST("/api/auth/email-otp/verify-email", { body: { email, otp } }));
}

/** Verifies an address with the token of the link e-mailed at sign-up. */
export function verifyEmailToken(token: string) {
  return dataOf(api.GET("/api/auth/verify-email", { params: { query: { token } } }));
}

/**
 * Signs in with a passkey (both factors at once): the server's options, the browser's ceremony (the
 * person confirms with their PIN, fingerprint or face), then the answer. Success creates the session.
 */
export async function signInWithPasskey() {
  const options = await dataOf(api.POST("/api/v1/auth/passkey/options"));
  const response = await startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
  return dataOf(
    api.POST("/api/v1/auth/passkey/sign-in", { body: { response: response as PasskeyAuthenticationResponse } }),
  );
}

/** Step two of sign-in for an account with an authenticator app: its current code. Success creates the session. */
export function verifySignInTotp(code: string) {
  return dataOf(api.POST("/api/auth/two-factor/verify-totp", { body: { code } }));
}

/** Step two with one of the app's backup codes instead, which then stops working. */
export function verifySignInBackupCode(code: string) {
  return dataOf(api.POST("/api/auth/two-factor/verify-backup-code", { body: { code } }));
}
