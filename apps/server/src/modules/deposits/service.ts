import type { AdminDeposit, Deposit, DepositInstructions, ReportDepositRequest } from "@ferry/core/contracts/deposits";
import { DEPOSIT_NETWORK_CURRENCIES } from "@ferry/core/contracts/deposits";
import { CURRENCIES, type CurrencyCode } from "@ferry/core/currencies";
import { formatMoney, parsePositiveAmount, toDecimalString } from "@ferry/core/money";
import type { Selectable } from "kysely";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import type { DepositsTable } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { applyLedger, ensureUserAccount, systemAccountId } from "../ledger/service.ts";
import { createNotification } from "../notifications/service.ts";
import { DEPOSIT_NETWORKS, type DepositNetwork, deriveDepositAddress } from "./addresses.ts";
import type { DepositAccountKeys } from "./keys.ts";
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

async function ensureDepositAccount(db: Database, userId: string): Promise<{ index: number; reference: string }> {
  const existing = await db
    .selectFrom("deposit_accounts")
    .select(["derivation_index", "bank_reference"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (existing) {
    return { index: existing.derivation_index, reference: existing.bank_reference };
  }
  return db.transaction().execute(async (trx) => {
    const { index } = await trx
      .selectNoFrom((eb) => eb.fn<number>("nextval", [eb.val("deposit_index_seq")]).as("index"))
      .executeTakeFirstOrThrow();
    const numericIndex = Number(index);
    await trx
      .insertInto("deposit_accounts")
      .values({ user_id: userId, derivation_index: numericIndex, bank_reference: bankReferenceOf(numericIndex) })
      .onConflict((oc) => oc.column("user_id").doNothing())
      .execute();
    const row = await trx
      .selectFrom("deposit_accounts")
      .select(["derivation_index", "bank_reference"])
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    return { index: row.derivation_index, reference: row.bank_reference };
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
  for (const network of ["bitcoin", "tron", "ethereum"] as const) {
    await db
      .insertInto("deposit_addresses")
      .values({
        user_id: userId,
        network,
        derivation_index: account.index,
        address: deriveDepositAddress(network, keys[network], account.index),
      })
      .onConflict((oc) => oc.columns(["user_id", "network"]).doNothing())
      .execute();
    // Always show the address on record: money sent to it is attributed to this user, even if the
    // operator's keys changed since it was first handed out.
    const { address } = await db
      .selectFrom("deposit_addresses")
      .select("address")
      .where("user_id", "=", userId)
      .where("network", "=", network)
      .executeTakeFirstOrThrow();
    crypto.push({
      network,
      networkName: DEPOSIT_NETWORKS[network].name,
      currencies: [...DEPOSIT_NETWORK_CURRENCIES[network]],
      address,
    });
  }
  return {
    bank: { ...config.bankDetails, reference: account.reference, currencies: ["USD", "EUR", "GBP", "CAD", "AUD"] },
    crypto,
  };
}

function toDeposit(row: Selectable<DepositsTable>): Deposit {
  const currency = row.currency as CurrencyCode;
  return {
    id: row.id,
    depositType: row.deposit_type,
    currency,
    amount: toDecimalString(BigInt(row.amount), currency),
    network: row.network,
    transactionHash: row.transaction_hash,
    reference: row.reference,
    status: row.status,
    adminNotes: row.admin_notes,
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
  const parsed = parsePositiveAmount(request.amount, currency);
  if (!parsed.ok) {
    throw new AppError("validation_failed", parsed.message, { amount: parsed.message });
  }
  if (
    request.depositType === "crypto" &&
    !(DEPOSIT_NETWORK_CURRENCIES[request.network] as readonly string[]).includes(currency)
  ) {
    const message = `${currency} is not received on ${DEPOSIT_NETWORKS[request.network].name}`;
    throw new AppError("validation_failed", message, { currency: message });
  }
  const account = await ensureDepositAccount(db, userId);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("deposits")
      .values({
        user_id: userId,
        deposit_type: request.depositType,
        currency,
        amount: parsed.amountMinor.toString(),
        network: request.depositType === "crypto" ? request.network : null,
        transaction_hash:
          request.depositType === "crypto" && request.transactionHash ? request.transactionHash.toLowerCase() : null,
        reference: request.depositType === "bank" ? account.reference : null,
        admin_notes: null,
        reviewed_by: null,
        reviewed_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const deposit = toDeposit(row);
    const owner = await trx.selectFrom("user").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
    await watcher.onDepositReported(trx, { ...deposit, userEmail: owner.email });
    return deposit;
  });
}

/** The user's own deposits, newest first. */
export async function listOwnDeposits(db: Database, userId: string): Promise<Deposit[]> {
  const rows = await db
    .selectFrom("deposits")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .limit(100)
    .execute();
  return rows.map(toDeposit);
}

/** Pending deposits for the admin, oldest first so none waits forever, with who reported them. */
export async function listPendingDeposits(db: Database): Promise<{ deposits: AdminDeposit[]; pendingCount: number }> {
  const rows = await db
    .selectFrom("deposits")
    .innerJoin("user", "user.id", "deposits.user_id")
    .leftJoin("profiles", "profiles.user_id", "deposits.user_id")
    .selectAll("deposits")
    .select(["user.email", "profiles.first_name", "profiles.last_name"])
    .where("deposits.status", "=", "pending")
    .orderBy("deposits.created_at", "asc")
    .limit(200)
    .execute();
  const count = await db
    .selectFrom("deposits")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return {
    deposits: rows.map((row) => ({
      ...toDeposit(row),
      userId: row.user_id,
      userEmail: row.email,
      userName: `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim() || row.email,
    })),
    pendingCount: Number(count.count),
  };
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
  return walletId;
}

/**
 * Approves (credits the wallet from the deposit system account, through the ledger) or rejects a
 * pending deposit. The row is locked, so racing reviews have one outcome; the ledger key is the
 * deposit's id, so the money can only ever be credited once. Both notify the user.
 */
export async function reviewDeposit(
  db: Database,
  adminId: string,
  depositId: string,
  decision: "approve" | "reject",
  adminNotes: string | undefined,
): Promise<Deposit> {
  return db.transaction().execute(async (trx) => {
    const deposit = await trx
      .selectFrom("deposits")
      .selectAll()
      .where("id", "=", depositId)
      .forUpdate()
      .executeTakeFirst();
    if (!deposit) {
      throw new AppError("not_found", "Deposit not found");
    }
    if (deposit.status !== "pending") {
      throw new AppError("conflict", `This deposit was already ${deposit.status}`);
    }
    const currency = deposit.currency as CurrencyCode;
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
    const updated = await trx
      .updateTable("deposits")
      .set({
        status: decision === "approve" ? "approved" : "rejected",
        admin_notes: adminNotes || null,
        reviewed_by: adminId,
        reviewed_at: new Date(),
      })
      .where("id", "=", deposit.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const amount = formatMoney({ currency, amountMinor });
    await createNotification(trx, {
      userId: deposit.user_id,
      title: decision === "approve" ? "Deposit approved" : "Deposit rejected",
      message:
        decision === "approve"
          ? `Your deposit of ${amount} was approved and added to your balance.`
          : `Your deposit of ${amount} was rejected.${adminNotes ? ` Note: ${adminNotes}` : ""}`,
      type: decision === "approve" ? "success" : "error",
    });
    return toDeposit(updated);
  });
}

export type { DepositNetwork };
