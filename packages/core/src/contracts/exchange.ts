import { z } from "zod";
import { checkPositiveAmountIn } from "../money.ts";
import { CurrencyCodeSchema, DecimalAmount } from "./balances.ts";
import { AmountText } from "./transfers.ts";

/**
 * `POST /api/v1/exchange/quotes`: sell `amount` of `from` (the fee included) for `to`. The one amount
 * rule applies in `from`'s scale ('Please enter a valid amount', 'EUR amounts have at most 2 decimals').
 */
export const ExchangeQuoteRequest = z
  .object({ from: CurrencyCodeSchema, to: CurrencyCodeSchema, amount: AmountText })
  .superRefine((value, ctx) => {
    checkPositiveAmountIn(value, value.from, ctx);
    if (value.from === value.to) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "Choose two different currencies" });
    }
  });
export type ExchangeQuoteRequest = z.infer<typeof ExchangeQuoteRequest>;

/**
 * A quote: the rate and fee locked for 30 seconds, and exactly what confirming it moves. Amounts are
 * decimal strings in their currency's full scale: `amount` and `fee` in `from`, `receive` in `to`.
 */
export const ExchangeQuote = z.object({
  id: z.uuid(),
  from: CurrencyCodeSchema,
  to: CurrencyCodeSchema,
  /** What leaves the `from` wallet, the fee included. */
  amount: DecimalAmount,
  /** The fee, part of `amount`, rounded up to `from`'s minor unit. */
  fee: DecimalAmount,
  /** What reaches the `to` wallet: (amount − fee) × rate, rounded down to `to`'s minor unit. */
  receive: DecimalAmount,
  /** Units of `to` per unit of `from`, exact. */
  rate: z.string(),
  feeBasisPoints: z.number().int(),
  createdAt: z.string(),
  /** After this instant the quote cannot be confirmed: ask for a fresh one. */
  expiresAt: z.string(),
});
export type ExchangeQuote = z.infer<typeof ExchangeQuote>;

/** `POST /api/v1/exchange`: confirm one quote. Sent with an Idempotency-Key header. */
export const ExecuteExchangeRequest = z.object({ quoteId: z.uuid("Get a quote first") });
export type ExecuteExchangeRequest = z.infer<typeof ExecuteExchangeRequest>;

/** A confirmed exchange: the quote's figures, moved in one ledger operation. */
export const Exchange = ExchangeQuote.omit({ expiresAt: true }).extend({
  status: z.literal("completed"),
  executedAt: z.string(),
});
export type Exchange = z.infer<typeof Exchange>;

/**
 * The words of a quote confirmed too late. The API answers 409 `conflict` with them, the same words in
 * `fields.quoteId`, so a client can tell this conflict from the others and ask for a fresh quote.
 * Nothing is ever re-priced silently: the customer confirms the fresh figures again.
 */
export const QUOTE_EXPIRED_MESSAGE = "This quote expired. Get a fresh quote to continue.";

/** What the web says when it has fetched a fresh quote in place of an expired one. */
export const FRESH_QUOTE_MESSAGE = "This quote expired. Here is a fresh one.";

/** The words for spending more of a currency than the wallet holds (the spec's 'Insufficient USD balance'). */
export function insufficientBalanceMessage(currency: string): string {
  return `Insufficient ${currency} balance`;
}
