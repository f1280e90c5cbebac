import { z } from "zod";
import { CURRENCY_CODES, type CurrencyCode } from "../currencies.ts";

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
