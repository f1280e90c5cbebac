import type { HistoryFilters } from "@ferry/core/contracts/transfers";
import { api, dataOf } from "../api.ts";

/** The root key of every view of the user's history (recent list, full history); invalidate it after a transfer. */
export const transactionsQueryKey = ["transactions"] as const;

/** One page of the user's history, newest first, narrowed by `filters` (issue 30). */
export function getTransactions(params: { limit: number; cursor?: string | null; filters?: HistoryFilters }) {
  const query = { ...params.filters, limit: params.limit, cursor: params.cursor || undefined };
  return dataOf(api.GET("/api/v1/transactions", { params: { query } }));
}
