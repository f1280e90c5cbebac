import type { PaymentMethod, PaymentMethodRequest } from "@ferry/core/contracts/payment-methods";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api.ts";
import { paymentMethodsQueryOptions } from "../../../lib/queries/payment-methods.ts";

const paymentMethodsQueryKey = paymentMethodsQueryOptions.queryKey;

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions);
}

/** Adds a payment method, or replaces one when `id` is given. */
export function useSavePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id?: string; request: PaymentMethodRequest }) =>
      id
        ? apiFetch<PaymentMethod>(`/api/v1/payment-methods/${id}`, { method: "PUT", body: request })
        : apiFetch<PaymentMethod>("/api/v1/payment-methods", { method: "POST", body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}

export function useDeletePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/v1/payment-methods/${id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}
