import type { CurrencyCode } from "@ferry/core/currencies";
import { acceptedAmountMinorOf, parsePositiveAmount } from "@ferry/core/money";
import { AppError } from "../errors.ts";

/**
 * The minor units of a request's `amount` in `currency`, by core's one amount rule; anything else is
 * refused as a 400 `validation_failed` with core's message on the `amount` field. The request
 * contracts already ask the same rule, so this is the server asserting it before money moves: call it
 * once per request and pass the minor units on.
 */
export function readAmountMinor(text: string, currency: CurrencyCode): bigint {
  const parsed = parsePositiveAmount(text, currency);
  if (!parsed.ok) {
    throw new AppError("validation_failed", parsed.message, { amount: parsed.message });
  }
  return parsed.amountMinor;
}

/**
 * The minor units of a request's `amount` in `currency`, parsed once per request: a request its
 * contract validated (core's `checkPositiveAmount`) gives the units that check computed; one no
 * contract checked (a service called directly) is read by `readAmountMinor`.
 */
export function requestAmountMinorOf(request: { readonly amount: string }, currency: CurrencyCode): bigint {
  return acceptedAmountMinorOf(request, currency) ?? readAmountMinor(request.amount, currency);
}
