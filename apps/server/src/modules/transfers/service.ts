import { createHash } from "node:crypto";
import type {
  CreateTransferRequest,
  Transfer,
  TransferDetails,
  TransferQuote,
  TransferStatus,
} from "@ferry/core/contracts/transfers";
import { CURRENCIES, type CurrencyCode } from "@ferry/core/currencies";
import { computeFee } from "@ferry/core/fees";
import { formatMoney, parseAmount, toDecimalString } from "@ferry/core/money";
import { BANK_CURRENCIES, CRYPTO_CURRENCIES, isNetworkAllowedForCurrency } from "@ferry/core/validation/networks";
import { sql } from "kysely";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import type { TransfersTable } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import {
  applyLedger,
  ensureUserAccount,
  type LedgerDb,
  readWalletBalances,
  systemAccountId,
  type TransferLeg,
} from "../ledger/service.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { transferCodeMail } from "../mail/templates.ts";
import { createNotification } from "../notifications/service.ts";
import { type CodeBinding, checkTransferCode, issueTransferCode } from "./codes.ts";
import { selectOwnTransfer, toTransfer } from "./queries.ts";

/** Where the money of a transfer goes, resolved and checked against the sender. */
interface ResolvedTarget {
  readonly method: "bank" | "crypto" | "ferry_user" | "withdrawal";
  /** Which fee applies: a cash-out is priced like a transfer of its payment method's kind. */
  readonly feeMethod: "bank" | "crypto" | "ferry_user";
  readonly paymentMethodId: string | null;
  readonly recipientKey: string;
  readonly recipientId: string | null;
  readonly recipientUserId: string | null;
  readonly snapshot: Pick<
    TransfersTable,
    | "recipient_email"
    | "recipient_name"
    | "recipient_bank_name"
    | "recipient_country"
    | "recipient_account_number"
    | "recipient_swift_code"
    | "crypto_address"
    | "crypto_network"
  >;
}

interface PricedTransfer {
  readonly target: ResolvedTarget;
  readonly currency: CurrencyCode;
  readonly amountMinor: bigint;
  readonly feeMinor: bigint;
  readonly feeBasisPoints: number;
}

function parsePositiveAmount(text: string, currency: CurrencyCode): bigint {
  const parsed = parseAmount(text, currency);
  if (!parsed.ok) {
    const message =
      parsed.error === "too_many_decimals"
        ? `${currency} amounts have at most ${CURRENCIES[currency].scale} decimals`
        : "Please enter a valid amount";
    throw new AppError("validation_failed", message, { amount: message });
  }
  if (parsed.amountMinor <= 0n) {
    throw new AppError("validation_failed", "Please enter a valid amount", { amount: "Please enter a valid amount" });
  }
  return parsed.amountMinor;
}

