import type { CurrencyCode } from "@ferry/core/currencies";
import { type Selectable, sql } from "kysely";
import { compiledOnce, statementOnce } from "../../db/compiled-once.ts";
import type { Database } from "../../db/database.ts";
import { sendBeforeCommit, sendTogether } from "../../db/pipelined.ts";
import type { DB } from "../../db/schema.ts";
import { unnestInsert } from "../../db/unnest.ts";
import { AppError } from "../../errors.ts";
import { type LiveEvent, recordLiveEvents } from "../live/service.ts";

/**
 * The ledger: the only code that changes a balance. Every movement is a double-entry transfer
 * between two accounts of one currency, written in the caller's database transaction.
 *
 * - `pending` transfers reserve the amount on the debit account (its available balance drops);
 *   `posted` transfers move it; `voided` transfers release a reserve.
 * - Each transfer carries a unique `transferKey`: applying the same key again returns the first
 *   outcome, moves nothing and says so (`isReplay`); the same key with different content is a conflict.
 * - Accounts are locked in ascending id order, once per call, so concurrent calls never deadlock.
 * - The database refuses an overdraft (CHECK `balance - reserved >= 0` on non-external accounts);
 *   the check here only turns it into a clear `insufficient_funds` error first.
 * - Every function writes through the `db` it is given: pass the caller's transaction.
 * - `applyNewLegsAtCommit` (a batch of transfers) writes without reading back: the database's own checks
 *   (the CHECK above, unique keys, references, the update's currency test) fail the caller's COMMIT.
 */

export interface TransferLeg {
  readonly transferKey: string;
  readonly debitAccountId: string;
  readonly creditAccountId: string;
  readonly amountMinor: bigint;
  readonly currency: CurrencyCode;
  readonly kind: string;
  readonly state: "pending" | "posted";
  readonly referenceType?: string;
  readonly referenceId?: string;
}

export interface Settlement {
  readonly transferKey: string;
  readonly outcome: "post" | "void";
}

export interface LedgerTransfer {
  readonly id: string;
  readonly transferKey: string;
  readonly debitAccountId: string;
  readonly creditAccountId: string;
  readonly amountMinor: bigint;
  readonly currency: string;
  readonly kind: string;
  readonly state: "pending" | "posted" | "voided";
  /** What the transfer was created as: a reserve (pending) or a move (posted). */
  readonly initialState: "pending" | "posted";
}

/** What one ledger call did. */
export interface LedgerOutcome {
  /** The new legs, then the settled transfers, as they stand after the call (the originals when replayed). */
  readonly transfers: LedgerTransfer[];
  /**
   * Whether an earlier call with the same keys had already done all of it, so this one moved nothing:
   * every new leg was inserted before and every settlement already made.
   */
  readonly isReplay: boolean;
}

interface LockedAccount {
  id: string;
  /** The user whose account it is; null for Ferry's system accounts. */
  ownerUserId: string | null;
  currency: string;
  balance: bigint;
  reserved: bigint;
  isExternal: boolean;
  isChanged: boolean;
}

/** The accounts of one ledger call, locked, with the balances this call leaves them at. */
type LockedAccounts = Map<string, LockedAccount>;

/** How the new legs of one call were written: inserted now, or applied by an earlier call with the same key. */
interface WrittenLegs {
  /** The id of each leg inserted by this call, by transfer key. */
  readonly insertedIds: Map<string, string>;
  /** The stored transfer of each leg applied before (a replay), by transfer key. */
  readonly replayed: Map<string, LedgerTransfer>;
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) {
    throw new Error(`Ledger invariant: ${message}`);
  }
}

function toLedgerTransfer(row: {
  id: string;
  transfer_key: string;
  debit_account_id: string;
  credit_account_id: string;
  amount: string;
  currency: string;
  kind: string;
  state: "pending" | "posted" | "voided";
  initial_state: "pending" | "posted";
}): LedgerTransfer {
  return {
    id: row.id,
    transferKey: row.transfer_key,
    debitAccountId: row.debit_account_id,
    creditAccountId: row.credit_account_id,
    amountMinor: BigInt(row.amount),
    currency: row.currency,
    kind: row.kind,
    state: row.state,
    initialState: row.initial_state,
  };
}

