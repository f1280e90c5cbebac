import type { StoredDestination } from "@ferry/core/contracts/destinations";
import {
  MAX_PAYMENT_METHODS_PER_USER,
  type PaymentMethod,
  type PaymentMethodList,
  type PaymentMethodListQuery,
  type PaymentMethodRequest,
} from "@ferry/core/contracts/payment-methods";
import {
  MAX_RECIPIENTS_PER_USER,
  type Recipient,
  type RecipientList,
  type RecipientListQuery,
} from "@ferry/core/contracts/recipients";
import { CRYPTO_CURRENCIES, type CurrencyCode } from "@ferry/core/currencies";
import { describeDestinationProblem } from "@ferry/core/validation/destination";
import { BANK_CURRENCIES, isNetworkAllowedForCurrency } from "@ferry/core/validation/networks";
import type { NewRecipientRequest } from "@ferry/core/validation/recipient";
import { decodeCursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { keysetCursorOf, paginate } from "../../db/page.ts";
import { selectUserEmail } from "../../db/users.ts";
import { AppError } from "../../errors.ts";
import {
  countDestinations,
  type DestinationTable,
  deleteAllDestinationRows,
  deleteDestinationRow,
  insertPaymentMethod,
  insertRecipient,
  lockUserDestinations,
  selectOwnPaymentMethodForShare,
  selectOwnRecipientLocked,
  selectPaymentMethods,
  selectRecipients,
  updatePaymentMethodRow,
  updateRecipientRow,
} from "./queries.ts";
import {
  type PaymentMethodRow,
  paymentMethodColumnsOf,
  type RecipientRow,
  recipientColumnsOf,
  toPaymentMethod,
  toRecipient,
} from "./rows.ts";
import type { DestinationRulesConfig } from "./rules.ts";

/*
 * Saved destinations (issue 25): a user's Send Money recipients and cash-out payment methods. This
 * module alone reads and writes their tables. Every edit raises a destination's revision, and a
 * transfer code is bound to the revision it was issued at, so an edit ends the codes issued before it
 * without this module knowing about codes: the arrow runs transfers → destinations, never back.
 */

/**
 * Takes the user's lock on one kind of saved destination and refuses the one past the cap; the count
 * and the insert that follows run under the lock, so requests sent together cannot all pass one count.
 */
async function refuseOverCap(trx: Database, table: DestinationTable, userId: string, cap: number, message: string) {
  await lockUserDestinations(trx, table, userId);
  if ((await countDestinations(trx, table, userId)) >= cap) {
    throw new AppError("conflict", message);
  }
}

/** Deletes a saved destination of the user's; someone else's (or none) reads as missing. */
async function deleteOwnDestination(
  db: Database,
  table: DestinationTable,
  owner: { userId: string; id: string },
  missing: string,
): Promise<void> {
  if (!(await deleteDestinationRow(db, table, owner.userId, owner.id))) {
    throw new AppError("not_found", missing);
  }
}

/**
 * Deletes every saved recipient and payment method of the user's, in the caller's transaction: their
 * account is being closed (the right to erasure). Past transfers keep their own copy of where the
 * money went, so no history is lost.
 */
export async function deleteAllDestinationsOf(trx: Database, userId: string): Promise<void> {
  await deleteAllDestinationRows(trx, "recipients", userId);
  await deleteAllDestinationRows(trx, "payment_methods", userId);
}

/** A page of saved destinations from the rows a list query read (`keysetPage`), each as the API shows it. */
function pageOfRows<Row extends { readonly id: string; readonly cursor_at: string }, Item>(
  rows: readonly Row[],
  limit: number,
  toItem: (row: Row) => Item,
) {
  return paginate(rows, limit, keysetCursorOf, toItem);
}

/** A page of the user's saved recipients of one type, newest first (by default all of them). */
export async function listRecipients(
  db: Database,
  config: DestinationRulesConfig,
  userId: string,
  query: RecipientListQuery,
): Promise<RecipientList> {
  const after = decodeCursor(query.cursor);
  const rows = await selectRecipients(db, { userId, type: query.type, limit: query.limit, after });
  return pageOfRows(rows, query.limit, (row) => toRecipient(row, config));
}

/** Saves a recipient after the shared schema validated it; stores the normalised IBAN, BIC or address. */
export async function saveRecipient(
  db: Database,
  config: DestinationRulesConfig,
  userId: string,
  request: NewRecipientRequest,
): Promise<Recipient> {
  const values = { user_id: userId, ...recipientColumnsOf(request, config) };
  return db.transaction().execute(async (trx) => {
    const message = `You can save at most ${MAX_RECIPIENTS_PER_USER} recipients`;
    await refuseOverCap(trx, "recipients", userId, MAX_RECIPIENTS_PER_USER, message);
    return toRecipient(await insertRecipient(trx, values), config);
  });
}

/**
 * Replaces a recipient of the user's with details validated and normalised like a new one, and raises
 * its revision (which ends every code issued for it before, even if the details are changed back
 * later); someone else's reads as missing. A recipient keeps its type: the Send Money step that lists
 * it is the bank or the crypto one, so a different type is refused on `type` (save a new one instead).
 */
export async function updateRecipient(
  db: Database,
  config: DestinationRulesConfig,
  owner: { userId: string; id: string },
  request: NewRecipientRequest,
): Promise<Recipient> {
  const columns = recipientColumnsOf(request, config);
  return db.transaction().execute(async (trx) => {
    const stored = await selectOwnRecipientLocked(trx, owner, "update");
    if (!stored) {
      throw new AppError("not_found", "Recipient not found");
    }
    if (stored.type !== columns.type) {
      const message = `This is a ${stored.type} recipient; save a new one to send by ${columns.type} instead`;
      throw new AppError("validation_failed", message, { type: message });
    }
    return toRecipient(await updateRecipientRow(trx, owner.userId, owner.id, columns), config);
  });
}

/**
 * Deletes a recipient of the user's (someone else's reads as missing); the codes issued for it go with
 * it. Past transfers to it stay in the history: each keeps its own copy of the destination.
 */
export async function deleteRecipient(db: Database, owner: { userId: string; id: string }): Promise<void> {
  await deleteOwnDestination(db, "recipients", owner, "Recipient not found");
}

/** A page of the user's payment methods, newest first (by default all of them). */
export async function listPaymentMethods(
  db: Database,
  config: DestinationRulesConfig,
  userId: string,
  query: PaymentMethodListQuery,
): Promise<PaymentMethodList> {
  const after = decodeCursor(query.cursor);
  const rows = await selectPaymentMethods(db, { userId, limit: query.limit, after });
  return pageOfRows(rows, query.limit, (row) => toPaymentMethod(row, config));
}

/** Saves a payment method, refusing the one past the cap. */
export async function addPaymentMethod(
  db: Database,
  config: DestinationRulesConfig,
  userId: string,
  request: PaymentMethodRequest,
): Promise<PaymentMethod> {
  const columns = paymentMethodColumnsOf(request, config);
  return db.transaction().execute(async (trx) => {
    const message = `You can keep at most ${MAX_PAYMENT_METHODS_PER_USER} payment methods`;
    await refuseOverCap(trx, "payment_methods", userId, MAX_PAYMENT_METHODS_PER_USER, message);
    return toPaymentMethod(await insertPaymentMethod(trx, userId, columns), config);
  });
}

/**
 * Replaces a payment method of the user's and raises its revision, which ends every cash-out code
 * issued for it before (a code e-mailed for the old account must never send money to the new one);
 * someone else's reads as missing.
 */
export async function updatePaymentMethod(
  db: Database,
  config: DestinationRulesConfig,
  owner: { userId: string; id: string },
  request: PaymentMethodRequest,
): Promise<PaymentMethod> {
  const row = await updatePaymentMethodRow(db, owner.userId, owner.id, paymentMethodColumnsOf(request, config));
  if (!row) {
    throw new AppError("not_found", "Payment method not found");
  }
  return toPaymentMethod(row, config);
}

/** Deletes a payment method of the user's; its codes go with it, past cash-outs keep their own copy. */
export async function deletePaymentMethod(db: Database, owner: { userId: string; id: string }): Promise<void> {
  await deleteOwnDestination(db, "payment_methods", owner, "Payment method not found");
}

/** A saved destination a transfer names: a bank or crypto recipient, or a payment method (a cash-out). */
export type SavedDestinationTarget =
  | { readonly method: "bank" | "crypto"; readonly recipientId: string }
  | { readonly method: "withdrawal"; readonly paymentMethodId: string };

/** A destination's details as a transfer row keeps them, whatever happens to the destination later. */
export interface DestinationSnapshot {
  readonly recipient_email: string;
  readonly recipient_name: string;
  readonly recipient_bank_name: string | null;
  readonly recipient_country: string | null;
  readonly recipient_account_number: string | null;
  readonly recipient_swift_code: string | null;
  readonly recipient_bank_code: string | null;
  readonly crypto_address: string | null;
  readonly crypto_network: string | null;
}

/** A saved destination resolved for a transfer, from one read of its row. */
export interface ResolvedDestination {
  /** `recipient:<id>` or `payment-method:<id>`: the destination a transfer code names. */
  readonly key: string;
  readonly recipientId: string | null;
  readonly paymentMethodId: string | null;
  /** Raised by every edit: a code is bound to the revision it was issued at. */
  readonly revision: number;
  /** The destination as its owner sees it (a `Recipient` or `PaymentMethod` shares these fields). */
  readonly details: StoredDestination;
  /** Whether the money goes to a bank account or a crypto address. */
  readonly addressType: "bank" | "crypto";
  readonly snapshot: DestinationSnapshot;
}

function snapshotOf(row: RecipientRow | PaymentMethodRow, email: string): DestinationSnapshot {
  return {
    recipient_email: email,
    recipient_name: row.name,
    recipient_bank_name: row.bank_name,
    recipient_country: row.country,
    recipient_account_number: row.account_number,
    recipient_swift_code: row.swift_code,
    recipient_bank_code: row.bank_code,
    crypto_address: row.crypto_address,
    crypto_network: row.crypto_network,
  };
}

/**
 * A destination saved under older rules that fails today's is refused where every quote, code request
 * and transfer (Send Money and cash-out alike) resolves it: money sent to it may be lost for good, so
 * it cannot be paid until the owner edits it (a payment method) or saves corrected details again.
 */
function refuseDetailsFailingTodaysRules(details: StoredDestination, field: string): void {
  if (details.reviewReason !== null) {
    const message = describeDestinationProblem(details.reviewReason);
    throw new AppError("validation_failed", message, { [field]: message });
  }
}

/** One of the user's saved bank or crypto recipients, who must be able to receive `currency`. */
async function resolveRecipient(
  db: Database,
  config: DestinationRulesConfig,
  userId: string,
  target: { method: "bank" | "crypto"; recipientId: string },
  currency: CurrencyCode,
): Promise<ResolvedDestination> {
  // A saved recipient of someone else is reported exactly like a missing one.
  const row = await selectOwnRecipientLocked(db, { userId, id: target.recipientId, type: target.method }, "share");
  if (!row) {
    throw new AppError("not_found", "Recipient not found");
  }
  const allowedCurrencies: readonly string[] = target.method === "bank" ? BANK_CURRENCIES : CRYPTO_CURRENCIES;
  if (!allowedCurrencies.includes(currency)) {
    const message = `${currency} cannot be sent by ${target.method === "bank" ? "bank transfer" : "cryptocurrency"}`;
    throw new AppError("validation_failed", message, { currency: message });
  }
  if (target.method === "crypto" && !isNetworkAllowedForCurrency(currency, row.crypto_network ?? "")) {
    const message = `${currency} cannot be sent on the recipient's network (${row.crypto_network})`;
    throw new AppError("validation_failed", message, { currency: message });
  }
  const details = toRecipient(row, config);
  refuseDetailsFailingTodaysRules(details, "target.recipientId");
  return {
    key: `recipient:${row.id}`,
    recipientId: row.id,
    paymentMethodId: null,
    revision: row.revision,
    details,
    addressType: row.type,
    snapshot: snapshotOf(row, row.email),
  };
}

/** A cash-out goes to one of the user's own payment methods, in that method's currency, and names them. */
async function resolvePaymentMethod(
  db: Database,
  config: DestinationRulesConfig,
  userId: string,
  paymentMethodId: string,
  currency: CurrencyCode,
): Promise<ResolvedDestination> {
  const row = await selectOwnPaymentMethodForShare(db, userId, paymentMethodId);
  const ownerEmail = row ? await selectUserEmail(db, userId) : undefined;
  if (!row || ownerEmail === undefined) {
    throw new AppError("not_found", "Payment method not found");
  }
  if (row.currency !== currency) {
    const message = `This payment method receives ${row.currency}, not ${currency}`;
    throw new AppError("validation_failed", message, { currency: message });
  }
  const details = toPaymentMethod(row, config);
  refuseDetailsFailingTodaysRules(details, "target.paymentMethodId");
  return {
    key: `payment-method:${row.id}`,
    recipientId: null,
    paymentMethodId: row.id,
    revision: row.revision,
    details,
    addressType: row.address_type,
    snapshot: snapshotOf(row, ownerEmail),
  };
}

/**
 * Resolves the saved destination a transfer names, for `userId`, in one read of its row, refusing one
 * they may not send `currency` to. The row is held `FOR SHARE` until the caller's transaction ends, so
 * an edit waits for it: the code checked or issued there binds this revision, and the transfer row
 * keeps this snapshot.
 */
export async function resolveDestination(
  db: Database,
  config: DestinationRulesConfig,
  owner: { userId: string; target: SavedDestinationTarget },
  currency: CurrencyCode,
): Promise<ResolvedDestination> {
  const { target } = owner;
  if (target.method === "withdrawal") {
    return resolvePaymentMethod(db, config, owner.userId, target.paymentMethodId, currency);
  }
  return resolveRecipient(db, config, owner.userId, target, currency);
}
