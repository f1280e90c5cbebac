import type { ExchangeQuoteRequest } from "@ferry/core/contracts/exchange";
import { useMutation } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";

/** Locks a rate and fee for 30 seconds: what selling this amount costs and what arrives. Moves nothing. */
export function createExchangeQuote(request: ExchangeQuoteRequest) {
  return dataOf(api.POST("/api/v1/exchange/quotes", { body: request }));
}

/**
 * A mutation, not a query: every quote is a new row the server keeps for 30 seconds, asked for when
 * the person presses "Get quote" (or when an expired one is replaced), never refetched behind their back.
 */
export function useCreateExchangeQuote() {
  return useMutation({ mutationFn: createExchangeQuote });
}
