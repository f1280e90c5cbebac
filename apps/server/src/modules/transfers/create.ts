import { insufficientBalanceMessage } from "@ferry/core/contracts/exchange";
import type { CreateTransferBody, Transfer } from "@ferry/core/contracts/transfers";
import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { findIdempotentReplay, requestHashOf as hashRequest } from "../../db/idempotency.ts";
import { AppError } from "../../errors.ts";
import { type AlertEvent, notifyAlertRules } from "../alerts/service.ts";
import { checkTotpCode, isAcceptedTotp, isAuthenticatorEnrolled } from "../auth/service.ts";
import { type HeldExchange, markTransferExchangeExecuted } from "../exchange/service.ts";
import {
  applyLedger,
  availableMinorOf,
  ensureUserAccount,
  systemAccountId,
  type TransferLeg,
} from "../ledger/service.ts";
import { createNotification } from "../notifications/service.ts";
import { recordWebhookEvents } from "../webhooks/service.ts";
import { type ApiTransferCredential, enforceApiTransferRules, recordAppTransfer } from "./api-transfers.ts";
import { checkTransferCode } from "./codes.ts";
import { countsTowardDailyLimit, enforceDailyLimit, lockDailyLimit } from "./daily-limit.ts";
import { movementLegs } from "./legs.ts";
import { codeBindingOf, lockExchangeFor, type PricedTransfer, priceTransfer } from "./pricing.ts";
import { selectOwnTransfer, selectTransferByKey, toTransfer } from "./queries.ts";
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
 * A transfer written in a batch (batcher.ts): its ledger legs join the batch's one ledger call, so its
 * funds are checked before its code is consumed, and a failure after its checks ends the whole batch.
 */
interface TransferBatch {
  readonly legs: TransferLeg[];
  /** What must see the moved balances (the alert rules): run after the batch's ledger call. */
  readonly afterLedger: (() => Promise<void>)[];
}

/** The canonical hash of a transfer request, which a replay of its Idempotency-Key must match. */
export function requestHashOf(request: CreateTransferBody, amountMinor: bigint): string {
  return hashRequest([request.target, request.currency, amountMinor, request.memo ?? "", request.quoteId ?? ""]);
}

/** The transfer this attempt's Idempotency-Key already made, if any (db/idempotency.ts: lock, replay, conflict). */
async function findReplay(trx: Database, attempt: TransferAttempt): Promise<Transfer | undefined> {
  const { sender, idempotencyKey, requestHash } = attempt;
  const request = { scope: "transfer", ownerId: sender.userId, key: idempotencyKey, requestHash };
  const transferId = await findIdempotentReplay(trx, request, async () => {
    const earlier = await selectTransferByKey(trx, sender.userId, idempotencyKey);
    return earlier && { requestHash: earlier.requestHash, result: earlier.id };
  });
  if (transferId === undefined) {
    return undefined;
  }
  const original = await selectOwnTransfer(trx, sender.userId, transferId);
  if (!original) {
    throw new AppError("not_found", "Transfer not found");
  }
  return original;
}

