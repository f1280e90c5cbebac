import type { InvestmentDepositRequest } from "@ferry/core/contracts/investments";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
import { toastFailure, toastSuccess } from "../../../lib/toasts.ts";
import { showMovement } from "./get-investment.ts";

/** Moves USD from the wallet into the investment; the first deposit creates it. */
export function invest(input: { idempotencyKey: string; request: InvestmentDepositRequest }) {
  return dataOf(
    api.POST("/api/v1/investment/deposits", {
      params: { header: { "idempotency-key": input.idempotencyKey } },
      body: input.request,
    }),
  );
}

/** Spec §8's toasts: 'Investment deposited successfully!' or 'Failed to process investment' with the server's words. */
export function useInvest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: invest,
    onSuccess: (overview) => {
      toastSuccess("Investment deposited successfully!");
      return showMovement(queryClient, overview);
    },
    onError: (error) => toastFailure("Failed to process investment", error),
  });
}
