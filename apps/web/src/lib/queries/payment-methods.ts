import type { PaymentMethodList } from "@ferry/core/contracts/payment-methods";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../api.ts";

/** The user's payment methods: shared by the payment-methods page and the cash-out dialog. */
export const paymentMethodsQueryOptions = queryOptions({
  queryKey: ["payment-methods"] as const,
  queryFn: () => apiFetch<PaymentMethodList>("/api/v1/payment-methods"),
});
