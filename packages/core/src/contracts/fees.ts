import { z } from "zod";

/** A fee rate in basis points (1 bp = 0.01 %): a whole number from 0 to 10,000. */
const FeeBasisPoints = z.number().int().min(0).max(10_000);

/**
 * `GET /api/v1/fees` (public): the prices an operator configured — the fee on each kind of transfer
 * (FEE_BANK_BPS, FEE_CRYPTO_BPS, FEE_FERRY_USER_BPS) and the investment centre's daily return
 * (INVEST_DAILY_RATE) — so the public calculators show what Ferry really charges and pays. Exchange
 * fees are per currency pair and come with the rates (`GET /api/v1/rates`).
 */
export const FeeSchedule = z.object({
  transferFeeBasisPoints: z.object({
    /** To a bank account. */
    bank: FeeBasisPoints,
    /** To a crypto wallet. */
    crypto: FeeBasisPoints,
    /** To another Ferry user, instantly. */
    ferry_user: FeeBasisPoints,
  }),
  /** The daily investment return as a decimal fraction ("0.02" is 2 % a day), exact. */
  investmentDailyRate: z.string(),
});
export type FeeSchedule = z.infer<typeof FeeSchedule>;
