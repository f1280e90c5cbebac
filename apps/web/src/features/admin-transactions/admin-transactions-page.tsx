import { shortenAddress } from "@ferry/core/contracts/payment-methods";
import { type AdminTransfer, TransferStatus } from "@ferry/core/contracts/transfers";
import type { CurrencyCode } from "@ferry/core/currencies";
import type { MessageKey } from "@ferry/core/i18n/catalog";
import { minorOf } from "@ferry/core/money";
import { ledgerEffectOf } from "@ferry/core/transfer-status";
import { CRYPTO_NETWORKS, isCryptoNetworkId } from "@ferry/core/validation/networks";
import { ReceiptIcon } from "lucide-react";
import { useState } from "react";
import { DialogFrame } from "../../components/dialog-frame.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { LoadMore } from "../../components/load-more.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { SearchInput } from "../../components/search-input.tsx";
import { StatusSelect } from "../../components/status-select.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { DialogFooter } from "../../components/ui/dialog.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { formatAmount, formatMoney } from "../../i18n/format.ts";
import { format, t } from "../../i18n/i18n.tsx";
import { cn } from "../../lib/cn.ts";
import { formatDateTime } from "../../lib/format-date-time.ts";
import { useErrorToast } from "../../lib/toasts.ts";
import { useSearchTerm } from "../../lib/use-debounced-value.ts";
import { useMediaQuery } from "../../lib/use-media-query.ts";
import { type AdminTransactionFilters, useAdminTransactions } from "./api/get-admin-transactions.ts";
import { useUpdateTransactionStatus } from "./api/update-transaction-status.ts";

const STATUSES = TransferStatus.options;

const METHOD_LABELS: Record<AdminTransfer["method"], MessageKey> = {
  bank: "Bank",
  crypto: "Crypto",
  ferry_user: "Ferry user",
  withdrawal: "Cash-out",
};

const STATUS_TONES: Record<TransferStatus, string> = {
  pending: "border-yellow-300 bg-yellow-50 text-yellow-900",
  processed: "border-yellow-300 bg-yellow-50 text-yellow-900",
  sent: "border-green-300 bg-green-50 text-green-900",
  failed: "border-red-300 bg-red-50 text-red-900",
  cancelled: "border-red-300 bg-red-50 text-red-900",
};

/** Each status's name as admins read it; the API's value stays in the option's value. */
const STATUS_LABELS: Record<TransferStatus, MessageKey> = {
  pending: "Pending",
  processed: "Processed",
  sent: "Sent",
  failed: "Failed",
  cancelled: "Cancelled",
};

function statusLabelOf(status: TransferStatus): string {
  return t(STATUS_LABELS[status]);
}

/**
 * An amount exactly, as every screen shows it (issue 30): its currency's display decimals and as many
 * more as it has, where spec §9's "2 to 8 decimals" rounded an ETH amount's last digits away.
 */
function adminAmount(decimal: string, currency: CurrencyCode): string {
  return formatAmount(minorOf(decimal, currency), currency);
}

function recipientDetailOf(transfer: AdminTransfer): string | null {
  if (transfer.recipientBankName) {
    return transfer.recipientBankName;
  }
  if (transfer.cryptoAddress) {
    const network =
      transfer.cryptoNetwork && isCryptoNetworkId(transfer.cryptoNetwork)
        ? CRYPTO_NETWORKS[transfer.cryptoNetwork].name
        : (transfer.cryptoNetwork ?? "");
    return `${network} · ${shortenAddress(transfer.cryptoAddress)}`;
  }
  return null;
}

/** What a status change does to the sender's money, in words: undefined when it moves none. */
function moneyEffectOf(transfer: AdminTransfer, status: TransferStatus): string | undefined {
  const amount = formatMoney({ currency: transfer.currency, amountMinor: minorOf(transfer.total, transfer.currency) });
  const values = { amount, name: transfer.senderName };
  switch (ledgerEffectOf(transfer.status, status)) {
    case "none":
      return undefined;
    case "post":
      return t("{amount} leaves {name}'s balance for good.", values);
    case "void":
    case "refund":
      return t("{amount} returns to {name}'s available balance.", values);
    case "reserve_again":
    case "post_again":
    case "refund_and_reserve":
      return t("{amount} is taken from {name}'s balance again.", values);
  }
}

