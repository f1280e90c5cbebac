import type { ReportDepositRequest } from "@ferry/core/contracts/deposits";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";

export const depositInstructionsQueryOptions = queryOptions({
  queryKey: ["deposit-instructions"] as const,
  queryFn: () => dataOf(api.GET("/api/v1/deposits/instructions")),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useDepositInstructions(isEnabled: boolean) {
  return useQuery({ ...depositInstructionsQueryOptions, enabled: isEnabled });
}

export function useReportDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ReportDepositRequest) => dataOf(api.POST("/api/v1/deposits", { body: request })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["deposits"] }),
  });
}
