import { CURRENCIES } from "@ferry/core/currencies";
import { minorOf } from "@ferry/core/money";
import { formatAmount, formatMoney } from "../i18n/format.ts";
import { activeLanguage } from "../i18n/i18n.tsx";

/** Spec §9: investment amounts are US dollars with 2 decimals ("$1,020.00"). */
const USD_DECIMALS = 2;

/** An amount of US dollars the API sent ("1020.00"), as people read it: "$1,020.00". */
export function formatUsd(decimal: string): string {
  return formatUsdMinor(minorOf(decimal, "USD"));
}

/** Cents of US dollars as people read them: "$1,020.00" in English, "1.020,00 USD" in German (issue 29). */
export function formatUsdMinor(amountMinor: bigint): string {
  if (activeLanguage() !== "en") {
    return formatMoney({ currency: "USD", amountMinor }, USD_DECIMALS);
  }
  const sign = amountMinor < 0n ? "-" : "";
  const magnitude = amountMinor < 0n ? -amountMinor : amountMinor;
  return `${sign}${CURRENCIES.USD.symbol}${formatAmount(magnitude, "USD", USD_DECIMALS)}`;
}
