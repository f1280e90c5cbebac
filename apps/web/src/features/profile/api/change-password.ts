import { useMutation } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";

/**
 * Changes the password with the current one: the server signs out every other session and e-mails
 * the owner; this browser gets a fresh session cookie and stays signed in.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      dataOf(api.POST("/api/auth/change-password", { body: { ...body, revokeOtherSessions: true } })),
  });
}
