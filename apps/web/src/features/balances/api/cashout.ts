import type { Transfer, TransferDetails, TransferQuote } from "@ferry/core/contracts/transfers";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api.ts";
import { balancesQueryKey } from "../../../lib/queries/balances.ts";
import { transactionsQueryKey } from "../../../lib/queries/transactions.ts";

/** The fee and total of a cash-out, from the server (the only place fees are computed). */
export function useCashoutQuote(details: TransferDetails | null) {
  return useQuery({
    queryKey: ["cashout-quote", details],
    queryFn: () => apiFetch<TransferQuote>("/api/v1/transfers/quote", { method: "POST", body: details }),
    enabled: details !== null,
    retry: false,
  });
}

export function useSendCashoutCode() {
  return useMutation({
    mutationFn: (details: TransferDetails) =>
      apiFetch<{ expiresAt: string }>("/api/v1/transfers/verification-code", { method: "POST", body: details }),
  });
}

/** Confirms a cash-out; the idempotency key makes retries and double clicks send it once. */
export function useConfirmCashout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { details: TransferDetails; code: string; idempotencyKey: string }) =>
      apiFetch<Transfer>("/api/v1/transfers", {
        method: "POST",
        headers: { "idempotency-key": input.idempotencyKey },
        body: { ...input.details, code: input.code },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: balancesQueryKey });
      void queryClient.invalidateQueries({ queryKey: transactionsQueryKey });
    },
  });
}
