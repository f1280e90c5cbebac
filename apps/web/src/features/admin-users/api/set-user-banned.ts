import { useMutation, useQueryClient } from "@tanstack/react-query";
import { t } from "../../../i18n/i18n.tsx";
import { api, dataOf } from "../../../lib/api.ts";
import { toastFailure, toastSuccess } from "../../../lib/toasts.ts";
import { adminUsersQueryKey } from "./get-admin-users.ts";

/** Bans a user (every session of theirs is refused from its next request) or lifts the ban. */
export function setUserBanned(input: { userId: string; isBanned: boolean }) {
  const params = { path: { userId: input.userId } };
  if (input.isBanned) {
    return dataOf(api.POST("/api/v1/admin/users/{userId}/ban", { params }));
  }
  return dataOf(api.POST("/api/v1/admin/users/{userId}/unban", { params }));
}

/** Ban/Unban with the spec's toasts (§8); the server's reason (e.g. banning oneself) under the failure. */
export function useSetUserBanned() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserBanned,
    onSuccess: (_answer, input) =>
      toastSuccess(input.isBanned ? t("User banned successfully") : t("User unbanned successfully")),
    onError: (error) => toastFailure(t("Failed to update user status"), error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
