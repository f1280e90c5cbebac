import type { Recipient } from "@ferry/core/contracts/recipients";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
import { recipientsQueryOptions } from "./get-recipients.ts";

/** Deletes a saved recipient; past transfers to them stay in the history. */
export async function deleteRecipient(recipient: Pick<Recipient, "id" | "type">): Promise<void> {
  await dataOf(api.DELETE("/api/v1/recipients/{recipientId}", { params: { path: { recipientId: recipient.id } } }));
}

export function useDeleteRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecipient,
    // The type says which list it was in.
    onSuccess: (_nothing, recipient) =>
      queryClient.invalidateQueries({ queryKey: recipientsQueryOptions(recipient.type).queryKey }),
  });
}
