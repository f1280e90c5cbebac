import type { BalanceTotal, TotalRate } from "@ferry/core/contracts/balances";
import { DISPLAY_CURRENCY_DECIMALS } from "@ferry/core/display-currency";
import { rateOf } from "@ferry/core/exchange";
import { formatRateForReader } from "../i18n/format-rate.ts";
import { format, t } from "../i18n/i18n.tsx";
import { formatDateTime } from "../lib/format-date-time.ts";
import { useBalanceTotal } from "../lib/queries/balance-total.ts";
import { useSignedInProfile } from "../lib/queries/session.ts";
import { LoadFailed } from "./load-failed.tsx";
import { Card, CardContent } from "./ui/card.tsx";
import { Skeleton } from "./ui/skeleton.tsx";

function RateLine({ rate }: { rate: TotalRate }) {
  return (
    <li className="tabular-nums">
      {t("1 {from} = {rate} {to}, set {dateTime}", {
        from: rate.from,
        to: rate.to,
        rate: formatRateForReader(rateOf(rate.rate)),
        dateTime: formatDateTime(rate.updatedAt),
      })}
    </li>
  );
}

/** Which rates the total used and how, so a person can check it (decision 045). */
function HowWeWorkedItOut({ total }: { total: BalanceTotal }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-foreground">{t("How we worked this out")}</summary>
      <p className="mt-2 text-muted-foreground">
        {t(
          "Each balance is converted into {currency} at Ferry’s own rates, through USD where there is no direct rate, and the sum is rounded once. This total is for display only: nothing in your accounts is converted.",
          { currency: total.currency },
        )}
      </p>
      {total.rates.length > 0 ? (
        <ul aria-label={t("Rates used")} className="mt-2 space-y-1 text-muted-foreground">
          {total.rates.map((rate) => (
            <RateLine key={`${rate.from}-${rate.to}`} rate={rate} />
          ))}
        </ul>
      ) : null}
    </details>
  );
}

function TotalFigure({ total }: { total: BalanceTotal }) {
  const figure = format().withCode(
    total.currency,
    format().decimal(total.total, DISPLAY_CURRENCY_DECIMALS[total.currency]),
  );
  return (
    <>
      <p className="mt-1 text-3xl font-bold tabular-nums" data-testid="balance-total">
        {figure}
      </p>
      <p className="mt-1 text-xs text-muted-foreground">
        {total.ratesAsOf
          ? t("At Ferry’s rates of {dateTime}", { dateTime: formatDateTime(total.ratesAsOf) })
          : t("No conversion needed")}
      </p>
      <HowWeWorkedItOut total={total} />
    </>
  );
}

/**
 * The total of all the person's balances in the display currency they saved (USD, EUR, JPY or BTC) at
 * Ferry's rates of now: the dashboard's and /balance's (issue 29). Display only; the ledger is untouched.
 */
export function BalanceTotalCard({ className }: { className?: string }) {
  const currency = useSignedInProfile().preferences?.currency ?? "USD";
  const total = useBalanceTotal(currency);
  return (
    <Card className={className}>
      <CardContent className="p-5">
        <h2 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
          {t("Total balance in {currency}", { currency })}
        </h2>
        {total.isPending ? (
          // The loaded figure's three lines, at their heights: nothing below the card moves when it arrives.
          <div aria-hidden="true">
            <Skeleton className="mt-1 h-9 w-48" />
            <Skeleton className="mt-1 h-4 w-40" />
            <Skeleton className="mt-3 h-5 w-36" />
          </div>
        ) : null}
        {total.isError && !total.data ? (
          <LoadFailed className="mt-2" message={t("The total could not be worked out right now.")} query={total} />
        ) : null}
        {total.data ? <TotalFigure total={total.data} /> : null}
      </CardContent>
    </Card>
  );
}
