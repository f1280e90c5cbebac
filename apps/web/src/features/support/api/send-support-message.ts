import type { SupportMessageRequest } from "@ferry/core/contracts/support";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api, dataOf } from "../../../lib/api.ts";
import { helpRequestsQueryKey } from "../../../lib/queries/help.ts";

/** Sends the /support contact form: a help request when signed in, an e-mail to support otherwise. */
export function sendSupportMessage(request: z.input<typeof SupportMessageRequest>) {
  return dataOf(api.POST("/api/v1/support/messages", { body: request }));
}

export function useSendSupportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSupportMessage,
    onSuccess: (receipt) => {
      if (receipt.channel === "help_request") {
        // The new request shows in /help (and its sidebar count) without a reload.
        return queryClient.invalidateQueries({ queryKey: helpRequestsQueryKey });
      }
      return undefined;
    },
  });
}
