import type { RateList } from "@ferry/core/contracts/rates";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../api.ts";

/** Every pair's rate and fee: read by the public rates page and the admin's rates table; an admin edit invalidates it. */
export const ratesQueryKey = ["rates"] as const;

export function getRates(): Promise<RateList> {
  return apiFetch<RateList>("/api/v1/rates");
}

export const ratesQueryOptions = queryOptions({ queryKey: ratesQueryKey, queryFn: getRates, staleTime: 60_000 });
