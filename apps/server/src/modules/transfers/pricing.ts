import type { TransferDetails } from "@ferry/core/contracts/transfers";
import type { CurrencyCode } from "@ferry/core/currencies";
import { computeFee } from "@ferry/core/fees";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import type { CodeBinding } from "./codes.ts";
import { type ResolvedTarget, resolveTarget } from "./targets.ts";

/** A transfer's details resolved and priced: where it goes, the amount, and the fee on top. */
export interface PricedTransfer {
  readonly target: ResolvedTarget;
  readonly currency: CurrencyCode;
  readonly amountMinor: bigint;
  readonly feeMinor: bigint;
  readonly feeBasisPoints: number;
}

/**
 * Resolves where `details` go and prices `amountMinor` (their amount, parsed once per request by the
 * caller with `requestAmountMinorOf`): the fee is the destination kind's rate, rounded up.
 */
export async function priceTransfer(
  db: Database,
  config: Config,
  request: { senderId: string; details: TransferDetails; amountMinor: bigint },
): Promise<PricedTransfer> {
  const { senderId, details, amountMinor } = request;
  const { currency } = details;
  const target = await resolveTarget(db, config, senderId, details);
  const feeBasisPoints = config.feeBasisPoints[target.feeMethod];
  return { target, currency, amountMinor, feeMinor: computeFee(amountMinor, feeBasisPoints), feeBasisPoints };
}

/** What a code for this priced transfer is bound to: sender, destination and its revision, amount and currency. */
export function codeBindingOf(senderId: string, priced: PricedTransfer): CodeBinding {
  return {
    userId: senderId,
    recipientKey: priced.target.recipientKey,
    revision: priced.target.revision,
    amountMinor: priced.amountMinor,
    currency: priced.currency,
  };
}
