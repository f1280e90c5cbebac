import type { CurrencyCode } from "@ferry/core/currencies";
import { parseAmount } from "@ferry/core/money";

/**
 * Minor units of an amount the API sent ("12.50"). The API always sends the currency's exact scale,
 * so a failure means a broken response; it reads as zero, which never lets the UI overstate money.
 */
export function minorOf(decimal: string, currency: CurrencyCode): bigint {
  const parsed = parseAmount(decimal, currency);
  return parsed.ok ? parsed.amountMinor : 0n;
}
