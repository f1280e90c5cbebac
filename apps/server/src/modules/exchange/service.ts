import {
  type Exchange,
  type ExchangeQuote,
  type ExchangeQuoteRequest,
  type ExecuteExchangeRequest,
  insufficientBalanceMessage,
  QUOTE_EXPIRED_MESSAGE,
} from "@ferry/core/contracts/exchange";
import type { CurrencyCode } from "@ferry/core/currencies";
import {
  type ExchangeRate,
  formatRate,
  priceExchange,
  priceExchangeFor,
  QUOTE_LIFETIME_SECONDS,
  rateOf,
  tooLargeToExchangeMessage,
  tooSmallToExchangeMessage,
} from "@ferry/core/exchange";
import { isWithinAmountLimit, toDecimalString } from "@ferry/core/money";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { findIdempotentReplay, requestHashOf } from "../../db/idempotency.ts";
import { AppError } from "../../errors.ts";
import { requestAmountMinorOf } from "../../http/amount.ts";
import { type AlertEvent, notifyAlertRules } from "../alerts/service.ts";
import {
  applyLedger,
  availableMinorOf,
  ensureUserAccount,
  systemAccountId,
  type TransferLeg,
} from "../ledger/service.ts";
import { createNotification } from "../notifications/service.ts";
import type { RateProvider } from "../rates/service.ts";
import { recordWebhookEvents } from "../webhooks/service.ts";
import {
  deleteStaleQuotes,
  insertQuote,
  markQuoteExecuted,
  markTransferQuoteExecuted,
  type NewQuote,
  type QuoteRow,
  selectOwnQuoteForUpdate,
  selectQuoteByKey,
} from "./queries.ts";

/*
 * Currency exchange between a customer's own balances (docs/decisions/018-exchange-rates-and-rounding.md):
 * a quote locks a rate and fee for 30 seconds; confirming it moves exactly the quoted amounts in one
 * ledger operation through the operator's FX accounts, once per quote.
 */

/** Quotes that expired more than this long ago and were never confirmed are deleted on the next quote. */
const STALE_QUOTE_MS = 24 * 60 * 60 * 1000;

function toExchangeQuote(row: QuoteRow): ExchangeQuote {
  return {
    id: row.id,
    from: row.from_currency,
    to: row.to_currency,
    amount: toDecimalString(BigInt(row.amount), row.from_currency),
    fee: toDecimalString(BigInt(row.fee), row.from_currency),
    receive: toDecimalString(BigInt(row.receive), row.to_currency),
    rate: formatRate(rateOf(row.rate)),
    feeBasisPoints: row.fee_basis_points,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
  };
}

function toExchange(row: QuoteRow): Exchange {
  if (!row.executed_at) {
    throw new Error(`Exchange quote ${row.id} was not executed`);
  }
  const { expiresAt: _expiresAt, ...quote } = toExchangeQuote(row);
  return { ...quote, status: "completed", executedAt: new Date(row.executed_at).toISOString() };
}

/**
 * Prices selling `amount` of `from` for `to` at the provider's current rate and fee and records the
 * quote, valid for 30 seconds. Refused when the amount buys nothing, buys more than one amount may be
 * (`MAX_AMOUNT_UNITS`), or is more than the wallet has.
 */
export async function createExchangeQuote(
  db: Database,
  deps: { readonly rateProvider: RateProvider; readonly clock: Clock },
  userId: string,
  request: ExchangeQuoteRequest,
): Promise<ExchangeQuote> {
  const { from, to } = request;
  const amountMinor = requestAmountMinorOf(request, from);
  const price = await priceOrRefuse(db, deps.rateProvider, from, to);
  const figures = priceExchange({
    amountMinor: amountMinor,
    from,
    to,
    rate: price.rate,
    feeBasisPoints: price.feeBasisPoints,
  });
  if (figures.receiveMinor <= 0n) {
    const message = tooSmallToExchangeMessage(to);
    throw new AppError("validation_failed", message, { amount: message });
  }
  // What arrives is an amount like any other: bounded, so no balance can outgrow NUMERIC(38,0).
  if (!isWithinAmountLimit(figures.receiveMinor, to)) {
    const message = tooLargeToExchangeMessage(to);
    throw new AppError("validation_failed", message, { amount: message });
  }
  if (amountMinor > (await availableMinorOf(db, userId, from))) {
    throw new AppError("insufficient_funds", insufficientBalanceMessage(from));
  }
  const figuresHeld = { from, to, amountMinor, feeMinor: figures.feeMinor, receiveMinor: figures.receiveMinor };
  return toExchangeQuote(await recordQuote(db, deps.clock, { userId, price, purpose: "exchange", ...figuresHeld }));
}

