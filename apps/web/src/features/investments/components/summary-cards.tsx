import type { Investment } from "@ferry/core/contracts/investments";
import type { MessageKey } from "@ferry/core/i18n/catalog";
import { CalendarClockIcon, type LucideIcon, PiggyBankIcon, TrendingUpIcon, WalletIcon } from "lucide-react";
import type * as React from "react";
import { Card, CardContent } from "../../../components/ui/card.tsx";
import { format, t } from "../../../i18n/i18n.tsx";
import { formatUsd } from "../../../lib/format-usd.ts";

function SummaryCard(props: { title: MessageKey; icon: LucideIcon; value: string; detail: React.ReactNode }) {
  const Icon = props.icon;
  const id = `investment-card-${props.title.toLowerCase().replaceAll(" ", "-")}`;
  return (
    <Card role="group" aria-labelledby={id} data-testid={id}>
      <CardContent className="p-4 sm:p-5">
        <div className="flex items-center justify-between gap-2">
          <p id={id} className="text-sm font-medium text-muted-foreground">
            {t(props.title)}
          </p>
          <span className="hidden size-8 shrink-0 items-center justify-center rounded-full bg-secondary text-primary sm:flex">
            <Icon className="size-4" aria-hidden="true" />
          </span>
        </div>
        <p className="mt-2 break-words text-xl font-bold tabular-nums sm:text-2xl" data-testid="card-value">
          {props.value}
        </p>
        <p className="mt-1 text-xs text-muted-foreground">{props.detail}</p>
      </CardContent>
    </Card>
  );
}

/**
 * A calendar day the server names ("2026-03-12"), in the reader's language: read at noon UTC, so the
 * reader's time zone (within ±12 hours) keeps the same day.
 */
function calendarDateOf(day: string): string {
  return format().date(`${day}T12:00:00Z`);
}

function NextPayoutDetail(props: { investment: Investment | null; nextPayout: Investment["nextPayout"] }) {
  if (!props.investment) {
    return <>{t("Daily returns start after your first investment")}</>;
  }
  if (!props.nextPayout) {
    return <>{t("Nothing is paid on a zero balance")}</>;
  }
  const { isAfterToday } = props.nextPayout;
  const time = format().dateTime(props.nextPayout.at);
  return (
    <>
      {isAfterToday
        ? t("Estimated, paid {time}: money invested today earns from tomorrow", { time })
        : t("Estimated, paid {time}", { time })}
    </>
  );
}

/**
 * The four cards of spec §2 Investment: amount invested, current balance, total returns, and the
 * next payout with its time. Before the first deposit every figure is zero.
 */
export function SummaryCards(props: { investment: Investment | null }) {
  const { investment } = props;
  const nextPayout = investment?.nextPayout ?? null;
  const lastReturn = investment?.lastReturnDate;
  return (
    <section aria-label={t("Investment summary")} className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <SummaryCard
        title="Amount Invested"
        icon={PiggyBankIcon}
        value={formatUsd(investment?.amountInvested ?? "0")}
        detail={t("What you put in, less withdrawals")}
      />
      <SummaryCard
        title="Current Balance"
        icon={WalletIcon}
        value={formatUsd(investment?.currentBalance ?? "0")}
        detail={t("Invested plus returns")}
      />
      <SummaryCard
        title="Total Returns"
        icon={TrendingUpIcon}
        value={formatUsd(investment?.totalReturns ?? "0")}
        detail={lastReturn ? t("Last paid for {date}", { date: calendarDateOf(lastReturn) }) : t("No returns paid yet")}
      />
      <SummaryCard
        title="Next Payout"
        icon={CalendarClockIcon}
        value={nextPayout ? formatUsd(nextPayout.amount) : "—"}
        detail={<NextPayoutDetail investment={investment} nextPayout={nextPayout} />}
      />
    </section>
  );
}
