import type { InvestmentTransaction } from "@ferry/core/contracts/investments";
import type { MessageKey } from "@ferry/core/i18n/catalog";
import { ArrowDownLeftIcon, ArrowUpRightIcon, type LucideIcon, ReceiptIcon, SparklesIcon } from "lucide-react";
import { TransactionIcon } from "../../../components/transaction-icon.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card.tsx";
import { format, t } from "../../../i18n/i18n.tsx";
import { cn } from "../../../lib/cn.ts";
import { formatUsd } from "../../../lib/format-usd.ts";

/** How each movement reads, and whether it adds to the investment. */
const TYPES: Record<InvestmentTransaction["type"], { label: MessageKey; icon: LucideIcon; isIncoming: boolean }> = {
  deposit: { label: "Deposit", icon: ArrowDownLeftIcon, isIncoming: true },
  withdraw: { label: "Withdrawal", icon: ArrowUpRightIcon, isIncoming: false },
  daily_return: { label: "Daily Return", icon: SparklesIcon, isIncoming: true },
};

function HistoryRow({ item }: { item: InvestmentTransaction }) {
  const type = TYPES[item.type];
  const formatter = format();
  return (
    <li className="flex items-center gap-3 py-3" data-testid="investment-transaction">
      <TransactionIcon icon={type.icon} isIncoming={type.isIncoming} size="small" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{t(type.label)}</p>
        <p className="text-xs text-muted-foreground">
          <time dateTime={item.createdAt}>{formatter.dateTime(item.createdAt)}</time>
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-0.5 text-right">
        <p className={cn("text-sm font-semibold tabular-nums", type.isIncoming && "text-green-700")}>
          {type.isIncoming ? "+" : "-"}
          {formatUsd(item.amount)}
        </p>
        <p className="text-xs text-muted-foreground tabular-nums">
          {t("Balance after {amount}", { amount: formatUsd(item.balanceAfter) })}
        </p>
      </div>
    </li>
  );
}

/** Spec §9: the last 10 investment transactions, newest first, each with the balance right after it. */
export function InvestmentHistory({ transactions }: { transactions: readonly InvestmentTransaction[] }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <h2 id="investment-history-heading" className="font-semibold leading-none tracking-tight">
          {t("Recent Investment Transactions")}
        </h2>
        <CardDescription>{t("Your last 10 deposits, withdrawals and daily returns.")}</CardDescription>
      </CardHeader>
      <CardContent>
        {transactions.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center">
            <ReceiptIcon className="size-6 text-muted-foreground" aria-hidden="true" />
            <p className="text-sm font-medium">{t("No investment transactions yet")}</p>
            <p className="text-sm text-muted-foreground">
              {t("Your deposits, withdrawals and daily returns appear here.")}
            </p>
          </div>
        ) : (
          <ul className="divide-y divide-border" aria-labelledby="investment-history-heading">
            {transactions.map((item) => (
              <HistoryRow key={item.id} item={item} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
