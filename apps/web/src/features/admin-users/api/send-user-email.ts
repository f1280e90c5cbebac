import type { AdminEmailRequest } from "@ferry/core/contracts/admin";
import { useMutation } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";

/** Contact User's Send Email: queued, and delivered by the mail queue. */
export function sendEmailToUser(input: { userId: string; request: AdminEmailRequest }) {
  return dataOf(
    api.POST("/api/v1/admin/users/{userId}/emails", {
      params: { path: { userId: input.userId } },
      body: input.request,
    }),
  );
}

export function useSendEmailToUser() {
  return useMutation({ mutationFn: sendEmailToUser });
}
