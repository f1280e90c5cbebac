import { useMutation, useQueryClient } from "@tanstack/react-query";
import { t } from "../../../i18n/i18n.tsx";
import { api, dataOf } from "../../../lib/api.ts";
import { toastFailure, toastSuccess } from "../../../lib/toasts.ts";
import { adminUsersQueryKey } from "./get-admin-users.ts";

/**
 * Closes a user's account (decision 031): refused while they hold money or a transfer is pending;
 * otherwise their personal data is erased and their ledger history kept under a pseudonym.
 */
export function deleteUser(userId: string) {
  return dataOf(api.DELETE("/api/v1/admin/users/{userId}", { params: { path: { userId } } }));
}

/** Delete with the spec's toasts (§8); a refusal shows the server's reason under 'Failed to delete user'. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => toastSuccess(t("User deleted successfully")),
    onError: (error) => toastFailure(t("Failed to delete user"), error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
