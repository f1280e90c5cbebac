import type { Transfer, TransferActivity, TransferTimelineEntry } from "@ferry/core/contracts/transfers";
import { rateOf } from "@ferry/core/exchange";
import type { MessageKey } from "@ferry/core/i18n/catalog";
import { minorOf } from "@ferry/core/money";
import { formatIbanForDisplay } from "@ferry/core/validation/iban-display";
import { ArrowLeftIcon, CircleCheckIcon, CircleDotIcon, CircleXIcon, UndoIcon } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { DialogFrame } from "../../components/dialog-frame.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { DialogFooter } from "../../components/ui/dialog.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { formatMoney } from "../../i18n/format.ts";
import { formatRateForReader } from "../../i18n/format-rate.ts";
import { format, t } from "../../i18n/i18n.tsx";
import { toastFailure, toastSuccess } from "../../lib/toasts.ts";
import { useCancelTransfer, useTransfer } from "./api/transfer.ts";

/** Each step of a transfer's life, as its timeline names it. */
const STEP_LABELS: Readonly<Record<TransferTimelineEntry["step"], MessageKey>> = {
  created: "Sent, code checked and money reserved",
  pending: "Back to pending",
  processed: "Processed by Ferry",
  sent: "Sent to the recipient",
  failed: "Failed",
  cancelled: "Cancelled",
};

function StepIcon({ entry }: { entry: TransferTimelineEntry }) {
  if (entry.step === "failed" || entry.step === "cancelled") {
    return <CircleXIcon aria-hidden="true" className="size-5 text-destructive" />;
  }
  if (entry.step === "sent") {
    return <CircleCheckIcon aria-hidden="true" className="size-5 text-green-700" />;
  }
  return <CircleDotIcon aria-hidden="true" className="size-5 text-primary" />;
}

