import type { NewRecipientRequest } from "@ferry/core/validation/recipient";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
import { recipientsQueryOptions } from "./get-recipients.ts";

/**
 * Replaces a saved recipient's details; its type stays. The server validates them like a new
 * recipient's and expires the transfer codes issued for the old ones.
 */
export function updateRecipient(input: { id: string; request: NewRecipientRequest }) {
  return dataOf(
    api.PUT("/api/v1/recipients/{recipientId}", { params: { path: { recipientId: input.id } }, body: input.request }),
  );
}

export function useUpdateRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRecipient,
    onSuccess: (recipient) =>
      queryClient.invalidateQueries({ queryKey: recipientsQueryOptions(recipient.type).queryKey }),
  });
}
