import type { AdminUserDetail, AdminUserSession } from "@ferry/core/contracts/admin";
import type { Balance } from "@ferry/core/contracts/balances";
import type { TransactionItem } from "@ferry/core/contracts/transfers";
import type { MessageKey } from "@ferry/core/i18n/catalog";
import { minorOf } from "@ferry/core/money";
import type * as React from "react";
import { useId } from "react";
import { KycStatusBadge } from "../../components/kyc-status-badge.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { Card, CardContent, CardHeader } from "../../components/ui/card.tsx";
import { formatAmount, formatMoney } from "../../i18n/format.ts";
import { t } from "../../i18n/i18n.tsx";
import { formatDateTime } from "../../lib/format-date-time.ts";

/** One titled card of the detail view, a region named by its title. */
export function DetailSection(props: { title: string; children: React.ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Card className="h-full">
        <CardHeader>
          <h2 id={headingId} className="text-lg font-semibold leading-none tracking-tight">
            {props.title}
          </h2>
        </CardHeader>
        <CardContent>{props.children}</CardContent>
      </Card>
    </section>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}

/** The profile's fields the user gave, and the account's facts; a missing one says so. */
export function ProfileFacts({ profile }: { profile: AdminUserDetail["profile"] }) {
  const address = [profile.address, profile.city, profile.postalCode, profile.country].filter(Boolean).join(", ");
  const facts: [string, string][] = [
    [t("Email"), profile.email],
    [t("Phone"), profile.phone || t("Not given")],
    [t("Address"), address || t("Not given")],
    [t("Role"), profile.role === "admin" ? t("Admin") : t("Customer")],
    [t("Member since"), formatDateTime(profile.createdAt)],
    [t("User id"), profile.userId],
  ];
  return (
    <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-2 text-sm">
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function amountOf(decimal: string, currency: Balance["currency"]): string {
  return formatAmount(minorOf(decimal, currency), currency);
}

/** Each currency's balance, with what pending transfers hold and what is available. */
export function BalanceTable({ balances }: { balances: readonly Balance[] }) {
  if (balances.length === 0) {
    return <Empty>{t("No balances.")}</Empty>;
  }
  return (
    <table className="w-full text-left text-sm tabular-nums">
      <thead className="text-xs text-muted-foreground">
        <tr>
          <th className="py-1 font-medium">{t("Currency")}</th>
          <th className="py-1 text-right font-medium">{t("Balance")}</th>
          <th className="py-1 text-right font-medium">{t("Reserved")}</th>
          <th className="py-1 text-right font-medium">{t("Available")}</th>
        </tr>
      </thead>
      <tbody>
        {balances.map((balance) => (
          <tr key={balance.currency} className="border-t border-border">
            <td className="py-1.5 font-medium">{balance.currency}</td>
            <td className="py-1.5 text-right">{amountOf(balance.balance, balance.currency)}</td>
            <td className="py-1.5 text-right">{amountOf(balance.reserved, balance.currency)}</td>
            <td className="py-1.5 text-right">{amountOf(balance.available, balance.currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const TYPE_LABELS: Record<TransactionItem["type"], MessageKey> = {
  sent: "Sent Money",
  received: "Received",
  deposit: "Deposit",
  withdraw: "Withdrawal",
  exchange: "Exchange",
};

/** The user's newest transactions: what, with whom, when, the signed amount and its status. */
export function TransactionRows({ transactions }: { transactions: readonly TransactionItem[] }) {
  if (transactions.length === 0) {
    return <Empty>{t("No transactions yet.")}</Empty>;
  }
  return (
    <ul className="divide-y divide-border text-sm">
      {transactions.map((item) => (
        <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <div className="min-w-0">
            <p className="font-medium">{t(TYPE_LABELS[item.type])}</p>
            <p className="truncate text-xs text-muted-foreground">
              {item.counterparty ? `${item.counterparty} · ` : ""}
              {formatDateTime(item.createdAt)}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <span className="font-semibold tabular-nums">
              {item.direction === "in" ? "+" : "-"}
              {formatMoney({ amountMinor: minorOf(item.amount, item.currency), currency: item.currency })}
            </span>
            <StatusBadge status={item.status} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The user's live sessions: when each began and ends, and from where. */
export function SessionRows({ sessions }: { sessions: readonly AdminUserSession[] }) {
  if (sessions.length === 0) {
    return <Empty>{t("No active sessions.")}</Empty>;
  }
  return (
    <ul className="divide-y divide-border text-sm">
      {sessions.map((session) => (
        <li key={session.id} className="grid gap-0.5 py-2">
          <p className="font-medium">
            {session.ipAddress
              ? t("Signed in {date} from {address}", {
                  date: formatDateTime(session.createdAt),
                  address: session.ipAddress,
                })
              : t("Signed in {date}", { date: formatDateTime(session.createdAt) })}
          </p>
          <p className="break-words text-xs text-muted-foreground">
            {t("Expires {date}", { date: formatDateTime(session.expiresAt) })}
            {session.userAgent ? ` · ${session.userAgent}` : ""}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** The KYC status; the documents and decisions are reviewed where the KYC module shows them. */
export function KycSummary({ status }: { status: AdminUserDetail["profile"]["kycStatus"] }) {
  return (
    <div className="flex items-center gap-2 text-sm">
      <span className="text-muted-foreground">{t("Status")}</span>
      <KycStatusBadge status={status} />
    </div>
  );
}
