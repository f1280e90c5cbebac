import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
import { adminUsersQueryKey } from "./get-admin-users.ts";

const PAGE_SIZE = 10;

/**
 * One page of the admin actions taken on a user (ban, unban, e-mail, KYC decision, delete): the audit
 * log's rows whose subject is this user, newest first.
 */
export function getUserAuditHistory(userId: string, cursor: string | null) {
  const query = { subjectType: "user", subjectId: userId, limit: PAGE_SIZE, cursor: cursor ?? undefined };
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
