import { dailyReturnMinor } from "@ferry/core/investment-returns";
import { toDecimalString } from "@ferry/core/money";
import { addUtcDays, startOfUtcDay, type UtcDay, utcDayOf } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { selectActiveAdminIds } from "../../db/users.ts";
import { AppError } from "../../errors.ts";
import { applyLedger, systemAccountId } from "../ledger/service.ts";
import { createNotification } from "../notifications/service.ts";
import { recordWebhookEvents } from "../webhooks/service.ts";
import {
  hasMovementSince,
  type InvestmentRow,
  insertInvestmentTransaction,
  insertReserveAlert,
  lockInvestment,
  selectAccountBalance,
  selectInvestmentsDueBefore,
  selectLowestBalanceOfDay,
  updateReturnsSettled,
} from "./queries.ts";
import type { InvestmentSettings } from "./service.ts";

/*
 * The daily returns (docs/decisions/019-investment-returns.md). For every investment and every UTC
 * day after the last one settled, up to yesterday (today is not finished), the lowest balance the
 * investment held that day earns `balance × rate`, rounded down to the cent, paid from the USD yield
 * reserve. Each (investment, day) is its own database transaction under the investment's row lock,
 * and its ledger transfer key `investment-return:<investmentId>:<day>` is unique: however many
 * runners race, restart or crash, a day is paid at most once, and a day not yet paid is paid by the
 * next run. Days are paid in order; a day the reserve cannot cover stops that investment until the
 * reserve is topped up.
 */

/**
 * What one day of one investment came to, and the last day now settled for it (beyond the day itself
 * when another runner got further, or when an empty investment skipped its idle days).
 */
type DayOutcome =
  | { readonly kind: "paid"; readonly paidMinor: bigint; readonly settledThrough: UtcDay }
  | { readonly kind: "nothing_due" | "already_settled"; readonly settledThrough: UtcDay }
  | { readonly kind: "reserve_short" };

/** What a run did. */
export interface ReturnsRun {
  /** The last day the run settled returns for (yesterday by its clock). */
  readonly throughDay: UtcDay;
  readonly daysPaid: number;
  readonly paidMinor: bigint;
  /** (Investment, day) pairs the reserve could not cover; each is paid by a later run. */
  readonly daysShort: number;
}

/** The ledger transfer key of an investment's return for a day: the ledger accepts each key once. */
export function returnTransferKey(investmentId: string, day: UtcDay): string {
  return `investment-return:${investmentId}:${day}`;
}

/**
 * Pays one day's return of an investment from the yield reserve, in the caller's transaction: the
 * ledger transfer (its key can apply once), the investment's history row, the day marked settled,
 * and the customer's notification. The reserve's CHECK refuses what it cannot cover.
 */
async function payReturn(
  trx: Database,
  settings: InvestmentSettings,
  due: { readonly investment: InvestmentRow; readonly day: UtcDay; readonly returnMinor: bigint },
): Promise<void> {
  const { investment, day, returnMinor } = due;
  const investmentId = investment.id;
  const dayEnd = startOfUtcDay(addUtcDays(day, 1));
  const {
    transfers: [transfer],
  } = await applyLedger(trx, {
    create: [
      {
        transferKey: returnTransferKey(investmentId, day),
        debitAccountId: await systemAccountId(trx, "USD", "yield_reserve"),
        creditAccountId: investment.account_id,
        amountMinor: returnMinor,
        currency: "USD",
        kind: "investment_return",
        state: "posted",
        referenceType: "investment",
        referenceId: investmentId,
      },
    ],
  });
  if (!transfer) {
    throw new Error("Investment invariant: the ledger returns the transfer it made");
  }
  await insertInvestmentTransaction(trx, {
    investmentId,
    userId: investment.user_id,
    type: "daily_return",
    amountMinor: returnMinor,
    balanceAfterMinor: await selectAccountBalance(trx, investment.account_id),
    ledgerTransferId: transfer.id,
    forDate: day,
    // It counts from the midnight ending its day, however late it is paid.
    effectiveAt: dayEnd,
    createdAt: settings.clock.now(),
  });
  await updateReturnsSettled(trx, investmentId, { through: day, paidMinor: returnMinor });
  await recordWebhookEvents(trx, [
    {
      userId: investment.user_id,
      type: "investment.return_paid",
      data: { investmentId, day, amount: toDecimalString(returnMinor, "USD"), currency: "USD" },
    },
  ]);
  await createNotification(trx, {
    userId: investment.user_id,
    type: "success",
    write: (reader) => ({
      title: reader.t("Daily return"),
      message: reader.t("Your investment earned {amount} for {day}.", {
        amount: reader.format.money({ currency: "USD", amountMinor: returnMinor }),
        day,
      }),
    }),
  });
}