/** Writes the transfer row, with the accounts its money moves between. */
async function insertTransfer(
  trx: Database,
  attempt: TransferAttempt,
  priced: PricedTransfer,
  paid: { status: "pending" | "sent"; exchange: HeldExchange | null },
) {
  const { sender, request } = attempt;
  const senderAccountId = await ensureUserAccount(trx, sender.userId, priced.currency);
  const destinationAccountId = priced.target.recipientUserId
    ? await ensureUserAccount(trx, priced.target.recipientUserId, priced.currency)
    : await systemAccountId(trx, priced.currency, "payouts");
  const feeAccountId = await systemAccountId(trx, priced.currency, "fees");
  return trx
    .insertInto("transfers")
    .values({
      sender_user_id: sender.userId,
      method: priced.target.method,
      recipient_id: priced.target.recipientId,
      payment_method_id: priced.target.paymentMethodId,
      recipient_user_id: priced.target.recipientUserId,
      ...priced.target.snapshot,
      currency: priced.currency,
      amount: priced.amountMinor.toString(),
      fee: priced.feeMinor.toString(),
      memo: request.memo || null,
      status: paid.status,
      exchange_quote_id: paid.exchange?.id ?? null,
      sender_account_id: senderAccountId,
      destination_account_id: destinationAccountId,
      fee_account_id: feeAccountId,
      idempotency_key: attempt.idempotencyKey,
      request_hash: attempt.requestHash,
      api_credential_id: attempt.credential?.id ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
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
 * Whether the attempt's code confirms these exact details, in the transaction that makes the transfer
 * from them. An account with an authenticator app confirms with its code (each accepted once), checked
 * here with the details the confirmation screen showed (dynamic linking); no e-mailed code counts for
 * it. Any other account confirms with the e-mailed code bound to the details.
 */
async function checkConfirmation(
  trx: Database,
  config: Config,
  context: { clock: Clock; attempt: TransferAttempt; priced: PricedTransfer; exchange: HeldExchange | null },
): Promise<"consumed" | "wrong"> {
  const { attempt, priced, exchange } = context;
  const { userId } = attempt.sender;
  if (await isAuthenticatorEnrolled(trx, userId)) {
    const keys = { secret: config.authSecret, clock: attempt.totpClock };
    // A code whose step was accepted already (a sign-in moments ago) is refused as used, not as wrong.
    const check = await checkTotpCode(trx, keys, { userId, code: attempt.request.code ?? "", state: "enrolled" });
    return isAcceptedTotp(check) ? "consumed" : "wrong";
  }
  const codeKeys = { secret: config.authSecret, clock: context.clock };
  return checkTransferCode(trx, codeKeys, codeBindingOf(userId, priced, exchange), attempt.request.code ?? "");
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
 * transfer; otherwise the destination is resolved and priced, the daily limit enforced, the code
 * checked against these exact details and consumed, the transfer row written, and the ledger reserves
 * (bank, crypto, cash-out) or moves (Ferry user) the amount and its fee. A wrong code is counted and
 * nothing else is written: the caller commits that, then refuses.
 */
export async function createTransferIn(
  trx: Database,
  config: Config,
  clock: Clock,
  attempt: TransferAttempt,
  batch?: TransferBatch,
): Promise<TransferOutcome> {
  const { sender, request } = attempt;
  const original = await findReplay(trx, attempt);
  if (original) {
    return { transfer: original, isReplay: true };
  }
  const priced = await priceTransfer(trx, config, {
    senderId: sender.userId,
    details: request,
    amountMinor: attempt.amountMinor,
  });
  const exchange = await lockExchangeFor(trx, clock, { ...priced, senderId: sender.userId, quoteId: request.quoteId });
  if (countsTowardDailyLimit(priced.target.method)) {
    // One limited transfer at a time per user: the sum read below includes every one committed before.
    await lockDailyLimit(trx, sender.userId);
    await enforceDailyLimit(trx, config, sender.userId, priced);
  }
  if (batch && (await availableMinorOf(trx, sender.userId, priced.currency)) < priced.amountMinor + priced.feeMinor) {
    // In a batch the ledger runs last, for every transfer at once: a shortfall is refused before the
    // code is consumed, so a refused transfer writes nothing.
    throw new AppError("insufficient_funds", "Insufficient balance");
  }
  if (attempt.credential) {
    // An app's transfer needs no code: its second factor was given when its credential was made.
    await enforceApiTransferRules(trx, sender.userId, attempt.credential, priced);
  } else if ((await checkConfirmation(trx, config, { clock, attempt, priced, exchange })) === "wrong") {
    return { isWrongCode: true };
  }
  if (!batch) {
    return writeTransfer(trx, clock, { attempt, priced, exchange }, null);
  }
  try {
    return await writeTransfer(trx, clock, { attempt, priced, exchange }, batch);
  } catch (error) {
    // Not a refusal: it wrote part of itself, so the whole batch must roll back (and be made alone).
    throw new Error("A batched transfer failed after its checks", { cause: error });
  }
}

/**
 * Writes a checked and confirmed transfer: its row, the Ferry recipient's notification, its ledger
 * movement (or, in a batch, its legs for the batch's ledger call), alerts and webhook events.
 */
async function writeTransfer(
  trx: Database,
  clock: Clock,
  checked: { attempt: TransferAttempt; priced: PricedTransfer; exchange: HeldExchange | null },
  batch: TransferBatch | null,
): Promise<TransferOutcome> {
  const { attempt, priced, exchange } = checked;
  const { sender } = attempt;
  // A Ferry user receives the money at once; money leaving Ferry stays reserved until an admin sends it.
  const isInstant = priced.target.method === "ferry_user";
  const inserted = await insertTransfer(trx, attempt, priced, { status: isInstant ? "sent" : "pending", exchange });
  if (priced.target.recipientUserId) {
    await createNotification(trx, {
      userId: priced.target.recipientUserId,
      type: "success",
      write: (reader) => ({
        title: reader.t("Money received"),
        message: reader.t("{sender} sent you {amount}.", {
          sender: sender.email,
          amount: reader.format.money({ currency: priced.currency, amountMinor: priced.amountMinor }),
        }),
      }),
    });
  }
  // Last, so the accounts stay locked for as short a time as possible (a hot account serialises here).
  const legs = movementLegs(inserted, 0, isInstant ? "posted" : "pending");
  if (batch) {
    batch.legs.push(...legs);
  } else {
    await moveTransferMoney(trx, legs, exchange);
  }
  if (exchange) {
    await markTransferExchangeExecuted(trx, exchange.id, clock.now());
  }
  if (attempt.credential) {
    await recordAppTransfer(trx, { sender, credential: attempt.credential, transferId: inserted.id, priced });
  }
  const alertEvents = [...(exchange?.alertEvents ?? []), ...alertEventsOf(inserted.id, sender, priced)];
  if (batch) {
    // A balance rule reads the balance the transfer left: only once the batch's ledger call has run.
    batch.afterLedger.push(() => notifyAlertRules(trx, alertEvents));
  } else {
    await notifyAlertRules(trx, alertEvents);
  }
  await recordWebhookEvents(trx, transferWebhookEvents("transfer.created", inserted));
  return { transfer: toTransfer({ ...inserted, app_name: attempt.credential?.name ?? null }), isReplay: false };
}
