import type { Exchange } from "@ferry/core/contracts/exchange";
import { minorOf } from "@ferry/core/money";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { formatMoney } from "../../../i18n/format.ts";
import { api, dataOf } from "../../../lib/api.ts";
import { balancesQueryKey } from "../../../lib/queries/balances.ts";
import { notificationsQueryKey } from "../../../lib/queries/notifications.ts";
import { transactionsQueryKey } from "../../../lib/queries/transactions.ts";
import { toastSuccess } from "../../../lib/toasts.ts";

/**
 * Confirms one quote. The Idempotency-Key belongs to the quote: a retry or a double click returns the
 * first exchange instead of a conflict, and the money moves once.
 */
export function executeExchange(input: { quoteId: string; idempotencyKey: string }) {
  return dataOf(
    api.POST("/api/v1/exchange", {
      params: { header: { "idempotency-key": input.idempotencyKey } },
      body: { quoteId: input.quoteId },
    }),
  );
}

/** The words of a completed exchange: "USD 100.00 → EUR 92.36". */
export function exchangeSummaryOf(exchange: Pick<Exchange, "from" | "to" | "amount" | "receive">): string {
  const sold = formatMoney({ currency: exchange.from, amountMinor: minorOf(exchange.amount, exchange.from) });
  const bought = formatMoney({ currency: exchange.to, amountMinor: minorOf(exchange.receive, exchange.to) });
  return `${sold} → ${bought}`;
}

/** The success is announced here, not by the dialog: money that moved is reported even if the dialog is gone. */
export function useExecuteExchange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: executeExchange,
    onSuccess: (exchange) => {
      toastSuccess("Exchange completed successfully", exchangeSummaryOf(exchange));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: balancesQueryKey }),
        queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
      ]);
    },
  });
}
