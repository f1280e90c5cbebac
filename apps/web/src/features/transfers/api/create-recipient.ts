import type { NewRecipientRequest } from "@ferry/core/validation/recipient";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
import { recipientsQueryOptions } from "./get-recipients.ts";

/** Saves a bank or crypto recipient; the server validates it with the same schema as the form. */
export function createRecipient(request: NewRecipientRequest) {
  return dataOf(api.POST("/api/v1/recipients", { body: request }));
}

export function useCreateRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecipient,
    onSuccess: (recipient) =>
      queryClient.invalidateQueries({ queryKey: recipientsQueryOptions(recipient.type).queryKey }),
  });
}
