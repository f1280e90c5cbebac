import type { TransferExchange, TransferQuote } from "@ferry/core/contracts/transfers";
import { rateOf } from "@ferry/core/exchange";
import { minorOf } from "@ferry/core/money";
import { TimerIcon } from "lucide-react";
import type { ReactNode } from "react";
import { formatMoney } from "../../../i18n/format.ts";
import { formatRateForReader } from "../../../i18n/format-rate.ts";
import { format, t } from "../../../i18n/i18n.tsx";

/** A fee in basis points as a percentage, with only the decimals it needs: 50 → "0.5" ("0,5" in German). */
export function percentOf(basisPoints: number): string {
  const text = String(basisPoints / 100);
  return format().decimal(text, text.split(".")[1]?.length ?? 0);
}

function Row(props: { label: string; children: ReactNode; testId?: string; isTotal?: boolean }) {
  return (
    <div
      className={
        props.isTotal
          ? "flex justify-between gap-4 border-t border-border pt-2 font-semibold"
          : "flex justify-between gap-4"
      }
    >
      <dt className={props.isTotal ? undefined : "text-muted-foreground"}>{props.label}</dt>
      <dd className="text-right tabular-nums" data-testid={props.testId}>
        {props.children}
      </dd>
    </div>
  );
}

/**
 * A transfer paid from another balance (issue 30), from one quote: what the recipient gets and the
 * transfer's fee in their currency, the rate, the exchange fee, and the total that leaves the balance
 * paid from — with the seconds the quote still holds.
 */
export function ExchangeFigures(props: {
  quote: TransferQuote;
  exchange: TransferExchange;
  secondsLeft: number;
  isUpdating?: boolean;
  label: string;
  /** Rows shown before the figures (the verification step's recipient). */
  children?: ReactNode;
}) {
  const { quote, exchange } = props;
  const inRecipientCurrency = (decimal: string) =>
    formatMoney({ currency: quote.currency, amountMinor: minorOf(decimal, quote.currency) });
  const inPaidCurrency = (decimal: string) =>
    formatMoney({ currency: exchange.from, amountMinor: minorOf(decimal, exchange.from) });
  return (
    <section aria-label={props.label} className="grid gap-2">
      <dl
        className="grid gap-2 rounded-lg border border-border bg-muted/50 p-4 text-sm"
        aria-busy={props.isUpdating ?? false}
      >
        {props.children}
        <Row label={t("Recipient gets")} testId="quote-recipient-gets">
          {inRecipientCurrency(quote.amount)}
        </Row>
        <Row label={t("Transfer fee ({percent}%)", { percent: percentOf(quote.feeBasisPoints) })} testId="quote-fee">
          {inRecipientCurrency(quote.fee)}
        </Row>
        <Row label={t("Rate")} testId="quote-rate">
          1 {exchange.from} = {formatRateForReader(rateOf(exchange.rate))} {quote.currency}
        </Row>
        <Row
          label={t("Exchange fee ({percent}%)", { percent: percentOf(exchange.feeBasisPoints) })}
          testId="quote-exchange-fee"
        >
          {inPaidCurrency(exchange.fee)}
        </Row>
        <Row label={t("Total")} testId="quote-total" isTotal>
          {inPaidCurrency(exchange.amount)}
        </Row>
      </dl>
      {props.secondsLeft > 0 ? (
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <TimerIcon aria-hidden="true" className="size-3.5" />
          <span className="tabular-nums">{t("Rate locked for {seconds} s", { seconds: props.secondsLeft })}</span>
        </p>
      ) : null}
    </section>
  );
}