/**
 * Whether a stored transfer is the outcome of this leg: same accounts, amount, currency and kind, and
 * created as the same thing — a reserve or a move. A reserve may since have been posted or voided.
 */
function isSameLeg(existing: LedgerTransfer, leg: TransferLeg): boolean {
  return (
    existing.debitAccountId === leg.debitAccountId &&
    existing.creditAccountId === leg.creditAccountId &&
    existing.amountMinor === leg.amountMinor &&
    existing.currency === leg.currency &&
    existing.kind === leg.kind &&
    existing.initialState === leg.state
  );
}

/** A ledger call moves something, and every new leg moves a positive amount between two accounts. */
function assertSoundRequest(legs: readonly TransferLeg[], settlements: readonly Settlement[]): void {
  assert(legs.length + settlements.length > 0, "a ledger call moves something");
  for (const leg of legs) {
    assert(leg.amountMinor > 0n, `amount of ${leg.transferKey} is positive`);
    assert(leg.debitAccountId !== leg.creditAccountId, `${leg.transferKey} moves between two accounts`);
  }
}

/** Reads and locks the pending transfers to settle, in id order; every one must exist. */
async function lockTransfersToSettle(db: Database, settlements: readonly Settlement[]): Promise<LedgerTransfer[]> {
  const settleKeys = settlements.map((item) => item.transferKey);
  if (settleKeys.length === 0) {
    return [];
  }
  const rows = await db
    .selectFrom("ledger_transfers")
    .selectAll()
    .where("transfer_key", "in", settleKeys)
    .orderBy("id")
    .forUpdate()
    .execute();
  if (rows.length !== settleKeys.length) {
    throw new AppError("not_found", "Transfer to settle not found");
  }
  return rows.map(toLedgerTransfer);
}

/**
 * The statement that locks the accounts in ascending id order. NO KEY UPDATE, not UPDATE: rows that
 * reference an account through a foreign key (an investment's) hold KEY SHARE locks on it, which a plain
 * FOR UPDATE would wait for. The rows every transfer writes take no such lock: their references are
 * checked once per statement (migration 039, decision 062).
 */
/**
 * Ids (bigint, as PostgreSQL's decimal text: no sign, no leading zero) in numeric order: a shorter one
 * is smaller, and ones as long compare as text. No BigInt made per comparison (a batch sorts dozens).
 */
export function byNumericId(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

function lockAccountsStatement(db: Database, ids: readonly string[]) {
  const sorted = [...new Set(ids)].sort(byNumericId);
  return { count: sorted.length, statement: lockAccountsInOrder(db, sorted) };
}

const lockAccountsInOrder = statementOnce(
  (_db: Database, sorted: readonly string[]) => sql<LockedAccountRow>`
    SELECT id, owner_user_id, currency, balance, reserved, is_external FROM ledger_accounts
    WHERE id = ANY(${sorted}::bigint[]) ORDER BY id FOR NO KEY UPDATE`,
  1,
);

interface LockedAccountRow {
  id: string;
  owner_user_id: string | null;
  currency: string;
  balance: string;
  reserved: string;
  is_external: boolean;
}

function lockedAccountsOf(rows: readonly LockedAccountRow[], count: number): LockedAccounts {
  assert(rows.length === count, "every account of a transfer exists");
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        ownerUserId: row.owner_user_id,
        currency: row.currency,
        balance: BigInt(row.balance),
        reserved: BigInt(row.reserved),
        isExternal: row.is_external,
        isChanged: false,
      },
    ]),
  );
}

/**
 * Locks the accounts, then inserts the new legs under those locks: the two statements sent together
 * (db/pipelined.ts), PostgreSQL running the insert once the locks are held (issue 31).
 */
