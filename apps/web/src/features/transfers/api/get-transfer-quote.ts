import type { TransferQuoteRequest } from "@ferry/core/contracts/transfers";
import { QUOTE_LIFETIME_SECONDS } from "@ferry/core/exchange";
import { keepPreviousData, queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
import { type PollHeaders, polled } from "../../../lib/polling.ts";

/**
 * Fee, total and available balance for exactly these details (a transfer or a cash-out), and — paid
 * from another balance — the exchange quote that pays for them, held 30 seconds. Moves no money.
 */
export function getTransferQuote(details: TransferQuoteRequest, headers: PollHeaders = {}) {
  return dataOf(api.POST("/api/v1/transfers/quote", { body: details, headers }));
}

/**
 * Keyed on the details themselves, so each recipient, amount and currency has its own quote;
 * `null` details (nothing valid to price yet) ask for nothing.
 */
export function transferQuoteQueryOptions(details: TransferQuoteRequest | null) {
  return queryOptions({
    queryKey: ["transfer-quote", details] as const,
    queryFn: details ? () => getTransferQuote(details) : skipToken,
    staleTime: 15_000,
  });
}

/** How long before its end an exchange quote on screen is replaced by a fresh one. */
const REQUOTE_MARGIN_MS = 2_000;

/** When a quote's exchange stops holding on this browser's clock: its lifetime counted from its arrival. */
export function exchangeExpiresAtMs(receivedAtMs: number): number {
  return receivedAtMs + QUOTE_LIFETIME_SECONDS * 1_000;
}

export function useTransferQuote(details: TransferQuoteRequest | null) {
  return useQuery({
    ...transferQuoteQueryOptions(details),
    // Paid from another balance, the figures on screen are always a quote that still holds: the app
    // asks for a fresh one before each ends (its own request, not the person's).
    ...(details?.payFrom === undefined
      ? {}
      : polled(QUOTE_LIFETIME_SECONDS * 1_000 - REQUOTE_MARGIN_MS, (headers) => getTransferQuote(details, headers))),
    // The previous figures stay on screen while the next amount is priced, instead of flickering away.
    placeholderData: keepPreviousData,
  });
}