/**
 * The per-row status selector: changing it asks the server to move the money to match. A change that
 * moves money asks first, naming the amount and the person (issue 30); one that moves none applies.
 */
function TransferStatusSelect({ transfer }: { transfer: AdminTransfer }) {
  const update = useUpdateTransactionStatus();
  const [asked, setAsked] = useState<TransferStatus | null>(null);
  const shown = update.isPending ? update.variables.status : transfer.status;
  const apply = (status: TransferStatus) => update.mutate({ transferId: transfer.id, status });
  const effect = asked === null ? undefined : moneyEffectOf(transfer, asked);
  return (
    <>
      <StatusSelect
        label={t("Status of the transfer to {email}", { email: transfer.recipientEmail })}
        isLabelHidden
        statuses={STATUSES}
        labelOf={statusLabelOf}
        value={shown}
        isSaving={update.isPending}
        className={cn("w-36 font-medium", STATUS_TONES[shown])}
        onChange={(status) => (moneyEffectOf(transfer, status) === undefined ? apply(status) : setAsked(status))}
      />
      <DialogFrame
        open={asked !== null}
        onClose={() => setAsked(null)}
        title={t("Change this transfer to {status}?", { status: asked === null ? "" : statusLabelOf(asked) })}
        description={effect}
      >
        <DialogFooter>
          <Button variant="outline" onClick={() => setAsked(null)}>
            {t("Cancel")}
          </Button>
          <Button
            onClick={() => {
              if (asked !== null) {
                apply(asked);
              }
              setAsked(null);
            }}
          >
            {t("Change status")}
          </Button>
        </DialogFooter>
      </DialogFrame>
    </>
  );
}

function Person(props: { name: string; email: string; detail?: string | null }) {
  return (
    <div className="min-w-0">
      <p className="truncate font-medium">{props.name || props.email}</p>
      {props.name ? <p className="truncate text-xs text-muted-foreground">{props.email}</p> : null}
      {props.detail ? <p className="truncate font-mono text-xs text-muted-foreground">{props.detail}</p> : null}
    </div>
  );
}

function DateTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {format().date(iso)}
      <span className="block text-xs text-muted-foreground">{format().time(iso)}</span>
    </time>
  );
}

