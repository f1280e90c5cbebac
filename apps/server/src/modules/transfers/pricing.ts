import type { TransferDetails } from "@ferry/core/contracts/transfers";
import type { CurrencyCode } from "@ferry/core/currencies";
import { computeFee } from "@ferry/core/fees";
import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../errors.ts";
import { type HeldExchange, lockTransferExchange } from "../exchange/service.ts";
import type { CodeBinding } from "./codes.ts";
import { type FerryUsersByEmail, type ResolvedTarget, resolveTarget } from "./targets.ts";

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
  request: {
    senderId: string;
    details: TransferDetails;
    amountMinor: bigint;
    ferryUsers?: FerryUsersByEmail | undefined;
  },
): Promise<PricedTransfer> {
  const { senderId, details, amountMinor } = request;
  const { currency } = details;
  const target = await resolveTarget(db, config, senderId, details, request.ferryUsers);
  const feeBasisPoints = config.feeBasisPoints[target.feeMethod];
  return { target, currency, amountMinor, feeMinor: computeFee(amountMinor, feeBasisPoints), feeBasisPoints };
}

/**
 * What a code for this priced transfer is bound to: sender, destination and its revision, amount and
 * currency, and — paid from another balance — what leaves that balance.
 */
export function codeBindingOf(senderId: string, priced: PricedTransfer, exchange: HeldExchange | null): CodeBinding {
  return {
    userId: senderId,
    recipientKey: priced.target.recipientKey,
    revision: priced.target.revision,
    amountMinor: priced.amountMinor,
    currency: priced.currency,
    ...(exchange ? { payIn: { currency: exchange.from, amountMinor: exchange.amountMinor } } : {}),
  };
}

/** The words for a quote that does not buy exactly this transfer's amount and fee. */
export const QUOTE_MISMATCH_MESSAGE = "This quote is for another transfer. Get a fresh quote to continue.";

/**
 * A transfer paid from another balance buys exactly its amount and fee in its own currency: a quote
 * for anything else (another amount, currency, or a fee changed since) is refused, never re-priced.
 */
function checkExchangeFits(exchange: HeldExchange, priced: PricedTransfer): void {
  if (exchange.to !== priced.currency || exchange.receiveMinor !== priced.amountMinor + priced.feeMinor) {
    throw new AppError("conflict", QUOTE_MISMATCH_MESSAGE, { quoteId: QUOTE_MISMATCH_MESSAGE });
  }
}

/**
 * The exchange quote a transfer paid from another balance names (`quoteId`), locked in the caller's
 * transaction and checked against the priced transfer; null when it is paid from its own currency.
 */
export async function lockExchangeFor(
  trx: Database,
  clock: Clock,
  priced: PricedTransfer & { readonly senderId: string; readonly quoteId: string | undefined },
): Promise<HeldExchange | null> {
  if (priced.quoteId === undefined) {
    return null;
  }
  const exchange = await lockTransferExchange(trx, clock, priced.senderId, priced.quoteId);
  checkExchangeFits(exchange, priced);
  return exchange;
}
