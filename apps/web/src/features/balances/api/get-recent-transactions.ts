import { queryOptions, useQuery } from "@tanstack/react-query";
import { getTransactions, transactionsQueryKey } from "../../../lib/queries/transactions.ts";

/** The balances screen lists the three newest entries of the history (spec §9). */
export const RECENT_TRANSACTIONS_LIMIT = 3;

export const recentTransactionsQueryOptions = queryOptions({
  queryKey: [...transactionsQueryKey, "recent", RECENT_TRANSACTIONS_LIMIT] as const,
  queryFn: () => getTransactions({ limit: RECENT_TRANSACTIONS_LIMIT }),
});

export function useRecentTransactions() {
  return useQuery(recentTransactionsQueryOptions);
}
