import type { BalancesResponse } from "@ferry/core/contracts/balances";
import { CURRENCY_CODES } from "@ferry/core/currencies";
import { toDecimalString } from "@ferry/core/money";
import type { Database } from "../../db/database.ts";
import { readWalletBalances } from "../ledger/service.ts";

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
