import type { UpdateRateRequest } from "@ferry/core/contracts/rates";
import type { RateCurrency } from "@ferry/core/display-currency";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { t } from "../../../i18n/i18n.tsx";
import { api, dataOf } from "../../../lib/api.ts";
import { ratesQueryKey } from "../../../lib/queries/rates.ts";
import { toastFailure, toastSuccess } from "../../../lib/toasts.ts";

/** Sets one pair's rate and fee; the server audits the change with the old and new values. */
export function updateRate(input: { from: RateCurrency; to: RateCurrency; request: UpdateRateRequest }) {
  return dataOf(
    api.PUT("/api/v1/admin/rates/{from}/{to}", {
      params: { path: { from: input.from, to: input.to } },
      body: input.request,
    }),
  );
}

/** Every screen reading rates (this table, the public rates page) sees the new figures at once. */
export function useUpdateRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRate,
    onSuccess: (pair) => {
      toastSuccess(t("Rate updated"), `${pair.from} → ${pair.to}`);
      return queryClient.invalidateQueries({ queryKey: ratesQueryKey });
    },
    onError: (error) => toastFailure(t("Failed to update rate"), error),
  });
}
