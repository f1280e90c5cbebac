import type { AdminInvestmentList } from "@ferry/core/contracts/investments";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api.ts";

export const adminInvestmentsQueryKey = ["admin", "investments"] as const;

/** One page of every investment, newest first, searched by the user's name or e-mail on the server. */
export function getAdminInvestments(search: string, cursor: string | null): Promise<AdminInvestmentList> {
  const params = new URLSearchParams();
  if (search) {
    params.set("search", search);
  }
  if (cursor) {
    params.set("cursor", cursor);
  }
  const query = params.toString();
  return apiFetch<AdminInvestmentList>(`/api/v1/admin/investments${query ? `?${query}` : ""}`);
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
