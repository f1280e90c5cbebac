import { insufficientBalanceMessage } from "@ferry/core/contracts/exchange";
import { type AppPreferences, DEFAULT_SETTINGS } from "@ferry/core/contracts/settings";
import type { CreateTransferBody, Transfer } from "@ferry/core/contracts/transfers";
import type { Selectable } from "kysely";
import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import {
  findIdempotentReplay,
  requestHashOf as hashRequest,
  type IdempotentRequest,
  replayOf,
} from "../../db/idempotency.ts";
import { sendAnsweredAtCommit, sendBeforeCommit, sendTogether } from "../../db/pipelined.ts";
import type { DB } from "../../db/schema.ts";
import { unnestInsert } from "../../db/unnest.ts";
import { uuidv7 } from "../../db/uuidv7.ts";
import { AppError } from "../../errors.ts";
import { type AlertEvent, notifyAlertRules, usersWithAlertRules } from "../alerts/service.ts";
import { checkTotpCode, isAcceptedTotp, isAuthenticatorEnrolled } from "../auth/service.ts";
import { type HeldExchange, markTransferExchangeExecuted } from "../exchange/service.ts";
import {
  type AccountKey,
  accountIdsOf,
  applyLedger,
  type FoundAccounts,
  readAccountIds,
  type TransferLeg,
} from "../ledger/service.ts";
import { type NewNotification, notificationsToCreate } from "../notifications/service.ts";
import { preferencesOfEach } from "../settings/service.ts";
import { recordWebhookEvents, type SubscribedEndpoints, subscribedEndpointsOf } from "../webhooks/service.ts";
import { type ApiTransferCredential, enforceApiTransferRules, recordAppTransfer } from "./api-transfers.ts";
import { type CodeCheck, type CodeVerdict, checkTransferCodes } from "./codes.ts";
import { countsTowardDailyLimit, enforceDailyLimit, lockDailyLimit } from "./daily-limit.ts";
import { movementLegs } from "./legs.ts";
import { codeBindingOf, lockExchangeFor, type PricedTransfer, priceTransfer } from "./pricing.ts";
import { selectOwnTransfer, selectTransferByKey, toTransfer } from "./queries.ts";
import type { FerryUsersByEmail } from "./targets.ts";
import { transferWebhookEvents } from "./webhook-events.ts";

/** One attempt to send money: who sends it, under which Idempotency-Key, and what they asked for. */
export interface TransferAttempt {
  readonly sender: { readonly userId: string; readonly email: string };
  readonly idempotencyKey: string;
  /** The request's canonical hash: a replay of the key must carry the same request. */
  readonly requestHash: string;
  readonly request: CreateTransferBody;
  /** The connected app sending it with its API credential; null for a person (decision 041). */
  readonly credential: ApiTransferCredential | null;
  /** The request's amount in minor units, parsed once for the whole request. */
  readonly amountMinor: bigint;
  /** The machine's clock, which a code of the sender's authenticator app is checked by. */
  readonly totpClock: Clock;
}

/** What one attempt came to: the transfer (the first one, on a replay), or a wrong code. */
export type TransferOutcome = { transfer: Transfer; isReplay: boolean } | { isWrongCode: true };

/**
 * Transfers written in a batch (batcher.ts, `sendTransfersIn`): their ledger legs join the batch's one
 * ledger call, and a failure after the checks ends the whole batch.
 */
export interface TransferBatch {
  /** What writing the batch's transfers reads, read already on connections of its own (`readAheadFor`). */
  readonly readAhead: ReadAhead;
  readonly legs: TransferLeg[];
  /** Whose each account of the legs is (null: Ferry's own). */
  readonly owners: Map<string, string | null>;
  /** What must see the moved balances (the alert rules): run after the batch's ledger call. */
  readonly afterLedger: (() => Promise<void>)[];
}

/** The canonical hash of a transfer request, which a replay of its Idempotency-Key must match. */
export function requestHashOf(request: CreateTransferBody, amountMinor: bigint): string {
  return hashRequest([request.target, request.currency, amountMinor, request.memo ?? "", request.quoteId ?? ""]);
}

/** The attempt as db/idempotency.ts sees it: a key of the sender's, for a transfer. */
export function idempotentRequestOf({ sender, idempotencyKey, requestHash }: TransferAttempt): IdempotentRequest {
  return { scope: "transfer", ownerId: sender.userId, key: idempotencyKey, requestHash };
}

