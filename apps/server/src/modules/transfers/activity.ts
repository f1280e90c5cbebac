import type { TransferActivity, TransferTimelineEntry } from "@ferry/core/contracts/transfers";
import { formatRate, rateOf } from "@ferry/core/exchange";
import { toDecimalString } from "@ferry/core/money";
import { ledgerEffectOf } from "@ferry/core/transfer-status";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../errors.ts";
import type { AuditActor } from "../audit/service.ts";
import { destinationShownFor } from "./destination-shown.ts";
import { changeTransferStatusIn, type TransferRow } from "./status.ts";

/*
 * A transfer's page (issue 30): where it goes, the steps of its life with their times, and the sender's
 * cancel while nobody has processed it and the window (TRANSFER_CANCEL_MINUTES) is open. A cancel is a
 * status change like an admin's: the ledger releases the reserve, the change is recorded, audited and
 * notified, all in one transaction.
 */

const MINUTE_MS = 60_000;

/** Until when the sender may cancel `transfer`, or null when they cannot (any more). */
function cancellableUntilOf(transfer: TransferRow, config: Config, now: Date): Date | null {
  if (transfer.status !== "pending" || config.transferCancelMinutes === 0) {
    return null;
  }
  const until = new Date(new Date(transfer.created_at).getTime() + config.transferCancelMinutes * MINUTE_MS);
  return until > now ? until : null;
}

/** The fee of a cash-out is priced like a transfer of its payment method's kind; so is its destination shown. */
function feeMethodOf(transfer: TransferRow): "bank" | "crypto" | "ferry_user" {
  if (transfer.method !== "withdrawal") {
    return transfer.method;
  }
  return transfer.crypto_address ? "crypto" : "bank";
}

/** Paid from another balance: what left it, the exchange fee and the rate, from the quote the transfer executed. */
async function paidFromOf(db: Database, transfer: TransferRow): Promise<TransferActivity["paidFrom"]> {
  if (transfer.exchange_quote_id === null) {
    return null;
  }
  const quote = await db
    .selectFrom("exchange_quotes")
    .select(["from_currency", "amount", "fee", "rate"])
    .where("id", "=", transfer.exchange_quote_id)
    .executeTakeFirstOrThrow();
  const currency = quote.from_currency;
  return {
    currency,
    amount: toDecimalString(BigInt(quote.amount), currency),
    fee: toDecimalString(BigInt(quote.fee), currency),
    rate: formatRate(rateOf(quote.rate)),
  };
}

async function activityOf(db: Database, transfer: TransferRow, config: Config, now: Date): Promise<TransferActivity> {
  const changes = await db
    .selectFrom("transfer_status_changes")
    .select(["from_status", "to_status", "actor_user_id", "created_at"])
    .where("transfer_id", "=", transfer.id)
    .orderBy("id")
    .execute();
  const created: TransferTimelineEntry = {
    step: "created",
    at: new Date(transfer.created_at).toISOString(),
    isMoneyReturned: false,
    by: "you",
  };
  const steps = changes.map(
    (change): TransferTimelineEntry => ({
      step: change.to_status,
      at: new Date(change.created_at).toISOString(),
      isMoneyReturned: ["void", "refund"].includes(ledgerEffectOf(change.from_status, change.to_status)),
      by: change.actor_user_id === transfer.sender_user_id ? "you" : "ferry",
    }),
  );
  const until = cancellableUntilOf(transfer, config, now);
  return {
    transferId: transfer.id,
    status: transfer.status,
    destination: destinationShownFor({ feeMethod: feeMethodOf(transfer), snapshot: transfer }, transfer.currency),
    timeline: [created, ...steps],
    paidFrom: await paidFromOf(db, transfer),
    cancellableUntil: until?.toISOString() ?? null,
  };
}

async function selectSentTransfer(db: Database, userId: string, transferId: string): Promise<TransferRow> {
  const transfer = await db
    .selectFrom("transfers")
    .selectAll()
    .where("id", "=", transferId)
    .where("sender_user_id", "=", userId)
    .executeTakeFirst();
  if (!transfer) {
    // Someone else's transfer reads as missing, as getOwnTransfer's does.
    throw new AppError("not_found", "Transfer not found");
  }
  return transfer;
}

/** The activity of one of the user's own transfers. */
export async function getTransferActivity(
  db: Database,
  config: Config,
  now: Date,
  userId: string,
  transferId: string,
): Promise<TransferActivity> {
  return activityOf(db, await selectSentTransfer(db, userId, transferId), config, now);
}

/**
 * The sender cancels a transfer: only their own, only while it is pending (nobody has processed it) and
 * within the window. Cancelling a cancelled transfer again changes nothing and answers the same, so a
 * retry with the same Idempotency-Key is safe.
 */
export async function cancelTransfer(
  db: Database,
  config: Config,
  now: Date,
  actor: AuditActor,
  transferId: string,
): Promise<TransferActivity> {
  await db.transaction().execute((trx) =>
    changeTransferStatusIn(trx, config, {
      actor,
      transferId,
      status: "cancelled",
      auditAction: "transfer.cancel",
      check: (transfer) => {
        if (transfer.sender_user_id !== actor.userId) {
          throw new AppError("not_found", "Transfer not found");
        }
        if (transfer.status === "cancelled") {
          return;
        }
        if (transfer.status !== "pending") {
          throw new AppError("conflict", "This transfer can no longer be cancelled: Ferry has already processed it.");
        }
        if (cancellableUntilOf(transfer, config, now) === null) {
          throw new AppError("conflict", "This transfer can no longer be cancelled: the time to cancel it has passed.");
        }
      },
    }),
  );
  return getTransferActivity(db, config, now, actor.userId, transferId);
}
