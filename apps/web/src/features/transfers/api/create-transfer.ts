import type { CreateTransferRequest } from "@ferry/core/contracts/transfers";
import { transferPagePath } from "@ferry/core/web-routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api, dataOf } from "../../../lib/api.ts";
import { balancesQueryKey } from "../../../lib/queries/balances.ts";
import { transactionsQueryKey } from "../../../lib/queries/transactions.ts";
import { toastTransferFailure, toastTransferSent } from "./transfer-toasts.ts";

/**
 * Sends money: to a recipient, a Ferry user, or (a cash-out) to one of the sender's own payment
 * methods. The Idempotency-Key makes a retry or a double click return the first transfer instead of
 * sending twice, so the caller keeps one key for one intended transfer.
 */
export function createTransfer(input: { idempotencyKey: string; request: CreateTransferRequest }) {
  return dataOf(
    api.POST("/api/v1/transfers", {
      params: { header: { "idempotency-key": input.idempotencyKey } },
      body: input.request,
    }),
  );
}

/** The outcome is announced here, not by the dialog: money that left must be reported even if the dialog is gone. */
export function useCreateTransfer() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: createTransfer,
    onSuccess: (transfer, input) => {
      toastTransferSent(input.request.target.method, () => navigate(transferPagePath(transfer.id)));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: balancesQueryKey }),
        queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
      ]);
    },
    onError: (error) => toastTransferFailure(error, "Failed to send money"),
  });
}
