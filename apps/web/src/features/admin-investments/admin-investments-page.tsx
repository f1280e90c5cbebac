import type { AdminInvestmentSummary } from "@ferry/core/contracts/investments";
import { Loader2Icon, PiggyBankIcon, SearchIcon } from "lucide-react";
import { useState } from "react";
import { EmptyState } from "../../components/empty-state.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { formatUsd } from "../../lib/format-usd.ts";
import { useDebouncedValue } from "../../lib/use-debounced-value.ts";
import { useErrorToast } from "../../lib/use-error-toast.ts";
import { useMediaQuery } from "../../lib/use-media-query.ts";
import { useAdminInvestments } from "./api/get-admin-investments.ts";
import { InvestmentCards, InvestmentTable } from "./components/investment-list.tsx";
import { YieldReserveCard } from "./components/yield-reserve-card.tsx";

const SEARCH_DEBOUNCE_MS = 300;

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
      aria-label="Investment summary"
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5 [&>*:last-child]:col-span-2 sm:[&>*:last-child]:col-span-1"
    >
      <SummaryCard title="Total Investments" value={summary.totalInvestments.toLocaleString()} />
      <SummaryCard title="Active Investments" value={summary.activeInvestments.toLocaleString()} />
      <SummaryCard title="Amount Invested" value={formatUsd(summary.amountInvested)} />
      <SummaryCard title="Current Balance" value={formatUsd(summary.currentBalance)} />
      <SummaryCard title="Total Returns" value={formatUsd(summary.totalReturns)} />
    </section>
  );
}

/** `/admin/investments`: the five cards, the yield reserve with its top-up, and every investment, searchable. */
export function AdminInvestmentsPage() {
  const [search, setSearch] = useState("");
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const investments = useAdminInvestments(debouncedSearch);
  const isWide = useMediaQuery("(min-width: 1024px)");
  useErrorToast(investments.error, "Failed to load investments");
  const firstPage = investments.data?.pages[0];
  const items = investments.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <PageHeader
        title="Investment Management"
        description="Every investment, its returns and the reserve that pays them."
      />
      <div className="grid gap-6">
        {firstPage ? (
          <>
            <SummaryCards summary={firstPage.summary} />
            <YieldReserveCard reserve={firstPage.reserve} />
          </>
        ) : investments.isPending ? (
          <div className="grid gap-3">
            <Skeleton className="h-24" />
            <Skeleton className="h-28" />
          </div>
        ) : null}
        <section aria-label="Investments" className="grid gap-4">
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Search by name or email"
              aria-label="Search investments"
              className="pl-9"
            />
          </div>
          {investments.isPending ? (
            <div className="grid gap-3">
              {["first", "second", "third"].map((row) => (
                <Skeleton key={row} className="h-14 w-full" />
              ))}
            </div>
          ) : items.length === 0 ? (
            <EmptyState
              icon={PiggyBankIcon}
              title={debouncedSearch ? "No investments found" : "No investments yet"}
              hint={
                debouncedSearch
                  ? "No investor's name or e-mail matches this search."
                  : "Investments appear here once a customer invests."
              }
            />
          ) : isWide ? (
            <InvestmentTable investments={items} />
          ) : (
            <InvestmentCards investments={items} />
          )}
          {investments.hasNextPage ? (
            <div className="flex justify-center">
              <Button
                variant="outline"
                onClick={() => investments.fetchNextPage()}
                disabled={investments.isFetchingNextPage}
              >
                {investments.isFetchingNextPage ? <Loader2Icon className="animate-spin" /> : null}
                Load more
              </Button>
            </div>
          ) : null}
        </section>
      </div>
    </>
  );
}
