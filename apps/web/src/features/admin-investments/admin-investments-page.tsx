import type { AdminInvestmentSummary } from "@ferry/core/contracts/investments";
import { PiggyBankIcon } from "lucide-react";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { LoadMore } from "../../components/load-more.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { SearchInput } from "../../components/search-input.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { format, t } from "../../i18n/i18n.tsx";
import { formatUsd } from "../../lib/format-usd.ts";
import { useErrorToast } from "../../lib/toasts.ts";
import { useSearchTerm } from "../../lib/use-debounced-value.ts";
import { useMediaQuery } from "../../lib/use-media-query.ts";
import { useAdminInvestments } from "./api/get-admin-investments.ts";
import { InvestmentCards, InvestmentTable } from "./components/investment-list.tsx";
import { YieldReserveCard } from "./components/yield-reserve-card.tsx";

/** A count as the locale writes it ("1,250", "1.250"). */
function countOf(count: number): string {
  return format().decimal(String(count), 0);
}

function SummaryCard(props: { title: string; value: string }) {
  return (
    <Card>
      <CardContent className="p-4">
        <p className="text-xs font-medium text-muted-foreground sm:text-sm">{props.title}</p>
        <p className="mt-1 truncate text-lg font-bold tabular-nums sm:text-2xl">{props.value}</p>
      </CardContent>
    </Card>
  );
}

/** Spec §2 Investment Management's five cards, over every investment. */
function SummaryCards({ summary }: { summary: AdminInvestmentSummary }) {
  return (
    <section
      aria-label={t("Investment summary")}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5 [&>*:last-child]:col-span-2 sm:[&>*:last-child]:col-span-1"
    >
      <SummaryCard title={t("Total Investments")} value={countOf(summary.totalInvestments)} />
      <SummaryCard title={t("Active Investments")} value={countOf(summary.activeInvestments)} />
      <SummaryCard title={t("Amount Invested")} value={formatUsd(summary.amountInvested)} />
      <SummaryCard title={t("Current Balance")} value={formatUsd(summary.currentBalance)} />
      <SummaryCard title={t("Total Returns")} value={formatUsd(summary.totalReturns)} />
    </section>
  );
}

/** The investments matching `search`, as a table on wide screens and cards on narrow ones. */
function InvestmentRows(props: { investments: ReturnType<typeof useAdminInvestments>; search: string }) {
  const { investments, search } = props;
  const isWide = useMediaQuery("(min-width: 1024px)");
  if (investments.isPending) {
    return (
      <div className="grid gap-3">
        {["first", "second", "third"].map((row) => (
          <Skeleton key={row} className="h-14 w-full" />
        ))}
      </div>
    );
  }
  if (!investments.data) {
    // Not read, so not "No investments yet" (issue 30): a failure says so where the list would be.
    return <LoadFailed message={t("This list could not be loaded right now.")} query={investments} />;
  }
  const items = investments.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState
        icon={PiggyBankIcon}
        title={search ? t("No investments found") : t("No investments yet")}
        hint={
          search
            ? t("No investor's name or e-mail matches this search.")
            : t("Investments appear here once a customer invests.")
        }
      />
    );
  }
  if (isWide) {
    return <InvestmentTable investments={items} />;
  }
  return <InvestmentCards investments={items} />;
}

/** The five cards and the yield reserve, from the first page (skeletons while it comes). */
function Overview({ investments }: { investments: ReturnType<typeof useAdminInvestments> }) {
  const firstPage = investments.data?.pages[0];
  if (firstPage) {
    return (
      <>
        <SummaryCards summary={firstPage.summary} />
        <YieldReserveCard reserve={firstPage.reserve} />
      </>
    );
  }
  if (investments.isPending) {
    return (
      <div className="grid gap-3">
        <Skeleton className="h-24" />
        <Skeleton className="h-28" />
      </div>
    );
  }
  return null;
}

/** `/admin/investments`: the five cards, the yield reserve with its top-up, and every investment, searchable. */
export function AdminInvestmentsPage() {
  const search = useSearchTerm();
  const investments = useAdminInvestments(search.term);
  useErrorToast(investments.error, t("Failed to load investments"));
  return (
    <>
      <PageHeader
        title={t("Investment Management")}
        description={t("Every investment, its returns and the reserve that pays them.")}
      />
      <div className="grid gap-6">
        <Overview investments={investments} />
        <section aria-label={t("Investments")} className="grid gap-4">
          <SearchInput
            label={t("Search investments")}
            placeholder={t("Search by name or email")}
            value={search.text}
            onChange={search.setText}
          />
          <InvestmentRows investments={investments} search={search.term} />
          <LoadMore list={investments} />
        </section>
      </div>
    </>
  );
}
