import type { TransferDetails } from "@ferry/core/contracts/transfers";
import { keepPreviousData, queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";

/** Fee, total and available balance for exactly these details (a transfer or a cash-out). Moves nothing. */
export function getTransferQuote(details: TransferDetails) {
  return dataOf(api.POST("/api/v1/transfers/quote", { body: details }));
}

/**
 * Keyed on the details themselves, so each recipient, amount and currency has its own quote;
 * `null` details (nothing valid to price yet) ask for nothing.
 */
export function transferQuoteQueryOptions(details: TransferDetails | null) {
  return queryOptions({
    queryKey: ["transfer-quote", details] as const,
    queryFn: details ? () => getTransferQuote(details) : skipToken,
    staleTime: 15_000,
  });
}

export function useTransferQuote(details: TransferDetails | null) {
  return useQuery({
    ...transferQuoteQueryOptions(details),
    // The previous figures stay on screen while the next amount is priced, instead of flickering away.
    placeholderData: keepPreviousData,
  });
}
