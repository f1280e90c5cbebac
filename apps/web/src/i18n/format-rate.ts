/*
 * An exchange rate for people, in the active language (issue 29): core rounds it for display, the
 * formatter writes its digits as the reader's locale does. Its own module, so that pages without rates
 * do not carry core's exchange rules.
 */
import { type ExchangeRate, formatRateForDisplay } from "@ferry/core/exchange";
import { format } from "./i18n.tsx";

/** A rate to 8 significant digits, every decimal kept, in the reader's digits: "1.0845" → "1,0845" in German. */
export function formatRateForReader(rate: ExchangeRate): string {
  const text = formatRateForDisplay(rate);
  const places = text.includes(".") ? text.length - text.indexOf(".") - 1 : 0;
  return format().decimal(text, places);
}
