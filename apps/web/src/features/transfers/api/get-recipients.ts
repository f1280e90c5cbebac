import type { RecipientList, RecipientType } from "@ferry/core/contracts/recipients";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api.ts";

export const recipientsQueryKey = ["recipients"] as const;

/** The saved recipients of one type, newest first. */
export function getRecipients(type: RecipientType): Promise<RecipientList> {
  return apiFetch<RecipientList>(`/api/v1/recipients?type=${type}`);
}

export function recipientsQueryOptions(type: RecipientType) {
  return queryOptions({ queryKey: [...recipientsQueryKey, type] as const, queryFn: () => getRecipients(type) });
}

export function useRecipients(type: RecipientType) {
  return useQuery(recipientsQueryOptions(type));
}
