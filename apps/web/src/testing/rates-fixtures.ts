import type { RateList } from "@ferry/core/contracts/rates";
import { CURRENCY_CODES } from "@ferry/core/currencies";

/** Example US-dollar prices (migration 010's offline defaults) for building a full rate list in tests. */
const USD_PRICES: Record<string, number> = {
  USD: 1,
  EUR: 1.08,
  GBP: 1.27,
  CAD: 0.73,
  AUD: 0.66,
  BTC: 65_000,
  ETH: 3_500,
  USDC: 1,
  USDT: 1,
};

const SPEC_FEES: Record<string, number> = {
  "USD>BTC": 50,
  "USD>ETH": 50,
  "USD>USDC": 10,
  "BTC>USD": 80,
  "ETH>USD": 80,
  "EUR>USD": 30,
};

/**
 * GET /api/v1/rates as the seeded server answers it, with a few exact rates written out (the others
 * are rounded to 12 decimals here; tests assert on the written ones).
 */
export function seededRates(): RateList {
  const exact: Record<string, string> = {
    "USD>BTC": "0.000015384615384615",
    "USD>EUR": "0.925925925925925926",
    "EUR>USD": "1.08",
    "BTC>USD": "65000",
  };
  return {
    rates: CURRENCY_CODES.flatMap((from) =>
      CURRENCY_CODES.filter((to) => to !== from).map((to) => ({
        from,
        to,
        rate: exact[`${from}>${to}`] ?? (USD_PRICES[from] / USD_PRICES[to]).toFixed(12).replace(/\.?0+$/, ""),
        feeBasisPoints: SPEC_FEES[`${from}>${to}`] ?? 25,
        updatedAt: "2026-01-01T00:00:00.000Z",
      })),
    ),
  };
}