/**
 * Settles one day of one investment in one transaction: under the investment's lock, a day already
 * settled by another runner is left alone; otherwise the day's return is paid from the reserve (or
 * nothing, when nothing is due), the day recorded as settled, and the customer notified. When the
 * reserve cannot cover it, the transaction rolls back and nothing changes.
 */
async function settleDay(
  db: Database,
  settings: InvestmentSettings,
  investmentId: string,
  day: UtcDay,
): Promise<DayOutcome> {
  try {
    return await db.transaction().execute(async (trx) => {
      const investment = await lockInvestment(trx, investmentId);
      if (!investment) {
        throw new Error(`Investment invariant: ${investmentId} exists`);
      }
      if (investment.returns_settled_through >= day) {
        return { kind: "already_settled", settledThrough: investment.returns_settled_through };
      }
      if (investment.returns_settled_through !== addUtcDays(day, -1)) {
        throw new Error(
          `Investment invariant: ${investmentId} settles ${day} after ${investment.returns_settled_through}`,
        );
      }
      const dayStart = startOfUtcDay(day);
      const dayEnd = startOfUtcDay(addUtcDays(day, 1));
      const lowestMinor = await selectLowestBalanceOfDay(trx, investmentId, { start: dayStart, end: dayEnd });
      const returnMinor = dailyReturnMinor(lowestMinor, settings.dailyRate);
      if (returnMinor === 0n) {
        // Nothing earned. An empty investment with nothing moving since stays empty: skip to yesterday.
        const isIdle = BigInt(investment.balance) === 0n && !(await hasMovementSince(trx, investmentId, dayStart));
        const yesterday = addUtcDays(utcDayOf(settings.clock.now()), -1);
        const through = isIdle && yesterday > day ? yesterday : day;
        await updateReturnsSettled(trx, investmentId, { through, paidMinor: 0n });
        return { kind: "nothing_due", settledThrough: through };
      }
      await payReturn(trx, settings, { investment, day, returnMinor });
      return { kind: "paid", paidMinor: returnMinor, settledThrough: day };
    });
  } catch (error) {
    if (error instanceof AppError && error.code === "insufficient_funds") {
      return { kind: "reserve_short" };
    }
    throw error;
  }
}

/**
 * Tells every admin, once per UTC day however many runs find it, that the reserve could not cover
 * returns due. The alert row and the notifications commit together.
 */
async function alertAdmins(db: Database, today: UtcDay, daysShort: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await insertReserveAlert(trx, today, daysShort))) {
      return;
    }
    for (const adminId of await selectActiveAdminIds(trx)) {
      await createNotification(trx, {
        userId: adminId,
        type: "warning",
        write: (reader) => ({
          title: reader.t("Yield reserve too low"),
          message: reader.t(
            "The yield reserve could not cover {daysShort} day(s) of investment returns due by {today}. Top it up in Admin → Investments; the returns are paid on the next run.",
            { daysShort, today },
          ),
        }),
      });
    }
  });
}

/**
 * Pays every return due up to yesterday, day by day (all investments' earliest day first, so a short
 * reserve is shared in order), and alerts the admins when the reserve fell short. Safe to run at any
 * time, as often as wanted, in several processes at once.
 */
export async function payDueReturns(db: Database, settings: InvestmentSettings): Promise<ReturnsRun> {
  const today = utcDayOf(settings.clock.now());
  const yesterday = addUtcDays(today, -1);
  const due = await selectInvestmentsDueBefore(db, yesterday);
  const nextDay = new Map(due.map((row) => [row.id, addUtcDays(row.settled_through, 1)]));
  let daysPaid = 0;
  let paidMinor = 0n;
  let daysShort = 0;
  let day = due[0] ? addUtcDays(due[0].settled_through, 1) : addUtcDays(yesterday, 1);
  for (; day <= yesterday && nextDay.size > 0; day = addUtcDays(day, 1)) {
    for (const [investmentId, next] of nextDay) {
      if (next !== day) {
        continue;
      }
      const outcome = await settleDay(db, settings, investmentId, day);
      if (outcome.kind === "reserve_short") {
        // Its later days wait for this one: they are counted short too, and paid in order after a top-up.
        daysShort += daysBetween(day, yesterday) + 1;
        nextDay.delete(investmentId);
        continue;
      }
      if (outcome.kind === "paid") {
        daysPaid += 1;
        paidMinor += outcome.paidMinor;
      }
      nextDay.set(investmentId, addUtcDays(outcome.settledThrough, 1));
    }
  }
  if (daysShort > 0) {
    await alertAdmins(db, today, daysShort);
  }
  return { throughDay: yesterday, daysPaid, paidMinor, daysShort };
}

function daysBetween(from: UtcDay, to: UtcDay): number {
  return Math.round((startOfUtcDay(to).getTime() - startOfUtcDay(from).getTime()) / (24 * 60 * 60 * 1000));
}
