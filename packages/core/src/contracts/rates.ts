import { z } from "zod";
import { RATE_CURRENCY_CODES } from "../display-currency.ts";
import { MAX_EXCHANGE_FEE_BASIS_POINTS, parseRate } from "../exchange.ts";

/** A currency the rates table prices: the nine Ferry holds, and JPY, a display currency only (migration 032). */
export const RateCurrencySchema = z.enum(RATE_CURRENCY_CODES);

/**
 * A rate as the API carries it: an exact decimal string of how many units of TO one unit of FROM
 * buys ("1.08", "0.000015384615384615"), never a JSON number.
 */
export const RateText = z
  .string({ error: "Enter a rate" })
  .trim()
  .refine((text) => parseRate(text).ok, { error: (issue) => rateMessageOf(String(issue.input)) });

function rateMessageOf(text: string): string {
  const parsed = parseRate(text);
  return parsed.ok ? "Enter a rate" : parsed.message;
}

/** An exchange fee in basis points (1 bp = 0.01 %), a whole number from 0 to 1,000 (10 %). */
export const ExchangeFeeBasisPoints = z
  .number({ error: "Enter the fee in basis points" })
  .int("Enter the fee as a whole number of basis points")
  .min(0, "The fee cannot be negative")
  .max(MAX_EXCHANGE_FEE_BASIS_POINTS, `The fee can be at most ${MAX_EXCHANGE_FEE_BASIS_POINTS} basis points (10 %)`);

/** One ordered pair of currencies with its rate and fee: the one rate source of the whole product. */
export const RatePair = z.object({
  from: RateCurrencySchema,
  to: RateCurrencySchema,
  /** Units of `to` that one unit of `from` buys, exact, without trailing zeros. */
  rate: z.string(),
  feeBasisPoints: z.number().int(),
  /** When an admin (or the seed) last set this pair. */
  updatedAt: z.string(),
});
export type RatePair = z.infer<typeof RatePair>;

/**
 * `GET /api/v1/rates`: every ordered pair of the nine currencies (72), and USD↔JPY for display totals
 * (74), by from then to in display order.
 */
export const RateList = z.object({ rates: z.array(RatePair) });
export type RateList = z.infer<typeof RateList>;

/** `PUT /api/v1/admin/rates/{from}/{to}`: the pair, which must be two different currencies. */
export const RatePairParams = z
  .object({ from: RateCurrencySchema, to: RateCurrencySchema })
  .refine((pair) => pair.from !== pair.to, { path: ["to"], error: "Choose two different currencies" });
export type RatePairParams = z.infer<typeof RatePairParams>;

/** What an admin sets on a pair: its rate and its fee. */
export const UpdateRateRequest = z.object({ rate: RateText, feeBasisPoints: ExchangeFeeBasisPoints });
export type UpdateRateRequest = z.infer<typeof UpdateRateRequest>;