async function resolveTarget(db: LedgerDb, senderId: string, details: TransferDetails): Promise<ResolvedTarget> {
  const currency = details.currency as CurrencyCode;
  const { target } = details;
  if (target.method === "ferry_user") {
    const recipient = await db
      .selectFrom("user")
      .leftJoin("profiles", "profiles.user_id", "user.id")
      .select(["user.id", "user.email", "user.banned", "profiles.first_name", "profiles.last_name"])
      .where("user.email", "=", target.recipientEmail)
      .executeTakeFirst();
    if (!recipient || recipient.banned) {
      throw new AppError("not_found", "No Ferry user has that e-mail address", {
        "target.recipientEmail": "No Ferry user has that e-mail address",
      });
    }
    if (recipient.id === senderId) {
      throw new AppError("validation_failed", "You cannot send money to yourself", {
        "target.recipientEmail": "You cannot send money to yourself",
      });
    }
    const name = `${recipient.first_name ?? ""} ${recipient.last_name ?? ""}`.trim() || recipient.email;
    return {
      method: "ferry_user",
      feeMethod: "ferry_user",
      paymentMethodId: null,
      recipientKey: `user:${recipient.id}`,
      recipientId: null,
      recipientUserId: recipient.id,
      snapshot: {
        recipient_email: recipient.email,
        recipient_name: name,
        recipient_bank_name: null,
        recipient_country: null,
        recipient_account_number: null,
        recipient_swift_code: null,
        crypto_address: null,
        crypto_network: null,
      },
    };
  }
  if (target.method === "withdrawal") {
    return resolvePaymentMethod(db, senderId, target.paymentMethodId, currency);
  }
  // A saved recipient of someone else is reported exactly like a missing one.
  const recipient = await db
    .selectFrom("recipients")
    .selectAll()
    .where("id", "=", target.recipientId)
    .where("user_id", "=", senderId)
    .where("type", "=", target.method)
    // Held until the caller's transaction ends, so the code checked or issued there binds these details.
    .forShare()
    .executeTakeFirst();
  if (!recipient) {
    throw new AppError("not_found", "Recipient not found");
  }
  const allowedCurrencies: readonly string[] = target.method === "bank" ? BANK_CURRENCIES : CRYPTO_CURRENCIES;
  if (!allowedCurrencies.includes(currency)) {
    const message = `${currency} cannot be sent by ${target.method === "bank" ? "bank transfer" : "cryptocurrency"}`;
    throw new AppError("validation_failed", message, { currency: message });
  }
  if (target.method === "crypto" && !isNetworkAllowedForCurrency(currency, recipient.crypto_network ?? "")) {
    const message = `${currency} cannot be sent on the recipient's network (${recipient.crypto_network})`;
    throw new AppError("validation_failed", message, { currency: message });
  }
  return {
    method: target.method,
    feeMethod: target.method,
    paymentMethodId: null,
    recipientKey: `recipient:${recipient.id}`,
    recipientId: recipient.id,
    recipientUserId: null,
    snapshot: {
      recipient_email: recipient.email,
      recipient_name: recipient.name,
      recipient_bank_name: recipient.bank_name,
      recipient_country: recipient.country,
      recipient_account_number: recipient.account_number,
      recipient_swift_code: recipient.swift_code,
      crypto_address: recipient.crypto_address,
      crypto_network: recipient.crypto_network,
    },
  };
}

/** A cash-out goes to one of the sender's own payment methods, in that method's currency. */
async function resolvePaymentMethod(
  db: LedgerDb,
  senderId: string,
  paymentMethodId: string,
  currency: CurrencyCode,
): Promise<ResolvedTarget> {
  const method = await db
    .selectFrom("payment_methods")
    .innerJoin("user", "user.id", "payment_methods.user_id")
    .select([
      "payment_methods.id",
      "payment_methods.name",
      "payment_methods.address_type",
      "payment_methods.currency",
      "payment_methods.bank_name",
      "payment_methods.country",
      "payment_methods.account_number",
      "payment_methods.swift_code",
      "payment_methods.crypto_address",
      "payment_methods.crypto_network",
      "user.email",
    ])
    .where("payment_methods.id", "=", paymentMethodId)
    .where("payment_methods.user_id", "=", senderId)
    // An edit waits for the caller's transaction, so the code checked or issued there binds these details.
    .forShare("payment_methods")
    .executeTakeFirst();
  if (!method) {
    throw new AppError("not_found", "Payment method not found");
  }
  if (method.currency !== currency) {
    const message = `This payment method receives ${method.currency}, not ${currency}`;
    throw new AppError("validation_failed", message, { currency: message });
  }
  return {
    method: "withdrawal",
    feeMethod: method.address_type,
    paymentMethodId: method.id,
    recipientKey: `payment-method:${method.id}`,
    recipientId: null,
    recipientUserId: null,
    snapshot: {
      recipient_email: method.email,
      recipient_name: method.name,
      recipient_bank_name: method.bank_name,
      recipient_country: method.country,
      recipient_account_number: method.account_number,
      recipient_swift_code: method.swift_code,
      crypto_address: method.crypto_address,
      crypto_network: method.crypto_network,
    },
  };
}

/**
 * Whether a transfer's amount counts toward its sender's daily limit: everything that leaves Ferry for
 * an outside party — bank and crypto recipients and cash-outs — does. A transfer to another Ferry user
 * does not: the money stays on Ferry's own books (it only changes wallets), no outside party receives
 * it, and the receiver can take it out only through their own limit.
 */
function countsTowardDailyLimit(method: ResolvedTarget["method"]): boolean {
  return method !== "ferry_user";
}

/**
 * Serialises, per user, every decision that uses the daily limit (a new outgoing transfer, an admin
 * reopening one), until the caller's transaction ends: two of them cannot both fit under the same
 * remaining limit. A transaction-level advisory lock, so it needs no row and is released on rollback.
 */
