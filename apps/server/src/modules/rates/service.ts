import type { RateList, RatePair, UpdateRateRequest } from "@ferry/core/contracts/rates";
import { RATE_CURRENCY_CODES, type RateCurrency } from "@ferry/core/display-currency";
import { type ExchangeRate, formatRate, rateOf } from "@ferry/core/exchange";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../errors.ts";
import { type AuditActor, recordAdminAction } from "../audit/service.ts";
import { selectRate, selectRates, updateRate } from "./queries.ts";

/*
 * The one rate source of the product (docs/decisions/018-exchange-rates-and-rounding.md). Quotes, the
 * public rates page and the admin's table all read pair prices through a `RateProvider`; the default
 * reads the `rates` table, which migration 010 seeds with offline defaults, so Ferry works with no
 * network at all.
 */

/** One pair's price: how many units of `to` one unit of `from` buys, and the fee of that conversion. */
export interface PairPrice {
  readonly from: RateCurrency;
  readonly to: RateCurrency;
  readonly rate: ExchangeRate;
  readonly feeBasisPoints: number;
  readonly updatedAt: Date;
}

/**
 * Where pair prices come from. The default is the table an admin edits (`tableRateProvider`). A live
 * feed implements the same two reads — typically the feed's mid-rate with the table's fee, or a job
 * that writes the feed into the table so it stays the single source — and is handed to the routes in
 * app.ts instead. Reads take the caller's database handle, so a quote prices inside its transaction.
 */
export interface RateProvider {
  /** The price of one ordered pair of two different currencies, or undefined when the provider has none. */
  priceOf(db: Database, from: RateCurrency, to: RateCurrency): Promise<PairPrice | undefined>;
  /** Every pair the provider prices. */
  listPrices(db: Database): Promise<PairPrice[]>;
}

function toPairPrice(row: {
  from_currency: RateCurrency;
  to_currency: RateCurrency;
  rate: string;
  fee_basis_points: number;
  updated_at: Date;
}): PairPrice {
  return {
    from: row.from_currency,
    to: row.to_currency,
    rate: rateOf(row.rate),
    feeBasisPoints: row.fee_basis_points,
    updatedAt: new Date(row.updated_at),
  };
}

/** The default provider: the `rates` table, as the admin last set it (offline defaults until then). */
export const tableRateProvider: RateProvider = {
  async priceOf(db, from, to) {
    const row = await selectRate(db, from, to);
    return row ? toPairPrice(row) : undefined;
  },
  async listPrices(db) {
    return (await selectRates(db)).map(toPairPrice);
  },
};

/** A pair price as the API shows it. */
export function toRatePair(price: PairPrice): RatePair {
  return {
    from: price.from,
    to: price.to,
    rate: formatRate(price.rate),
    feeBasisPoints: price.feeBasisPoints,
    updatedAt: price.updatedAt.toISOString(),
  };
}

/** Display order: by FROM, then TO, each in the order of core's currency list (JPY, display only, last). */
function comparePairs(a: PairPrice, b: PairPrice): number {
  const byFrom = RATE_CURRENCY_CODES.indexOf(a.from) - RATE_CURRENCY_CODES.indexOf(b.from);
  return byFrom !== 0 ? byFrom : RATE_CURRENCY_CODES.indexOf(a.to) - RATE_CURRENCY_CODES.indexOf(b.to);
}

/** Every pair with its rate and fee, in display order. */
export async function listRates(db: Database, provider: RateProvider): Promise<RateList> {
  const prices = await provider.listPrices(db);
  return { rates: [...prices].sort(comparePairs).map(toRatePair) };
}

/**
 * An admin sets one pair's rate and fee. The row is locked, changed and audited ("rate.update", with
 * the old and new values) in one transaction: the change and its record commit together. Setting the
 * values a pair already has changes nothing and records nothing. The change is dated `now`, read from
 * the business clock by the caller.
 */
export async function setRate(
  db: Database,
  actor: AuditActor,
  pair: { from: RateCurrency; to: RateCurrency },
  request: UpdateRateRequest,
  now: Date,
): Promise<RatePair> {
  const newRate = formatRate(rateOf(request.rate));
  return db.transaction().execute(async (trx) => {
    const current = await selectRate(trx, pair.from, pair.to, true);
    if (!current) {
      throw AppError.written("not_found", ({ t }) => ({
        message: t("No rate for {from} to {to}", { from: pair.from, to: pair.to }),
      }));
    }
    const oldRate = formatRate(rateOf(current.rate));
    if (oldRate === newRate && current.fee_basis_points === request.feeBasisPoints) {
      return toRatePair(toPairPrice(current));
    }
    const updated = await updateRate(trx, pair, {
      rate: newRate,
      feeBasisPoints: request.feeBasisPoints,
      updatedBy: actor.userId,
      updatedAt: now,
    });
    await recordAdminAction(trx, {
      actor,
      action: "rate.update",
      subjectType: "rate",
      subjectId: `${pair.from}-${pair.to}`,
      before: { rate: oldRate, feeBasisPoints: current.fee_basis_points },
      after: { rate: newRate, feeBasisPoints: request.feeBasisPoints },
      details: { from: pair.from, to: pair.to },
    });
    return toRatePair(toPairPrice(updated));
  });
}
