import type { TransactionItem } from "@ferry/core/contracts/transfers";
import { minorOf } from "@ferry/core/money";
import { ArrowDownLeftIcon, ArrowUpRightIcon } from "lucide-react";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { SeeAllLink } from "../../../components/see-all-link.tsx";
import { StatusBadge } from "../../../components/status-badge.tsx";
import { TransactionIcon } from "../../../components/transaction-icon.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { formatAmount, formatMoney } from "../../../i18n/format.ts";
import { format, t } from "../../../i18n/i18n.tsx";
import { cn } from "../../../lib/cn.ts";
import { useErrorToast } from "../../../lib/toasts.ts";
import { RECENT_TRANSACTIONS_LIMIT, useRecentTransactions } from "../api/get-recent-transactions.ts";

/** Spec §2 reading B: 'Send to {recipient email or User}'; the other kinds of entry say what they are. */
function titleOf(item: TransactionItem): string {
  switch (item.type) {
    case "sent":
      return t("Send to {name}", { name: item.counterparty || t("User") });
    case "received":
      return t("From {name}", { name: item.counterparty || t("User") });
    case "deposit":
      return t("Deposit");
    case "withdraw":
      return t("Cash out");
    case "exchange":
      return item.counterparty ? t("Exchange {pair}", { pair: item.counterparty }) : t("Exchange");
  }
}

function RecentTransactionRow({ item }: { item: TransactionItem }) {
  const isIncoming = item.direction === "in";
  const amount = formatAmount(minorOf(item.amount, item.currency), item.currency);
  const feeMinor = minorOf(item.fee, item.currency);
  return (
    <li className="flex items-center gap-3 py-3">
      <TransactionIcon icon={isIncoming ? ArrowDownLeftIcon : ArrowUpRightIcon} isIncoming={isIncoming} size="small" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{titleOf(item)}</p>
        <p className="text-xs text-muted-foreground">{format().date(item.createdAt)}</p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <p className={cn("text-sm font-semibold tabular-nums", isIncoming && "text-green-700")}>
          {isIncoming ? "+" : "-"}
          {item.currency} {amount}
        </p>
        {feeMinor > 0n ? (
          <p className="text-xs text-muted-foreground tabular-nums" data-testid="recent-transaction-fee">
            {t("Fee: {amount}", { amount: formatMoney({ currency: item.currency, amountMinor: feeMinor }) })}
          </p>
        ) : null}
        <StatusBadge status={item.status} />
      </div>
    </li>
  );
}

/** One placeholder row per transaction the list will show; the rows never reorder, so their number is their key. */
const SKELETON_ROWS = Array.from({ length: RECENT_TRANSACTIONS_LIMIT }, (_, row) => `row-${row + 1}`);

function RecentTransactionList() {
  const transactions = useRecentTransactions();
  useErrorToast(transactions.error, "Failed to load transactions");
  if (transactions.isPending) {
    return (
      <div className="grid gap-3 py-2">
        {SKELETON_ROWS.map((row) => (
          <Skeleton key={row} className="h-10 w-full" />
        ))}
      </div>
    );
  }
  if (!transactions.data) {
    return <LoadFailed message={t("Your transactions could not be loaded right now.")} query={transactions} />;
  }
  const items = transactions.data.items;
  if (items.length === 0) {
    return <p className="py-6 text-center text-sm text-muted-foreground">{t("No recent transactions")}</p>;
  }
  return (
    <ul className="divide-y divide-border" aria-labelledby="recent-transactions-heading">
      {items.map((item) => (
        <RecentTransactionRow key={item.id} item={item} />
      ))}
    </ul>
  );
}

/** The three newest entries of the user's history, with a way to the full list. */
export function RecentTransactions() {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between pb-2">
        <CardTitle id="recent-transactions-heading" className="text-base">
          {t("Recent Transactions")}
        </CardTitle>
        <SeeAllLink to="/transactions">{t("View all")}</SeeAllLink>
      </CardHeader>
      <CardContent>
        <RecentTransactionList />
      </CardContent>
    </Card>
  );
}