/**
 * What a batch read for all its transfers at once, under all their keys' locks, so that each one's
 * checks need not (batcher.ts).
 */
export interface KnownBeforehand {
  /** What the attempt's Idempotency-Key made before, if anything. */
  readonly earlier: { readonly id: string; readonly requestHash: string } | undefined;
  readonly isAuthenticatorEnrolled: boolean;
  /** The sender's available balance in the transfer's currency. */
  readonly availableMinor: bigint;
  /** The Ferry users the batch's transfers are addressed to, by e-mail. */
  readonly ferryUsers: FerryUsersByEmail;
}

/**
 * The transfer this attempt's Idempotency-Key already made, if any (db/idempotency.ts: lock, replay,
 * conflict); in a batch, from what it read beforehand under the keys' locks.
 */
async function findReplay(
  trx: Database,
  attempt: TransferAttempt,
  known: KnownBeforehand | null,
): Promise<Transfer | undefined> {
  const { sender, idempotencyKey } = attempt;
  const request = idempotentRequestOf(attempt);
  const resultOf = (earlier: KnownBeforehand["earlier"]) =>
    earlier && { requestHash: earlier.requestHash, result: earlier.id };
  const transferId = known
    ? replayOf(request, resultOf(known.earlier))
    : await findIdempotentReplay(trx, request, async () =>
        resultOf(await selectTransferByKey(trx, sender.userId, idempotencyKey)),
      );
  if (transferId === undefined) {
    return undefined;
  }
  const original = await selectOwnTransfer(trx, sender.userId, transferId);
  if (!original) {
    throw new AppError("not_found", "Transfer not found");
  }
  return original;
}

/** A transfer whose checks passed and whose code was consumed: what is left is to write it. */
export interface CheckedTransfer {
  readonly attempt: TransferAttempt;
  readonly priced: PricedTransfer;
  readonly exchange: HeldExchange | null;
}

/** The accounts a transfer's money moves between: the sender's, the destination's and Ferry's fees. */
function accountKeysOf({ attempt, priced }: CheckedTransfer) {
  const { currency } = priced;
  const recipientUserId = priced.target.recipientUserId;
  return {
    sender: { ownerUserId: attempt.sender.userId, currency, purpose: "wallet" },
    destination: recipientUserId
      ? { ownerUserId: recipientUserId, currency, purpose: "wallet" }
      : { ownerUserId: null, currency, purpose: "payouts" },
    fee: { ownerUserId: null, currency, purpose: "fees" },
  } satisfies Record<string, AccountKey>;
}

/** The columns a new transfer's row is written with, and their types (db/unnest.ts). */
const TRANSFER_COLUMNS = {
  id: "uuid",
  sender_user_id: "text",
  method: "text",
  recipient_id: "uuid",
  payment_method_id: "uuid",
  recipient_user_id: "text",
  recipient_email: "text",
  recipient_name: "text",
  recipient_bank_name: "text",
  recipient_country: "text",
  recipient_account_number: "text",
  recipient_swift_code: "text",
  recipient_bank_code: "text",
  crypto_address: "text",
  crypto_network: "text",
  currency: "text",
  amount: "numeric",
  fee: "numeric",
  memo: "text",
  status: "text",
  exchange_quote_id: "uuid",
  sender_account_id: "bigint",
  destination_account_id: "bigint",
  fee_account_id: "bigint",
  idempotency_key: "text",
  request_hash: "text",
  api_credential_id: "uuid",
} as const;

/**
 * What writing checked transfers reads but need not read in their transaction: which of their accounts
 * exist, the Ferry recipients' App Preferences (the language of their notification), which of the
 * users have alert rules, and their webhook endpoints. A batch reads them side by side, on connections
 * of their own, while its codes are checked (batcher.ts, issue 31): four statements fewer waited for
 * in turn while the batch's transaction is open. Each is what the same read in the transaction would
 * have found a moment later (READ COMMITTED); an account missing then is still created in it.
 */
export interface ReadAhead {
  readonly accounts: FoundAccounts;
  readonly preferencesOf: (userId: string) => AppPreferences;
  readonly usersWithRules: ReadonlySet<string>;
  readonly endpoints: SubscribedEndpoints;
}

const NOTHING_READ_AHEAD: ReadAhead = {
  accounts: new Map(),
  preferencesOf: () => DEFAULT_SETTINGS.preferences,
  usersWithRules: new Set(),
  endpoints: [],
};

