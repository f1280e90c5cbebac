import type { CurrencyCode } from "@ferry/core/currencies";
import { toDecimalString } from "@ferry/core/money";
import type { Selectable } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { WebhookEventInput } from "../webhooks/service.ts";

/*
 * A transfer's webhook events (issue 28): the sender's, and a Ferry payee's, each with its own
 * direction. Recorded by create.ts and status.ts in the transaction that moves the money.
 */

type TransferRow = Pick<
  Selectable<DB["transfers"]>,
  "id" | "sender_user_id" | "recipient_user_id" | "amount" | "fee" | "currency" | "method" | "status" | "recipient_name"
>;

/** One event per side of the transfer: `outgoing` for the sender, `incoming` for a Ferry payee. */
export function transferWebhookEvents(
  type: "transfer.created" | "transfer.status_changed",
  transfer: TransferRow,
  previousStatus?: string,
): WebhookEventInput[] {
  const currency = transfer.currency as CurrencyCode;
  const common = {
    transferId: transfer.id,
    status: transfer.status,
    method: transfer.method,
    amount: toDecimalString(BigInt(transfer.amount), currency),
    currency,
    ...(previousStatus === undefined ? {} : { previousStatus }),
  };
  const events: WebhookEventInput[] = [
    {
      userId: transfer.sender_user_id,
      type,
      data: {
        ...common,
        direction: "outgoing",
        fee: toDecimalString(BigInt(transfer.fee), currency),
        recipientName: transfer.recipient_name,
      },
    },
  ];
  if (transfer.recipient_user_id !== null && transfer.recipient_user_id !== transfer.sender_user_id) {
    events.push({ userId: transfer.recipient_user_id, type, data: { ...common, direction: "incoming" } });
  }
  return events;
}