function TransferTable({ transfers }: { transfers: AdminTransfer[] }) {
  return (
    <Card className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-border bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th className="px-4 py-3 font-medium">{t("Date")}</th>
            <th className="px-4 py-3 font-medium">{t("Sender")}</th>
            <th className="px-4 py-3 font-medium">{t("Recipient")}</th>
            <th className="px-4 py-3 font-medium">{t("Method")}</th>
            <th className="px-4 py-3 text-right font-medium">{t("Amount")}</th>
            <th className="px-4 py-3 text-right font-medium">{t("Fee")}</th>
            <th className="px-4 py-3 font-medium">{t("Status")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {transfers.map((transfer) => (
            <tr key={transfer.id} data-testid="admin-transfer" className="align-top">
              <td className="px-4 py-3">
                <DateTime iso={transfer.createdAt} />
              </td>
              <td className="max-w-48 px-4 py-3">
                <Person name={transfer.senderName} email={transfer.senderEmail} />
              </td>
              <td className="max-w-56 px-4 py-3">
                <Person
                  name={transfer.recipientName}
                  email={transfer.recipientEmail}
                  detail={recipientDetailOf(transfer)}
                />
              </td>
              <td className="px-4 py-3">
                <Badge variant="neutral">{t(METHOD_LABELS[transfer.method])}</Badge>
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-right font-semibold tabular-nums">
                {adminAmount(transfer.amount, transfer.currency)}{" "}
                <span className="text-xs font-medium text-muted-foreground">{transfer.currency}</span>
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums text-muted-foreground">
                {adminAmount(transfer.fee, transfer.currency)}
              </td>
              <td className="px-4 py-3">
                <TransferStatusSelect transfer={transfer} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function TransferCards({ transfers }: { transfers: AdminTransfer[] }) {
  return (
    <ul className="grid grid-cols-1 gap-3">
      {transfers.map((transfer) => (
        <li key={transfer.id} data-testid="admin-transfer">
          <Card>
            <CardContent className="grid grid-cols-1 gap-3 p-4">
              <div className="flex items-start justify-between gap-3">
                <div>
                  <p className="text-lg font-semibold tabular-nums">
                    {adminAmount(transfer.amount, transfer.currency)}{" "}
                    <span className="text-sm font-medium text-muted-foreground">{transfer.currency}</span>
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {t("Fee {amount}", { amount: adminAmount(transfer.fee, transfer.currency) })} ·{" "}
                    <time dateTime={transfer.createdAt}>{formatDateTime(transfer.createdAt)}</time>
                  </p>
                </div>
                <Badge variant="neutral">{t(METHOD_LABELS[transfer.method])}</Badge>
              </div>
              <dl className="grid grid-cols-[4.5rem_1fr] gap-x-3 gap-y-2 text-sm">
                <dt className="text-muted-foreground">{t("From")}</dt>
                <dd className="min-w-0">
                  <Person name={transfer.senderName} email={transfer.senderEmail} />
                </dd>
                <dt className="text-muted-foreground">{t("To")}</dt>
                <dd className="min-w-0">
                  <Person
                    name={transfer.recipientName}
                    email={transfer.recipientEmail}
                    detail={recipientDetailOf(transfer)}
                  />
                </dd>
              </dl>
              <TransferStatusSelect transfer={transfer} />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function TransferList({ filters }: { filters: AdminTransactionFilters }) {
  const transfers = useAdminTransactions(filters);
  // The table's seven columns need about 1,100 px beside the sidebar: narrower, the rows are cards (issue 30:
  // at 1,280 px the table was wider than the page).
  const isWide = useMediaQuery("(min-width: 1440px)");
  useErrorToast(transfers.error, t("Failed to load transactions"));
  if (transfers.isPending) {
    return (
      <div className="grid gap-3">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-16 w-full" />
        ))}
      </div>
    );
  }
  if (!transfers.data) {
    // Not read, so not "No transactions found" (issue 30): a failure says so where the list would be.
    return <LoadFailed message={t("This list could not be loaded right now.")} query={transfers} />;
  }
  const items = transfers.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState icon={ReceiptIcon} title={t("No transactions found")} hint={t("Try another search or status.")} />
    );
  }
  return (
    <>
      {isWide ? <TransferTable transfers={items} /> : <TransferCards transfers={items} />}
      <LoadMore list={transfers} className="mt-4" />
    </>
  );
}

/** `/admin/transactions`: every transfer, searchable and filterable, with a status selector per row (spec §2). */
export function AdminTransactionsPage() {
  const search = useSearchTerm();
  const [status, setStatus] = useState<TransferStatus | "">("");
  return (
    <>
      <PageHeader
        title={t("Transaction Management")}
        description={t("Search transfers and move them through their lifecycle.")}
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row">
        <SearchInput
          label={t("Search transactions")}
          placeholder={t("Search by e-mail, name or transfer id")}
          value={search.text}
          onChange={search.setText}
          className="flex-1"
        />
        <div className="sm:w-48">
          <NativeSelect
            aria-label={t("Filter by status")}
            value={status}
            onChange={(event) => setStatus(event.target.value as TransferStatus | "")}
          >
            <option value="">{t("All statuses")}</option>
            {STATUSES.map((option) => (
              <option key={option} value={option}>
                {statusLabelOf(option)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <TransferList filters={{ search: search.term, status }} />
    </>
  );
}
