import type { RecipientType } from "@ferry/core/contracts/recipients";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";

export const recipientsQueryKey = ["recipients"] as const;

/** The saved recipients of one type, newest first. */
export function getRecipients(type: RecipientType) {
  return dataOf(api.GET("/api/v1/recipients", { params: { query: { type } } }));
}

export function recipientsQueryOptions(type: RecipientType) {
  return queryOptions({ queryKey: [...recipientsQueryKey, type] as const, queryFn: () => getRecipients(type) });
}

export function useRecipients(type: RecipientType) {
  return useQuery(recipientsQueryOptions(type));
}
