import type { YieldReserveTopUpRequest } from "@ferry/core/contracts/investments";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { t } from "../../../i18n/i18n.tsx";
import { api, dataOf } from "../../../lib/api.ts";
import { formatUsd } from "../../../lib/format-usd.ts";
import { toastFailure, toastSuccess } from "../../../lib/toasts.ts";
import { adminInvestmentsQueryKey } from "./get-admin-investments.ts";

/** Moves USD from the operator's bank account into the yield reserve that pays the daily returns. */
export function topUpYieldReserve(input: { idempotencyKey: string; request: YieldReserveTopUpRequest }) {
  return dataOf(
    api.POST("/api/v1/admin/yield-reserve/top-ups", {
      params: { header: { "idempotency-key": input.idempotencyKey } },
      body: input.request,
    }),
  );
}

export function useTopUpYieldReserve() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: topUpYieldReserve,
    onSuccess: (reserve) => {
      toastSuccess(
        t("Yield reserve topped up"),
        t("The reserve now holds {amount}.", { amount: formatUsd(reserve.balance) }),
      );
      return queryClient.invalidateQueries({ queryKey: adminInvestmentsQueryKey });
    },
    onError: (error) => toastFailure(t("Failed to top up the yield reserve"), error),
  });
}
