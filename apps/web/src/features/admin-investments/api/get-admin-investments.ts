import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";

export const adminInvestmentsQueryKey = ["admin", "investments"] as const;

/** One page of every investment, newest first, searched by the user's name or e-mail on the server. */
export function getAdminInvestments(search: string, cursor: string | null) {
  // An empty search or cursor is left out of the query string.
  const query = { search: search || undefined, cursor: cursor ?? undefined };
  return dataOf(api.GET("/api/v1/admin/investments", { params: { query } }));
}

export function adminInvestmentsQueryOptions(search: string) {
  return infiniteQueryOptions({
    queryKey: [...adminInvestmentsQueryKey, { search }] as const,
    queryFn: ({ pageParam }) => getAdminInvestments(search, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useAdminInvestments(search: string) {
  // The current rows stay while a new search is answered, instead of blinking to a skeleton.
  return useInfiniteQuery({ ...adminInvestmentsQueryOptions(search), placeholderData: keepPreviousData });
}
