import { queryOptions } from "@tanstack/react-query";
import { api, dataOf } from "../api.ts";

/** Every pair's rate and fee: read by the public rates page and the admin's rates table; an admin edit invalidates it. */
export const ratesQueryKey = ["rates"] as const;

export function getRates() {
  return dataOf(api.GET("/api/v1/rates"));
}

export const ratesQueryOptions = queryOptions({ queryKey: ratesQueryKey, queryFn: getRates, staleTime: 60_000 });