async function lockAccountsAndInsertLegs(
  db: Database,
  ids: readonly string[],
  legs: readonly TransferLeg[],
): Promise<{ accounts: LockedAccounts; written: WrittenLegs }> {
  const lock = lockAccountsStatement(db, ids);
  if (legs.length === 0) {
    const { rows } = await db.executeQuery(lock.statement);
    return { accounts: lockedAccountsOf(rows, lock.count), written: { insertedIds: new Map(), replayed: new Map() } };
  }
  const [locked, inserted] = await sendTogether(db, [lock.statement, legsInsertOf(legs, "skip")]);
  const accounts = lockedAccountsOf((locked?.rows ?? []) as LockedAccountRow[], lock.count);
  return { accounts, written: await insertedLegsOf(db, legs, (inserted?.rows ?? []) as InsertedLeg[]) };
}

/**
 * The statement that inserts the new legs; a leg whose key already exists is not inserted. Send it
 * under the account locks: a key that already exists is then a replay or a conflict, found without a
 * separate read, and a concurrent duplicate sees the first one committed. Anything thrown later rolls
 * the insert back with the rest of the caller's transaction.
 */
function legsInsertOf(legs: readonly TransferLeg[], ifKeyExists: "skip" | "fail") {
  // As text, which PostgreSQL reads exactly, so the array is written as its literal (db/array-literal.ts).
  const settledAt = new Date().toISOString();
  return legsInserts[ifKeyExists](
    legs.map((leg) => ({
      transfer_key: leg.transferKey,
      debit_account_id: leg.debitAccountId,
      credit_account_id: leg.creditAccountId,
      amount: leg.amountMinor.toString(),
      currency: leg.currency,
      kind: leg.kind,
      reference_type: leg.referenceType ?? null,
      reference_id: leg.referenceId ?? null,
      state: leg.state,
      initial_state: leg.state,
      settled_at: leg.state === "posted" ? settledAt : null,
    })),
  );
}

/** The columns a new leg is written with, and their types (db/unnest.ts). */
const LEG_COLUMNS = {
  transfer_key: "text",
  debit_account_id: "bigint",
  credit_account_id: "bigint",
  amount: "numeric",
  currency: "text",
  kind: "text",
  reference_type: "text",
  reference_id: "text",
  state: "text",
  initial_state: "text",
  settled_at: "timestamptz",
} as const;

type LegRowToInsert = { readonly [Column in keyof typeof LEG_COLUMNS]: unknown };

const legsInserts = {
  skip: unnestInsert<LegRowToInsert, InsertedLeg>(
    "ledger_transfers",
    LEG_COLUMNS,
    "ON CONFLICT (transfer_key) DO NOTHING RETURNING id, transfer_key",
  ),
  fail: unnestInsert<LegRowToInsert, InsertedLeg>("ledger_transfers", LEG_COLUMNS, "RETURNING id, transfer_key"),
};

interface InsertedLeg {
  id: string;
  transfer_key: string;
}

/** What the insert wrote, and the stored legs of those it skipped (replays, read now). */
async function insertedLegsOf(
  db: Database,
  legs: readonly TransferLeg[],
  inserted: readonly InsertedLeg[],
): Promise<WrittenLegs> {
  const insertedIds = new Map(inserted.map((row) => [row.transfer_key, row.id]));
  if (inserted.length === legs.length) {
    return { insertedIds, replayed: new Map() };
  }
  const replayed = await readReplayedLegs(db, legs, insertedIds);
  if (inserted.length > 0) {
    throw new AppError("conflict", "Some legs of this operation were applied before and some were not");
  }
  return { insertedIds, replayed };
}

/**
 * The stored transfers of the legs the insert skipped, by key. A replay is the same leg again; the
 * same key with different content is refused as a conflict.
 */
async function readReplayedLegs(
  db: Database,
  legs: readonly TransferLeg[],
  insertedIds: ReadonlyMap<string, string>,
): Promise<Map<string, LedgerTransfer>> {
  const replayedKeys = legs.map((leg) => leg.transferKey).filter((key) => !insertedIds.has(key));
  const rows = await db.selectFrom("ledger_transfers").selectAll().where("transfer_key", "in", replayedKeys).execute();
  const replayed = new Map(rows.map((row) => [row.transfer_key, toLedgerTransfer(row)]));
  for (const leg of legs) {
    const found = replayed.get(leg.transferKey);
    if (found && !isSameLeg(found, leg)) {
      throw new AppError("conflict", `Transfer id ${leg.transferKey} was already used for a different transfer`);
    }
  }
  return replayed;
}

