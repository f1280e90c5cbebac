import type { BalancesResponse, BalanceTotal } from "@ferry/core/contracts/balances";
import { CURRENCY_CODES } from "@ferry/core/currencies";
import { type DisplayCurrency, type DisplayTotal, totalInDisplayCurrency } from "@ferry/core/display-currency";
import { formatRate } from "@ferry/core/exchange";
import { toDecimalString } from "@ferry/core/money";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../errors.ts";
import { readWalletBalances } from "../ledger/service.ts";
import type { PairPrice, RateProvider } from "../rates/service.ts";
import { preferencesOf } from "../settings/service.ts";

/**
 * The user's balance in every currency Ferry holds, read from the ledger: posted, reserved by pending
 * transfers, and available. A currency they never held reads as zero.
 */
export async function getBalances(db: Database, userId: string): Promise<BalancesResponse> {
  const held = await readWalletBalances(db, userId);
  return {
    balances: CURRENCY_CODES.map((currency) => {
      const account = held.find((balance) => balance.currency === currency);
      return {
        currency,
        balance: toDecimalString(account?.balanceMinor ?? 0n, currency),
        reserved: toDecimalString(account?.reservedMinor ?? 0n, currency),
        available: toDecimalString(account?.availableMinor ?? 0n, currency),
      };
    }),
  };
}

/**
 * The total of all the user's balances (posted) in a display currency — `currency`, or the one they
 * saved — at Ferry's rates as they are now (decision 045). Display only: nothing is converted in the
 * ledger. The rates are read on every call, never cached, so a rate an admin changes shows at once.
 */
export async function getBalanceTotal(
  db: Database,
  rateProvider: RateProvider,
  userId: string,
  currency?: DisplayCurrency,
): Promise<BalanceTotal> {
  const displayCurrency = currency ?? (await preferencesOf(db, userId)).currency;
  const [held, prices] = await Promise.all([readWalletBalances(db, userId), rateProvider.listPrices(db)]);
  const priceByPair = new Map(prices.map((price) => [`${price.from}/${price.to}`, price]));
  let total: DisplayTotal<PairPrice>;
  try {
    total = totalInDisplayCurrency(
      held.map((account) => ({ currency: account.currency, amountMinor: account.balanceMinor })),
      displayCurrency,
      (from, to) => priceByPair.get(`${from}/${to}`),
    );
  } catch {
    throw AppError.written("unavailable", ({ t }) => ({
      message: t("No rate to show the total in {currency}", { currency: displayCurrency }),
    }));
  }
  const latestMs = Math.max(...total.ratesUsed.map((price) => price.updatedAt.getTime()));
  return {
    currency: displayCurrency,
    total: total.total,
    ratesAsOf: total.ratesUsed.length > 0 ? new Date(latestMs).toISOString() : null,
    rates: total.ratesUsed.map((price) => ({
      from: price.from,
      to: price.to,
      rate: formatRate(price.rate),
      updatedAt: price.updatedAt.toISOString(),
    })),
  };
}
