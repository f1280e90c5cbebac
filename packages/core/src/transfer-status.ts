import type { TransferStatus } from "./contracts/transfers.ts";

/**
 * The transfer status machine (spec §4: pending, processed, sent, failed, cancelled; an admin may
 * set any status from any other) and what each status means for the money, which the ledger follows
 * exactly (DESIGN.md, difference 7).
 *
 * Where a status leaves a transfer's money (its amount and its fee):
 * - `reserved`: still on the sender's wallet but held (their available balance dropped), not moved;
 * - `posted`: moved to the destination, and the fee to Ferry;
 * - `released`: back with the sender, free to spend (a reserve given back, or a sent transfer refunded).
 */
export type TransferLedgerState = "reserved" | "posted" | "released";

/** Every status and where it leaves the money. Total over `TransferStatus`: a new status must say. */
const TRANSFER_LEDGER_STATES: Readonly<Record<TransferStatus, TransferLedgerState>> = {
  /** Created, waiting for Ferry to pay it out: the amount and fee are reserved. */
  pending: "reserved",
  /** Being paid out by Ferry: still only reserved until it is sent. */
  processed: "reserved",
  /** Paid out (or, to a Ferry user, credited at once): the money has moved. */
  sent: "posted",
  /** Could not be paid out: the sender has the money back. */
  failed: "released",
  /** Stopped before it was paid out: the sender has the money back. */
  cancelled: "released",
};

/** Where `status` leaves a transfer's money. */
export function ledgerStateOf(status: TransferStatus): TransferLedgerState {
  return TRANSFER_LEDGER_STATES[status];
}

/** The statuses that leave a transfer's money in `state`, e.g. the ones that gave it back. */
export function statusesWithLedgerState(state: TransferLedgerState): TransferStatus[] {
  return (Object.keys(TRANSFER_LEDGER_STATES) as TransferStatus[]).filter(
    (status) => TRANSFER_LEDGER_STATES[status] === state,
  );
}

/**
 * What the ledger does when a transfer's status changes. Every change from one status to another is
 * allowed (spec §4); the money follows the ledger states of the two:
 * - `none`: same ledger state (e.g. pending → processed, failed → cancelled): only the status changes;
 * - `post`: reserved → posted: the reserve moves to the destination;
 * - `void`: reserved → released: the reserve is given back;
 * - `refund`: posted → released: the money that moved comes back to the sender;
 * - `refund_and_reserve`: posted → reserved: the money comes back and is reserved again;
 * - `reserve_again`: released → reserved: the money is reserved again (it must still be there);
 * - `post_again`: released → posted: the money moves again (it must still be there).
 */
export type TransferLedgerEffect =
  | "none"
  | "post"
  | "void"
  | "refund"
  | "refund_and_reserve"
  | "reserve_again"
  | "post_again";

const LEDGER_EFFECTS: Readonly<
  Record<TransferLedgerState, Readonly<Record<TransferLedgerState, TransferLedgerEffect>>>
> = {
  reserved: { reserved: "none", posted: "post", released: "void" },
  posted: { reserved: "refund_and_reserve", posted: "none", released: "refund" },
  released: { reserved: "reserve_again", posted: "post_again", released: "none" },
};

/** What the ledger does when a transfer goes from status `from` to status `to`. */
export function ledgerEffectOf(from: TransferStatus, to: TransferStatus): TransferLedgerEffect {
  return LEDGER_EFFECTS[ledgerStateOf(from)][ledgerStateOf(to)];
}

/**
 * Whether going from `from` to `to` takes money that was given back and holds or moves it again: like
 * a new transfer, it needs the money to be there and counts toward the sender's limits from then on.
 */
export function isReopening(from: TransferStatus, to: TransferStatus): boolean {
  return ledgerStateOf(from) === "released" && ledgerStateOf(to) !== "released";
}
