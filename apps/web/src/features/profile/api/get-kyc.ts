import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";

export const kycQueryKey = ["kyc"] as const;

/** The customer's identity verification: status, the last decision's reason, and the daily limits. */
export function getKyc() {
  return dataOf(api.GET("/api/v1/me/kyc"));
}

export const kycQueryOptions = queryOptions({ queryKey: kycQueryKey, queryFn: getKyc });

export function useKyc() {
  return useQuery(kycQueryOptions);
}
