import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import { polled } from "../../../lib/polling.ts";
import { balancesQueryKey } from "../../../lib/queries/balances.ts";
import { transactionsQueryKey } from "../../../lib/queries/transactions.ts";

/** How often an open transfer page asks what happened to it since (issue 30: "updated as it moves"). */
const TRANSFER_POLL_INTERVAL_MS = 15_000;

/** Under the history's key: every change to money that refreshes the history refreshes the transfer too. */
const transferKey = (transferId: string) => [...transactionsQueryKey, "transfer", transferId] as const;

export function transferQueryOptions(transferId: string) {
  return queryOptions({
    queryKey: [...transferKey(transferId), "figures"] as const,
    queryFn: () => dataOf(api.GET("/api/v1/transfers/{transferId}", { params: { path: { transferId } } })),
  });
}

export function transferActivityQueryOptions(transferId: string) {
  return queryOptions({
    queryKey: [...transferKey(transferId), "activity"] as const,
    ...polled(
      TRANSFER_POLL_INTERVAL_MS,
      (headers) =>
        dataOf(api.GET("/api/v1/transfers/{transferId}/activity", { params: { path: { transferId } }, headers })),
      { isLive: true },
    ),
  });
}

/** The transfer's figures and its activity (destination, steps, cancel window). */
export function useTransfer(transferId: string) {
  return {
    transfer: useQuery(transferQueryOptions(transferId)),
    activity: useQuery(transferActivityQueryOptions(transferId)),
  };
}

/** Cancels the transfer (one Idempotency-Key per attempt); the balances, history and this page refresh. */
export function useCancelTransfer(transferId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      dataOf(
        api.POST("/api/v1/transfers/{transferId}/cancel", {
          params: { path: { transferId }, header: { "idempotency-key": newIdempotencyKey() } },
        }),
      ),
    onSuccess: async (activity) => {
      queryClient.setQueryData(transferActivityQueryOptions(transferId).queryKey, activity);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: balancesQueryKey }),
      ]);
    },
  });
}