/** Reads what writing these transfers needs (`ReadAhead`), four statements side by side on `db`'s pool. */
export async function readAheadFor(db: Database, transfers: readonly CheckedTransfer[]): Promise<ReadAhead> {
  if (transfers.length === 0) {
    return NOTHING_READ_AHEAD;
  }
  const recipientIds = transfers.flatMap(({ priced }) => priced.target.recipientUserId ?? []);
  const userIds = [...new Set([...transfers.map(({ attempt }) => attempt.sender.userId), ...recipientIds])];
  const [accounts, preferencesOf, usersWithRules, endpoints] = await Promise.all([
    readAccountIds(
      db,
      transfers.flatMap((transfer) => Object.values(accountKeysOf(transfer))),
    ),
    preferencesOfEach(db, [...new Set(recipientIds)]),
    usersWithAlertRules(db, userIds),
    subscribedEndpointsOf(db, userIds),
  ]);
  return { accounts, preferencesOf, usersWithRules, endpoints };
}

/**
 * The statement that writes the transfer rows, with the accounts their money moves between, and how its
 * answer gives each transfer its row, in order.
 */
async function transfersInsertOf(trx: Database, transfers: readonly CheckedTransfer[], found?: FoundAccounts) {
  const accountId = await accountIdsOf(
    trx,
    transfers.flatMap((transfer) => Object.values(accountKeysOf(transfer))),
    found,
  );
  const rows = transfers.map((transfer): TransferRowToInsert => {
    const { attempt, priced, exchange } = transfer;
    const accounts = accountKeysOf(transfer);
    return {
      // Made here, as PostgreSQL would make it (migration 037), so that the legs are known before the
      // row is written: a batch sends both in one round trip (batcher.ts).
      id: uuidv7(),
      sender_user_id: attempt.sender.userId,
      method: priced.target.method,
      recipient_id: priced.target.recipientId,
      payment_method_id: priced.target.paymentMethodId,
      recipient_user_id: priced.target.recipientUserId,
      ...priced.target.snapshot,
      currency: priced.currency,
      amount: priced.amountMinor.toString(),
      fee: priced.feeMinor.toString(),
      memo: attempt.request.memo || null,
      // A Ferry user receives the money at once; money leaving Ferry stays reserved until an admin sends it.
      status: isInstant(priced) ? "sent" : "pending",
      exchange_quote_id: exchange?.id ?? null,
      sender_account_id: accountId(accounts.sender),
      destination_account_id: accountId(accounts.destination),
      fee_account_id: accountId(accounts.fee),
      idempotency_key: attempt.idempotencyKey,
      request_hash: attempt.requestHash,
      api_credential_id: attempt.credential?.id ?? null,
    };
  });
  const statement = transfersInsert(rows);
  // Each row as written: what Ferry made, with its time, which PostgreSQL made (its answer).
  const rowsOf = (answer: readonly unknown[]): WrittenTransferRow[] => {
    const byId = new Map((answer as MadeByDatabase[]).map((row) => [row.id, row]));
    return rows.map((row) => {
      const made = byId.get(row.id);
      if (!made) {
        throw new Error("An inserted transfer row is missing from its statement's answer");
      }
      return { ...row, created_at: made.created_at };
    });
  };
  return { statement, rows, rowsOf };
}

/**
 * A new transfer's row as Ferry writes it: all but what PostgreSQL makes (its time, and the columns
 * later changes use, which start as their defaults).
 */
type TransferRowToInsert = Omit<
  Selectable<DB["transfers"]>,
  "created_at" | "updated_at" | "ledger_generation" | "limit_counted_at"
>;

/** A new transfer's row as written, with its time. */
type WrittenTransferRow = TransferRowToInsert & Pick<Selectable<DB["transfers"]>, "created_at">;

/** What the insert answers for each row: its id, to match it by, and its time (issue 31: not all 30 columns). */
type MadeByDatabase = Pick<Selectable<DB["transfers"]>, "id" | "created_at">;

const transfersInsert = unnestInsert<TransferRowToInsert, MadeByDatabase>(
  "transfers",
  TRANSFER_COLUMNS,
  "RETURNING id, created_at",
);

function isInstant(priced: PricedTransfer): boolean {
  return priced.target.method === "ferry_user";
}