/** The provider's price of the pair, or a 404 naming the pair when it has none. */
async function priceOrRefuse(db: Database, rateProvider: RateProvider, from: CurrencyCode, to: CurrencyCode) {
  const price = await rateProvider.priceOf(db, from, to);
  if (!price) {
    throw AppError.written("not_found", ({ t }) => ({ message: t("No rate for {from} to {to}", { from, to }) }));
  }
  return price;
}

/** Records a priced quote, held QUOTE_LIFETIME_SECONDS from now, after pruning the user's stale ones. */
async function recordQuote(
  db: Database,
  clock: Clock,
  quote: Omit<NewQuote, "rate" | "feeBasisPoints" | "createdAt" | "expiresAt"> & {
    readonly price: { readonly rate: ExchangeRate; readonly feeBasisPoints: number };
  },
): Promise<QuoteRow> {
  const { price, ...figures } = quote;
  const createdAt = clock.now();
  await deleteStaleQuotes(db, quote.userId, new Date(createdAt.getTime() - STALE_QUOTE_MS));
  return insertQuote(db, {
    ...figures,
    rate: formatRate(price.rate),
    feeBasisPoints: price.feeBasisPoints,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + QUOTE_LIFETIME_SECONDS * 1000),
  });
}

/**
 * The legs of one confirmed quote, all posted at once: FROM (less the fee) from the customer's wallet
 * to the operator's FX account, the fee to the fees account, and TO from the FX account to the
 * customer's wallet. The keys derive from the quote, so it can move money only once.
 */
async function exchangeLegs(trx: Database, quote: QuoteRow): Promise<TransferLeg[]> {
  const from = quote.from_currency;
  const to = quote.to_currency;
  const amountMinor = BigInt(quote.amount);
  const feeMinor = BigInt(quote.fee);
  const reference = { state: "posted", referenceType: "exchange", referenceId: quote.id } as const;
  const fromWallet = await ensureUserAccount(trx, quote.user_id, from);
  const toWallet = await ensureUserAccount(trx, quote.user_id, to);
  const legs: TransferLeg[] = [
    {
      transferKey: `exchange:${quote.id}:sell`,
      debitAccountId: fromWallet,
      creditAccountId: await systemAccountId(trx, from, "fx"),
      amountMinor: amountMinor - feeMinor,
      currency: from,
      kind: "exchange",
      ...reference,
    },
    {
      transferKey: `exchange:${quote.id}:buy`,
      debitAccountId: await systemAccountId(trx, to, "fx"),
      creditAccountId: toWallet,
      amountMinor: BigInt(quote.receive),
      currency: to,
      kind: "exchange",
      ...reference,
    },
  ];
  if (feeMinor > 0n) {
    legs.push({
      transferKey: `exchange:${quote.id}:fee`,
      debitAccountId: fromWallet,
      creditAccountId: await systemAccountId(trx, from, "fees"),
      amountMinor: feeMinor,
      currency: from,
      kind: "fee",
      ...reference,
    });
  }
  return legs;
}

/** Moves a quote's money; the customer's FROM wallet is the only account that may not go negative. */
async function moveQuotedMoney(trx: Database, quote: QuoteRow): Promise<void> {
  try {
    await applyLedger(trx, { create: await exchangeLegs(trx, quote) });
  } catch (error) {
    if (error instanceof AppError && error.code === "insufficient_funds") {
      throw new AppError("insufficient_funds", insufficientBalanceMessage(quote.from_currency));
    }
    throw error;
  }
}

