import { sql } from "kysely";
import type { Cursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { keysetPage } from "../../db/page.ts";

/*
 * The investment centre's SQL. Dates (`date` columns) are read as text ("2025-01-31"): node-postgres
 * would turn them into JavaScript Dates at the machine's local midnight. Money reads as strings of
 * minor units (db/database.ts).
 */

/** An investment with its ledger balance, as every view of it starts. */
export interface InvestmentRow {
  readonly id: string;
  readonly user_id: string;
  readonly account_id: string;
  readonly amount_invested: string;
  readonly total_returns: string;
  readonly status: "active" | "closed";
  readonly last_return_date: string | null;
  readonly returns_settled_through: string;
  readonly created_at: Date;
  /** The investment ledger account's balance: the current balance. */
  readonly balance: string;
}

function selectInvestment(db: Database) {
  return db
    .selectFrom("investments")
    .innerJoin("ledger_accounts", "ledger_accounts.id", "investments.account_id")
    .select([
      "investments.id",
      "investments.user_id",
      "investments.account_id",
      "investments.amount_invested",
      "investments.total_returns",
      "investments.status",
      sql<string | null>`investments.last_return_date::text`.as("last_return_date"),
      sql<string>`investments.returns_settled_through::text`.as("returns_settled_through"),
      "investments.created_at",
      "ledger_accounts.balance",
    ]);
}

/** The user's investment, if they made a first deposit. */
export async function selectInvestmentOfUser(db: Database, userId: string): Promise<InvestmentRow | undefined> {
  return selectInvestment(db).where("investments.user_id", "=", userId).executeTakeFirst();
}

/**
 * Locks an investment row until the transaction ends: every change of an investment (deposit,
 * withdrawal, a day's return) takes this lock first, then the ledger's account locks, always in that
 * order, so they never deadlock and a day's return is decided by one runner at a time.
 */
export async function lockInvestment(db: Database, investmentId: string): Promise<InvestmentRow | undefined> {
  return selectInvestment(db).where("investments.id", "=", investmentId).forUpdate("investments").executeTakeFirst();
}

/** Creates the user's investment if they have none (a concurrent first deposit finds the one that won). */
export async function insertInvestmentIfMissing(
  db: Database,
  values: { userId: string; accountId: string; firstDay: string; createdAt: Date },
): Promise<void> {
  await db
    .insertInto("investments")
    .values({
      user_id: values.userId,
      account_id: values.accountId,
      returns_settled_through: values.firstDay,
      created_at: values.createdAt,
    })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
}

/** Applies a deposit's or withdrawal's effect on the investment's figures. */
export async function updateInvestmentFigures(
  db: Database,
  investmentId: string,
  figures: { amountInvestedMinor: bigint; status: "active" | "closed" },
): Promise<void> {
  await db
    .updateTable("investments")
    .set({ amount_invested: figures.amountInvestedMinor.toString(), status: figures.status })
    .where("id", "=", investmentId)
    .execute();
}

/** Records a day as settled, with the return paid for it (zero: nothing was due). */
export async function updateReturnsSettled(
  db: Database,
  investmentId: string,
  settled: { through: string; paidMinor: bigint },
): Promise<void> {
  let query = db
    .updateTable("investments")
    .set({ returns_settled_through: settled.through })
    .where("id", "=", investmentId);
  if (settled.paidMinor > 0n) {
    query = query.set({
      last_return_date: settled.through,
      total_returns: sql`total_returns + ${settled.paidMinor.toString()}::numeric`,
    });
  }
  await query.execute();
}

/** The ledger balance of one account, read in the caller's transaction. */
export async function selectAccountBalance(db: Database, accountId: string): Promise<bigint> {
  const row = await db
    .selectFrom("ledger_accounts")
    .select("balance")
    .where("id", "=", accountId)
    .executeTakeFirstOrThrow();
  return BigInt(row.balance);
}

export interface NewInvestmentTransaction {
  readonly investmentId: string;
  readonly userId: string;
  readonly type: "deposit" | "withdraw" | "daily_return";
  readonly amountMinor: bigint;
  readonly balanceAfterMinor: bigint;
  readonly ledgerTransferId: string;
  readonly forDate?: string;
  readonly effectiveAt: Date;
  readonly idempotencyKey?: string;
  readonly requestHash?: string;
  readonly createdAt: Date;
}

export async function insertInvestmentTransaction(db: Database, row: NewInvestmentTransaction): Promise<void> {
  await db
    .insertInto("investment_transactions")
    .values({
      investment_id: row.investmentId,
      user_id: row.userId,
      type: row.type,
      amount: row.amountMinor.toString(),
      balance_after: row.balanceAfterMinor.toString(),
      ledger_transfer_id: row.ledgerTransferId,
      for_date: row.forDate ?? null,
      effective_at: row.effectiveAt,
      idempotency_key: row.idempotencyKey ?? null,
      request_hash: row.requestHash ?? null,
      created_at: row.createdAt,
    })
    .execute();
}

/** The deposit or withdrawal a user already made under an Idempotency-Key, if any. */
export async function selectRequestByKey(db: Database, userId: string, idempotencyKey: string) {
  return db
    .selectFrom("investment_transactions")
    .select(["id", "request_hash"])
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", idempotencyKey)
    .executeTakeFirst();
}

/** The last `limit` movements of an investment, newest first. */
export async function selectRecentTransactions(db: Database, investmentId: string, limit: number) {
  return db
    .selectFrom("investment_transactions")
    .select(["id", "type", "amount", "balance_after", "created_at"])
    .where("investment_id", "=", investmentId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/**
 * The lowest balance an investment held during the UTC day [dayStart, dayEnd): its balance at the
 * day's start (every movement effective by then, the previous day's return included), then after
 * each movement during the day. Movements count at their `effective_at`, so the figure is the same
 * whenever it is computed.
 */
export async function selectLowestBalanceOfDay(
  db: Database,
  investmentId: string,
  day: { start: Date; end: Date },
): Promise<bigint> {
  const result = await sql<{ lowest: string }>`
    WITH moves AS (
      SELECT effective_at, id, CASE WHEN type = 'withdraw' THEN -amount ELSE amount END AS delta
      FROM investment_transactions
      WHERE investment_id = ${investmentId} AND effective_at < ${day.end}
    ),
    opening AS (SELECT coalesce(sum(delta), 0) AS balance FROM moves WHERE effective_at <= ${day.start}),
    during AS (
      SELECT (SELECT balance FROM opening) + sum(delta) OVER (ORDER BY effective_at, id) AS balance
      FROM moves WHERE effective_at > ${day.start}
    )
    SELECT least((SELECT balance FROM opening), (SELECT min(balance) FROM during))::text AS lowest`.execute(db);
  return BigInt(result.rows[0]?.lowest ?? "0");
}

/** Whether anything moved in or out of an investment at or after `from` (by when it counts). */
export async function hasMovementSince(db: Database, investmentId: string, from: Date): Promise<boolean> {
  const row = await db
    .selectFrom("investment_transactions")
    .select("id")
    .where("investment_id", "=", investmentId)
    .where("effective_at", ">", from)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Investments with a day before `day` still to settle, with the first such day's predecessor. */
export async function selectInvestmentsDueBefore(db: Database, day: string) {
  return db
    .selectFrom("investments")
    .select(["id", sql<string>`returns_settled_through::text`.as("settled_through")])
    .where(sql<boolean>`returns_settled_through < ${day}::date`)
    .orderBy("returns_settled_through")
    .orderBy("id")
    .execute();
}

/** Records that admins were told about a shortfall on `day`; false when they already were that day. */
export async function insertReserveAlert(db: Database, day: string, shortfallDays: number): Promise<boolean> {
  const inserted = await db
    .insertInto("yield_reserve_alerts")
    .values({ alert_date: day, shortfall_days: shortfallDays })
    .onConflict((oc) => oc.column("alert_date").doNothing())
    .returning("alert_date")
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * The sum of today's return of every active investment at `rate` (numerator / denominator), each
 * rounded down to the cent as it would be paid: `div` is PostgreSQL's exact integer quotient.
 */
export async function selectDailyReturnsDue(
  db: Database,
  rate: { numerator: bigint; denominator: bigint },
): Promise<bigint> {
  const result = await sql<{ due: string }>`
    SELECT coalesce(sum(div(a.balance * ${rate.numerator.toString()}::numeric, ${rate.denominator.toString()}::numeric)), 0)::text AS due
    FROM investments i JOIN ledger_accounts a ON a.id = i.account_id
    WHERE i.status = 'active'`.execute(db);
  return BigInt(result.rows[0]?.due ?? "0");
}

/** The spec's five admin cards, over every investment. */
export async function selectInvestmentSummary(db: Database) {
  const result = await sql<{
    total: string;
    active: string;
    amount_invested: string;
    current_balance: string;
    total_returns: string;
  }>`
    SELECT count(*)::text AS total,
      count(*) FILTER (WHERE i.status = 'active')::text AS active,
      coalesce(sum(i.amount_invested), 0)::text AS amount_invested,
      coalesce(sum(a.balance), 0)::text AS current_balance,
      coalesce(sum(i.total_returns), 0)::text AS total_returns
    FROM investments i JOIN ledger_accounts a ON a.id = i.account_id`.execute(db);
  const row = result.rows[0];
  return {
    total: Number(row?.total ?? 0),
    active: Number(row?.active ?? 0),
    amountInvestedMinor: BigInt(row?.amount_invested ?? "0"),
    currentBalanceMinor: BigInt(row?.current_balance ?? "0"),
    totalReturnsMinor: BigInt(row?.total_returns ?? "0"),
  };
}

/**
 * Investments newest first with their user, optionally searched by e-mail or name, after `after`;
 * one row past `limit`, so the caller knows whether another page exists.
 */
export async function selectAdminInvestments(
  db: Database,
  options: { search?: string; limit: number; after?: Cursor },
) {
  let query = selectInvestment(db)
    .innerJoin("user", "user.id", "investments.user_id")
    .leftJoin("profiles", "profiles.user_id", "investments.user_id")
    .select([
      "user.email",
      sql<string>`trim(coalesce(profiles.first_name, '') || ' ' || coalesce(profiles.last_name, ''))`.as(
        "profile_name",
      ),
      "user.name",
    ]);
  if (options.search) {
    const pattern = `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb("user.email", "ilike", pattern),
        eb("user.name", "ilike", pattern),
        eb(sql`coalesce(profiles.first_name, '') || ' ' || coalesce(profiles.last_name, '')`, "ilike", pattern),
      ]),
    );
  }
  const page = { time: "investments.created_at", id: "investments.id", limit: options.limit, after: options.after };
  return keysetPage(query, page).execute();
}
