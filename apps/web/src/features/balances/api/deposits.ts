import type { Deposit, DepositInstructions, ReportDepositRequest } from "@ferry/core/contracts/deposits";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api.ts";

export const depositInstructionsQueryOptions = queryOptions({
  queryKey: ["deposit-instructions"] as const,
  queryFn: () => apiFetch<DepositInstructions>("/api/v1/deposits/instructions"),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useDepositInstructions(isEnabled: boolean) {
  return useQuery({ ...depositInstructionsQueryOptions, enabled: isEnabled });
}

export function useReportDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ReportDepositRequest) =>
      apiFetch<Deposit>("/api/v1/deposits", { method: "POST", body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["deposits"] }),
  });
}
