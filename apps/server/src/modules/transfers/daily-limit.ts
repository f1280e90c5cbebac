import type { TransferMethod } from "@ferry/core/contracts/transfers";
import type { CurrencyCode } from "@ferry/core/currencies";
import type { Money } from "@ferry/core/money";
import { statusesWithLedgerState } from "@ferry/core/transfer-status";
import { sql } from "kysely";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { lockKey } from "../../db/locks.ts";
import { AppError } from "../../errors.ts";
import { dailyLimitMinorOf, readVerificationLevel } from "../kyc/service.ts";

/**
 * Whether a transfer's amount counts toward its sender's daily limit: everything that leaves Ferry for
 * an outside party — bank and crypto recipients and cash-outs — does. A transfer to another Ferry user
 * does not: the money stays on Ferry's own books (it only changes wallets), no outside party receives
 * it, and the receiver can take it out only through their own limit.
 */
export function countsTowardDailyLimit(method: TransferMethod): boolean {
  return method !== "ferry_user";
}

/**
 * Serialises, per user, every decision that uses the daily limit (a new outgoing transfer, an admin
 * reopening one), until the caller's transaction ends: two of them cannot both fit under the same
 * remaining limit. A transaction-level advisory lock, so it needs no row and is released on rollback.
 */
export async function lockDailyLimit(db: Database, userId: string): Promise<void> {
  await lockKey(db, `outgoing-limit|${userId}`);
}

interface DailyLimit {
  readonly limitMinor: bigint;
  /** What is left of it in the last 24 hours; negative when an admin already went over it. */
  readonly remainingMinor: bigint;
  readonly isVerified: boolean;
}

/**
 * A user's daily limit in a currency for money leaving Ferry, by their verification level (the kyc
 * module's rule, which /profile shows: the full CASHOUT_DAILY_LIMITS once both the e-mail and KYC are
 * verified, CASHOUT_UNVERIFIED_PERCENT of it before), and how much of it their bank, crypto and
 * cash-out transfers of the last 24 hours left. A failed or cancelled transfer does not count; one
 * reopened by an admin counts from when it was reopened.
 */
async function readDailyLimit(
  db: Database,
  config: Config,
  userId: string,
  currency: CurrencyCode,
): Promise<DailyLimit> {
  const level = await readVerificationLevel(db, userId);
  const limitMinor = dailyLimitMinorOf(config, level, currency);
  const used = await db
    .selectFrom("transfers")
    .select(sql<string>`coalesce(sum(amount), 0)::text`.as("total"))
    .where("sender_user_id", "=", userId)
    .where("method", "<>", "ferry_user")
    .where("currency", "=", currency)
    // A transfer whose money was given back (failed, cancelled) takes nothing from the limit.
    .where("status", "not in", statusesWithLedgerState("released"))
    .where("limit_counted_at", ">", sql<Date>`now() - interval '24 hours'`)
    .executeTakeFirstOrThrow();
  return { limitMinor, remainingMinor: limitMinor - BigInt(used.total), isVerified: level === "verified" };
}

/** What remains of a limit, never below zero. */
function remainingOf(currency: CurrencyCode, remainingMinor: bigint): Money {
  return { currency, amountMinor: remainingMinor > 0n ? remainingMinor : 0n };
}

/** Refuses an outgoing external transfer that would go over the sender's daily limit, saying how much remains. */
export async function enforceDailyLimit(db: Database, config: Config, userId: string, amount: Money): Promise<void> {
  const { limitMinor, remainingMinor, isVerified } = await readDailyLimit(db, config, userId, amount.currency);
  if (amount.amountMinor > remainingMinor) {
    const limitMoney = { currency: amount.currency, amountMinor: limitMinor };
    const remainingMoney = remainingOf(amount.currency, remainingMinor);
    throw AppError.written("limit_exceeded", ({ t, format }) => {
      const limit = format.money(limitMoney);
      const remaining = format.money(remainingMoney);
      return {
        message: isVerified
          ? t("Your daily limit for bank and crypto transfers and cash-outs is {limit}; {remaining} remains today.", {
              limit,
              remaining,
            })
          : t(
              "Your daily limit for bank and crypto transfers and cash-outs is {limit} until your e-mail and identity (KYC) are verified; {remaining} remains today.",
              { limit, remaining },
            ),
        fields: { amount: t("At most {remaining} today", { remaining }) },
      };
    });
  }
}

/**
 * An admin reopening a failed or cancelled outgoing transfer reserves its money again: like a new
 * transfer, under the sender's lock, it must fit in what remains of their daily limit, or it is refused
 * and nothing changes.
 */
export async function enforceDailyLimitOnReopen(
  db: Database,
  config: Config,
  transfer: { sender_user_id: string; currency: CurrencyCode; amount: string },
): Promise<void> {
  const currency = transfer.currency;
  await lockDailyLimit(db, transfer.sender_user_id);
  const { limitMinor, remainingMinor } = await readDailyLimit(db, config, transfer.sender_user_id, currency);
  if (BigInt(transfer.amount) > remainingMinor) {
    const limitMoney = { currency, amountMinor: limitMinor };
    const remainingMoney = remainingOf(currency, remainingMinor);
    throw AppError.written("limit_exceeded", ({ t, format }) => ({
      message: t(
        "Reopening this transfer would take the sender over their daily limit of {limit} for bank and crypto transfers and cash-outs; {remaining} remains today.",
        { limit: format.money(limitMoney), remaining: format.money(remainingMoney) },
      ),
    }));
  }
}