/** Reserves (pending) or moves (posted) each newly inserted leg on the locked accounts. */
function applyNewLegs(accounts: LockedAccounts, newLegs: readonly TransferLeg[]): void {
  for (const leg of newLegs) {
    const debit = accounts.get(leg.debitAccountId);
    const credit = accounts.get(leg.creditAccountId);
    assert(debit && credit, "accounts are locked");
    assert(
      debit.currency === leg.currency && credit.currency === leg.currency,
      "both accounts hold the leg's currency",
    );
    if (leg.state === "pending") {
      debit.reserved += leg.amountMinor;
    } else {
      debit.balance -= leg.amountMinor;
      credit.balance += leg.amountMinor;
    }
    debit.isChanged = true;
    credit.isChanged = true;
  }
}

/**
 * Posts or voids each pending transfer on the locked accounts, and returns the settlements that
 * changed something. One already in the wanted state is a replay and changes nothing; one settled
 * the other way is a conflict.
 */
function applySettlements(
  accounts: LockedAccounts,
  pendingRows: readonly LedgerTransfer[],
  settlements: readonly Settlement[],
): Settlement[] {
  const settledNow: Settlement[] = [];
  for (const settlement of settlements) {
    const row = pendingRows.find((item) => item.transferKey === settlement.transferKey);
    assert(row, "settled transfer was read");
    const wanted = settlement.outcome === "post" ? "posted" : "voided";
    if (row.state === wanted) {
      continue;
    }
    if (row.state !== "pending") {
      throw new AppError("conflict", `Transfer ${row.transferKey} is already ${row.state}`);
    }
    const debit = accounts.get(row.debitAccountId);
    const credit = accounts.get(row.creditAccountId);
    assert(debit && credit, "accounts are locked");
    debit.reserved -= row.amountMinor;
    if (settlement.outcome === "post") {
      debit.balance -= row.amountMinor;
      credit.balance += row.amountMinor;
    }
    assert(debit.reserved >= 0n, "a reserve is never released twice");
    debit.isChanged = true;
    credit.isChanged = true;
    settledNow.push(settlement);
  }
  return settledNow;
}

/** Refuses the call when it leaves an account that may not go negative below zero, counting reserves. */
function refuseOverdraft(accounts: LockedAccounts): void {
  for (const account of accounts.values()) {
    if (account.isChanged && !account.isExternal && account.balance - account.reserved < 0n) {
      throw new AppError("insufficient_funds", "Insufficient balance");
    }
  }
}

/**
 * Writes the new balance and reserve of every changed account, in one statement. Nothing in the call
 * waits for its answer: it goes out at once and is answered with the transaction's COMMIT, which it
 * fails if it fails (db/pipelined.ts). The transaction's later statements run behind it, so they see
 * the new balances. One round trip fewer on every ledger call (issue 31, ninth round).
 */
async function writeBalances(db: Database, accounts: LockedAccounts): Promise<void> {
  const changed = [...accounts.values()].filter((account) => account.isChanged);
  if (changed.length === 0) {
    return;
  }
  await sendBeforeCommit(
    db,
    balancesWrite(
      db,
      changed.map((account) => account.id),
      changed.map((account) => account.balance.toString()),
      changed.map((account) => account.reserved.toString()),
    ),
  );
}

const balancesWrite = statementOnce(
  (_db: Database, ids: readonly string[], balances: readonly string[], reserves: readonly string[]) => sql`
    UPDATE ledger_accounts AS a SET balance = v.balance, reserved = v.reserved
    FROM unnest(${ids}::bigint[], ${balances}::numeric[], ${reserves}::numeric[]) AS v(id, balance, reserved)
    WHERE a.id = v.id`,
  3,
);

async function markSettled(db: Database, settledNow: readonly Settlement[]): Promise<void> {
  for (const settlement of settledNow) {
    await db
      .updateTable("ledger_transfers")
      .set({ state: settlement.outcome === "post" ? "posted" : "voided", settled_at: new Date() })
      .where("transfer_key", "=", settlement.transferKey)
      .execute();
  }
}

