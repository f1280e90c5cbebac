import type {
  AdminInvestmentList,
  AdminInvestmentListQuery,
  Investment,
  InvestmentOverview,
  YieldReserve,
} from "@ferry/core/contracts/investments";
import {
  annualRoiPercent,
  type DailyRate,
  dailyReturnMinor,
  daysCovered,
  projectedReturnMinor,
} from "@ferry/core/investment-returns";
import { toDecimalString } from "@ferry/core/money";
import { addUtcDays, type Clock, startOfUtcDay, utcDayOf } from "../../clock.ts";
import { decodeCursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { findIdempotentReplay, requestHashOf } from "../../db/idempotency.ts";
import { keysetCursorOf, paginate } from "../../db/page.ts";
import { AppError } from "../../errors.ts";
import { notifyAlertRules } from "../alerts/service.ts";
import { type AuditActor, recordAdminAction } from "../audit/service.ts";
import { applyLedger, ensureUserAccount, findLedgerTransfer, systemAccountId } from "../ledger/service.ts";
import {
  type InvestmentRow,
  insertInvestmentIfMissing,
  insertInvestmentTransaction,
  lockInvestment,
  selectAccountBalance,
  selectAdminInvestments,
  selectDailyReturnsDue,
  selectInvestmentOfUser,
  selectInvestmentSummary,
  selectLowestBalanceOfDay,
  selectRecentTransactions,
  selectRequestByKey,
  updateInvestmentFigures,
} from "./queries.ts";

/** What the investment centre reads besides the database: the business clock and the daily rate. */
export interface InvestmentSettings {
  readonly clock: Clock;
  readonly dailyRate: DailyRate;
}

/** Spec §9: the investment history shows the last 10 movements. */
const RECENT_TRANSACTIONS = 10;

/** Spec §5's texts. */
const INVALID_AMOUNT = "Please enter a valid amount";
const INSUFFICIENT_USD = "Insufficient USD balance";
const INSUFFICIENT_INVESTMENT = "Insufficient investment balance";

function usd(amountMinor: bigint): string {
  return toDecimalString(amountMinor, "USD");
}

/**
 * The next return, by the job's own rule (returns.ts): today pays at the coming midnight on the lowest
 * balance held so far today; when nothing was invested at today's start (a first deposit today), the
 * first return is tomorrow's, on the balance now.
 */
async function nextPayoutOf(
  db: Database,
  settings: InvestmentSettings,
  investmentId: string,
  balanceMinor: bigint,
): Promise<Investment["nextPayout"]> {
  if (balanceMinor <= 0n) {
    return null;
  }
  const now = settings.clock.now();
  const today = utcDayOf(now);
  const lowestMinor = await selectLowestBalanceOfDay(db, investmentId, { start: startOfUtcDay(today), end: now });
  const isAfterToday = lowestMinor <= 0n;
  return {
    amount: usd(dailyReturnMinor(isAfterToday ? balanceMinor : lowestMinor, settings.dailyRate)),
    at: startOfUtcDay(addUtcDays(today, isAfterToday ? 2 : 1)).toISOString(),
    isAfterToday,
  };
}

/** The investment page: the investment (or none yet), rate, ROI, projections and the last 10 movements. */
async function readOverview(db: Database, settings: InvestmentSettings, userId: string): Promise<InvestmentOverview> {
  const rate = settings.dailyRate;
  const row = await selectInvestmentOfUser(db, userId);
  const balanceMinor = row ? BigInt(row.balance) : 0n;
  const transactions = row ? await selectRecentTransactions(db, row.id, RECENT_TRANSACTIONS) : [];
  return {
    investment: row
      ? {
          id: row.id,
          amountInvested: usd(BigInt(row.amount_invested)),
          currentBalance: usd(balanceMinor),
          totalReturns: usd(BigInt(row.total_returns)),
          status: row.status,
          lastReturnDate: row.last_return_date,
          createdAt: new Date(row.created_at).toISOString(),
          nextPayout: await nextPayoutOf(db, settings, row.id, balanceMinor),
        }
      : null,
    dailyRate: rate.text,
    annualRoiPercent: annualRoiPercent(rate),
    projections: {
      days30: usd(projectedReturnMinor(balanceMinor, rate, 30)),
      days365: usd(projectedReturnMinor(balanceMinor, rate, 365)),
    },
    transactions: transactions.map((item) => ({
      id: item.id,
      type: item.type,
      amount: usd(BigInt(item.amount)),
      balanceAfter: usd(BigInt(item.balance_after)),
      createdAt: new Date(item.created_at).toISOString(),
    })),
  };
}

/** The user's investment centre. */
export async function getInvestmentOverview(
  db: Database,
  settings: InvestmentSettings,
  userId: string,
): Promise<InvestmentOverview> {
  return readOverview(db, settings, userId);
}

/** A deposit into or a withdrawal from the investment, under the caller's Idempotency-Key. */
interface InvestmentMove {
  readonly userId: string;
  readonly type: "deposit" | "withdraw";
  readonly idempotencyKey: string;
  /** The amount in US cents, parsed once by the route (`requestAmountMinorOf`). */
  readonly amountMinor: bigint;
}

/**
 * Whether this Idempotency-Key already made a movement (db/idempotency.ts: lock, replay, conflict).
 * Deposits and withdrawals share the key's scope, so the same key for the other direction is refused.
 */
async function isReplay(trx: Database, move: InvestmentMove, requestHash: string): Promise<boolean> {
  const request = { scope: "investment", ownerId: move.userId, key: move.idempotencyKey, requestHash };
  const earlier = await findIdempotentReplay(trx, request, async () => {
    const existing = await selectRequestByKey(trx, move.userId, move.idempotencyKey);
    // Only a daily return has no hash, and it is made under no key: a null never matches a request.
    return existing && { requestHash: existing.request_hash ?? "", result: existing.id };
  });
  return earlier !== undefined;
}

/** The user's investment, created by the first deposit (its first day earns nothing), locked. */
async function lockOrCreateInvestment(
  trx: Database,
  settings: InvestmentSettings,
  userId: string,
): Promise<InvestmentRow> {
  const existing = await selectInvestmentOfUser(trx, userId);
  if (!existing) {
    const now = settings.clock.now();
    const accountId = await ensureUserAccount(trx, userId, "USD", "investment");
    await insertInvestmentIfMissing(trx, { userId, accountId, firstDay: utcDayOf(now), createdAt: now });
  }
  const created = await selectInvestmentOfUser(trx, userId);
  const locked = created ? await lockInvestment(trx, created.id) : undefined;
  if (!locked) {
    throw new Error("Investment invariant: the investment exists after its insert");
  }
  return locked;
}

/** Moves the money on the ledger; an overdraft is refused with the spec's words for this direction. */
async function moveMoney(
  trx: Database,
  move: InvestmentMove,
  investment: InvestmentRow,
  amountMinor: bigint,
): Promise<string> {
  const walletId = await ensureUserAccount(trx, move.userId, "USD");
  const isDeposit = move.type === "deposit";
  try {
    const {
      transfers: [transfer],
    } = await applyLedger(trx, {
      create: [
        {
          transferKey: `investment-${move.type}:${move.userId}:${move.idempotencyKey}`,
          debitAccountId: isDeposit ? walletId : investment.account_id,
          creditAccountId: isDeposit ? investment.account_id : walletId,
          amountMinor,
          currency: "USD",
          kind: isDeposit ? "investment_deposit" : "investment_withdrawal",
          state: "posted",
          referenceType: "investment",
          referenceId: investment.id,
        },
      ],
    });
    if (!transfer) {
      throw new Error("Investment invariant: the ledger returns the transfer it made");
    }
    return transfer.id;
  } catch (error) {
    if (error instanceof AppError && error.code === "insufficient_funds") {
      const message = isDeposit ? INSUFFICIENT_USD : INSUFFICIENT_INVESTMENT;
      throw new AppError("insufficient_funds", message, { amount: message });
    }
    throw error;
  }
}

/**
 * Invests or withdraws once, in one transaction: a replay of the Idempotency-Key returns the
 * investment as it stands and moves nothing. A deposit creates the investment on first use; a
 * withdrawal needs one. The ledger refuses an overdraft of the wallet or the investment.
 */
async function moveInvestment(
  db: Database,
  settings: InvestmentSettings,
  move: InvestmentMove,
): Promise<{ overview: InvestmentOverview; isReplay: boolean }> {
  const { amountMinor } = move;
  const requestHash = requestHashOf([move.type, amountMinor]);
  return db.transaction().execute(async (trx) => {
    if (await isReplay(trx, move, requestHash)) {
      return { overview: await readOverview(trx, settings, move.userId), isReplay: true };
    }
    let investment: InvestmentRow;
    if (move.type === "deposit") {
      investment = await lockOrCreateInvestment(trx, settings, move.userId);
    } else {
      const existing = await selectInvestmentOfUser(trx, move.userId);
      const locked = existing ? await lockInvestment(trx, existing.id) : undefined;
      if (!locked) {
        // Spec §5: a withdrawal needs an investment; without one the amount is not a valid one.
        throw new AppError("validation_failed", INVALID_AMOUNT, { amount: INVALID_AMOUNT });
      }
      investment = locked;
    }
    const ledgerTransferId = await moveMoney(trx, move, investment, amountMinor);
    await notifyAlertRules(trx, {
      kind: "balance_changed",
      userId: move.userId,
      eventKey: `investment:${ledgerTransferId}`,
      currency: "USD",
    });
    const balanceAfterMinor = await selectAccountBalance(trx, investment.account_id);
    const now = settings.clock.now();
    await insertInvestmentTransaction(trx, {
      investmentId: investment.id,
      userId: move.userId,
      type: move.type,
      amountMinor,
      balanceAfterMinor,
      ledgerTransferId,
      effectiveAt: now,
      idempotencyKey: move.idempotencyKey,
      requestHash,
      createdAt: now,
    });
    const investedMinor = BigInt(investment.amount_invested);
    // A withdrawal takes from the principal first; what it takes beyond that is returns.
    const amountInvestedMinor =
      move.type === "deposit" ? investedMinor + amountMinor : investedMinor - minOf(investedMinor, amountMinor);
    await updateInvestmentFigures(trx, investment.id, {
      amountInvestedMinor,
      status: balanceAfterMinor > 0n ? "active" : "closed",
    });
    return { overview: await readOverview(trx, settings, move.userId), isReplay: false };
  });
}

function minOf(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

/** Invest: USD from the wallet to the investment. */
export async function depositToInvestment(
  db: Database,
  settings: InvestmentSettings,
  request: { userId: string; idempotencyKey: string; amountMinor: bigint },
): Promise<{ overview: InvestmentOverview; isReplay: boolean }> {
  return moveInvestment(db, settings, { ...request, type: "deposit" });
}

/** Withdraw: USD from the investment back to the wallet, no more than it holds. */
export async function withdrawFromInvestment(
  db: Database,
  settings: InvestmentSettings,
  request: { userId: string; idempotencyKey: string; amountMinor: bigint },
): Promise<{ overview: InvestmentOverview; isReplay: boolean }> {
  return moveInvestment(db, settings, { ...request, type: "withdraw" });
}

/** The yield reserve: its balance, today's returns at the current rate, and how many days it covers. */
export async function readYieldReserve(db: Database, settings: InvestmentSettings): Promise<YieldReserve> {
  const reserveId = await systemAccountId(db, "USD", "yield_reserve");
  const balanceMinor = await selectAccountBalance(db, reserveId);
  const dueMinor = await selectDailyReturnsDue(db, settings.dailyRate);
  return {
    balance: usd(balanceMinor),
    dailyReturnsDue: usd(dueMinor),
    daysCovered: daysCovered(balanceMinor, dueMinor),
  };
}

/** The admin's investment page: the five cards, the reserve, and a page of investments with their users. */
export async function listAdminInvestments(
  db: Database,
  settings: InvestmentSettings,
  query: AdminInvestmentListQuery,
): Promise<AdminInvestmentList> {
  const rows = await selectAdminInvestments(db, {
    search: query.search,
    limit: query.limit,
    after: decodeCursor(query.cursor),
  });
  const page = paginate(rows, query.limit, keysetCursorOf, (row) => ({
    id: row.id,
    userId: row.user_id,
    userEmail: row.email,
    userName: row.profile_name || row.name,
    amountInvested: usd(BigInt(row.amount_invested)),
    currentBalance: usd(BigInt(row.balance)),
    totalReturns: usd(BigInt(row.total_returns)),
    status: row.status,
    lastReturnDate: row.last_return_date,
    createdAt: new Date(row.created_at).toISOString(),
  }));
  const summary = await selectInvestmentSummary(db);
  return {
    ...page,
    summary: {
      totalInvestments: summary.total,
      activeInvestments: summary.active,
      amountInvested: usd(summary.amountInvestedMinor),
      currentBalance: usd(summary.currentBalanceMinor),
      totalReturns: usd(summary.totalReturnsMinor),
    },
    reserve: await readYieldReserve(db, settings),
  };
}

/**
 * Moves USD from the operator's bank account (the external `bank_deposits` system account, where
 * money from outside enters the ledger) to the yield reserve, in the caller's transaction. The
 * transfer key makes it happen once.
 */
export async function fundYieldReserve(
  trx: Database,
  funding: { transferKey: string; amountMinor: bigint; referenceType: string; referenceId?: string },
): Promise<void> {
  await applyLedger(trx, {
    create: [
      {
        transferKey: funding.transferKey,
        debitAccountId: await systemAccountId(trx, "USD", "bank_deposits"),
        creditAccountId: await systemAccountId(trx, "USD", "yield_reserve"),
        amountMinor: funding.amountMinor,
        currency: "USD",
        kind: "yield_reserve_top_up",
        state: "posted",
        referenceType: funding.referenceType,
        referenceId: funding.referenceId,
      },
    ],
  });
}

/**
 * An admin tops up the yield reserve from the operator's bank account, once per Idempotency-Key,
 * audited as "yield_reserve.top_up". Returns the reserve as it stands, and whether this was a replay.
 */
export async function topUpYieldReserve(
  db: Database,
  settings: InvestmentSettings,
  request: { actor: AuditActor; idempotencyKey: string; amountMinor: bigint },
): Promise<{ reserve: YieldReserve; isReplay: boolean }> {
  const { amountMinor } = request;
  const transferKey = `yield-reserve-top-up:${request.actor.userId}:${request.idempotencyKey}`;
  const idempotent = {
    scope: "yield-reserve-top-up",
    ownerId: request.actor.userId,
    key: request.idempotencyKey,
    requestHash: requestHashOf([amountMinor]),
  };
  return db.transaction().execute(async (trx) => {
    // What the key made is the ledger transfer itself: its amount is the request.
    const existing = await findIdempotentReplay(trx, idempotent, async () => {
      const transfer = await findLedgerTransfer(trx, transferKey);
      return transfer && { requestHash: requestHashOf([transfer.amountMinor]), result: transfer };
    });
    if (!existing) {
      await fundYieldReserve(trx, { transferKey, amountMinor, referenceType: "yield_reserve_top_up" });
      // The ledger holds the reserve's row lock until commit: the balance read now is this top-up's result.
      const balanceAfterMinor = await selectAccountBalance(trx, await systemAccountId(trx, "USD", "yield_reserve"));
      await recordAdminAction(trx, {
        actor: request.actor,
        action: "yield_reserve.top_up",
        subjectType: "yield_reserve",
        subjectId: "USD",
        before: { balanceMinor: (balanceAfterMinor - amountMinor).toString() },
        after: { balanceMinor: balanceAfterMinor.toString() },
        details: { currency: "USD", amountMinor: amountMinor.toString(), idempotencyKey: request.idempotencyKey },
      });
    }
    return { reserve: await readYieldReserve(trx, settings), isReplay: existing !== undefined };
  });
}
