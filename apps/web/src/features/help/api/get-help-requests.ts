import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
import { helpRequestsQueryKey } from "../../../lib/queries/help.ts";

const PAGE_SIZE = 20;
/** A new support reply shows in the list (its unread marker, its status) without a reload. */
const POLL_INTERVAL_MS = 30_000;

export const myHelpRequestsQueryKey = [...helpRequestsQueryKey, "list"] as const;

/** One page of the customer's own requests, newest first, with their total. */
export function getMyHelpRequests(cursor: string | null) {
  return dataOf(
    api.GET("/api/v1/help-requests", { params: { query: { limit: PAGE_SIZE, cursor: cursor ?? undefined } } }),
  );
}

export const myHelpRequestsQueryOptions = infiniteQueryOptions({
  queryKey: myHelpRequestsQueryKey,
  queryFn: ({ pageParam }) => getMyHelpRequests(pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
  refetchInterval: POLL_INTERVAL_MS,
});

export function useMyHelpRequests() {
  return useInfiniteQuery(myHelpRequestsQueryOptions);
}