/** The steps, oldest first, each with its time and whether the money came back then. */
function Timeline({ activity }: { activity: TransferActivity }) {
  const formatter = format();
  return (
    <ol className="grid gap-4" aria-label={t("What happened")}>
      {activity.timeline.map((entry) => (
        <li key={`${entry.step}-${entry.at}`} className="flex gap-3" data-testid="timeline-step">
          <StepIcon entry={entry} />
          <div className="min-w-0">
            <p className="font-medium">
              {entry.step === "cancelled" && entry.by === "you" ? t("Cancelled by you") : t(STEP_LABELS[entry.step])}
            </p>
            <p className="text-xs text-muted-foreground">
              <time dateTime={entry.at}>{formatter.dateTime(entry.at)}</time>
            </p>
            {entry.isMoneyReturned ? (
              <p className="mt-0.5 flex items-center gap-1 text-sm text-muted-foreground">
                <UndoIcon aria-hidden="true" className="size-3.5" /> {t("Money returned to your balance")}
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** Where the money goes, as the sender confirmed it. */
function Destination({ activity }: { activity: TransferActivity }) {
  const { destination } = activity;
  const rows: [MessageKey, string][] =
    destination.kind === "ferry_user"
      ? [
          ["Name", destination.name],
          ["Email", destination.email],
        ]
      : destination.kind === "crypto"
        ? [
            ["Network", destination.network],
            ["Wallet address", destination.address],
          ]
        : [
            ["Name", destination.name],
            ["Account number", formatIbanForDisplay(destination.accountNumber)],
            ...(destination.bankName ? [["Bank", destination.bankName] as [MessageKey, string]] : []),
          ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{t(label)}</dt>
          {/* Breaks where it must (a wallet address has no spaces), at a space first (an IBAN's groups). */}
          <dd className="text-right font-medium wrap-anywhere">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Paid from another balance: what left it, the exchange fee and the rate (issue 30). */
function paidFromRows(transfer: Transfer, paidFrom: TransferActivity["paidFrom"]): [MessageKey, string][] {
  if (!paidFrom) {
    return [];
  }
  const money = (decimal: string) =>
    formatMoney({ currency: paidFrom.currency, amountMinor: minorOf(decimal, paidFrom.currency) });
  return [
    ["Paid from", money(paidFrom.amount)],
    ["Exchange fee", money(paidFrom.fee)],
    ["Rate", `1 ${paidFrom.currency} = ${formatRateForReader(rateOf(paidFrom.rate))} ${transfer.currency}`],
  ];
}

/** Amount, fee, what left the balance (and, paid from another, how), when, and the sender's reference. */
function Figures({ transfer, activity }: { transfer: Transfer; activity: TransferActivity }) {
  const money = (decimal: string) =>
    formatMoney({ currency: transfer.currency, amountMinor: minorOf(decimal, transfer.currency) });
  const rows: [MessageKey, string][] = [
    ["Amount", money(transfer.amount)],
    ["Fee", money(transfer.fee)],
    ["Total debited", money(transfer.total)],
    ...paidFromRows(transfer, activity.paidFrom),
    ["Date", format().dateTime(transfer.createdAt)],
    ...(transfer.memo ? [["Reference", transfer.memo] as [MessageKey, string]] : []),
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{t(label)}</dt>
          <dd
            className="text-right font-medium tabular-nums"
            data-testid={`transfer-${label.toLowerCase().replaceAll(" ", "-")}`}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** "Cancel transfer" while the window is open, asking first; the reserve returns at once. */
function CancelTransfer({ transfer, activity }: { transfer: Transfer; activity: TransferActivity }) {
  const [isAsking, setIsAsking] = useState(false);
  const cancel = useCancelTransfer(transfer.id);
  if (activity.cancellableUntil === null) {
    return null;
  }
  const total = formatMoney({ currency: transfer.currency, amountMinor: minorOf(transfer.total, transfer.currency) });
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-muted/40 p-4">
      <p className="text-sm text-muted-foreground">
        {t("You can cancel this transfer until {time}.", { time: format().time(activity.cancellableUntil) })}
      </p>
      <Button variant="outline" onClick={() => setIsAsking(true)}>
        {t("Cancel transfer")}
      </Button>
      <DialogFrame
        open={isAsking}
        onClose={() => setIsAsking(false)}
        title={t("Cancel this transfer?")}
        description={t("{amount} returns to your balance at once, and nothing is sent.", { amount: total })}
      >
        <DialogFooter>
          <Button variant="outline" onClick={() => setIsAsking(false)}>
            {t("Keep it")}
          </Button>
          <Button
            variant="destructive"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(undefined, {
                onSuccess: () => {
                  setIsAsking(false);
                  toastSuccess("Transfer cancelled");
                },
                onError: (error) => {
                  setIsAsking(false);
                  toastFailure("Could not cancel the transfer", error);
                },
              })
            }
          >
            {t("Cancel transfer")}
          </Button>
        </DialogFooter>
      </DialogFrame>
    </div>
  );
}

/**
 * `/transactions/:transferId` (issue 30): one transfer — amount, fee, destination, reference — and the
 * steps of its life with their times, refreshed while the page is open; "Cancel transfer" while nobody
 * has processed it and the window is open. Linked from the history, notifications and Send Money.
 */
export function TransferPage() {
  const { transferId = "" } = useParams();
  const { transfer, activity } = useTransfer(transferId);
  const back = (
    <Button asChild variant="ghost" size="sm" className="mb-2 -ml-2">
      <Link to="/transactions">
        <ArrowLeftIcon aria-hidden="true" /> {t("Transaction History")}
      </Link>
    </Button>
  );
  if (transfer.isPending || activity.isPending) {
    return (
      <>
        {back}
        <div role="status" aria-label={t("Loading")} className="grid gap-4">
          <Skeleton className="h-10 w-64" />
          <Skeleton className="h-48" />
          <Skeleton className="h-40" />
        </div>
      </>
    );
  }
  if (!transfer.data || !activity.data) {
    return (
      <>
        {back}
        <LoadFailed
          message={t("Your transfer could not be loaded right now.")}
          query={transfer.isError ? transfer : activity}
        />
      </>
    );
  }
  const data = transfer.data;
  const status = activity.data.status;
  return (
    <>
      {back}
      <PageHeader
        title={t("Transfer to {name}", { name: data.recipientName })}
        description={formatMoney({ currency: data.currency, amountMinor: minorOf(data.amount, data.currency) })}
        actions={<StatusBadge status={status} />}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="grid content-start gap-6">
          <CancelTransfer transfer={data} activity={activity.data} />
          <Card>
            <CardHeader>
              <CardTitle className="text-base">{t("Details")}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-5">
              <Figures transfer={data} activity={activity.data} />
              <Destination activity={activity.data} />
            </CardContent>
          </Card>
        </div>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t("What happened")}</CardTitle>
          </CardHeader>
          <CardContent>
            <Timeline activity={activity.data} />
          </CardContent>
        </Card>
      </div>
    </>
  );
}
