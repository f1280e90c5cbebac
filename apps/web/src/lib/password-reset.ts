import { api, dataOf } from "./api.ts";

// Shared by the forgot-password page (auth) and the profile's Change Password button: a reset link
// is how a signed-in user changes their password too.

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function requestPasswordReset(email: string) {
  return dataOf(api.POST("/api/auth/request-password-reset", { body: { email, redirectTo: "/forgot-password" } }));
}

export function resetPassword(token: string, newPassword: string) {
  return dataOf(api.POST("/api/auth/reset-password", { body: { token, newPassword } }));
}
