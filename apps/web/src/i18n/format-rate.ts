/*
 * An exchange rate for people, in the active language (issue 29): core rounds it for display, the
 * formatter writes its digits as the reader's locale does. Its own module, so that pages without rates
 * do not carry core's exchange rules.
 */
import { type ExchangeRate, formatRateForDisplay } from "@ferry/core/exchange";
import { format } from "./i18n.tsx";

/** Rates are read, not computed with: no more decimals than this (issue 30: /rates showed twelve). */
const RATE_MAX_DECIMALS = 8;

/**
 * A rate to 8 significant digits and at most 8 decimals, grouped and in the reader's digits: "65000" →
 * "65,000", "1.0845" → "1,0845" in German, "0.000015384615" → "0.00001538".
 */
export function formatRateForReader(rate: ExchangeRate): string {
  const text = formatRateForDisplay(rate, 8, RATE_MAX_DECIMALS);
  const places = text.includes(".") ? text.length - text.indexOf(".") - 1 : 0;
  return format().decimal(text, places);
}
