import type { TransactionItem } from "@ferry/core/contracts/transfers";
import type { MessageKey } from "@ferry/core/i18n/catalog";
import { minorOf } from "@ferry/core/money";
import { transferPagePath } from "@ferry/core/web-routes";
import {
  ArrowDownLeftIcon,
  ArrowLeftIcon,
  ArrowUpRightIcon,
  DownloadIcon,
  LandmarkIcon,
  type LucideIcon,
  ReceiptIcon,
  RepeatIcon,
} from "lucide-react";
import { Link, useNavigate } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { LoadMore } from "../../components/load-more.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { TransactionIcon } from "../../components/transaction-icon.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { formatAmount, formatMoney } from "../../i18n/format.ts";
import { format, t } from "../../i18n/i18n.tsx";
import { cn } from "../../lib/cn.ts";
import { useErrorToast } from "../../lib/toasts.ts";
import { useTransactionHistory } from "./api/get-transaction-history.ts";
import { HistoryFilterBar, HistoryTotals, useHistoryFilters } from "./history-filters.tsx";

const TYPES: Record<TransactionItem["type"], { label: MessageKey; icon: LucideIcon }> = {
  sent: { label: "Sent Money", icon: ArrowUpRightIcon },
  received: { label: "Received", icon: ArrowDownLeftIcon },
  deposit: { label: "Deposit", icon: LandmarkIcon },
  withdraw: { label: "Withdraw", icon: ArrowUpRightIcon },
  exchange: { label: "Exchange", icon: RepeatIcon },
};

/** "To:" a recipient, "From:" a sender; an exchange names its pair ("USD → EUR") without either. */
function counterpartyLabelOf(item: TransactionItem): MessageKey | null {
  if (item.type === "exchange") {
    return null;
  }
  return item.type === "received" ? "From:" : "To:";
}

/**
 * The page of a transfer the person sent (issue 30: followed step by step, cancelled within the window):
 * history ids of transfers are "t" + the transfer's id. None for deposits, exchanges or money received.
 */
function transferPathOf(item: TransactionItem): string | null {
  return item.direction === "out" && item.id.startsWith("t") ? transferPagePath(item.id.slice(1)) : null;
}

function amountClassOf(item: TransactionItem): string {
  if (item.direction === "out") {
    return "text-foreground";
  }
  // Spec §2: money on its way in is yellow until it has arrived.
  return item.status === "pending" ? "text-yellow-600" : "text-green-700";
}

function TransactionRow({ item }: { item: TransactionItem }) {
  const type = TYPES[item.type];
  const amountMinor = minorOf(item.amount, item.currency);
  const feeMinor = minorOf(item.fee, item.currency);
  const isIncoming = item.direction === "in";
  // The person's language and chosen time zone (issue 29), as the CSV statement writes the same moment.
  const formatter = format();
  const counterpartyLabel = counterpartyLabelOf(item);
  return (
    <li className="flex gap-3 p-4 sm:gap-4 sm:p-5" data-testid="transaction-row">
      <TransactionIcon icon={type.icon} isIncoming={isIncoming} size="large" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold">{t(type.label)}</p>
          <StatusBadge status={item.status} />
        </div>
        <p className="mt-0.5 text-xs text-muted-foreground">
          <time dateTime={item.createdAt}>
            {/* One style for a moment on every screen (issue 30): "Nov 20, 2026, 10:30 PM". */}
            {formatter.dateTime(item.createdAt)}
          </time>
        </p>
        {item.counterparty ? (
          <p className="mt-1 truncate text-sm text-muted-foreground">
            {counterpartyLabel ? `${t(counterpartyLabel)} ` : null}
            <span className="text-foreground">{item.counterparty}</span>
          </p>
        ) : null}
        {item.app ? (
          // A transfer a connected app made with its API credential (/connect).
          <p className="mt-0.5 truncate text-xs text-muted-foreground" data-testid="transaction-app">
            {t("via {name}", { name: item.app.name })}
          </p>
        ) : null}
        {item.memo ? <p className="mt-0.5 truncate text-sm italic text-muted-foreground">“{item.memo}”</p> : null}
        {transferPathOf(item) ? (
          <Link
            to={transferPathOf(item) ?? ""}
            className="mt-1 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {t("Transfer details")}
          </Link>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1 text-right">
        <Badge variant="outline">{item.currency}</Badge>
        <p className={cn("font-semibold tabular-nums", amountClassOf(item))} data-testid="transaction-amount">
          {isIncoming ? "+" : "-"}
          {/* Exact, as every screen shows amounts (issue 30): ETH 0.00001234, not 0.00001. */}
          {formatAmount(amountMinor, item.currency)}
        </p>
        {feeMinor > 0n ? (
          <p className="text-xs text-muted-foreground tabular-nums" data-testid="transaction-fee">
            {t("Fee: {amount}", {
              amount: formatMoney({ currency: item.currency, amountMinor: feeMinor }),
            })}
          </p>
        ) : null}
      </div>
    </li>
  );
}

function TransactionList({ filtering }: { filtering: ReturnType<typeof useHistoryFilters> }) {
  const history = useTransactionHistory(filtering.filters);
  useErrorToast(history.error, t("Failed to load transactions"));
  if (history.isPending) {
    return (
      <Card>
        <CardContent className="grid gap-4 p-5">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} className="h-14 w-full" />
          ))}
        </CardContent>
      </Card>
    );
  }
  if (!history.data) {
    // Not read, so not "No transactions yet" (issue 30): a failure says so where the list would be.
    return <LoadFailed message={t("Your transactions could not be loaded right now.")} query={history} />;
  }
  const items = history.data.pages.flatMap((page) => page.items);
  const totals = history.data.pages[0]?.totals ?? [];
  if (items.length === 0 && filtering.isFiltered) {
    return (
      <EmptyState
        icon={ReceiptIcon}
        title={t("No transactions match these filters")}
        hint={t("Try another search, or clear the filters.")}
        action={
          <Button variant="outline" onClick={filtering.clear}>
            {t("Clear filters")}
          </Button>
        }
      />
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState
        icon={ReceiptIcon}
        title={t("No transactions yet")}
        hint={t("Money you send, receive, deposit or cash out appears here.")}
      />
    );
  }
  return (
    <>
      <HistoryTotals totals={totals} />
      <Card>
        <ul className="divide-y divide-border" aria-label={t("Transactions")}>
          {items.map((item) => (
            <TransactionRow key={item.id} item={item} />
          ))}
        </ul>
      </Card>
      <LoadMore list={history} className="mt-4" />
    </>
  );
}

/** `/transactions`: every deposit, withdrawal and transfer, newest first (spec §2 Transactions history). */
export function TransactionsPage() {
  const navigate = useNavigate();
  const filtering = useHistoryFilters();
  return (
    <>
      <Button variant="ghost" size="sm" className="mb-2 -ml-2" onClick={() => navigate(-1)}>
        <ArrowLeftIcon /> {t("Back")}
      </Button>
      <PageHeader
        title={t("Transaction History")}
        description={t("All your deposits, withdrawals and transfers, newest first.")}
        actions={
          <Button asChild variant="outline">
            {/* The statement of what is filtered (issue 30), or all of it. */}
            <a href={`/api/v1/transactions/export.csv${filtering.query ? `?${filtering.query}` : ""}`} download>
              <DownloadIcon /> {t("Export CSV")}
            </a>
          </Button>
        }
      />
      <HistoryFilterBar {...filtering} />
      <TransactionList filtering={filtering} />
    </>
  );
}
