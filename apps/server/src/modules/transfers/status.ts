import type { TransferStatus } from "@ferry/core/contracts/transfers";
import { isReopening, ledgerEffectOf, ledgerStateOf, type TransferLedgerEffect } from "@ferry/core/transfer-status";
import { transferPagePath } from "@ferry/core/web-routes";
import { type Selectable, sql } from "kysely";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { notifyAlertRules } from "../alerts/service.ts";
import { type AuditActor, recordAdminAction } from "../audit/service.ts";
import { applyLedger } from "../ledger/service.ts";
import { createNotification } from "../notifications/service.ts";
import { recordWebhookEvents } from "../webhooks/service.ts";
import { countsTowardDailyLimit, enforceDailyLimitOnReopen } from "./daily-limit.ts";
import { movementLegs, refundLegs, settlementsOf } from "./legs.ts";
import { transferWebhookEvents } from "./webhook-events.ts";

export type TransferRow = Selectable<DB["transfers"]>;

/**
 * Makes the ledger follow a status change (core's `ledgerEffectOf`) and returns the generation of
 * the transfer's money afterwards: money reserved or moved again after it was given back is a new
 * generation, with ledger keys of its own.
 */
async function applyLedgerEffect(trx: Database, transfer: TransferRow, effect: TransferLedgerEffect): Promise<number> {
  const generation = transfer.ledger_generation;
  switch (effect) {
    case "none":
      return generation;
    case "post":
      await applyLedger(trx, { settle: settlementsOf(transfer, generation, "post") });
      return generation;
    case "void":
      await applyLedger(trx, { settle: settlementsOf(transfer, generation, "void") });
      return generation;
    case "refund":
      await applyLedger(trx, { create: refundLegs(transfer, generation) });
      return generation;
    case "reserve_again":
      await applyLedger(trx, { create: movementLegs(transfer, generation + 1, "pending") });
      return generation + 1;
    case "post_again":
      await applyLedger(trx, { create: movementLegs(transfer, generation + 1, "posted") });
      return generation + 1;
    case "refund_and_reserve":
      // Give the money back and reserve it again, in one ledger call.
      await applyLedger(trx, {
        create: [...refundLegs(transfer, generation), ...movementLegs(transfer, generation + 1, "pending")],
      });
      return generation + 1;
  }
}

/** The notification's tone: money that moved is good news, money given back is not. */
function notificationTypeOf(status: TransferStatus): "success" | "error" | "info" {
  const state = ledgerStateOf(status);
  if (state === "posted") {
    return "success";
  }
  if (state === "released") {
    return "error";
  }
  return "info";
}

async function notifySender(trx: Database, transfer: TransferRow, status: TransferStatus): Promise<void> {
  await createNotification(trx, {
    userId: transfer.sender_user_id,
    type: notificationTypeOf(status),
    link: transferPagePath(transfer.id),
    write: (reader) => {
      const amount = reader.format.money({ currency: transfer.currency, amountMinor: BigInt(transfer.amount) });
      const values = { status, amount, recipient: transfer.recipient_name };
      return transfer.method === "withdrawal"
        ? {
            title: reader.t(
              "{status, select, pending {Withdrawal pending} processed {Withdrawal processed} sent {Withdrawal sent} failed {Withdrawal failed} cancelled {Withdrawal cancelled} other {Withdrawal {status}}}",
              values,
            ),
            message: reader.t(
              "Your withdrawal of {amount} to {recipient} is now {status, select, pending {pending} processed {processed} sent {sent} failed {failed} cancelled {cancelled} other {{status}}}.",
              values,
            ),
          }
        : {
            title: reader.t(
              "{status, select, pending {Transfer pending} processed {Transfer processed} sent {Transfer sent} failed {Transfer failed} cancelled {Transfer cancelled} other {Transfer {status}}}",
              values,
            ),
            message: reader.t(
              "Your transfer of {amount} to {recipient} is now {status, select, pending {pending} processed {processed} sent {sent} failed {failed} cancelled {cancelled} other {{status}}}.",
              values,
            ),
          };
    },
  });
}

/**
 * An admin sets a transfer's status, in the caller's transaction. The ledger follows exactly: `sent`
 * posts the reserve, `failed` and `cancelled` release it (or refund a sent transfer), back to
 * `pending` reserves again and fails when the money is gone, or when it would take the sender over
 * their daily limit. Setting the current status again changes nothing. Every change is audited and
 * the sender is notified.
 */
export async function changeTransferStatusIn(
  trx: Database,
  config: Config,
  change: {
    actor: AuditActor;
    transferId: string;
    status: TransferStatus;
    /** The audit log's action: an admin's "transfer.status" unless the change is a sender's cancel. */
    auditAction?: string;
    /** Run on the locked row before anything changes; throws to refuse (a sender's cancel, activity.ts). */
    check?: (transfer: TransferRow) => void;
  },
): Promise<{ isChanged: boolean }> {
  const { actor, status } = change;
  const transfer = await trx
    .selectFrom("transfers")
    .selectAll()
    .where("id", "=", change.transferId)
    .forUpdate()
    .executeTakeFirst();
  if (!transfer) {
    throw new AppError("not_found", "Transaction not found");
  }
  change.check?.(transfer);
  if (transfer.status === status) {
    return { isChanged: false };
  }
  const isReopened = isReopening(transfer.status, status);
  if (isReopened && countsTowardDailyLimit(transfer.method)) {
    await enforceDailyLimitOnReopen(trx, config, transfer);
  }
  const nextGeneration = await applyLedgerEffect(trx, transfer, ledgerEffectOf(transfer.status, status));
  await trx
    .updateTable("transfers")
    .set({
      status,
      ledger_generation: nextGeneration,
      // A record timestamp, the database's like the row's created_at (decision 026), not business time.
      updated_at: sql<Date>`now()`,
      // Money reserved again counts toward the sender's limit from now, like a new transfer.
      ...(isReopened ? { limit_counted_at: sql<Date>`now()` } : {}),
    })
    .where("id", "=", transfer.id)
    .execute();
  await trx
    .insertInto("transfer_status_changes")
    .values({ transfer_id: transfer.id, actor_user_id: actor.userId, from_status: transfer.status, to_status: status })
    .execute();
  // The transfer's own history says what happened to it; the audit log is the one place that lists
  // every admin action, so the change is written there too, in the same transaction.
  await recordAdminAction(trx, {
    actor,
    action: change.auditAction ?? "transfer.status",
    subjectType: "transfer",
    subjectId: transfer.id,
    before: { status: transfer.status },
    after: { status },
    details: {
      senderId: transfer.sender_user_id,
      currency: transfer.currency,
      amountMinor: BigInt(transfer.amount).toString(),
    },
  });
  await notifySender(trx, transfer, status);
  await recordWebhookEvents(
    trx,
    transferWebhookEvents("transfer.status_changed", { ...transfer, status }, transfer.status),
  );
  // The sender's (and a Ferry payee's) available balance may have fallen: a reserve again, a refund.
  const eventKey = `transfer-status:${transfer.id}:${status}:${nextGeneration}`;
  const owners = [transfer.sender_user_id, transfer.recipient_user_id].filter((id): id is string => id !== null);
  await notifyAlertRules(
    trx,
    owners.map((userId) => ({ kind: "balance_changed" as const, userId, eventKey, currency: transfer.currency })),
  );
  return { isChanged: true };
}
