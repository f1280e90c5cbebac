import { queryOptions } from "@tanstack/react-query";
import { api, dataOf } from "../api.ts";

/** Every screen that shows or spends a balance reads it through this key; money movements invalidate it. */
export const balancesQueryKey = ["balances"] as const;

export function getBalances() {
  return dataOf(api.GET("/api/v1/balances"));
}

/** The signed-in user's balances: shared by the balances page, the dashboard and the send-money dialog. */
export const balancesQueryOptions = queryOptions({ queryKey: balancesQueryKey, queryFn: getBalances });
