import type { HelpRequestDetail, NewHelpReply } from "@ferry/core/contracts/help";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
import { adminHelpOpenCountQueryKey } from "../../../lib/queries/help.ts";
import { adminHelpRequestQueryKey } from "./get-admin-help-request.ts";
import { adminHelpListQueryKey } from "./get-admin-help-requests.ts";

/** After a change to one request: it is shown as the server answered, and the list and the open count follow. */
export function showUpdatedRequest(queryClient: QueryClient, updated: HelpRequestDetail): Promise<unknown> {
  queryClient.setQueryData(adminHelpRequestQueryKey(updated.id), updated);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminHelpListQueryKey }),
    queryClient.invalidateQueries({ queryKey: adminHelpOpenCountQueryKey }),
  ]);
}

/** Support's reply, flagged as an admin response; a reply to an open request moves it to in progress. */
export function replyAsSupport(input: { helpRequestId: string; reply: NewHelpReply }) {
  return dataOf(
    api.POST("/api/v1/admin/help-requests/{helpRequestId}/responses", {
      params: { path: { helpRequestId: input.helpRequestId } },
      body: input.reply,
    }),
  );
}

export function useReplyAsSupport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyAsSupport,
    onSuccess: (updated) => showUpdatedRequest(queryClient, updated),
  });
}
