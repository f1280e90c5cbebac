import type { Balance } from "@ferry/core/contracts/balances";
import { type DailyRate, dailyReturnMinor, parseDailyRate } from "@ferry/core/investment-returns";
import { minorOf, parsePositiveAmount } from "@ferry/core/money";
import { useQuery } from "@tanstack/react-query";
import { ArrowDownToLineIcon, TrendingUpIcon } from "lucide-react";
import { useState } from "react";
import { LoadFailed } from "../../components/load-failed.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { UsdAmountDialog } from "../../components/usd-amount-dialog.tsx";
import { t } from "../../i18n/i18n.tsx";
import { formatUsd, formatUsdMinor } from "../../lib/format-usd.ts";
import { balancesQueryOptions } from "../../lib/queries/balances.ts";
import { useErrorToast } from "../../lib/toasts.ts";
import { useInvestment } from "./api/get-investment.ts";
import { useInvest } from "./api/invest.ts";
import { useWithdrawInvestment } from "./api/withdraw-investment.ts";
import { InvestmentHistory } from "./components/investment-history.tsx";
import { dailyPercentOf, localPercent, ReturnProjections } from "./components/return-projections.tsx";
import { SummaryCards } from "./components/summary-cards.tsx";

type OpenDialog = "invest" | "withdraw" | null;

function usdAvailableOf(balances: readonly Balance[] | undefined): string {
  return balances?.find((balance) => balance.currency === "USD")?.available ?? "0.00";
}

/** What a typed amount would earn a day, once it is a valid amount. */
function DailyEarningPreview(props: { amount: string; currentBalance: string; rate: DailyRate }) {
  const parsed = parsePositiveAmount(props.amount, "USD");
  if (!parsed.ok) {
    return null;
  }
  const newBalanceMinor = minorOf(props.currentBalance, "USD") + parsed.amountMinor;
  return (
    <p className="rounded-lg bg-muted p-3 text-sm" data-testid="invest-preview">
      {t("Your investment becomes {balance}, earning about {daily} a day.", {
        balance: formatUsdMinor(newBalanceMinor),
        daily: formatUsdMinor(dailyReturnMinor(newBalanceMinor, props.rate)),
      })}
    </p>
  );
}

function InvestDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentBalance: string;
  rate: DailyRate | null;
}) {
  const invest = useInvest();
  const balances = useQuery({ ...balancesQueryOptions, enabled: props.open });
  const available = usdAvailableOf(balances.data?.balances);
  const { rate } = props;
  return (
    <UsdAmountDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      id="invest-amount"
      title={t("Invest")}
      description={
        rate
          ? t("Move US dollars from your wallet into your investment. It earns {percent}% a day.", {
              percent: localPercent(dailyPercentOf(rate)),
            })
          : t("Move US dollars from your wallet into your investment.")
      }
      submitLabel={t("Invest")}
      pendingLabel={t("Investing…")}
      hint={balances.data ? t("Available in your wallet: {amount}", { amount: formatUsd(available) }) : undefined}
      renderPreview={
        rate
          ? (amount) => <DailyEarningPreview amount={amount} currentBalance={props.currentBalance} rate={rate} />
          : undefined
      }
      onSubmit={(request, idempotencyKey) => invest.mutateAsync({ request, idempotencyKey })}
    />
  );
}

function WithdrawDialog(props: { open: boolean; onOpenChange: (open: boolean) => void; currentBalance: string }) {
  const withdraw = useWithdrawInvestment();
  return (
    <UsdAmountDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      id="withdraw-amount"
      title={t("Withdraw")}
      description={t("Move money from your investment back to your USD wallet, at once.")}
      submitLabel={t("Withdraw")}
      pendingLabel={t("Withdrawing…")}
      hint={t("Current balance: {amount}", { amount: formatUsd(props.currentBalance) })}
      maxAmount={props.currentBalance}
      onSubmit={(request, idempotencyKey) => withdraw.mutateAsync({ request, idempotencyKey })}
    />
  );
}

function LoadingPage() {
  return (
    <div className="grid gap-6" role="status" aria-label={t("Loading")}>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {["invested", "balance", "returns", "payout"].map((card) => (
          <Skeleton key={card} className="h-32" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-5">
        <Skeleton className="h-96 lg:col-span-3" />
        <Skeleton className="h-96 lg:col-span-2" />
      </div>
    </div>
  );
}

/** Loading, failed and read: the skeleton, LoadFailed with Retry, or the cards, projections and history. */
function InvestmentOverviewSection(props: { overview: ReturnType<typeof useInvestment>; rate: DailyRate | null }) {
  const { overview } = props;
  if (overview.isPending) {
    return <LoadingPage />;
  }
  if (!overview.data) {
    // Issue 30 (decision 053): never the empty investment spec §8 fell back to, which read as money
    // lost; the toast still says why. A failed refetch keeps the overview already shown.
    return <LoadFailed message={t("Your investment could not be loaded right now.")} query={overview} />;
  }
  const { data } = overview;
  return (
    <div className="grid gap-6">
      <SummaryCards investment={data.investment} />
      <div className="grid items-start gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <ReturnProjections overview={data} rate={props.rate} />
        </div>
        <div className="lg:col-span-2">
          <InvestmentHistory transactions={data.transactions} />
        </div>
      </div>
    </div>
  );
}

/**
 * `/investment` (spec §2 Investment): four summary cards, return projections with a chart, the last
 * 10 investment transactions; Invest, and Withdraw while the balance is above 0.
 */
export function InvestmentPage() {
  const overview = useInvestment();
  useErrorToast(overview.error, t("Failed to load investment data"));
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  const dialogProps = (name: Exclude<OpenDialog, null>) => ({
    open: openDialog === name,
    onOpenChange: (open: boolean) => setOpenDialog(open ? name : null),
  });
  const data = overview.data ?? null;
  const investment = data?.investment ?? null;
  const parsedRate = data ? parseDailyRate(data.dailyRate) : null;
  const rate = parsedRate?.ok ? parsedRate.rate : null;
  const currentBalance = investment?.currentBalance ?? "0.00";
  const hasBalance = minorOf(currentBalance, "USD") > 0n;
  return (
    <>
      <PageHeader
        title={t("Investment Center")}
        description={
          rate
            ? t("Grow your US dollars with a {percent}% return paid every day.", {
                percent: localPercent(dailyPercentOf(rate)),
              })
            : t("Grow your US dollars with a return paid every day.")
        }
        actions={
          <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto">
            {hasBalance ? (
              <Button variant="outline" onClick={() => setOpenDialog("withdraw")}>
                <ArrowDownToLineIcon /> {t("Withdraw")}
              </Button>
            ) : null}
            <Button className={hasBalance ? undefined : "col-span-2"} onClick={() => setOpenDialog("invest")}>
              <TrendingUpIcon /> {t("Invest")}
            </Button>
          </div>
        }
      />
      <InvestmentOverviewSection overview={overview} rate={rate} />
      <InvestDialog {...dialogProps("invest")} currentBalance={currentBalance} rate={rate} />
      <WithdrawDialog {...dialogProps("withdraw")} currentBalance={currentBalance} />
    </>
  );
}