/** The new legs as they stand after the call: as inserted now, or as first applied when replayed. */
function createdTransfersOf(legs: readonly TransferLeg[], written: WrittenLegs): LedgerTransfer[] {
  return legs.map((leg) => {
    const replayed = written.replayed.get(leg.transferKey);
    if (replayed) {
      return replayed;
    }
    const id = written.insertedIds.get(leg.transferKey);
    assert(id, `${leg.transferKey} was inserted`);
    return {
      id,
      transferKey: leg.transferKey,
      debitAccountId: leg.debitAccountId,
      creditAccountId: leg.creditAccountId,
      amountMinor: leg.amountMinor,
      currency: leg.currency,
      kind: leg.kind,
      state: leg.state,
      initialState: leg.state,
    };
  });
}

/** The settled transfers in the state the call left them. */
function settledTransfersOf(
  pendingRows: readonly LedgerTransfer[],
  settlements: readonly Settlement[],
): LedgerTransfer[] {
  return pendingRows.map((row) => {
    const settlement = settlements.find((item) => item.transferKey === row.transferKey);
    const state = settlement?.outcome === "post" ? "posted" : "voided";
    return { ...row, state };
  });
}

/**
 * Applies new legs, each under a key never used before, without waiting for any answer (a batch of
 * transfers, modules/transfers/batcher.ts): the accounts' lock in id order, the legs' insert and each
 * account's change by the legs' sum are sent at once and answered with the caller's COMMIT
 * (db/pipelined.ts). Nothing is read back, so the database makes every check, and any of them failing
 * fails the whole transaction: a key used before (the insert has no `ON CONFLICT`), a missing account
 * (migration 039), an account of another currency (the update, below) and an overdraft (the table's
 * CHECK). The caller then applies each operation alone with `applyLedger`, which tells them apart.
 */
export async function applyNewLegsAtCommit(
  db: Database,
  legs: readonly TransferLeg[],
  /** Whose each account is (null: Ferry's own), for the owners' live balance events. */
  owners: ReadonlyMap<string, string | null>,
): Promise<void> {
  assertSoundRequest(legs, []);
  const changes = new Map<
    string,
    { ownerUserId: string | null; currency: string; balance: bigint; reserved: bigint }
  >();
  const changeOf = (accountId: string, currency: string) => {
    const ownerUserId = owners.get(accountId);
    assert(ownerUserId !== undefined, `the owner of account ${accountId} is known`);
    const change = changes.get(accountId) ?? { ownerUserId, currency, balance: 0n, reserved: 0n };
    changes.set(accountId, change);
    return change;
  };
  for (const leg of legs) {
    const debit = changeOf(leg.debitAccountId, leg.currency);
    const credit = changeOf(leg.creditAccountId, leg.currency);
    assert(debit.currency === leg.currency && credit.currency === leg.currency, "an account holds one currency");
    if (leg.state === "pending") {
      debit.reserved += leg.amountMinor;
    } else {
      debit.balance -= leg.amountMinor;
      credit.balance += leg.amountMinor;
    }
  }
  await sendBeforeCommit(db, lockAccountsStatement(db, [...changes.keys()]).statement);
  await sendBeforeCommit(db, legsInsertOf(legs, "fail"));
  const changed = [...changes];
  await sendBeforeCommit(
    db,
    balancesMove(
      db,
      changed.map(([id]) => id),
      changed.map(([, change]) => change.currency),
      changed.map(([, change]) => change.balance.toString()),
      changed.map(([, change]) => change.reserved.toString()),
    ),
  );
  await recordLiveEvents(db, balanceEventsOf([...changes.values()]));
}

/**
 * Each account's change by the sum of its legs. An account of another currency fails the statement:
 * the cast of a text that is no number, reached only then (it names the account, so it cannot be
 * folded away beforehand).
 */
