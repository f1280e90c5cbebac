import type { ReviewDepositRequest } from "@ferry/core/contracts/deposits";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
import { type PollHeaders, polled } from "../../../lib/polling.ts";

export const pendingDepositsQueryKey = ["admin", "deposits", "pending"] as const;

export function getPendingDeposits(headers: PollHeaders = {}) {
  return dataOf(api.GET("/api/v1/admin/deposits", { headers }));
}

export const pendingDepositsQueryOptions = queryOptions({
  queryKey: pendingDepositsQueryKey,
  ...polled(30_000, (headers) => getPendingDeposits(headers)),
});

export function usePendingDeposits() {
  return useQuery(pendingDepositsQueryOptions);
}

export function useReviewDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      depositId: string;
      decision: ReviewDepositRequest["decision"];
      adminNotes: string;
      customerNote: string;
    }) =>
      dataOf(
        api.POST("/api/v1/admin/deposits/{depositId}/review", {
          params: { path: { depositId: input.depositId } },
          // An empty note is no note: neither is sent.
          body: {
            decision: input.decision,
            adminNotes: input.adminNotes || undefined,
            customerNote: input.customerNote || undefined,
          },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pendingDepositsQueryKey }),
  });
}