/** What a new transfer tells the alert rules: money out of the sender's wallet, and into a Ferry payee's. */
function alertEventsOf(transferId: string, sender: TransferAttempt["sender"], priced: PricedTransfer): AlertEvent[] {
  const money = { currency: priced.currency, amountMinor: priced.amountMinor };
  const events: AlertEvent[] = [
    {
      kind: "money_moved",
      userId: sender.userId,
      eventKey: `transfer:${transferId}:out`,
      movement: "transfer",
      direction: "outgoing",
      money,
      counterparty: priced.target.snapshot.recipient_name,
    },
  ];
  if (priced.target.recipientUserId) {
    events.push({
      kind: "money_moved",
      userId: priced.target.recipientUserId,
      eventKey: `transfer:${transferId}:in`,
      movement: "transfer",
      direction: "incoming",
      money,
      counterparty: sender.email,
    });
  }
  return events;
}

/**
 * How the attempt confirms these exact details, in the transaction that makes the transfer from them.
 * An account with an authenticator app confirms with its code (each accepted once), checked here with
 * the details the confirmation screen showed (dynamic linking); no e-mailed code counts for it. Any
 * other account confirms with the e-mailed code bound to the details: that check is returned, to be
 * made by the caller (`checkEmailedCodes`), for a whole batch at once.
 */
async function checkConfirmation(
  trx: Database,
  config: Config,
  context: {
    attempt: TransferAttempt;
    priced: PricedTransfer;
    exchange: HeldExchange | null;
    known: KnownBeforehand | null;
  },
): Promise<"consumed" | "wrong" | CodeCheck> {
  const { attempt, priced, exchange, known } = context;
  const { userId } = attempt.sender;
  if (known ? known.isAuthenticatorEnrolled : await isAuthenticatorEnrolled(trx, userId)) {
    const keys = { secret: config.authSecret, clock: attempt.totpClock };
    // A code whose step was accepted already (a sign-in moments ago) is refused as used, not as wrong.
    const check = await checkTotpCode(trx, keys, { userId, code: attempt.request.code ?? "", state: "enrolled" });
    return isAcceptedTotp(check) ? "consumed" : "wrong";
  }
  return { binding: codeBindingOf(userId, priced, exchange), code: attempt.request.code ?? "" };
}

/** A transfer whose checks passed but for its e-mailed code (`checkTransferIn`). */
export interface AwaitingCode {
  readonly transfer: CheckedTransfer;
  readonly code: CodeCheck;
}

/**
 * The e-mailed codes of checked transfers, in one statement (codes.ts): for each, in order, the code
 * consumed, wrong (its try counted) or refused.
 */
export function checkEmailedCodes(
  trx: Database,
  config: Config,
  clock: Clock,
  awaiting: readonly AwaitingCode[],
): Promise<CodeVerdict[]> {
  return checkTransferCodes(
    trx,
    { secret: config.authSecret, clock },
    awaiting.map((item) => item.code),
  );
}

/**
 * The transfer's money in one ledger operation: paid from another balance, the exchange that buys its
 * amount and fee (posted), then the transfer's own legs; either all of it moves or none. Money missing
 * from the balance paid from is named as that balance's.
 */
async function moveTransferMoney(
  trx: Database,
  transferLegs: TransferLeg[],
  exchange: HeldExchange | null,
): Promise<void> {
  if (exchange === null) {
    await applyLedger(trx, { create: transferLegs });
    return;
  }
  try {
    await applyLedger(trx, { create: [...(await exchange.legs(trx)), ...transferLegs] });
  } catch (error) {
    if (error instanceof AppError && error.code === "insufficient_funds") {
      throw new AppError("insufficient_funds", insufficientBalanceMessage(exchange.from));
    }
    throw error;
  }
}

/**
 * Sends money once, in the caller's transaction: a replay of the Idempotency-Key returns the first
 * transfer; otherwise the transfer is checked (`checkTransferIn`) and written (`writeTransfersIn`). A
 * wrong code is counted and nothing else is written: the caller commits that, then refuses.
 */
export async function createTransferIn(
  trx: Database,
  config: Config,
  clock: Clock,
  attempt: TransferAttempt,
): Promise<TransferOutcome> {
  const checked = await checkTransferIn(trx, config, clock, attempt, null);
  if ("outcome" in checked) {
    return checked.outcome;
  }
  if (checked.code) {
    const [verdict] = await checkEmailedCodes(trx, config, clock, [{ transfer: checked.transfer, code: checked.code }]);
    if (verdict instanceof AppError) {
      throw verdict;
    }
    if (verdict === "wrong") {
      return { isWrongCode: true };
    }
  }
  const [outcome] = await writeTransfersIn(trx, clock, [checked.transfer]);
  return outcome as TransferOutcome;
}

