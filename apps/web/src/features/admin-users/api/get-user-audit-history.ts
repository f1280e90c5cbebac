import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
import { adminUsersQueryKey } from "./get-admin-users.ts";

const PAGE_SIZE = 10;

/**
 * One page of a user's audit history, newest first: the admin actions taken on them (ban, unban,
 * e-mail, KYC decision, delete), those on their money (a deposit reviewed), and, for an admin, the
 * actions they took themselves.
 */
export function getUserAuditHistory(userId: string, cursor: string | null) {
  const query = { involvedUserId: userId, limit: PAGE_SIZE, cursor: cursor ?? undefined };
  return dataOf(api.GET("/api/v1/admin/audit-log", { params: { query } }));
}

export function userAuditHistoryQueryOptions(userId: string) {
  return infiniteQueryOptions({
    // Under the feature's key: a ban or an e-mail adds a row, and refreshes it with the detail.
    queryKey: [...adminUsersQueryKey, "audit", userId] as const,
    queryFn: ({ pageParam }) => getUserAuditHistory(userId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useUserAuditHistory(userId: string) {
  return useInfiniteQuery(userAuditHistoryQueryOptions(userId));
}
