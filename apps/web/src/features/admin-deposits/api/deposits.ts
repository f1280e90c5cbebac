import type { AdminDepositList, ReviewDepositRequest, ReviewedDeposit } from "@ferry/core/contracts/deposits";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api.ts";

export const pendingDepositsQueryKey = ["admin", "deposits", "pending"] as const;

export function getPendingDeposits(): Promise<AdminDepositList> {
  return apiFetch<AdminDepositList>("/api/v1/admin/deposits");
}

export const pendingDepositsQueryOptions = queryOptions({
  queryKey: pendingDepositsQueryKey,
  queryFn: getPendingDeposits,
  refetchInterval: 30_000,
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
      apiFetch<ReviewedDeposit>(`/api/v1/admin/deposits/${input.depositId}/review`, {
        method: "POST",
        // An empty note is no note: neither is sent.
        body: {
          decision: input.decision,
          adminNotes: input.adminNotes || undefined,
          customerNote: input.customerNote || undefined,
        },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pendingDepositsQueryKey }),
  });
}