/**
 * Everything before a transfer is written, in the caller's transaction: a replay of the
 * Idempotency-Key answers with the first transfer; otherwise the destination is resolved and priced,
 * the daily limit enforced, an authenticator app's code checked against these exact details. A refusal
 * is thrown (an AppError) having written nothing; a wrong app code is answered, its try counted. An
 * e-mailed code is left to check (`code`), by the caller, which must not write the transfer unless it
 * is consumed. In a batch, `known` is what the batch read beforehand for all its transfers.
 */
export async function checkTransferIn(
  trx: Database,
  config: Config,
  clock: Clock,
  attempt: TransferAttempt,
  known: KnownBeforehand | null,
): Promise<{ outcome: TransferOutcome } | { transfer: CheckedTransfer; code: CodeCheck | null }> {
  const { sender, request } = attempt;
  const original = await findReplay(trx, attempt, known);
  if (original) {
    return { outcome: { transfer: original, isReplay: true } };
  }
  const priced = await priceTransfer(trx, config, {
    senderId: sender.userId,
    details: request,
    amountMinor: attempt.amountMinor,
    ferryUsers: known?.ferryUsers,
  });
  const exchange = await lockExchangeFor(trx, clock, { ...priced, senderId: sender.userId, quoteId: request.quoteId });
  if (countsTowardDailyLimit(priced.target.method)) {
    // One limited transfer at a time per user: the sum read below includes every one committed before.
    await lockDailyLimit(trx, sender.userId);
    await enforceDailyLimit(trx, config, sender.userId, priced);
  }
  if (known && known.availableMinor < priced.amountMinor + priced.feeMinor) {
    // In a batch the ledger runs last, for every transfer at once: a shortfall is refused before the
    // code is consumed, so a refused transfer writes nothing.
    throw new AppError("insufficient_funds", "Insufficient balance");
  }
  const transfer = { attempt, priced, exchange };
  if (attempt.credential) {
    // An app's transfer needs no code: its second factor was given when its credential was made.
    await enforceApiTransferRules(trx, sender.userId, attempt.credential, priced);
    return { transfer, code: null };
  }
  const confirmation = await checkConfirmation(trx, config, { attempt, priced, exchange, known });
  if (confirmation === "wrong") {
    return { outcome: { isWrongCode: true } };
  }
  return { transfer, code: confirmation === "consumed" ? null : confirmation };
}

/** What the Ferry recipient of a transfer is told. */
function receivedNotificationOf({ attempt, priced }: CheckedTransfer, recipientUserId: string): NewNotification {
  return {
    userId: recipientUserId,
    type: "success",
    write: (reader) => ({
      title: reader.t("Money received"),
      message: reader.t("{sender} sent you {amount}.", {
        sender: attempt.sender.email,
        amount: reader.format.money({ currency: priced.currency, amountMinor: priced.amountMinor }),
      }),
    }),
  };
}

/** What writing checked transfers sends first: their rows' insert and their Ferry payees' notifications. */
async function transfersToWrite(trx: Database, transfers: readonly CheckedTransfer[], readAhead?: ReadAhead) {
  const insert = await transfersInsertOf(trx, transfers, readAhead?.accounts);
  const notifications = await notificationsToCreate(
    trx,
    transfers.flatMap((transfer) => {
      const recipientUserId = transfer.priced.target.recipientUserId;
      return recipientUserId ? [receivedNotificationOf(transfer, recipientUserId)] : [];
    }),
    readAhead?.preferencesOf,
  );
  return { insert, notifications };
}

/** Each written transfer's outcome, in order, from its row as written. */
function outcomesOf(transfers: readonly CheckedTransfer[], rows: readonly WrittenTransferRow[]): TransferOutcome[] {
  return transfers.map(({ attempt }, index) => {
    const row = rows[index] as (typeof rows)[number];
    return { transfer: toTransfer({ ...row, app_name: attempt.credential?.name ?? null }), isReplay: false };
  });
}

