import type { HistoryFilters } from "@ferry/core/contracts/transfers";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { getTransactions, transactionsQueryKey } from "../../../lib/queries/transactions.ts";

const PAGE_SIZE = 20;

/** The history, newest first, narrowed by `filters`, a page at a time through the server's cursor. */
export function transactionHistoryQueryOptions(filters: HistoryFilters = {}) {
  return infiniteQueryOptions({
    queryKey: [...transactionsQueryKey, "history", filters] as const,
    queryFn: ({ pageParam }) => getTransactions({ limit: PAGE_SIZE, cursor: pageParam, filters }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useTransactionHistory(filters: HistoryFilters = {}) {
  return useInfiniteQuery(transactionHistoryQueryOptions(filters));
}
