import {
  type AdminDepositList,
  type AdminDepositListQuery,
  DEPOSIT_NETWORK_CURRENCIES,
  type Deposit,
  type DepositInstructions,
  type DepositList,
  type DepositListQuery,
  DepositNetwork,
  type ReportDepositRequest,
  type ReviewDepositRequest,
  type ReviewedDeposit,
} from "@ferry/core/contracts/deposits";
import { CURRENCIES, type CurrencyCode, FIAT_CURRENCIES } from "@ferry/core/currencies";
import { toDecimalString } from "@ferry/core/money";
import { CRYPTO_NETWORKS } from "@ferry/core/validation/networks";
import type { Selectable } from "kysely";
import type { Config } from "../../config.ts";
import { decodeCursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { keysetCursorOf, paginate } from "../../db/page.ts";
import type { DB } from "../../db/schema.ts";
import { selectUserEmail } from "../../db/users.ts";
import { AppError } from "../../errors.ts";
import { requestAmountMinorOf } from "../../http/amount.ts";
import { notifyAlertRules } from "../alerts/service.ts";
import { type AuditActor, recordAdminAction } from "../audit/service.ts";
import { applyLedger, ensureUserAccount, systemAccountId } from "../ledger/service.ts";
import { createNotification } from "../notifications/service.ts";
import { recordWebhookEvents } from "../webhooks/service.ts";
import { deriveDepositAddress } from "./addresses.ts";
import type { DepositAccountKeys } from "./keys.ts";
import {
  countPendingDeposits,
  type DepositAccount,
  insertDeposit,
  insertDepositAccount,
  insertDepositAddress,
  nextDepositIndex,
  selectDepositAccount,
  selectDepositAddress,
  selectDepositForUpdate,
  selectOwnDeposits,
  selectPendingDeposits,
  updateDepositReview,
} from "./queries.ts";
import type { DepositWatcher } from "./watcher.ts";

const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A short, unambiguous bank reference from the user's deposit index: FERRY- and 6 characters. */
export function bankReferenceOf(index: number): string {
  // Spread consecutive indexes apart: an odd multiplier modulo 32^6 is a bijection (exact in BigInt).
  let value = (BigInt(index) * 387_420_489n) % 32n ** 6n;
  let text = "";
  for (let position = 0; position < 6; position += 1) {
    text = REFERENCE_ALPHABET[Number(value % 32n)] + text;
    value /= 32n;
  }
  const suffix = index >= 32 ** 6 ? `-${Math.floor(index / 32 ** 6)}` : "";
  return `FERRY-${text}${suffix}`;
}

/** The user's deposit account, made on first use; a concurrent first use ends with the same one. */
async function ensureDepositAccount(db: Database, userId: string): Promise<DepositAccount> {
  const existing = await selectDepositAccount(db, userId);
  if (existing) {
    return existing;
  }
  return db.transaction().execute(async (trx) => {
    const index = await nextDepositIndex(trx);
    await insertDepositAccount(trx, userId, { index, reference: bankReferenceOf(index) });
    const account = await selectDepositAccount(trx, userId);
    if (!account) {
      throw new Error(`The deposit account of ${userId} was not recorded`);
    }
    return account;
  });
}

/**
 * Where the user sends money: Ferry's bank account with their own reference, and their own address on
 * each network, derived from the operator's public keys and recorded so a payment is attributable.
 */
export async function getDepositInstructions(
  db: Database,
  config: Config,
  keys: DepositAccountKeys,
  userId: string,
): Promise<DepositInstructions> {
  const account = await ensureDepositAccount(db, userId);
  const crypto: DepositInstructions["crypto"] = [];
  for (const network of DepositNetwork.options) {
    const derived = deriveDepositAddress(network, keys[network], account.index);
    await insertDepositAddress(db, { userId, network, index: account.index, address: derived });
    // Always show the address on record: money sent to it is attributed to this user, even if the
    // operator's keys changed since it was first handed out.
    const address = await selectDepositAddress(db, userId, network);
    crypto.push({
      network,
      networkName: CRYPTO_NETWORKS[network].name,
      currencies: [...DEPOSIT_NETWORK_CURRENCIES[network]],
      address,
    });
  }
  return {
    bank: { ...config.bankDetails, reference: account.reference, currencies: [...FIAT_CURRENCIES] },
    crypto,
  };
}

/** A deposit as its customer sees it: the note to them, never the internal one. */
function toDeposit(row: Selectable<DB["deposits"]>): Deposit {
  return {
    id: row.id,
    depositType: row.deposit_type,
    currency: row.currency,
    amount: toDecimalString(BigInt(row.amount), row.currency),
    network: row.network,
    transactionHash: row.transaction_hash,
    reference: row.reference,
    status: row.status,
    customerNote: row.customer_note,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Records money the user says they sent; it waits for an admin and credits nothing yet. */
export async function reportDeposit(
  db: Database,
  watcher: DepositWatcher,
  userId: string,
  request: ReportDepositRequest,
): Promise<Deposit> {
  const currency = request.currency;
  const amountMinor = requestAmountMinorOf(request, request.currency);
  if (
    request.depositType === "crypto" &&
    !(DEPOSIT_NETWORK_CURRENCIES[request.network] as readonly string[]).includes(currency)
  ) {
    const message = `${currency} is not received on ${CRYPTO_NETWORKS[request.network].name}`;
    throw new AppError("validation_failed", message, { currency: message });
  }
  const account = await ensureDepositAccount(db, userId);
  return db.transaction().execute(async (trx) => {
    const row = await insertDeposit(trx, {
      user_id: userId,
      deposit_type: request.depositType,
      currency,
      amount: amountMinor.toString(),
      network: request.depositType === "crypto" ? request.network : null,
      transaction_hash:
        request.depositType === "crypto" && request.transactionHash ? request.transactionHash.toLowerCase() : null,
      reference: request.depositType === "bank" ? account.reference : null,
      admin_notes: null,
      customer_note: null,
      reviewed_by: null,
      reviewed_at: null,
    });
    const deposit = toDeposit(row);
    const userEmail = await selectUserEmail(trx, userId);
    if (userEmail === undefined) {
      throw new Error("Deposit invariant: the signed-in user who reports a deposit exists");
    }
    await watcher.onDepositReported(trx, { ...deposit, userEmail });
    return deposit;
  });
}

/** A page of the user's own deposits, newest first. */
export async function listOwnDeposits(db: Database, userId: string, query: DepositListQuery): Promise<DepositList> {
  const rows = await selectOwnDeposits(db, { userId, limit: query.limit, after: decodeCursor(query.cursor) });
  return paginate(rows, query.limit, keysetCursorOf, toDeposit);
}

/**
 * How many of the user's deposits wait for an admin's review: money on its way in, which closing
 * their account would strand (an approval credits the account it was reported for).
 */
export async function countPendingDepositsOf(db: Database, userId: string): Promise<number> {
  return countPendingDeposits(db, userId);
}

/** A page of pending deposits for the admin, oldest first so none waits forever, with who reported them. */
export async function listPendingDeposits(db: Database, query: AdminDepositListQuery): Promise<AdminDepositList> {
  const rows = await selectPendingDeposits(db, { limit: query.limit, after: decodeCursor(query.cursor) });
  const page = paginate(rows, query.limit, keysetCursorOf, (row) => ({
    ...toDeposit(row),
    userId: row.user_id,
    userEmail: row.email,
    userName: `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim() || row.email,
  }));
  return { ...page, pendingCount: await countPendingDeposits(db) };
}

/** A deposit to credit: whose wallet, how much, and the ledger key that makes it happen once. */
interface DepositCredit {
  /** The ledger transfer key: crediting the same key again moves nothing. */
  readonly transferKey: string;
  readonly userId: string;
  readonly currency: CurrencyCode;
  readonly amountMinor: bigint;
  /** How the money came in, which decides the system account it comes from; by default the currency's kind. */
  readonly depositType?: "bank" | "crypto";
  /** The business object it records (a reviewed deposit, the demo seed…). */
  readonly referenceType?: string;
  readonly referenceId?: string;
}

/**
 * Credits a user's wallet as a deposit: a posted ledger transfer from Ferry's bank or crypto deposit
 * system account (which stand for the outside world and may go negative), in the caller's transaction.
 * The one way money enters a wallet from outside, for approved deposits, the demo seed, tests and the
 * benchmark alike. Returns the wallet's ledger account id.
 */
export async function creditDeposit(db: Database, credit: DepositCredit): Promise<string> {
  const depositType = credit.depositType ?? (CURRENCIES[credit.currency].kind === "crypto" ? "crypto" : "bank");
  const walletId = await ensureUserAccount(db, credit.userId, credit.currency);
  await applyLedger(db, {
    create: [
      {
        transferKey: credit.transferKey,
        debitAccountId: await systemAccountId(
          db,
          credit.currency,
          depositType === "bank" ? "bank_deposits" : "crypto_deposits",
        ),
        creditAccountId: walletId,
        amountMinor: credit.amountMinor,
        currency: credit.currency,
        kind: "deposit",
        state: "posted",
        referenceType: credit.referenceType,
        referenceId: credit.referenceId,
      },
    ],
  });
  await recordWebhookEvents(db, [
    {
      userId: credit.userId,
      type: "deposit.credited",
      data: {
        depositId: credit.referenceType === "deposit" ? (credit.referenceId ?? null) : null,
        amount: toDecimalString(credit.amountMinor, credit.currency),
        currency: credit.currency,
        depositType,
      },
    },
  ]);
  await notifyAlertRules(db, {
    kind: "money_moved",
    userId: credit.userId,
    eventKey: `deposit:${credit.transferKey}`,
    movement: "deposit",
    direction: "incoming",
    money: { currency: credit.currency, amountMinor: credit.amountMinor },
  });
  return walletId;
}

/**
 * Approves (credits the wallet from the deposit system account, through the ledger) or rejects a
 * pending deposit. The row is locked, so racing reviews have one outcome; the ledger key is the
 * deposit's id, so the money can only ever be credited once. Both notify the user and are audited,
 * with both notes. The internal note stays with the admins; only the note to the customer reaches the
 * customer.
 */
export async function reviewDeposit(
  db: Database,
  admin: AuditActor,
  depositId: string,
  review: ReviewDepositRequest,
): Promise<ReviewedDeposit> {
  const { decision, adminNotes, customerNote } = review;
  return db.transaction().execute(async (trx) => {
    const deposit = await selectDepositForUpdate(trx, depositId);
    if (!deposit) {
      throw new AppError("not_found", "Deposit not found");
    }
    if (deposit.status !== "pending") {
      const isApproved = deposit.status === "approved";
      throw AppError.written("conflict", ({ t }) => ({
        message: isApproved ? t("This deposit was already approved") : t("This deposit was already rejected"),
      }));
    }
    const currency = deposit.currency;
    const amountMinor = BigInt(deposit.amount);
    if (decision === "approve") {
      await creditDeposit(trx, {
        transferKey: `deposit:${deposit.id}`,
        userId: deposit.user_id,
        currency,
        amountMinor,
        depositType: deposit.deposit_type,
        referenceType: "deposit",
        referenceId: deposit.id,
      });
    }
    const updated = await updateDepositReview(trx, deposit.id, {
      status: decision === "approve" ? "approved" : "rejected",
      adminNotes: adminNotes || null,
      customerNote: customerNote || null,
      adminId: admin.userId,
    });
    await recordAdminAction(trx, {
      actor: admin,
      action: decision === "approve" ? "deposit.approve" : "deposit.reject",
      subjectType: "deposit",
      subjectId: deposit.id,
      before: { status: deposit.status },
      // Both notes, so an admin can read them once the deposit has left the pending list: the
      // internal note is for admins only, and the audit log is read by admins only.
      after: { status: updated.status, adminNotes: updated.admin_notes, customerNote: updated.customer_note },
      details: { userId: deposit.user_id, currency, amountMinor: amountMinor.toString() },
    });
    await createNotification(trx, {
      userId: deposit.user_id,
      type: decision === "approve" ? "success" : "error",
      write: (reader) => {
        const amount = reader.format.money({ currency, amountMinor });
        const outcome =
          decision === "approve"
            ? reader.t("Your deposit of {amount} was approved and added to your balance.", { amount })
            : reader.t("Your deposit of {amount} was rejected.", { amount });
        return {
          title: decision === "approve" ? reader.t("Deposit approved") : reader.t("Deposit rejected"),
          message: customerNote ? reader.t("{outcome} Note: {note}", { outcome, note: customerNote }) : outcome,
        };
      },
    });
    return { ...toDeposit(updated), adminNotes: updated.admin_notes };
  });
}
