import type { InvestmentOverview } from "@ferry/core/contracts/investments";
import type { MessageKey } from "@ferry/core/i18n/catalog";
import { type DailyRate, projectedReturnMinor } from "@ferry/core/investment-returns";
import { minorOf } from "@ferry/core/money";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card.tsx";
import { format, t } from "../../../i18n/i18n.tsx";
import { formatUsd } from "../../../lib/format-usd.ts";
import { ProjectionChart, type ProjectionPoint } from "./projection-chart.tsx";

/** The horizons the chart shows; 30 and 365 days are the spec's two projections (§9). */
const CHART_DAYS: readonly number[] = [7, 30, 90, 180, 365];

/** The daily rate in percent, exactly as configured: "2" for 0.02, "0.15" for 0.0015. */
export function dailyPercentOf(rate: DailyRate): string {
  const decimals = rate.denominator.toString().length - 1;
  const percentDecimals = Math.max(decimals - 2, 0);
  const scaled = rate.numerator * 10n ** BigInt(Math.max(2 - decimals, 0));
  const digits = scaled.toString().padStart(percentDecimals + 1, "0");
  const whole = digits.slice(0, digits.length - percentDecimals);
  const fraction = digits.slice(digits.length - percentDecimals).replace(/0+$/, "");
  return fraction === "" ? whole : `${whole}.${fraction}`;
}

/** A percentage's figure ("2", "0.15", "730") in the reader's locale ("0,15" in German). */
export function localPercent(value: string): string {
  return format().decimal(value, value.split(".")[1]?.length ?? 0);
}

function Figure(props: { label: MessageKey; value: string; testId: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 rounded-lg bg-muted px-3 py-2 sm:block sm:p-4">
      <dt className="text-xs font-medium text-muted-foreground">{t(props.label)}</dt>
      <dd className="font-bold tabular-nums sm:mt-1 sm:text-xl" data-testid={props.testId}>
        {props.value}
      </dd>
    </div>
  );
}

/**
 * Spec §9's projections from the current balance (30 and 365 days, simple, as the server computes
 * them), the displayed annual ROI derived from the configured rate, and a chart of the projection.
 */
export function ReturnProjections(props: { overview: InvestmentOverview | null; rate: DailyRate | null }) {
  const { overview, rate } = props;
  const balance = overview?.investment?.currentBalance ?? "0";
  const balanceMinor = minorOf(balance, "USD");
  const points: ProjectionPoint[] = rate
    ? CHART_DAYS.map((days) => ({
        label: t("{count, plural, one {# day} other {# days}}", { count: days }),
        returnMinor: projectedReturnMinor(balanceMinor, rate, days),
      }))
    : [];
  return (
    <Card aria-labelledby="projections-heading" role="region">
      <CardHeader className="pb-4">
        <h2 id="projections-heading" className="font-semibold leading-none tracking-tight">
          {t("Return Projections")}
        </h2>
        <CardDescription>
          {rate
            ? t("At {percent}% a day on your current balance, paid daily and not compounded.", {
                percent: localPercent(dailyPercentOf(rate)),
              })
            : t("Projections are unavailable right now.")}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3 sm:gap-3">
          <Figure
            label="30 Days"
            value={overview ? formatUsd(overview.projections.days30) : "—"}
            testId="projection-30"
          />
          <Figure
            label="365 Days"
            value={overview ? formatUsd(overview.projections.days365) : "—"}
            testId="projection-365"
          />
          <Figure
            label="Annual ROI"
            value={overview ? t("{percent}%", { percent: localPercent(overview.annualRoiPercent) }) : "—"}
            testId="annual-roi"
          />
        </dl>
        {balanceMinor > 0n && points.length > 0 ? (
          <ProjectionChart
            caption={t("Projected returns on {amount} over the next year", { amount: formatUsd(balance) })}
            points={points}
          />
        ) : (
          <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
            {t("Invest to see how your returns grow over the next year.")}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
