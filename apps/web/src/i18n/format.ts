/*
 * Money for people, in the active language (issue 29): the web's formatMoney and formatAmount, with the
 * signatures core's English-only ones had, through the one formatting module (core's i18n/format.ts).
 */
import type { CurrencyCode } from "@ferry/core/currencies";
import type { Money } from "@ferry/core/money";
import { format } from "./i18n.tsx";

/** An amount grouped for the locale, exact, with at least the currency's display decimals: "1,250.00", "1.250,00". */
export function formatAmount(amountMinor: bigint, currency: CurrencyCode, decimals?: number): string {
  return format().amount(amountMinor, currency, decimals);
}

/** An amount with its currency code where the locale puts it: "USD 1,250.00", "1.250,00 USD". */
export function formatMoney(money: Money, decimals?: number): string {
  return format().money(money, decimals);
}
