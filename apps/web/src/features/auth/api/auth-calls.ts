import type { SignInRequest, SignUpRequest, SignUpResponse } from "@ferry/core/contracts/auth";
import type { SignInChallenge } from "@ferry/core/contracts/auth-responses";
import { apiFetch } from "../../../lib/api.ts";

/**
 * Step one of sign-in: the password. The server answers that an e-mailed code is required next; with
 * `isPasswordUnconfirmed`, that it will not say whether the password was right (the code comes only if it was).
 */
export function startSignIn(request: SignInRequest) {
  return apiFetch<Partial<SignInChallenge>>("/api/auth/sign-in/email", { method: "POST", body: request });
}

/** E-mails a sign-in code for the pending sign-in (the server knows which from its cookie). */
export function sendSignInCode() {
  return apiFetch<{ status: boolean }>("/api/auth/two-factor/send-otp", { method: "POST", body: {} });
}

/** Step two of sign-in: the code. Success creates the session. */
export function verifySignInCode(code: string) {
  return apiFetch<unknown>("/api/auth/two-factor/verify-otp", { method: "POST", body: { code } });
}

export function signUp(request: SignUpRequest) {
  return apiFetch<SignUpResponse>("/api/v1/auth/sign-up", { method: "POST", body: request });
}

export function signOut() {
  return apiFetch<unknown>("/api/auth/sign-out", { method: "POST", body: {} });
}

/** E-mails a code that verifies the signed-in user's address. */
export function sendEmailVerificationCode(email: string) {
  return apiFetch<unknown>("/api/auth/email-otp/send-verification-otp", {
    method: "POST",
    body: { email, type: "email-verification" },
  });
}

export function verifyEmailCode(email: string, otp: string) {
  return apiFetch<unknown>("/api/auth/email-otp/verify-email", { method: "POST", body: { email, otp } });
}

/** Verifies an address with the token of the link e-mailed at sign-up. */
export function verifyEmailToken(token: string) {
  return apiFetch<unknown>(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
}
