import type { TransactionList } from "@ferry/core/contracts/transfers";
import { apiFetch } from "../api.ts";

/** The root key of every view of the user's history (recent list, full history); invalidate it after a transfer. */
export const transactionsQueryKey = ["transactions"] as const;

/** One page of the user's history, newest first. */
export function getTransactions(params: { limit: number; cursor?: string | null }): Promise<TransactionList> {
  const search = new URLSearchParams({ limit: String(params.limit) });
  if (params.cursor) {
    search.set("cursor", params.cursor);
  }
  return apiFetch<TransactionList>(`/api/v1/transactions?${search.toString()}`);
}
