import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";

const PAGE_SIZE = 25;

/** Every query of this feature starts with this key: a change to a user refreshes the list and the detail. */
export const adminUsersQueryKey = ["admin", "users"] as const;

/** One page of users, newest first, searched by name or e-mail on the server. */
export function getAdminUsers(search: string, cursor: string | null) {
  // An empty search is left out of the query string.
  const query = { limit: PAGE_SIZE, search: search || undefined, cursor: cursor ?? undefined };
  return dataOf(api.GET("/api/v1/admin/users", { params: { query } }));
}

export function adminUsersQueryOptions(search: string) {
  return infiniteQueryOptions({
    queryKey: [...adminUsersQueryKey, "list", search] as const,
    queryFn: ({ pageParam }) => getAdminUsers(search, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useAdminUsers(search: string) {
  // The current rows stay while a new search is answered, instead of blinking to a skeleton.
  return useInfiniteQuery({ ...adminUsersQueryOptions(search), placeholderData: keepPreviousData });
}
