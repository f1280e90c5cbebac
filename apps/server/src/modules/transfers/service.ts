import { insufficientBalanceMessage } from "@ferry/core/contracts/exchange";
import type {
  AdminTransferList,
  AdminTransferListQuery,
  CreateTransferBody,
  TransactionItem,
  Transfer,
  TransferDetails,
  TransferQuote,
  TransferQuoteRequest,
  TransferStatus,
} from "@ferry/core/contracts/transfers";
import { toDecimalString } from "@ferry/core/money";
import { type Clock, systemClock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import { decodeCursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { paginate } from "../../db/page.ts";
import { AppError } from "../../errors.ts";
import { requestAmountMinorOf } from "../../http/amount.ts";
import { metricsOf } from "../../observability/metrics.ts";
import type { AuditActor } from "../audit/service.ts";
import { countingWrongAppCodes, isAuthenticatorEnrolled } from "../auth/service.ts";
import { quoteExchangeForTransfer } from "../exchange/service.ts";
import { availableMinorOf } from "../ledger/service.ts";
import { enqueueMail, transferCodeMail } from "../mail/service.ts";
import type { RateProvider } from "../rates/service.ts";
import type { ApiTransferCredential } from "./api-transfers.ts";
import { batcherOf } from "./batcher.ts";
import {
  type CodeBinding,
  type CodeKeys,
  checkTransferCode,
  FIRST_REVISION,
  issueTransferCode,
  TRANSFER_CODE_TTL_MS,
} from "./codes.ts";
import { createTransferIn, requestHashOf } from "./create.ts";
import { countsTowardDailyLimit, enforceDailyLimit } from "./daily-limit.ts";
import { destinationShownFor } from "./destination-shown.ts";
import { listHistory } from "./history.ts";
import { codeBindingOf, lockExchangeFor, type PricedTransfer, priceTransfer } from "./pricing.ts";
import { selectAdminTransfers, selectOwnTransfer, selectTransferByKey } from "./queries.ts";
import { changeTransferStatusIn } from "./status.ts";
import { destinationOf } from "./targets.ts";

/*
 * Transfers' public operations, one database transaction each. The steps they are made of live beside
 * this file, named after what they do: pricing, targets, daily-limit, codes, create, status, legs. The
 * amount is parsed once per request, here, and its minor units passed along.
 */

/** What pricing a transfer paid from another balance needs beyond the settings: rates and the business clock. */
export interface ExchangeDeps {
  readonly rateProvider: RateProvider;
  readonly clock: Clock;
}

/**
 * The exchange part of the amount step's answer: a quote buying the transfer's amount and fee with the
 * `payFrom` balance, held 30 seconds (recorded, so the code and the transfer can name it).
 */
async function quoteExchangePart(
  db: Database,
  deps: ExchangeDeps,
  senderId: string,
  priced: PricedTransfer,
  payFrom: TransferQuoteRequest["payFrom"],
): Promise<TransferQuote["exchange"]> {
  if (payFrom === undefined || payFrom === priced.currency) {
    return undefined;
  }
  const exchange = await quoteExchangeForTransfer(db, deps, senderId, {
    from: payFrom,
    to: priced.currency,
    receiveMinor: priced.amountMinor + priced.feeMinor,
  });
  return {
    quoteId: exchange.id,
    from: exchange.from,
    amount: toDecimalString(exchange.amountMinor, exchange.from),
    fee: toDecimalString(exchange.feeMinor, exchange.from),
    feeBasisPoints: exchange.feeBasisPoints,
    rate: exchange.rate,
    available: toDecimalString(await availableMinorOf(db, senderId, exchange.from), exchange.from),
    expiresAt: exchange.expiresAt.toISOString(),
  };
}

/**
 * The amount step: fee, total and available balance for these details, and — paid from another
 * balance — the exchange quote that pays for them. Moves nothing.
 */
export async function quoteTransfer(
  db: Database,
  config: Config,
  deps: ExchangeDeps,
  senderId: string,
  request: TransferQuoteRequest,
): Promise<TransferQuote> {
  const { payFrom, ...details } = request;
  const amountMinor = requestAmountMinorOf(details, details.currency);
  const priced = await priceTransfer(db, config, { senderId, details, amountMinor });
  const available = await availableMinorOf(db, senderId, priced.currency);
  const exchange = await quoteExchangePart(db, deps, senderId, priced, payFrom);
  return {
    currency: priced.currency,
    amount: toDecimalString(priced.amountMinor, priced.currency),
    fee: toDecimalString(priced.feeMinor, priced.currency),
    total: toDecimalString(priced.amountMinor + priced.feeMinor, priced.currency),
    available: toDecimalString(available, priced.currency),
    feeBasisPoints: priced.feeBasisPoints,
    recipientName: priced.target.snapshot.recipient_name,
    destination: destinationShownFor(priced.target, priced.currency),
    ...(exchange ? { exchange } : {}),
  };
}

/** E-mails a code valid only for these exact details. Refuses at once when the balance cannot cover them. */
export async function requestTransferCode(
  db: Database,
  config: Config,
  clock: Clock,
  sender: { userId: string; email: string },
  details: TransferDetails,
): Promise<{ expiresAt: string }> {
  const amountMinor = requestAmountMinorOf(details, details.currency);
  if (await isAuthenticatorEnrolled(db, sender.userId)) {
    throw new AppError(
      "conflict",
      "Your transfers are confirmed with your authenticator app: enter the code it shows instead.",
    );
  }
  // One transaction, with the destination's row locked: the e-mail describes the details the code binds.
  return db.transaction().execute(async (trx) => {
    const priced = await priceTransfer(trx, config, { senderId: sender.userId, details, amountMinor });
    const exchange = await lockExchangeFor(trx, clock, {
      ...priced,
      senderId: sender.userId,
      quoteId: details.quoteId,
    });
    if (exchange) {
      if ((await availableMinorOf(trx, sender.userId, exchange.from)) < exchange.amountMinor) {
        throw new AppError("insufficient_funds", insufficientBalanceMessage(exchange.from));
      }
    } else if ((await availableMinorOf(trx, sender.userId, priced.currency)) < priced.amountMinor + priced.feeMinor) {
      throw new AppError("insufficient_funds", "Insufficient balance");
    }
    if (countsTowardDailyLimit(priced.target.method)) {
      // Early and unlocked, to spare a code that could not be used; createTransfer decides under the lock.
      await enforceDailyLimit(trx, config, sender.userId, priced);
    }
    const codeKeys = { secret: config.authSecret, clock };
    const binding = codeBindingOf(sender.userId, priced, exchange);
    const { code, expiresAt } = await issueTransferCode(trx, codeKeys, binding);
    const total = { currency: priced.currency, amountMinor: priced.amountMinor + priced.feeMinor };
    await enqueueMail(
      trx,
      transferCodeMail(sender.email, code, {
        amount: { currency: priced.currency, amountMinor: priced.amountMinor },
        fee: { currency: priced.currency, amountMinor: priced.feeMinor },
        total,
        recipient: `${priced.target.snapshot.recipient_name} (${priced.target.snapshot.recipient_email})`,
        destination: destinationOf(priced.target.snapshot),
        expiresAt,
        ...(exchange ? { paidFrom: { currency: exchange.from, amountMinor: exchange.amountMinor } } : {}),
      }),
    );
    return { expiresAt: expiresAt.toISOString() };
  });
}

/**
 * The binding of an e-mailed code for an action that lets money move without a code of its own (an API
 * credential with `transfers:write`, issue 28): the transfer codes' table, life and wrong-try limit.
 */
function actionCodeBindingOf(userId: string, action: string): CodeBinding {
  return { userId, recipientKey: `action:${action}`, revision: FIRST_REVISION, amountMinor: 0n, currency: "" };
}

/** Issues an e-mailed code for `action`, in the caller's transaction; the caller mails it. */
export async function issueActionCode(
  trx: Database,
  keys: CodeKeys,
  userId: string,
  action: string,
): Promise<{ code: string; expiresAt: Date }> {
  return issueTransferCode(trx, keys, actionCodeBindingOf(userId, action));
}

/** Checks an e-mailed code for `action` as a transfer code is checked (a wrong one counts a try). */
export async function checkActionCode(
  trx: Database,
  keys: CodeKeys,
  userId: string,
  action: string,
  code: string,
): Promise<"consumed" | "wrong"> {
  return checkTransferCode(trx, keys, actionCodeBindingOf(userId, action), code);
}

/** The minutes a transfer code (and an action code) lives. */
export const ACTION_CODE_MINUTES = TRANSFER_CODE_TTL_MS / 60_000;

/**
 * Whether a request with this Idempotency-Key is a retry, asked before `createTransfer` so that a
 * retry skips the checks that count new work (the route's recipient look-up limit): `createTransfer`
 * answers it from the transfer the key made, or refuses it as a conflict, before resolving any
 * recipient. It reads the key through the same look-up as the idempotency helper's replay, without
 * its lock: the helper's answer, under the lock, is the one that counts.
 */
export async function isTransferRetry(db: Database, senderId: string, idempotencyKey: string): Promise<boolean> {
  return (await selectTransferByKey(db, senderId, idempotencyKey)) !== undefined;
}

/**
 * Sends money, once. Within one transaction: the Idempotency-Key is checked (a replay returns the
 * first transfer), the code is checked against these exact details and consumed, the transfer row
 * is written, and the ledger reserves (bank, crypto) or moves (Ferry user) the amount and its fee.
 * An authenticator app's wrong codes count on the account's wrong-code budget as at sign-in. A sender
 * with an API credential (`transfers:write`, decision 041) sends no code, under the app's own rules.
 */
export async function createTransfer(
  db: Database,
  config: Config,
  clock: Clock,
  sender: {
    userId: string;
    email: string;
    credential?: ApiTransferCredential | null;
    /** Whether the sender confirms with an authenticator app, if the session read knew it already. */
    isAuthenticatorEnrolled?: boolean;
  },
  idempotencyKey: string,
  request: CreateTransferBody,
  totpClock: Clock = systemClock,
): Promise<{ transfer: Transfer; isReplay: boolean }> {
  const credential = sender.credential ?? null;
  if (credential === null && request.code === undefined) {
    throw new AppError("validation_failed", "Enter the verification code", { code: "Enter the verification code" });
  }
  const amountMinor = requestAmountMinorOf(request, request.currency);
  const requestHash = requestHashOf(request, amountMinor);
  const attempt = { sender, idempotencyKey, requestHash, request, amountMinor, totpClock, credential };
  const isConfirmedWithApp =
    credential === null && (sender.isAuthenticatorEnrolled ?? (await isAuthenticatorEnrolled(db, sender.userId)));
  // A transfer confirmed with an e-mailed code is group-committed (batcher.ts); an app's, one confirmed
  // with an authenticator app (its own wrong-code budget) and one paid from another balance, alone.
  const isBatched = credential === null && !isConfirmedWithApp && request.quoteId === undefined;
  const create = async () => {
    const outcome = isBatched
      ? await batcherOf(db, config, clock, sender.userId).submit(attempt)
      : await db.transaction().execute((trx) => createTransferIn(trx, config, clock, attempt));
    if ("isWrongCode" in outcome) {
      // Refused only now, after the transaction committed the counted try (and nothing else).
      throw new AppError("invalid_code", "Invalid verification code");
    }
    return outcome;
  };
  return countOutcome(db, isConfirmedWithApp ? countingWrongAppCodes(db, sender.userId, create) : create());
}

/** How a transfer request ended, counted in the app's metrics (`ferry_transfers_total`). */
async function countOutcome<T extends { isReplay: boolean }>(db: Database, ending: Promise<T>): Promise<T> {
  const metrics = metricsOf(db);
  try {
    const result = await ending;
    metrics?.countTransfer(result.isReplay ? "replayed" : "created");
    return result;
  } catch (error) {
    metrics?.countTransfer(error instanceof AppError && error.code === "invalid_code" ? "wrong_code" : "refused");
    throw error;
  }
}

/**
 * An admin sets a transfer's status, in one transaction; the ledger follows exactly (see
 * `changeTransferStatusIn`). Setting the current status again changes nothing.
 */
export async function changeTransferStatus(
  db: Database,
  config: Config,
  actor: AuditActor,
  transferId: string,
  status: TransferStatus,
): Promise<{ isChanged: boolean }> {
  return db.transaction().execute((trx) => changeTransferStatusIn(trx, config, { actor, transferId, status }));
}

/** One transfer the user sent or received; anyone else's reads as missing. */
export async function getOwnTransfer(db: Database, userId: string, transferId: string): Promise<Transfer> {
  const transfer = await selectOwnTransfer(db, userId, transferId);
  if (!transfer) {
    throw new AppError("not_found", "Transfer not found");
  }
  return transfer;
}

/** A page of every user's transfers for the admin, newest first, searched and filtered by status. */
export async function listAdminTransfers(db: Database, query: AdminTransferListQuery): Promise<AdminTransferList> {
  const rows = await selectAdminTransfers(db, {
    limit: query.limit,
    search: query.search,
    status: query.status,
    after: decodeCursor(query.cursor),
  });
  return paginate(
    rows,
    query.limit,
    (row) => ({ createdAt: row.cursorAt, id: row.id }),
    ({ cursorAt: _cursorAt, ...transfer }) => transfer,
  );
}

/** The user's newest `limit` history items, as the admin's view of a user shows them. */
export async function listRecentHistoryOf(db: Database, userId: string, limit: number): Promise<TransactionItem[]> {
  const page = await listHistory(db, userId, { limit });
  return page.items;
}
