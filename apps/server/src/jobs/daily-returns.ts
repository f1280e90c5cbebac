import type { Database } from "../db/database.ts";
import { payDueReturns } from "../modules/investments/returns.ts";
import type { InvestmentSettings } from "../modules/investments/service.ts";
import type { JobDefinition } from "./runner.ts";

/** The daily investment returns' queue. */
export const DAILY_RETURNS_JOB = "investment-daily-returns";

/**
 * Pays the investment returns due up to yesterday (modules/investments/returns.ts), at 00:05 UTC
 * every day, once at start (days missed while no process ran), and on demand (`POST /dev/clock`).
 * Every (investment, day) is paid at most once however often it runs.
 */
export function dailyReturnsJob(db: Database, settings: InvestmentSettings): JobDefinition {
  return {
    name: DAILY_RETURNS_JOB,
    cron: "5 0 * * *",
    isRunAtStart: true,
    run: () => payDueReturns(db, settings),
  };
}
