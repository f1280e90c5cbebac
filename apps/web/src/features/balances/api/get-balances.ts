import type { BalancesResponse } from "@ferry/core/contracts/balances";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api.ts";

export const balancesQueryKey = ["balances"] as const;

export function getBalances(): Promise<BalancesResponse> {
  return apiFetch<BalancesResponse>("/api/v1/balances");
}

export const balancesQueryOptions = queryOptions({ queryKey: balancesQueryKey, queryFn: getBalances });

export function useBalances() {
  return useQuery(balancesQueryOptions);
}
