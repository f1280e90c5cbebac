import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
import { type PollHeaders, polled } from "../../../lib/polling.ts";
import { helpRequestsQueryKey } from "../../../lib/queries/help.ts";

const PAGE_SIZE = 20;
/** A new support reply shows in the list (its unread marker, its status) without a reload. */
const POLL_INTERVAL_MS = 30_000;

export const myHelpRequestsQueryKey = [...helpRequestsQueryKey, "list"] as const;

/** One page of the customer's own requests, newest first, with their total. */
export function getMyHelpRequests(cursor: string | null, headers: PollHeaders = {}) {
  return dataOf(
    api.GET("/api/v1/help-requests", {
      params: { query: { limit: PAGE_SIZE, cursor: cursor ?? undefined } },
      headers,
    }),
  );
}

export const myHelpRequestsQueryOptions = infiniteQueryOptions({
  queryKey: myHelpRequestsQueryKey,
  ...polled(POLL_INTERVAL_MS, (headers, cursor: string | null) => getMyHelpRequests(cursor, headers), { isLive: true }),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
});

export function useMyHelpRequests() {
  return useInfiniteQuery(myHelpRequestsQueryOptions);
}
