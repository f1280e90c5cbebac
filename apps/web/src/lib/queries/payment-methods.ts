import { queryOptions } from "@tanstack/react-query";
import { api, dataOf } from "../api.ts";

/** The user's payment methods: shared by the payment-methods page and the cash-out dialog. */
export const paymentMethodsQueryOptions = queryOptions({
  queryKey: ["payment-methods"] as const,
  queryFn: () => dataOf(api.GET("/api/v1/payment-methods")),
});
