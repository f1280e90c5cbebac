import type { TransferIdParams, UpdateTransferStatusRequest } from "@ferry/core/contracts/transfers";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { t, translateText } from "../../../i18n/i18n.tsx";
import { api, dataOf } from "../../../lib/api.ts";
import { toastError, toastSuccess } from "../../../lib/toasts.ts";
import { adminTransactionsQueryKey } from "./get-admin-transactions.ts";

/** Sets a transfer's status; the server moves the money to match (reserve, post, release or refund). */
export function updateTransactionStatus(input: TransferIdParams & UpdateTransferStatusRequest) {
  return dataOf(
    api.PATCH("/api/v1/admin/transactions/{transferId}/status", {
      params: { path: { transferId: input.transferId } },
      body: { status: input.status },
    }),
  );
}

/**
 * The toasts live here rather than with the row: once the list is refetched the row may be gone
 * (filtered by its old status), and a row's own callbacks would then never run.
 */
export function useUpdateTransactionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTransactionStatus,
    onSuccess: () => toastSuccess(t("Transaction status updated successfully")),
    onError: (error) =>
      toastError(t("Failed to update transaction status: {reason}", { reason: translateText(error.message) })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminTransactionsQueryKey }),
  });
}
