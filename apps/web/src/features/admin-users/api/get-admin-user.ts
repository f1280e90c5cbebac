import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
import { adminUsersQueryKey } from "./get-admin-users.ts";

/** One user as the detail view and Contact User show them: profile, money, help requests, sessions. */
export function getAdminUser(userId: string) {
  return dataOf(api.GET("/api/v1/admin/users/{userId}", { params: { path: { userId } } }));
}

export function adminUserQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...adminUsersQueryKey, "detail", userId] as const,
    queryFn: () => getAdminUser(userId),
  });
}

export function useAdminUser(userId: string) {
  return useQuery(adminUserQueryOptions(userId));
}
