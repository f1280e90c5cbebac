import type { HelpCounts } from "@ferry/core/contracts/help";
import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
import { type PollHeaders, polled } from "../../../lib/polling.ts";
import { helpRequestsQueryKey, helpUnreadCountQueryKey } from "../../../lib/queries/help.ts";
import { myHelpRequestsQueryKey } from "./get-help-requests.ts";

/** An open conversation shows support's new replies without a reload. */
const POLL_INTERVAL_MS = 20_000;

export function helpRequestQueryKey(helpRequestId: string) {
  return [...helpRequestsQueryKey, "detail", helpRequestId] as const;
}

/** One of the customer's requests with its conversation; opening it marks support's replies read. */
export function getHelpRequest(helpRequestId: string, headers: PollHeaders = {}) {
  return dataOf(api.GET("/api/v1/help-requests/{helpRequestId}", { params: { path: { helpRequestId } }, headers }));
}

/**
 * After the server has marked the replies read, the sidebar's count and the list's markers are
 * stale: they are refreshed (the list and the count only, never this query itself), when anything
 * was unread at all.
 */
function refreshUnread(queryClient: QueryClient): Promise<void> | undefined {
  const unread = queryClient.getQueryData<HelpCounts>(helpUnreadCountQueryKey);
  if (unread && unread.count === 0) {
    return undefined;
  }
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: helpUnreadCountQueryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: myHelpRequestsQueryKey, exact: true }),
  ]).then(() => undefined);
}

export function helpRequestQueryOptions(helpRequestId: string, queryClient: QueryClient) {
  return queryOptions({
    queryKey: helpRequestQueryKey(helpRequestId),
    ...polled(
      POLL_INTERVAL_MS,
      async (headers) => {
        const request = await getHelpRequest(helpRequestId, headers);
        void refreshUnread(queryClient);
        return request;
      },
      { isLive: true },
    ),
  });
}

export function useHelpRequest(helpRequestId: string) {
  const queryClient = useQueryClient();
  return useQuery(helpRequestQueryOptions(helpRequestId, queryClient));
}
