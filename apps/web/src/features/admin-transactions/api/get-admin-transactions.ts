import type { TransferStatus } from "@ferry/core/contracts/transfers";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";

const PAGE_SIZE = 25;

export const adminTransactionsQueryKey = ["admin", "transactions"] as const;

export interface AdminTransactionFilters {
  readonly search: string;
  readonly status: TransferStatus | "";
}

/** One page of every user's transfers, newest first, searched and filtered on the server. */
export function getAdminTransactions(filters: AdminTransactionFilters, cursor: string | null) {
  // An empty filter is left out of the query string.
  const query = {
    limit: PAGE_SIZE,
    search: filters.search || undefined,
    status: filters.status || undefined,
    cursor: cursor ?? undefined,
  };
  return dataOf(api.GET("/api/v1/admin/transactions", { params: { query } }));
}

export function adminTransactionsQueryOptions(filters: AdminTransactionFilters) {
  return infiniteQueryOptions({
    queryKey: [...adminTransactionsQueryKey, filters] as const,
    queryFn: ({ pageParam }) => getAdminTransactions(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useAdminTransactions(filters: AdminTransactionFilters) {
  // The current rows stay while a new search is answered, instead of blinking to a skeleton.
  return useInfiniteQuery({ ...adminTransactionsQueryOptions(filters), placeholderData: keepPreviousData });
}