/** What an executed quote tells the alert rules: money out of one wallet, and into another. */
function exchangeAlertEventsOf(quote: QuoteRow): AlertEvent[] {
  const side = (direction: "incoming" | "outgoing", currency: CurrencyCode, amount: string): AlertEvent => ({
    kind: "money_moved",
    userId: quote.user_id,
    eventKey: `exchange:${quote.id}:${direction === "incoming" ? "in" : "out"}`,
    movement: "exchange",
    direction,
    money: { currency, amountMinor: BigInt(amount) },
  });
  return [side("outgoing", quote.from_currency, quote.amount), side("incoming", quote.to_currency, quote.receive)];
}

/**
 * The exchange this Idempotency-Key already made, if any (db/idempotency.ts: lock, replay, conflict).
 * The request is the quote it confirms, so the same key with another quote is refused.
 */
async function findReplay(
  trx: Database,
  userId: string,
  idempotencyKey: string,
  quoteId: string,
): Promise<Exchange | undefined> {
  const request = { scope: "exchange", ownerId: userId, key: idempotencyKey, requestHash: requestHashOf([quoteId]) };
  return findIdempotentReplay(trx, request, async () => {
    const existing = await selectQuoteByKey(trx, userId, idempotencyKey);
    return existing && { requestHash: requestHashOf([existing.id]), result: toExchange(existing) };
  });
}

/**
 * Confirms exactly one quote of the user's, in one transaction: a replay of the Idempotency-Key
 * returns the first exchange; otherwise the quote must be the user's (404), not confirmed before
 * (409) and not expired (409, QUOTE_EXPIRED_MESSAGE: the client asks for a fresh quote — nothing is
 * re-priced here). The ledger then moves the quoted amounts, and the customer is notified once.
 */
export async function executeExchange(
  db: Database,
  clock: Clock,
  userId: string,
  idempotencyKey: string,
  request: ExecuteExchangeRequest,
): Promise<{ exchange: Exchange; isReplay: boolean }> {
  return db.transaction().execute(async (trx) => {
    const replay = await findReplay(trx, userId, idempotencyKey, request.quoteId);
    if (replay) {
      return { exchange: replay, isReplay: true };
    }
    const quote = await selectOwnQuoteForUpdate(trx, userId, request.quoteId, "exchange");
    if (!quote) {
      throw new AppError("not_found", "Quote not found");
    }
    if (quote.executed_at) {
      throw new AppError("conflict", "This quote was already confirmed");
    }
    const executedAt = clock.now();
    if (executedAt.getTime() >= new Date(quote.expires_at).getTime()) {
      throw new AppError("conflict", QUOTE_EXPIRED_MESSAGE, { quoteId: QUOTE_EXPIRED_MESSAGE });
    }
    await moveQuotedMoney(trx, quote);
    const executed = await markQuoteExecuted(trx, quote.id, idempotencyKey, executedAt);
    await createNotification(trx, {
      userId,
      type: "success",
      write: (reader) => ({
        title: reader.t("Exchange completed"),
        message: reader.t("You exchanged {sold} for {bought}.", {
          sold: reader.format.money({ currency: executed.from_currency, amountMinor: BigInt(executed.amount) }),
          bought: reader.format.money({ currency: executed.to_currency, amountMinor: BigInt(executed.receive) }),
        }),
      }),
    });
    await recordWebhookEvents(trx, [
      {
        userId,
        type: "exchange.completed",
        data: {
          exchangeId: executed.id,
          fromCurrency: executed.from_currency,
          fromAmount: toDecimalString(BigInt(executed.amount), executed.from_currency),
          toCurrency: executed.to_currency,
          toAmount: toDecimalString(BigInt(executed.receive), executed.to_currency),
        },
      },
    ]);
    await notifyAlertRules(trx, exchangeAlertEventsOf(executed));
    return { exchange: toExchange(executed), isReplay: false };
  });
}

/*
 * The exchange part of a transfer paid from another balance (issue 30, decision 054): a quote of
 * purpose "transfer" buys exactly what the transfer needs (its amount and fee) with the least amount of
 * the balance paid from, holds 30 seconds, and is executed by the transfer, in the transfer's ledger
 * operation, never by POST /api/v1/exchange.
 */

