import type { AdminHelpRequestRequest } from "@ferry/core/contracts/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
import { adminUsersQueryKey } from "./get-admin-users.ts";

/** Contact User's Create Help Request: the server prefixes the subject '[ADMIN] ' and opens it. */
export function createHelpRequestForUser(input: { userId: string; request: AdminHelpRequestRequest }) {
  return dataOf(
    api.POST("/api/v1/admin/users/{userId}/help-requests", {
      params: { path: { userId: input.userId } },
      body: input.request,
    }),
  );
}

/** The new request joins the user's five most recent, so the detail is read again. */
export function useCreateHelpRequestForUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createHelpRequestForUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
