import type { FeeSchedule } from "@ferry/core/contracts/fees";
import type { Config } from "../../config.ts";

/*
 * The fee schedule the operator configured (FEE_*_BPS, INVEST_DAILY_RATE), read once at start: the
 * same figures transfers are priced with (transfers/pricing.ts) and investments are paid at.
 */

/** The public fee schedule of a configuration. */
export function feeScheduleOf(config: Pick<Config, "feeBasisPoints" | "investDailyRate">): FeeSchedule {
  return {
    transferFeeBasisPoints: { ...config.feeBasisPoints },
    investmentDailyRate: config.investDailyRate.text,
  };
}
