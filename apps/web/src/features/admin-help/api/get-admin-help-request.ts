import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
import { type PollHeaders, polled } from "../../../lib/polling.ts";
import { adminHelpRequestsQueryKey } from "../../../lib/queries/help.ts";

/** The customer's replies reach an open conversation without a reload. */
const POLL_INTERVAL_MS = 20_000;

export function adminHelpRequestQueryKey(helpRequestId: string) {
  return [...adminHelpRequestsQueryKey, "detail", helpRequestId] as const;
}

/** Any customer's request with its conversation, oldest first. */
export function getAdminHelpRequest(helpRequestId: string, headers: PollHeaders = {}) {
  return dataOf(
    api.GET("/api/v1/admin/help-requests/{helpRequestId}", { params: { path: { helpRequestId } }, headers }),
  );
}

export function adminHelpRequestQueryOptions(helpRequestId: string) {
  return queryOptions({
    queryKey: adminHelpRequestQueryKey(helpRequestId),
    ...polled(POLL_INTERVAL_MS, (headers) => getAdminHelpRequest(helpRequestId, headers), { isLive: true }),
  });
}

export function useAdminHelpRequest(helpRequestId: string) {
  return useQuery(adminHelpRequestQueryOptions(helpRequestId));
}
