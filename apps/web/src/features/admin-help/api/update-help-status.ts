import type { HelpStatus } from "@ferry/core/contracts/help";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { HELP_STATUS_LABELS } from "../../../components/help/help-badges.tsx";
import { t, translateText } from "../../../i18n/i18n.tsx";
import { api, dataOf } from "../../../lib/api.ts";
import { toastFailure, toastSuccess } from "../../../lib/toasts.ts";
import { showUpdatedRequest } from "./reply-as-support.ts";

/** Sets a request's status: any of the four, from any other (spec §4). */
export function updateHelpStatus(input: { helpRequestId: string; status: HelpStatus }) {
  return dataOf(
    api.PUT("/api/v1/admin/help-requests/{helpRequestId}/status", {
      params: { path: { helpRequestId: input.helpRequestId } },
      body: { status: input.status },
    }),
  );
}

/** The toasts live here, not with the dropdown: a filtered list may drop the request once it changes. */
export function useUpdateHelpStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateHelpStatus,
    onSuccess: (updated) => {
      toastSuccess(
        t("Status Updated"),
        t("Request status updated to {status}", { status: translateText(HELP_STATUS_LABELS[updated.status]) }),
      );
      return showUpdatedRequest(queryClient, updated);
    },
    onError: (error) => toastFailure(t("Failed to update status"), error),
  });
}