const balancesMove = statementOnce(
  (
    _db: Database,
    ids: readonly string[],
    currencies: readonly string[],
    balances: readonly string[],
    reserves: readonly string[],
  ) => sql`
    UPDATE ledger_accounts AS a
    SET balance = a.balance + CASE WHEN a.currency = v.currency THEN v.balance
          ELSE ('Ledger invariant: account ' || a.id || ' does not hold ' || v.currency)::numeric END,
        reserved = a.reserved + v.reserved
    FROM unnest(${ids}::bigint[], ${currencies}::text[], ${balances}::numeric[], ${reserves}::numeric[])
      AS v(id, currency, balance, reserved)
    WHERE a.id = v.id`,
  4,
);

/**
 * Applies new transfer legs and settlements of pending ones, all or nothing, in the caller's
 * transaction. Returns the transfers as they stand afterwards (the originals when replayed), and
 * whether the whole call was a replay of an earlier one.
 *
 * The steps keep one lock order for every call: the transfers to settle (by id), then their accounts
 * and the new legs' accounts (by id); only then is anything written.
 */
export async function applyLedger(
  db: Database,
  request: { create?: readonly TransferLeg[]; settle?: readonly Settlement[] },
): Promise<LedgerOutcome> {
  const legs = request.create ?? [];
  const settlements = request.settle ?? [];
  assertSoundRequest(legs, settlements);
  const pendingRows = await lockTransfersToSettle(db, settlements);
  // Inserted under the account locks, so a replayed key is found by the insert itself (see legsInsertOf).
  const { accounts, written } = await lockAccountsAndInsertLegs(
    db,
    [
      ...legs.flatMap((leg) => [leg.debitAccountId, leg.creditAccountId]),
      ...pendingRows.flatMap((row) => [row.debitAccountId, row.creditAccountId]),
    ],
    legs,
  );
  const newLegs = legs.filter((leg) => written.insertedIds.has(leg.transferKey));
  applyNewLegs(accounts, newLegs);
  const settledNow = applySettlements(accounts, pendingRows, settlements);
  refuseOverdraft(accounts);
  await writeBalances(db, accounts);
  await markSettled(db, settledNow);
  await recordLiveEvents(db, balanceEventsOf(accounts.values()));
  return {
    transfers: [...createdTransfersOf(legs, written), ...settledTransfersOf(pendingRows, settlements)],
    isReplay: written.insertedIds.size === 0 && settledNow.length === 0,
  };
}

/** What the owners of the accounts this call changed hear at once: their balances moved (issue 32). */
function balanceEventsOf(
  accounts: Iterable<{ readonly ownerUserId: string | null; readonly currency: string; readonly isChanged?: boolean }>,
): LiveEvent[] {
  const currenciesByOwner = new Map<string, Set<string>>();
  for (const account of accounts) {
    if (account.isChanged !== false && account.ownerUserId !== null) {
      const currencies = currenciesByOwner.get(account.ownerUserId) ?? new Set();
      currencies.add(account.currency);
      currenciesByOwner.set(account.ownerUserId, currencies);
    }
  }
  return [...currenciesByOwner].map(([userId, currencies]) => ({
    userId,
    type: "balance",
    payload: { currencies: [...currencies].sort() },
  }));
}

/** The transfer applied under `transferKey`, if any, as it stands now. */
export async function findLedgerTransfer(db: Database, transferKey: string): Promise<LedgerTransfer | undefined> {
  const row = await db
    .selectFrom("ledger_transfers")
    .selectAll()
    .where("transfer_key", "=", transferKey)
    .executeTakeFirst();
  return row && toLedgerTransfer(row);
}

/** An account by its owner (null: one of Ferry's system accounts), currency and purpose. */
export interface AccountKey {
  readonly ownerUserId: string | null;
  readonly currency: CurrencyCode;
  readonly purpose: Selectable<DB["ledger_accounts"]>["purpose"];
}

function accountKeyOf(key: { ownerUserId: string | null; currency: string; purpose: string }): string {
  return `${key.ownerUserId ?? ""}|${key.currency}|${key.purpose}`;
}