/**
 * Writes checked and confirmed transfers, each statement once for all of them: their rows, the Ferry
 * recipients' notifications, their ledger movement, alerts and webhook events. Answers each one's
 * outcome, in order.
 */
export async function writeTransfersIn(
  trx: Database,
  clock: Clock,
  transfers: readonly CheckedTransfer[],
): Promise<TransferOutcome[]> {
  const { insert, notifications } = await transfersToWrite(trx, transfers);
  // The transfers and their payees' notifications, sent together (db/pipelined.ts).
  const [inserted] = await sendTogether(
    trx,
    notifications ? [insert.statement, notifications.insert] : [insert.statement],
  );
  const rows = insert.rowsOf(inserted?.rows ?? []);
  await notifications?.announce();
  // Last, so the accounts stay locked for as short a time as possible (a hot account serialises here).
  const alertEvents: AlertEvent[] = [];
  for (const [index, { attempt, priced, exchange }] of transfers.entries()) {
    const row = rows[index] as (typeof rows)[number];
    await moveTransferMoney(trx, movementLegs(row, 0, isInstant(priced) ? "posted" : "pending"), exchange);
    if (exchange) {
      await markTransferExchangeExecuted(trx, exchange.id, clock.now());
    }
    if (attempt.credential) {
      await recordAppTransfer(trx, {
        sender: attempt.sender,
        credential: attempt.credential,
        transferId: row.id,
        priced,
      });
    }
    alertEvents.push(...(exchange?.alertEvents ?? []), ...alertEventsOf(row.id, attempt.sender, priced));
  }
  await notifyAlertRules(trx, alertEvents);
  await recordWebhookEvents(
    trx,
    rows.flatMap((row) => transferWebhookEvents("transfer.created", row)),
  );
  return outcomesOf(transfers, rows);
}

/**
 * `writeTransfersIn` for a batch (batcher.ts), without waiting for an answer: the rows' insert and the
 * notifications go out at once and are answered with the batch's COMMIT (db/pipelined.ts), their legs
 * join the batch's one ledger call, their alerts run after it. `outcomes` — await it only once the
 * batch has committed — gives each transfer's, in order. Only a batch whose users have webhook
 * endpoints waits for the rows before its commit: the events carry them. A transfer paid from another
 * balance or made by an app is never batched.
 */
export async function sendTransfersIn(
  trx: Database,
  transfers: readonly CheckedTransfer[],
  batch: TransferBatch,
): Promise<{ outcomes: Promise<TransferOutcome[]> }> {
  if (transfers.length === 0) {
    return { outcomes: Promise.resolve([]) };
  }
  const { insert, notifications } = await transfersToWrite(trx, transfers, batch.readAhead);
  const { answered } = await sendAnsweredAtCommit(trx, insert.statement);
  if (notifications) {
    await sendBeforeCommit(trx, notifications.insert);
    await notifications.announce();
  }
  const alertEvents: AlertEvent[] = [];
  for (const [index, { attempt, priced, exchange }] of transfers.entries()) {
    if (exchange || attempt.credential) {
      throw new Error("A transfer paid from another balance or made by an app is never batched");
    }
    const row = insert.rows[index] as (typeof insert.rows)[number];
    batch.legs.push(...movementLegs(row, 0, isInstant(priced) ? "posted" : "pending"));
    const accounts = accountKeysOf(transfers[index] as CheckedTransfer);
    batch.owners.set(row.sender_account_id, accounts.sender.ownerUserId);
    batch.owners.set(row.destination_account_id, accounts.destination.ownerUserId);
    batch.owners.set(row.fee_account_id, accounts.fee.ownerUserId);
    alertEvents.push(...alertEventsOf(row.id, attempt.sender, priced));
  }
  // A balance rule reads the balance the transfer left: only once the batch's ledger call has been sent.
  batch.afterLedger.push(() => notifyAlertRules(trx, alertEvents, batch.readAhead.usersWithRules));
  const rowsWritten = answered.then((result) => insert.rowsOf(result.rows));
  rowsWritten.catch(() => {});
  if (batch.readAhead.endpoints.length > 0) {
    const rows = await rowsWritten;
    await recordWebhookEvents(
      trx,
      rows.flatMap((row) => transferWebhookEvents("transfer.created", row)),
      batch.readAhead.endpoints,
    );
  }
  const outcomes = rowsWritten.then((rows) => outcomesOf(transfers, rows));
  outcomes.catch(() => {});
  return { outcomes };
}
