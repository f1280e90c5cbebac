import { apiFetch } from "./api.ts";

// Shared by the forgot-password page (auth) and the profile's Change Password button: a reset link
// is how a signed-in user changes their password too.

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function requestPasswordReset(email: string) {
  return apiFetch<unknown>("/api/auth/request-password-reset", {
    method: "POST",
    body: { email, redirectTo: "/forgot-password" },
  });
}

export function resetPassword(token: string, newPassword: string) {
  return apiFetch<unknown>("/api/auth/reset-password", { method: "POST", body: { token, newPassword } });
}