/** The ids of the accounts that exist among `keys`, by `accountKeyOf`, in one statement. */
async function selectAccountIds(db: Database, keys: readonly AccountKey[]): Promise<Map<string, string>> {
  const owned = keys.filter((key) => key.ownerUserId !== null);
  const system = keys.filter((key) => key.ownerUserId === null);
  const { rows } = await db.executeQuery(
    accountIdsByKeys(
      db,
      owned.map((key) => key.ownerUserId as string),
      owned.map((key) => key.currency),
      owned.map((key) => key.purpose),
      system.map((key) => key.currency),
      system.map((key) => key.purpose),
    ),
  );
  return new Map(rows.map((row) => [accountKeyOf({ ...row, ownerUserId: row.owner_user_id }), row.id]));
}

const accountIdsByKeys = statementOnce(
  (
    _db: Database,
    ownerUserIds: readonly string[],
    ownedCurrencies: readonly string[],
    ownedPurposes: readonly string[],
    systemCurrencies: readonly string[],
    systemPurposes: readonly string[],
  ) => sql<{ id: string; owner_user_id: string | null; currency: string; purpose: string }>`
    SELECT a.id, a.owner_user_id, a.currency, a.purpose
    FROM unnest(${ownerUserIds}::text[], ${ownedCurrencies}::text[], ${ownedPurposes}::text[])
      AS k (owner_user_id, currency, purpose)
    JOIN ledger_accounts a ON a.owner_user_id = k.owner_user_id AND a.currency = k.currency AND a.purpose = k.purpose
    UNION ALL
    SELECT a.id, a.owner_user_id, a.currency, a.purpose
    FROM unnest(${systemCurrencies}::text[], ${systemPurposes}::text[]) AS k (currency, purpose)
    JOIN ledger_accounts a ON a.owner_user_id IS NULL AND a.currency = k.currency AND a.purpose = k.purpose
  `,
  5,
);

/** Accounts found to exist, by key (`readAccountIds`): ids that `accountIdsOf` need not read again. */
export type FoundAccounts = ReadonlyMap<string, string>;

/**
 * The ids of those of these accounts that exist, in one statement. An account is never deleted nor
 * its id changed, so ids read on another connection (ahead of a batch's writes, issue 31) stay true.
 */
export function readAccountIds(db: Database, keys: readonly AccountKey[]): Promise<FoundAccounts> {
  return selectAccountIds(db, keys);
}

/**
 * The ids of these accounts, in one statement when they all exist (none when `found` has them all): a
 * user's account (wallet or investment) is created on first use; Ferry's system accounts exist from
 * migration 003 on.
 */
