import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { getTransactions, transactionsQueryKey } from "../../../lib/queries/transactions.ts";

const PAGE_SIZE = 20;

/** The full history, newest first, a page at a time through the server's cursor. */
export const transactionHistoryQueryOptions = infiniteQueryOptions({
  queryKey: [...transactionsQueryKey, "history"] as const,
  queryFn: ({ pageParam }) => getTransactions({ limit: PAGE_SIZE, cursor: pageParam }),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
});

export function useTransactionHistory() {
  return useInfiniteQuery(transactionHistoryQueryOptions);
}
