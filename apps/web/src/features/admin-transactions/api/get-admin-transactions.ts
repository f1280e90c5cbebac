import type { AdminTransferList, TransferStatus } from "@ferry/core/contracts/transfers";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api.ts";

const PAGE_SIZE = 25;

export const adminTransactionsQueryKey = ["admin", "transactions"] as const;

export interface AdminTransactionFilters {
  readonly search: string;
  readonly status: TransferStatus | "";
}

/** One page of every user's transfers, newest first, searched and filtered on the server. */
export function getAdminTransactions(
  filters: AdminTransactionFilters,
  cursor: string | null,
): Promise<AdminTransferList> {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (filters.search) {
    params.set("search", filters.search);
  }
  if (filters.status) {
    params.set("status", filters.status);
  }
  if (cursor) {
    params.set("cursor", cursor);
  }
  return apiFetch<AdminTransferList>(`/api/v1/admin/transactions?${params.toString()}`);
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
