import type { NewHelpRequest } from "@ferry/core/contracts/help";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
import { helpRequestQueryKey } from "./get-help-request.ts";
import { myHelpRequestsQueryKey } from "./get-help-requests.ts";

/** Opens a help request; its due time comes from its priority (spec §9), set by the server. */
export function createHelpRequest(request: NewHelpRequest) {
  return dataOf(api.POST("/api/v1/help-requests", { body: request }));
}

export function useCreateHelpRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createHelpRequest,
    onSuccess: (created) => {
      queryClient.setQueryData(helpRequestQueryKey(created.id), created);
      return queryClient.invalidateQueries({ queryKey: myHelpRequestsQueryKey });
    },
  });
}
