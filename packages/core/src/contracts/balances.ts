import { z } from "zod";
import { CURRENCY_CODES, type CurrencyCode } from "../currencies.ts";
import { RATE_CURRENCY_CODES } from "../display-currency.ts";
import { DISPLAY_CURRENCIES } from "./settings.ts";

export const CurrencyCodeSchema = z.enum(CURRENCY_CODES as [CurrencyCode, ...CurrencyCode[]]);

/** An exact decimal amount string as the API carries it ("12.50"); never a JSON number. */
export const DecimalAmount = z.string().regex(/^-?\d+(\.\d+)?$/);

/** One currency balance: posted, reserved by pending transfers, and available to spend. */
export const Balance = z.object({
  currency: CurrencyCodeSchema,
  balance: DecimalAmount,
  reserved: DecimalAmount,
  available: DecimalAmount,
});
export type Balance = z.infer<typeof Balance>;

export const BalancesResponse = z.object({ balances: z.array(Balance) });
export type BalancesResponse = z.infer<typeof BalancesResponse>;

/** `GET /api/v1/balances/total`'s query: the display currency, the person's saved one when left out. */
export const BalanceTotalQuery = z.object({ currency: z.enum(DISPLAY_CURRENCIES).optional() });
export type BalanceTotalQuery = z.infer<typeof BalanceTotalQuery>;

/** One pair's rate a total used: units of `to` one unit of `from` buys, exact, and when it was set. */
export const TotalRate = z.object({
  from: z.enum(RATE_CURRENCY_CODES),
  to: z.enum(RATE_CURRENCY_CODES),
  rate: z.string(),
  updatedAt: z.string(),
});
export type TotalRate = z.infer<typeof TotalRate>;

/**
 * The total of all the person's balances in a display currency (issue 29, decision 045): display only,
 * at Ferry's rates as they are now. `total` has the currency's display decimals (JPY 0, BTC 8);
 * `ratesAsOf` is the latest change among the rates used (null when none was needed).
 */
export const BalanceTotal = z.object({
  currency: z.enum(DISPLAY_CURRENCIES),
  total: DecimalAmount,
  ratesAsOf: z.string().nullable(),
  rates: z.array(TotalRate),
});
export type BalanceTotal = z.infer<typeof BalanceTotal>;
