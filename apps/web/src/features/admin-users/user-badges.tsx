import type { AdminUserBalance } from "@ferry/core/contracts/admin";
import type { KycStatus, UserStatus } from "@ferry/core/contracts/profile";
import type { MessageKey } from "@ferry/core/i18n/catalog";
import { minorOf } from "@ferry/core/money";
import { MailCheckIcon } from "lucide-react";
import { KycStatusBadge } from "../../components/kyc-status-badge.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { formatMoney } from "../../i18n/format.ts";
import { t } from "../../i18n/i18n.tsx";

const STATUS_VARIANTS = {
  active: "success",
  banned: "destructive",
  suspended: "warning",
} as const satisfies Record<UserStatus, string>;

/** The status's name, as the API spells it (lower case: the badge capitalises it), translated at render. */
const STATUS_LABELS = {
  active: "active",
  banned: "banned",
  suspended: "suspended",
} as const satisfies Record<UserStatus, MessageKey>;

/** A user's status (spec §4): active, banned or suspended. */
export function UserStatusBadge({ status }: { status: UserStatus }) {
  return (
    <Badge variant={STATUS_VARIANTS[status]} className="capitalize">
      {t(STATUS_LABELS[status])}
    </Badge>
  );
}

/** Status, KYC and (when it is) 'Email Verified', side by side. */
export function UserBadges(props: { status: UserStatus; kycStatus: KycStatus; emailVerified: boolean }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      <UserStatusBadge status={props.status} />
      <KycStatusBadge status={props.kycStatus} withPrefix />
      {props.emailVerified ? (
        <Badge variant="outline">
          <MailCheckIcon className="size-3" aria-hidden="true" />
          {t("Email Verified")}
        </Badge>
      ) : null}
    </div>
  );
}

/** A user's balances, one currency each ("USD 1,250.00"); the list carries only non-zero ones. */
export function BalanceList({ balances }: { balances: readonly AdminUserBalance[] }) {
  if (balances.length === 0) {
    return <span className="text-muted-foreground">{t("No balance")}</span>;
  }
  return (
    <ul className="grid gap-0.5 tabular-nums">
      {balances.map((balance) => (
        <li key={balance.currency} className="whitespace-nowrap">
          {formatMoney({ amountMinor: minorOf(balance.balance, balance.currency), currency: balance.currency })}
        </li>
      ))}
    </ul>
  );
}
