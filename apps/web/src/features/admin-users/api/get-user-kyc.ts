import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
import { adminUsersQueryKey } from "./get-admin-users.ts";

/** A user's identity checks, newest first, each with its documents (served to admins only). */
export function getUserKyc(userId: string) {
  return dataOf(api.GET("/api/v1/admin/users/{userId}/kyc", { params: { path: { userId } } }));
}

export function userKycQueryOptions(userId: string) {
  return queryOptions({ queryKey: [...adminUsersQueryKey, "kyc", userId] as const, queryFn: () => getUserKyc(userId) });
}

export function useUserKyc(userId: string) {
  return useQuery(userKycQueryOptions(userId));
}
