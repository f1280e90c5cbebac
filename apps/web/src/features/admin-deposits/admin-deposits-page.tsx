import { type AdminDeposit, ReviewDepositRequest } from "@ferry/core/contracts/deposits";
import { CURRENCIES } from "@ferry/core/currencies";
import type { MessageKey } from "@ferry/core/i18n/catalog";
import { minorOf } from "@ferry/core/money";
import { zodResolver } from "@hookform/resolvers/zod";
import { CheckIcon, InboxIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { type UseFormReturn, useForm } from "react-hook-form";
import type { z } from "zod";
import { CurrencyIcon } from "../../components/currency-icon.tsx";
import { DialogFrame } from "../../components/dialog-frame.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { DialogFooter } from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { formatMoney } from "../../i18n/format.ts";
import { t, translateText } from "../../i18n/i18n.tsx";
import { formatDateTime } from "../../lib/format-date-time.ts";
import { toastServerError, toastSuccess, useErrorToast } from "../../lib/toasts.ts";
import { usePendingDeposits, useReviewDeposit } from "./api/deposits.ts";

/** The review form: the two notes of the review request; the decision is the button pressed. */
const ReviewForm = ReviewDepositRequest.pick({ adminNotes: true, customerNote: true });
type ReviewForm = z.output<typeof ReviewForm>;

const TYPE_LABELS = { bank: "Bank", crypto: "Crypto" } as const satisfies Record<
  AdminDeposit["depositType"],
  MessageKey
>;

/**
 * The deposit's exact amount, every decimal the currency has (the admin checks it against the money
 * received), with its currency where the locale puts it: "USDT 125.500000", "125,500000 USDT".
 */
function amountOf(deposit: AdminDeposit): string {
  const { currency } = deposit;
  return formatMoney({ amountMinor: minorOf(deposit.amount, currency), currency }, CURRENCIES[currency].scale);
}

/** What the admin checks against the money received: amount, type, user, reference or hash, and when. */
function DepositFacts({ deposit }: { deposit: AdminDeposit }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
      <dt className="text-muted-foreground">{t("Amount")}</dt>
      <dd className="font-semibold tabular-nums">{amountOf(deposit)}</dd>
      <dt className="text-muted-foreground">{t("Type")}</dt>
      <dd>
        {t(TYPE_LABELS[deposit.depositType])}
        {deposit.network ? ` · ${deposit.network}` : ""}
      </dd>
      <dt className="text-muted-foreground">{t("User")}</dt>
      <dd>
        {deposit.userName} <span className="text-muted-foreground">({deposit.userEmail})</span>
      </dd>
      {deposit.reference ? (
        <>
          <dt className="text-muted-foreground">{t("Reference")}</dt>
          <dd className="font-mono">{deposit.reference}</dd>
        </>
      ) : null}
      {deposit.transactionHash ? (
        <>
          <dt className="text-muted-foreground">{t("Tx hash")}</dt>
          <dd className="break-all font-mono text-xs">{deposit.transactionHash}</dd>
        </>
      ) : null}
      <dt className="text-muted-foreground">{t("Reported")}</dt>
      <dd>
        <time dateTime={deposit.createdAt}>{formatDateTime(deposit.createdAt)}</time>
      </dd>
    </dl>
  );
}

type ReviewFormApi = UseFormReturn<z.input<typeof ReviewForm>, unknown, ReviewForm>;

/** One note of a review: up to 500 characters, with its error under it. */
function NoteField(props: { form: ReviewFormApi; name: keyof ReviewForm; id: string; label: string; hint: string }) {
  const { form, name, id } = props;
  const error = form.formState.errors[name];
  return (
    <Field
      id={id}
      label={props.label}
      hint={props.hint}
      error={error?.message === undefined ? undefined : translateText(error.message)}
    >
      <Textarea
        id={id}
        maxLength={500}
        className="min-h-20"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...form.register(name)}
      />
    </Field>
  );
}

/** The two notes of a review, each saying who reads it. */
function ReviewNotes({ form }: { form: ReviewFormApi }) {
  return (
    <>
      {/* Two notes that say who reads them (issue 24): the internal one never leaves the admins. */}
      <NoteField
        form={form}
        name="adminNotes"
        id="admin-notes"
        label={t("Internal note — only admins see this")}
        hint={t("Optional. Kept with the deposit and in the audit log, for admins; the customer never sees it.")}
      />
      <NoteField
        form={form}
        name="customerNote"
        id="customer-note"
        label={t("Note to the customer")}
        hint={t("Optional. The customer reads it in the notification of your decision.")}
      />
    </>
  );
}

