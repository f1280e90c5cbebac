import type { PaymentMethodRequest } from "@ferry/core/contracts/payment-methods";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
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
        ? dataOf(
            api.PUT("/api/v1/payment-methods/{paymentMethodId}", {
              params: { path: { paymentMethodId: id } },
              body: request,
            }),
          )
        : dataOf(api.POST("/api/v1/payment-methods", { body: request })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}

export function useDeletePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      dataOf(api.DELETE("/api/v1/payment-methods/{paymentMethodId}", { params: { path: { paymentMethodId: id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}