export async function accountIdsOf(
  db: Database,
  keys: readonly AccountKey[],
  found?: FoundAccounts,
): Promise<(key: AccountKey) => string> {
  const ids = new Map(found ?? (await selectAccountIds(db, keys)));
  const missing = keys.filter((key) => !ids.has(accountKeyOf(key)));
  if (missing.length > 0) {
    // A concurrent first use may insert the same account: the unique key keeps one, and both read it.
    await db
      .insertInto("ledger_accounts")
      .values(
        missing.map((key) => {
          assert(key.ownerUserId !== null, `system account ${key.currency} ${key.purpose} exists`);
          return { owner_user_id: key.ownerUserId, currency: key.currency, purpose: key.purpose };
        }),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
    for (const [key, id] of await selectAccountIds(db, missing)) {
      ids.set(key, id);
    }
  }
  return (key) => {
    const id = ids.get(accountKeyOf(key));
    assert(id !== undefined, "the account was looked up");
    return id;
  };
}

/** The id of a user's account of `purpose` in `currency`, created on first use. */
export async function ensureUserAccount(
  db: Database,
  userId: string,
  currency: CurrencyCode,
  purpose: "wallet" | "investment" = "wallet",
): Promise<string> {
  const key = { ownerUserId: userId, currency, purpose };
  return (await accountIdsOf(db, [key]))(key);
}

/** The id of Ferry's system account of `purpose` in `currency` (created by migration 003). */
export async function systemAccountId(
  db: Database,
  currency: CurrencyCode,
  purpose: Exclude<Selectable<DB["ledger_accounts"]>["purpose"], "wallet" | "investment">,
): Promise<string> {
  const key = { ownerUserId: null, currency, purpose };
  return (await accountIdsOf(db, [key]))(key);
}

export interface AccountBalance {
  readonly currency: CurrencyCode;
  readonly balanceMinor: bigint;
  readonly reservedMinor: bigint;
  readonly availableMinor: bigint;
}

/** A user's wallet balances per currency, as the ledger holds them. */
export async function readWalletBalances(db: Database, userId: string): Promise<AccountBalance[]> {
  return (await readWalletBalancesOf(db, [userId])).get(userId) ?? [];
}

/** The wallet accounts of these users, in id order. Compiled once: every batch of transfers reads it. */
const walletRowsOf = compiledOnce(
  (db: Database, userIds: readonly string[]) =>
    db
      .selectFrom("ledger_accounts")
      .select(["owner_user_id", "currency", "balance", "reserved"])
      .where(sql<boolean>`owner_user_id = ANY(${userIds})`)
      .where("purpose", "=", "wallet")
      .orderBy("id"),
  1,
);

/** The wallet balances of several users in one read (a page of the admin's user list), by user id. */
export async function readWalletBalancesOf(
  db: Database,
  userIds: readonly string[],
): Promise<Map<string, AccountBalance[]>> {
  const byUser = new Map<string, AccountBalance[]>();
  if (userIds.length === 0) {
    return byUser;
  }
  const rows = await walletRowsOf(db, userIds);
  for (const row of rows) {
    const balanceMinor = BigInt(row.balance);
    const reservedMinor = BigInt(row.reserved);
    const owner = row.owner_user_id ?? "";
    const balances = byUser.get(owner) ?? [];
    balances.push({
      currency: row.currency,
      balanceMinor,
      reservedMinor,
      availableMinor: balanceMinor - reservedMinor,
    });
    byUser.set(owner, balances);
  }
  return byUser;
}

/**
 * What the user can spend in `currency` now: their wallet's balance less its reserves, zero when the
 * wallet was never used. The one reading of "available" every module asks before it moves money (the
 * ledger's CHECK stays the last word when two requests race).
 */
export async function availableMinorOf(db: Database, userId: string, currency: CurrencyCode): Promise<bigint> {
  const row = await db
    .selectFrom("ledger_accounts")
    .select(["balance", "reserved"])
    .where("owner_user_id", "=", userId)
    .where("currency", "=", currency)
    .where("purpose", "=", "wallet")
    .executeTakeFirst();
  return row ? BigInt(row.balance) - BigInt(row.reserved) : 0n;
}

/** What a user still holds, as a closure must see it: money in any of their accounts, and money in flight. */
export interface UserHoldings {
  /** Currencies (with the account's purpose) where the balance or a reserve is not zero. */
  readonly heldIn: readonly { currency: CurrencyCode; purpose: string }[];
  /** Pending ledger transfers into or out of the user's accounts. */
  readonly pendingTransferCount: number;
}

/**
 * Locks every account of the user (ascending id, like every transfer, so neither waits on the other
 * in a cycle) and says what they still hold. Called in the caller's transaction before an account is
 * closed: a transfer into or out of these accounts waits for that transaction, so nothing lands on an
 * account between this check and the closure.
 */
export async function lockHoldingsOf(trx: Database, userId: string): Promise<UserHoldings> {
  const accounts = await sql<{
    id: string;
    currency: CurrencyCode;
    purpose: string;
    balance: string;
    reserved: string;
  }>`
    SELECT id, currency, purpose, balance, reserved FROM ledger_accounts
    WHERE owner_user_id = ${userId} ORDER BY id FOR NO KEY UPDATE`.execute(trx);
  const ids = accounts.rows.map((row) => row.id);
  const pending =
    ids.length === 0
      ? { count: 0 }
      : await trx
          .selectFrom("ledger_transfers")
          .select((eb) => eb.fn.countAll<string>().as("count"))
          .where("state", "=", "pending")
          .where((eb) => eb.or([eb("debit_account_id", "in", ids), eb("credit_account_id", "in", ids)]))
          .executeTakeFirstOrThrow();
  return {
    heldIn: accounts.rows
      .filter((row) => BigInt(row.balance) !== 0n || BigInt(row.reserved) !== 0n)
      .map((row) => ({ currency: row.currency, purpose: row.purpose })),
    pendingTransferCount: Number(pending.count),
  };
}