function ReviewDialog({ deposit, onClose }: { deposit: AdminDeposit; onClose: () => void }) {
  const review = useReviewDeposit();
  const form = useForm<z.input<typeof ReviewForm>, unknown, ReviewForm>({
    resolver: zodResolver(ReviewForm),
    defaultValues: { adminNotes: "", customerNote: "" },
  });
  const decide = (decision: "approve" | "reject") => form.handleSubmit((values) => submit(decision, values))();
  function submit(decision: "approve" | "reject", values: ReviewForm) {
    review.mutate(
      {
        depositId: deposit.id,
        decision,
        adminNotes: values.adminNotes ?? "",
        customerNote: values.customerNote ?? "",
      },
      {
        onSuccess: () => {
          toastSuccess(decision === "approve" ? t("Deposit approved successfully") : t("Deposit rejected"));
          onClose();
        },
        onError: (error) => toastServerError(error, t("Failed to process deposit")),
      },
    );
  }
  return (
    <DialogFrame
      open
      onClose={onClose}
      title={t("Review Deposit")}
      description={t("Approving credits the user's balance at once. This cannot be undone.")}
      // Two notes make the dialog tall: on a short screen it scrolls instead of running off it.
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
    >
      <DepositFacts deposit={deposit} />
      <ReviewNotes form={form} />
      <DialogFooter>
        <Button
          variant="outline"
          onClick={() => decide("reject")}
          disabled={review.isPending}
          className="text-destructive"
        >
          <XIcon /> {t("Reject")}
        </Button>
        <Button onClick={() => decide("approve")} disabled={review.isPending}>
          <CheckIcon /> {t("Approve")}
        </Button>
      </DialogFooter>
    </DialogFrame>
  );
}

/** The pending deposits, or where they would be: loading, failed to read, or none. */
function PendingDepositList(props: {
  pending: ReturnType<typeof usePendingDeposits>;
  onReview: (deposit: AdminDeposit) => void;
}) {
  const { pending, onReview } = props;
  if (pending.isPending) {
    return <Skeleton className="h-40" />;
  }
  if (!pending.data) {
    // Not read, so not "No Pending Deposits" (issue 30): a failure says so where the list would be.
    return <LoadFailed message={t("This list could not be loaded right now.")} query={pending} />;
  }
  const deposits = pending.data.items;
  if (deposits.length === 0) {
    return (
      <EmptyState icon={InboxIcon} title={t("No Pending Deposits")} hint={t("New deposit reports will appear here.")} />
    );
  }
  return (
    <ul className="grid gap-3">
      {deposits.map((deposit) => (
        <li key={deposit.id}>
          <Card>
            <CardContent className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center">
              <CurrencyIcon currency={deposit.currency} />
              <div className="min-w-0 flex-1">
                <p className="font-semibold tabular-nums">{amountOf(deposit)}</p>
                <p className="truncate text-sm text-muted-foreground">
                  {deposit.userName} · {deposit.userEmail}
                </p>
                <p className="text-xs text-muted-foreground">
                  {t(TYPE_LABELS[deposit.depositType])}
                  {deposit.network ? ` · ${deposit.network}` : ""} ·{" "}
                  <time dateTime={deposit.createdAt}>{formatDateTime(deposit.createdAt)}</time>
                </p>
              </div>
              <Button
                onClick={() => onReview(deposit)}
                aria-label={t("Review deposit of {amount} from {email}", {
                  amount: amountOf(deposit),
                  email: deposit.userEmail,
                })}
              >
                {t("Review")}
              </Button>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** `/admin/deposits`: pending deposits with their count, each reviewed in a dialog. */
export function AdminDepositsPage() {
  const pending = usePendingDeposits();
  const [reviewing, setReviewing] = useState<AdminDeposit | null>(null);
  useErrorToast(pending.error, t("Failed to load pending deposits"));
  // No count it did not read (issue 30): the badge waits for the list.
  const pendingCount = pending.data?.pendingCount;
  return (
    <>
      <PageHeader
        title={t("Deposit Approvals")}
        description={t("Match each deposit with the money received, then approve or reject it.")}
        actions={
          pendingCount === undefined ? undefined : (
            <Badge variant={pendingCount > 0 ? "warning" : "neutral"}>
              {t("{count} pending", { count: pendingCount })}
            </Badge>
          )
        }
      />
      <PendingDepositList pending={pending} onReview={setReviewing} />
      {reviewing ? <ReviewDialog deposit={reviewing} onClose={() => setReviewing(null)} /> : null}
    </>
  );
}
