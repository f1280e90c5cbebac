import type { InvestmentWithdrawalRequest } from "@ferry/core/contracts/investments";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
import { toastFailure, toastSuccess } from "../../../lib/toasts.ts";
import { showMovement } from "./get-investment.ts";

/** Moves USD from the investment back to the wallet. */
export function withdrawInvestment(input: { idempotencyKey: string; request: InvestmentWithdrawalRequest }) {
  return dataOf(
    api.POST("/api/v1/investment/withdrawals", {
      params: { header: { "idempotency-key": input.idempotencyKey } },
      body: input.request,
    }),
  );
}

/** Spec §8's toasts: 'Withdrawal completed successfully!' or 'Failed to process withdrawal' with the server's words. */
export function useWithdrawInvestment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawInvestment,
    onSuccess: (overview) => {
      toastSuccess("Withdrawal completed successfully!");
      return showMovement(queryClient, overview);
    },
    onError: (error) => toastFailure("Failed to process withdrawal", error),
  });
}
