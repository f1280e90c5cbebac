import type { DisplayCurrency } from "@ferry/core/display-currency";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, dataOf } from "../api.ts";
import { balancesQueryKey } from "./balances.ts";

/**
 * The total of all balances in a display currency (issue 29, decision 045), for the dashboard and
 * /balance. Under the balances key, so every money movement that invalidates balances refreshes it; the
 * currency is part of the key, so saving another display currency reads the new total.
 */
export function balanceTotalQueryOptions(currency: DisplayCurrency) {
  return queryOptions({
    queryKey: [...balancesQueryKey, "total", currency] as const,
    queryFn: () => dataOf(api.GET("/api/v1/balances/total", { params: { query: { currency } } })),
  });
}

export function useBalanceTotal(currency: DisplayCurrency) {
  return useQuery(balanceTotalQueryOptions(currency));
}
