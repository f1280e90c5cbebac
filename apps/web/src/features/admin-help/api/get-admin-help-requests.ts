import type { AdminHelpRequestListQuery } from "@ferry/core/contracts/help";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
import { type PollHeaders, polled } from "../../../lib/polling.ts";
import { adminHelpRequestsQueryKey } from "../../../lib/queries/help.ts";

const PAGE_SIZE = 50;
/** New requests and customers' replies reach the desk without a reload. */
const POLL_INTERVAL_MS = 30_000;

export const adminHelpListQueryKey = [...adminHelpRequestsQueryKey, "list"] as const;

/** The desk's filters; empty means any. */
export interface AdminHelpFilters {
  readonly status: NonNullable<AdminHelpRequestListQuery["status"]> | "";
  readonly priority: NonNullable<AdminHelpRequestListQuery["priority"]> | "";
  readonly search: string;
  readonly sort: AdminHelpRequestListQuery["sort"];
}

/** One page of every customer's requests, filtered, searched and ordered on the server. */
export function getAdminHelpRequests(filters: AdminHelpFilters, cursor: string | null, headers: PollHeaders = {}) {
  // An empty filter is left out of the query string.
  const query = {
    limit: PAGE_SIZE,
    sort: filters.sort,
    status: filters.status || undefined,
    priority: filters.priority || undefined,
    search: filters.search || undefined,
    cursor: cursor ?? undefined,
  };
  return dataOf(api.GET("/api/v1/admin/help-requests", { params: { query }, headers }));
}

export function adminHelpRequestsQueryOptions(filters: AdminHelpFilters) {
  return infiniteQueryOptions({
    queryKey: [...adminHelpListQueryKey, filters] as const,
    ...polled(POLL_INTERVAL_MS, (headers, cursor: string | null) => getAdminHelpRequests(filters, cursor, headers), {
      isLive: true,
    }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useAdminHelpRequests(filters: AdminHelpFilters) {
  // The current rows stay while a new search is answered, instead of blinking to a skeleton.
  return useInfiniteQuery({ ...adminHelpRequestsQueryOptions(filters), placeholderData: keepPreviousData });
}
