import type { TransferMethod } from "@ferry/core/contracts/transfers";
import type { CurrencyCode } from "@ferry/core/currencies";
import type { Settlement, TransferLeg } from "../ledger/service.ts";

/** The columns of a transfer row that its ledger legs are made from. */
interface TransferMoney {
  readonly id: string;
  readonly method: TransferMethod;
  readonly currency: CurrencyCode;
  readonly amount: string;
  readonly fee: string;
  readonly sender_account_id: string;
  readonly destination_account_id: string;
  readonly fee_account_id: string;
}

/**
 * The ledger keys of one generation of a transfer's money: principal and fee. Money given back and
 * then reserved or moved again does so under the next generation's keys, so every movement of it has
 * a key of its own (and stays idempotent).
 */
function legKeys(transferId: string, generation: number) {
  return {
    principal: `transfer:${transferId}:${generation}:principal`,
    fee: `transfer:${transferId}:${generation}:fee`,
  };
}

/** The ledger kind of a transfer's principal leg. */
function principalKindOf(method: TransferMoney["method"]): string {
  if (method === "ferry_user") {
    return "p2p";
  }
  if (method === "withdrawal") {
    return "withdrawal";
  }
  return "transfer";
}

/**
 * The legs that reserve (`pending`) or move (`posted`) one generation of a transfer's money: the
 * amount from the sender to the destination and, when there is one, the fee to Ferry's fee account.
 */
export function movementLegs(transfer: TransferMoney, generation: number, state: "pending" | "posted"): TransferLeg[] {
  const keys = legKeys(transfer.id, generation);
  const currency = transfer.currency;
  const legs: TransferLeg[] = [
    {
      transferKey: keys.principal,
      debitAccountId: transfer.sender_account_id,
      creditAccountId: transfer.destination_account_id,
      amountMinor: BigInt(transfer.amount),
      currency,
      kind: principalKindOf(transfer.method),
      state,
      referenceType: "transfer",
      referenceId: transfer.id,
    },
  ];
  if (BigInt(transfer.fee) > 0n) {
    legs.push({
      transferKey: keys.fee,
      debitAccountId: transfer.sender_account_id,
      creditAccountId: transfer.fee_account_id,
      amountMinor: BigInt(transfer.fee),
      currency,
      kind: "fee",
      state,
      referenceType: "transfer",
      referenceId: transfer.id,
    });
  }
  return legs;
}

/** The legs that give back one posted generation of a transfer's money: each moved leg, reversed. */
export function refundLegs(transfer: TransferMoney, generation: number): TransferLeg[] {
  return movementLegs(transfer, generation, "posted").map((leg) => ({
    ...leg,
    transferKey: `${leg.transferKey}:refund`,
    debitAccountId: leg.creditAccountId,
    creditAccountId: leg.debitAccountId,
    kind: `${leg.kind}_refund`,
  }));
}

/** Posts (moves) or voids (gives back) the reserve of one generation of a transfer's money. */
export function settlementsOf(transfer: TransferMoney, generation: number, outcome: "post" | "void"): Settlement[] {
  const keys = legKeys(transfer.id, generation);
  const transferKeys = BigInt(transfer.fee) > 0n ? [keys.principal, keys.fee] : [keys.principal];
  return transferKeys.map((transferKey) => ({ transferKey, outcome }));
}
