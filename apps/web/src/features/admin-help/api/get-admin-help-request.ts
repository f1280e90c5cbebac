import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
import { adminHelpRequestsQueryKey } from "../../../lib/queries/help.ts";

/** The customer's replies reach an open conversation without a reload. */
const POLL_INTERVAL_MS = 20_000;

export function adminHelpRequestQueryKey(helpRequestId: string) {
  return [...adminHelpRequestsQueryKey, "detail", helpRequestId] as const;
}

/** Any customer's request with its conversation, oldest first. */
export function getAdminHelpRequest(helpRequestId: string) {
  return dataOf(api.GET("/api/v1/admin/help-requests/{helpRequestId}", { params: { path: { helpRequestId } } }));
}

export function adminHelpRequestQueryOptions(helpRequestId: string) {
  return queryOptions({
    queryKey: adminHelpRequestQueryKey(helpRequestId),
    queryFn: () => getAdminHelpRequest(helpRequestId),
    refetchInterval: POLL_INTERVAL_MS,
  });
}

export function useAdminHelpRequest(helpRequestId: string) {
  return useQuery(adminHelpRequestQueryOptions(helpRequestId));
}