/** A transfer's exchange as it was quoted: every figure the transfer's code is bound to and the ledger moves. */
export interface HeldExchange {
  readonly id: string;
  readonly from: CurrencyCode;
  readonly to: CurrencyCode;
  /** What leaves the balance paid from, the exchange fee included. */
  readonly amountMinor: bigint;
  readonly feeMinor: bigint;
  /** What the transfer needs, bought: its amount and fee. */
  readonly receiveMinor: bigint;
  readonly rate: string;
  readonly feeBasisPoints: number;
  readonly expiresAt: Date;
  /** The ledger legs that sell `amountMinor` of FROM and buy `receiveMinor` of TO, posted. */
  legs(trx: Database): Promise<TransferLeg[]>;
  /** The alert events of the exchange, once executed. */
  readonly alertEvents: readonly AlertEvent[];
}

function heldExchangeOf(row: QuoteRow): HeldExchange {
  return {
    id: row.id,
    from: row.from_currency,
    to: row.to_currency,
    amountMinor: BigInt(row.amount),
    feeMinor: BigInt(row.fee),
    receiveMinor: BigInt(row.receive),
    rate: formatRate(rateOf(row.rate)),
    feeBasisPoints: row.fee_basis_points,
    expiresAt: new Date(row.expires_at),
    legs: (trx) => exchangeLegs(trx, row),
    alertEvents: exchangeAlertEventsOf(row),
  };
}

/**
 * Prices buying exactly `receiveMinor` of `to` with `from` at the provider's current rate and fee
 * (`priceExchangeFor`: the least amount that buys it) and records the quote for 30 seconds. Refused
 * when there is no rate, or the price is more than any balance may hold.
 */
export async function quoteExchangeForTransfer(
  db: Database,
  deps: { readonly rateProvider: RateProvider; readonly clock: Clock },
  userId: string,
  request: { readonly from: CurrencyCode; readonly to: CurrencyCode; readonly receiveMinor: bigint },
): Promise<HeldExchange> {
  const { from, to, receiveMinor } = request;
  const price = await priceOrRefuse(db, deps.rateProvider, from, to);
  const figures = priceExchangeFor({ receiveMinor, from, to, rate: price.rate, feeBasisPoints: price.feeBasisPoints });
  if (!isWithinAmountLimit(figures.amountMinor, from)) {
    throw new AppError("insufficient_funds", insufficientBalanceMessage(from));
  }
  // Exactly what the transfer needs: what the least amount buys beyond it stays with the FX position.
  const figuresHeld = { from, to, amountMinor: figures.amountMinor, feeMinor: figures.feeMinor, receiveMinor };
  return heldExchangeOf(await recordQuote(db, deps.clock, { userId, price, purpose: "transfer", ...figuresHeld }));
}

/**
 * The user's transfer quote `quoteId`, locked in the caller's transaction: refused when it is not the
 * user's (404), was executed already (409) or has expired (409, QUOTE_EXPIRED_MESSAGE: a fresh quote is
 * needed — nothing is re-priced here).
 */
export async function lockTransferExchange(
  trx: Database,
  clock: Clock,
  userId: string,
  quoteId: string,
): Promise<HeldExchange> {
  const quote = await selectOwnQuoteForUpdate(trx, userId, quoteId, "transfer");
  if (!quote) {
    throw new AppError("not_found", "Quote not found");
  }
  if (quote.executed_at) {
    throw new AppError("conflict", "This quote was already confirmed");
  }
  if (clock.now().getTime() >= new Date(quote.expires_at).getTime()) {
    throw new AppError("conflict", QUOTE_EXPIRED_MESSAGE, { quoteId: QUOTE_EXPIRED_MESSAGE });
  }
  return heldExchangeOf(quote);
}

/** Records that the transfer executed its quote (its legs are in the transfer's ledger operation). */
export async function markTransferExchangeExecuted(trx: Database, quoteId: string, executedAt: Date): Promise<void> {
  await markTransferQuoteExecuted(trx, quoteId, executedAt);
}
