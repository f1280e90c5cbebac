import type { NewHelpReply } from "@ferry/core/contracts/help";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
import { helpRequestQueryKey } from "./get-help-request.ts";
import { myHelpRequestsQueryKey } from "./get-help-requests.ts";

/** The customer's reply to their own request; refused (409) once the request is closed. */
export function replyToHelpRequest(input: { helpRequestId: string; reply: NewHelpReply }) {
  return dataOf(
    api.POST("/api/v1/help-requests/{helpRequestId}/responses", {
      params: { path: { helpRequestId: input.helpRequestId } },
      body: input.reply,
    }),
  );
}

export function useReplyToHelpRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToHelpRequest,
    onSuccess: (updated) => {
      queryClient.setQueryData(helpRequestQueryKey(updated.id), updated);
      return queryClient.invalidateQueries({ queryKey: myHelpRequestsQueryKey });
    },
    // A 409 means support closed it meanwhile: the conversation is refreshed to say so.
    onError: (_error, input) => queryClient.invalidateQueries({ queryKey: helpRequestQueryKey(input.helpRequestId) }),
  });
}