async function lockDailyLimit(db: LedgerDb, userId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`outgoing-limit|${userId}`}, 0))`.execute(db);
}

interface DailyLimit {
  readonly limitMinor: bigint;
  /** What is left of it in the last 24 hours; negative when an admin already went over it. */
  readonly remainingMinor: bigint;
  readonly isVerified: boolean;
}

/**
 * A user's daily limit in a currency for money leaving Ferry (CASHOUT_DAILY_LIMITS: the configured
 * limit, or CASHOUT_UNVERIFIED_PERCENT of it until both the e-mail and KYC are verified), and how much
 * of it their bank, crypto and cash-out transfers of the last 24 hours left. A failed or cancelled
 * transfer does not count; one reopened by an admin counts from when it was reopened.
 */
async function readDailyLimit(
  db: LedgerDb,
  config: Config,
  userId: string,
  currency: CurrencyCode,
): Promise<DailyLimit> {
  const limitText = config.cashoutDailyLimits[currency] ?? "0";
  const parsedLimit = parseAmount(limitText, currency);
  const fullLimitMinor = parsedLimit.ok ? parsedLimit.amountMinor : 0n;
  const account = await db
    .selectFrom("user")
    .leftJoin("profiles", "profiles.user_id", "user.id")
    .select(["user.emailVerified", "profiles.kyc_status"])
    .where("user.id", "=", userId)
    .executeTakeFirstOrThrow();
  const isVerified = account.emailVerified && account.kyc_status === "approved";
  const limitMinor = isVerified ? fullLimitMinor : (fullLimitMinor * BigInt(config.cashoutUnverifiedPercent)) / 100n;
  const used = await db
    .selectFrom("transfers")
    .select(sql<string>`coalesce(sum(amount), 0)::text`.as("total"))
    .where("sender_user_id", "=", userId)
    .where("method", "<>", "ferry_user")
    .where("currency", "=", currency)
    .where("status", "not in", ["failed", "cancelled"])
    .where("limit_counted_at", ">", sql<Date>`now() - interval '24 hours'`)
    .executeTakeFirstOrThrow();
  return { limitMinor, remainingMinor: limitMinor - BigInt(used.total), isVerified };
}

/** Refuses an outgoing external transfer that would go over the sender's daily limit, saying how much remains. */
async function enforceDailyLimit(db: LedgerDb, config: Config, userId: string, priced: PricedTransfer): Promise<void> {
  const { limitMinor, remainingMinor, isVerified } = await readDailyLimit(db, config, userId, priced.currency);
  if (priced.amountMinor > remainingMinor) {
    const limit = formatMoney({ currency: priced.currency, amountMinor: limitMinor });
    const remaining = formatMoney({
      currency: priced.currency,
      amountMinor: remainingMinor > 0n ? remainingMinor : 0n,
    });
    const tier = isVerified ? "" : " until your e-mail and identity (KYC) are verified";
    throw new AppError(
      "limit_exceeded",
      `Your daily limit for bank and crypto transfers and cash-outs is ${limit}${tier}; ${remaining} remains today.`,
      { amount: `At most ${remaining} today` },
    );
  }
}

async function priceTransfer(
  db: LedgerDb,
  config: Config,
  senderId: string,
  details: TransferDetails,
): Promise<PricedTransfer> {
  const currency = details.currency as CurrencyCode;
  const amountMinor = parsePositiveAmount(details.amount, currency);
  const target = await resolveTarget(db, senderId, details);
  const feeBasisPoints = config.feeBasisPoints[target.feeMethod];
  return { target, currency, amountMinor, feeMinor: computeFee(amountMinor, feeBasisPoints), feeBasisPoints };
}

async function availableMinorOf(db: LedgerDb, userId: string, currency: CurrencyCode): Promise<bigint> {
  const balances = await readWalletBalances(db, userId);
  return balances.find((balance) => balance.currency === currency)?.availableMinor ?? 0n;
}

function bindingOf(senderId: string, priced: PricedTransfer): CodeBinding {
  return {
    userId: senderId,
    recipientKey: priced.target.recipientKey,
    amountMinor: priced.amountMinor,
    currency: priced.currency,
  };
}

/** The amount step: fee, total and available balance for these details. Moves nothing. */
export async function quoteTransfer(
  db: Database,
  config: Config,
  senderId: string,
  details: TransferDetails,
): Promise<TransferQuote> {
  const priced = await priceTransfer(db, config, senderId, details);
  const available = await availableMinorOf(db, senderId, priced.currency);
  return {
    currency: priced.currency,
    amount: toDecimalString(priced.amountMinor, priced.currency),
    fee: toDecimalString(priced.feeMinor, priced.currency),
    total: toDecimalString(priced.amountMinor + priced.feeMinor, priced.currency),
    available: toDecimalString(available, priced.currency),
    feeBasisPoints: priced.feeBasisPoints,
    recipientName: priced.target.snapshot.recipient_name,
  };
}

/** E-mails a code valid only for these exact details. Refuses at once when the balance cannot cover them. */
export async function requestTransferCode(
  db: Database,
  config: Config,
  sender: { userId: string; email: string },
  details: TransferDetails,
): Promise<{ expiresAt: string }> {
  // One transaction, with the destination's row locked: the e-mail describes the details the code binds.
  return db.transaction().execute(async (trx) => {
    const priced = await priceTransfer(trx, config, sender.userId, details);
    const available = await availableMinorOf(trx, sender.userId, priced.currency);
    if (available < priced.amountMinor + priced.feeMinor) {
      throw new AppError("insufficient_funds", "Insufficient balance");
    }
    if (countsTowardDailyLimit(priced.target.method)) {
      // Early and unlocked, to spare a code that could not be used; createTransfer decides under the lock.
      await enforceDailyLimit(trx, config, sender.userId, priced);
    }
    const { code, expiresAt } = await issueTransferCode(trx, config.authSecret, bindingOf(sender.userId, priced));
    const total = { currency: priced.currency, amountMinor: priced.amountMinor + priced.feeMinor };
    await enqueueMail(
      trx,
      transferCodeMail(sender.email, code, {
        amount: formatMoney({ currency: priced.currency, amountMinor: priced.amountMinor }),
        fee: formatMoney({ currency: priced.currency, amountMinor: priced.feeMinor }),
        total: formatMoney(total),
        recipient: `${priced.target.snapshot.recipient_name} (${priced.target.snapshot.recipient_email})`,
      }),
    );
    return { expiresAt: expiresAt.toISOString() };
  });
}

function requestHashOf(request: CreateTransferRequest, amountMinor: bigint): string {
  const canonical = JSON.stringify([request.target, request.currency, amountMinor.toString(), request.memo ?? ""]);
  return createHash("sha256").update(canonical).digest("hex");
}

/** The ledger keys of one generation of a transfer's money: principal and fee. */
function legKeys(transferId: string, generation: number) {
  return {
    principal: `transfer:${transferId}:${generation}:principal`,
    fee: `transfer:${transferId}:${generation}:fee`,
  };
}

function movementLegs(transfer: TransferRowLike, generation: number, state: "pending" | "posted"): TransferLeg[] {
  const keys = legKeys(transfer.id, generation);
  const currency = transfer.currency as CurrencyCode;
  const legs: TransferLeg[] = [
    {
      transferKey: keys.principal,
      debitAccountId: transfer.sender_account_id,
      creditAccountId: transfer.destination_account_id,
      amountMinor: BigInt(transfer.amount),
      currency,
      kind: transfer.method === "ferry_user" ? "p2p" : transfer.method === "withdrawal" ? "withdrawal" : "transfer",
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

interface TransferRowLike {
  id: string;
  method: string;
  currency: string;
  amount: string;
  fee: string;
  sender_account_id: string;
  destination_account_id: string;
  fee_account_id: string;
}

/**
 * Sends money, once. Within one transaction: the Idempotency-Key is checked (a replay returns the
 * first transfer), the code is checked against these exact details and consumed, the transfer row
 * is written, and the ledger reserves (bank, crypto) or moves (Ferry user) the amount and its fee.
 */
export async function createTransfer(
  db: Database,
  config: Config,
  sender: { userId: string; email: string },
  idempotencyKey: string,
  request: CreateTransferRequest,
): Promise<{ transfer: Transfer; isReplay: boolean }> {
  const amountMinor = parsePositiveAmount(request.amount, request.currency as CurrencyCode);
  const requestHash = requestHashOf(request, amountMinor);
  const outcome = await db.transaction().execute(async (trx) => {
    // Duplicates of one request wait here for the first, then find its transfer.
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${sender.userId}|${idempotencyKey}`}, 0))`.execute(trx);
    const existing = await trx
      .selectFrom("transfers")
      .select(["id", "request_hash"])
      .where("sender_user_id", "=", sender.userId)
      .where("idempotency_key", "=", idempotencyKey)
      .executeTakeFirst();
    if (existing) {
      if (existing.request_hash !== requestHash) {
        throw new AppError("conflict", "This Idempotency-Key was already used for a different transfer");
      }
      const original = await selectOwnTransfer(trx, sender.userId, existing.id);
      if (!original) {
        throw new AppError("not_found", "Transfer not found");
      }
      return { transfer: original, isReplay: true };
    }
    const priced = await priceTransfer(trx, config, sender.userId, request);
    if (countsTowardDailyLimit(priced.target.method)) {
      // One limited transfer at a time per user: the sum read below includes every one committed before.
      await lockDailyLimit(trx, sender.userId);
      await enforceDailyLimit(trx, config, sender.userId, priced);
    }
    const codeCheck = await checkTransferCode(trx, config.authSecret, bindingOf(sender.userId, priced), request.code);
    if (codeCheck === "wrong") {
      // Commit the counted try (nothing else was written), then refuse.
      return { isWrongCode: true } as const;
    }
    const senderAccountId = await ensureUserAccount(trx, sender.userId, priced.currency);
    const destinationAccountId = priced.target.recipientUserId
      ? await ensureUserAccount(trx, priced.target.recipientUserId, priced.currency)
      : await systemAccountId(trx, priced.currency, "payouts");
    const feeAccountId = await systemAccountId(trx, priced.currency, "fees");
    const isInstant = priced.target.method === "ferry_user";
    const inserted = await trx
      .insertInto("transfers")
      .values({
        sender_user_id: sender.userId,
        method: priced.target.method,
        recipient_id: priced.target.recipientId,
        payment_method_id: priced.target.paymentMethodId,
        recipient_user_id: priced.target.recipientUserId,
        ...priced.target.snapshot,
        currency: priced.currency,
        amount: priced.amountMinor.toString(),
        fee: priced.feeMinor.toString(),
        memo: request.memo || null,
        status: isInstant ? "sent" : "pending",
        sender_account_id: senderAccountId,
        destination_account_id: destinationAccountId,
        fee_account_id: feeAccountId,
        idempotency_key: idempotencyKey,
        request_hash: requestHash,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (priced.target.recipientUserId) {
      await createNotification(trx, {
        userId: priced.target.recipientUserId,
        title: "Money received",
        message: `${sender.email} sent you ${formatMoney({ currency: priced.currency, amountMinor: priced.amountMinor })}.`,
        type: "success",
      });
    }
    // Last, so the accounts stay locked for as short a time as possible (a hot account serialises here).
    await applyLedger(trx, { create: movementLegs(inserted, 0, isInstant ? "posted" : "pending") });
    return { transfer: toTransfer(inserted), isReplay: false };
  });
  if ("isWrongCode" in outcome) {
    throw new AppError("invalid_code", "Invalid verification code");
  }
  return outcome;
}

/** Where a status leaves the transfer's money: reserved, moved, or given back. */
function ledgerStateOf(status: TransferStatus): "reserved" | "posted" | "released" {
  if (status === "sent") {
    return "posted";
  }
  if (status === "failed" || status === "cancelled") {
    return "released";
  }
  return "reserved";
}

function refundLegs(transfer: TransferRowLike, generation: number): TransferLeg[] {
  return movementLegs(transfer, generation, "posted").map((leg) => ({
    ...leg,
    transferKey: `${leg.transferKey}:refund`,
    debitAccountId: leg.creditAccountId,
    creditAccountId: leg.debitAccountId,
    kind: `${leg.kind}_refund`,
  }));
}

/**
 * An admin reopening a failed or cancelled outgoing transfer reserves its money again: like a new
 * transfer, under the sender's lock, it must fit in what remains of their daily limit, or it is refused
 * and nothing changes.
 */
async function enforceDailyLimitOnReopen(
  db: LedgerDb,
  config: Config,
  transfer: { sender_user_id: string; currency: string; amount: string },
): Promise<void> {
  const currency = transfer.currency as CurrencyCode;
  await lockDailyLimit(db, transfer.sender_user_id);
  const { limitMinor, remainingMinor } = await readDailyLimit(db, config, transfer.sender_user_id, currency);
  if (BigInt(transfer.amount) > remainingMinor) {
    const limit = formatMoney({ currency, amountMinor: limitMinor });
    const remaining = formatMoney({ currency, amountMinor: remainingMinor > 0n ? remainingMinor : 0n });
    throw new AppError(
      "limit_exceeded",
      `Reopening this transfer would take the sender over their daily limit of ${limit} for bank and crypto transfers and cash-outs; ${remaining} remains today.`,
    );
  }
}

/**
 * An admin sets a transfer's status. The ledger follows exactly: `sent` posts the reserve, `failed`
 * and `cancelled` release it (or refund a sent transfer), back to `pending` reserves again and fails
 * when the money is gone, or when it would take the sender over their daily limit. Setting the current
 * status again changes nothing. Every change is audited and the sender is notified.
 */
export async function changeTransferStatus(
  db: Database,
  config: Config,
  actorId: string,
  transferId: string,
  status: TransferStatus,
): Promise<{ isChanged: boolean }> {
  return db.transaction().execute(async (trx) => {
    const transfer = await trx
      .selectFrom("transfers")
      .selectAll()
      .where("id", "=", transferId)
      .forUpdate()
      .executeTakeFirst();
    if (!transfer) {
      throw new AppError("not_found", "Transaction not found");
    }
    if (transfer.status === status) {
      return { isChanged: false };
    }
    const from = ledgerStateOf(transfer.status);
    const to = ledgerStateOf(status);
    const isReopening = from === "released" && to !== "released";
    if (isReopening && countsTowardDailyLimit(transfer.method)) {
      await enforceDailyLimitOnReopen(trx, config, transfer);
    }
    const generation = transfer.ledger_generation;
    let nextGeneration = generation;
    if (from !== to) {
      const keys = legKeys(transfer.id, generation);
      const currentKeys = BigInt(transfer.fee) > 0n ? [keys.principal, keys.fee] : [keys.principal];
      if (from === "reserved" && to === "posted") {
        await applyLedger(trx, {
          settle: currentKeys.map((transferKey) => ({ transferKey, outcome: "post" as const })),
        });
      } else if (from === "reserved" && to === "released") {
        await applyLedger(trx, {
          settle: currentKeys.map((transferKey) => ({ transferKey, outcome: "void" as const })),
        });
      } else if (from === "posted" && to === "released") {
        await applyLedger(trx, { create: refundLegs(transfer, generation) });
      } else if (from === "released") {
        nextGeneration = generation + 1;
        await applyLedger(trx, {
          create: movementLegs(transfer, nextGeneration, to === "posted" ? "posted" : "pending"),
        });
      } else {
        // posted -> reserved: give the money back and reserve it again, in one ledger call.
        nextGeneration = generation + 1;
        await applyLedger(trx, {
          create: [...refundLegs(transfer, generation), ...movementLegs(transfer, nextGeneration, "pending")],
        });
      }
    }
    await trx
      .updateTable("transfers")
      .set({
        status,
        ledger_generation: nextGeneration,
        updated_at: new Date(),
        // Money reserved again counts toward the sender's limit from now, like a new transfer.
        ...(isReopening ? { limit_counted_at: sql<Date>`now()` } : {}),
      })
      .where("id", "=", transfer.id)
      .execute();
    await trx
      .insertInto("transfer_status_changes")
      .values({ transfer_id: transfer.id, actor_user_id: actorId, from_status: transfer.status, to_status: status })
      .execute();
    const amount = formatMoney({ currency: transfer.currency as CurrencyCode, amountMinor: BigInt(transfer.amount) });
    const noun = transfer.method === "withdrawal" ? "Withdrawal" : "Transfer";
    await createNotification(trx, {
      userId: transfer.sender_user_id,
      title: `${noun} ${status}`,
      message: `Your ${noun.toLowerCase()} of ${amount} to ${transfer.recipient_name} is now ${status}.`,
      type: status === "sent" ? "success" : to === "released" ? "error" : "info",
    });
    return { isChanged: true };
  });
}
