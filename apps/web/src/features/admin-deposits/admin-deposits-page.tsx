import { type AdminDeposit, ReviewDepositRequest } from "@ferry/core/contracts/deposits";
import { zodResolver } from "@hookform/resolvers/zod";
import { CheckIcon, InboxIcon, XIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { CurrencyIcon } from "../../components/currency-icon.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { messageOf } from "../../lib/api.ts";
import { usePendingDeposits, useReviewDeposit } from "./api/deposits.ts";

/** The review form: the notes of the review request; the decision is the button pressed. */
const ReviewForm = z.object({ adminNotes: ReviewDepositRequest.shape.adminNotes });
type ReviewForm = z.output<typeof ReviewForm>;

function ReviewDialog({ deposit, onClose }: { deposit: AdminDeposit; onClose: () => void }) {
  const review = useReviewDeposit();
  const form = useForm<z.input<typeof ReviewForm>, unknown, ReviewForm>({
    resolver: zodResolver(ReviewForm),
    defaultValues: { adminNotes: "" },
  });
  const notesError = form.formState.errors.adminNotes?.message;
  const decide = (decision: "approve" | "reject") => form.handleSubmit((values) => submit(decision, values))();
  function submit(decision: "approve" | "reject", values: ReviewForm) {
    review.mutate(
      { depositId: deposit.id, decision, adminNotes: values.adminNotes ?? "" },
      {
        onSuccess: () => {
          toast.success(decision === "approve" ? "Deposit approved successfully" : "Deposit rejected");
          onClose();
        },
        onError: (error) => toast.error(messageOf(error, "Failed to process deposit")),
      },
    );
  }
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Review Deposit</DialogTitle>
          <DialogDescription>Approving credits the user's balance at once. This cannot be undone.</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-muted-foreground">Amount</dt>
          <dd className="font-semibold tabular-nums">
            {deposit.currency} {deposit.amount}
          </dd>
          <dt className="text-muted-foreground">Type</dt>
          <dd className="capitalize">
            {deposit.depositType}
            {deposit.network ? ` · ${deposit.network}` : ""}
          </dd>
          <dt className="text-muted-foreground">User</dt>
          <dd>
            {deposit.userName} <span className="text-muted-foreground">({deposit.userEmail})</span>
          </dd>
          {deposit.reference ? (
            <>
              <dt className="text-muted-foreground">Reference</dt>
              <dd className="font-mono">{deposit.reference}</dd>
            </>
          ) : null}
          {deposit.transactionHash ? (
            <>
              <dt className="text-muted-foreground">Tx hash</dt>
              <dd className="break-all font-mono text-xs">{deposit.transactionHash}</dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">Reported</dt>
          <dd>{new Date(deposit.createdAt).toLocaleString()}</dd>
        </dl>
        <div className="grid gap-2">
          <Label htmlFor="admin-notes">Admin notes (optional)</Label>
          <textarea
            id="admin-notes"
            maxLength={500}
            aria-invalid={notesError ? true : undefined}
            aria-describedby={notesError ? "admin-notes-error" : undefined}
            className="min-h-20 rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive"
            {...form.register("adminNotes")}
          />
          {notesError ? (
            <p id="admin-notes-error" className="text-xs font-medium text-destructive">
              {notesError}
            </p>
          ) : null}
        </div>
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() => decide("reject")}
            disabled={review.isPending}
            className="text-destructive"
          >
            <XIcon /> Reject
          </Button>
          <Button onClick={() => decide("approve")} disabled={review.isPending}>
            <CheckIcon /> Approve
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** `/admin/deposits`: pending deposits with their count, each reviewed in a dialog. */
export function AdminDepositsPage() {
  const pending = usePendingDeposits();
  const [reviewing, setReviewing] = useState<AdminDeposit | null>(null);
  useEffect(() => {
    if (pending.isError) {
      toast.error("Failed to load pending deposits");
    }
  }, [pending.isError]);
  const deposits = pending.data?.items ?? [];
  return (
    <>
      <PageHeader
        title="Deposit Approvals"
        description="Match each deposit with the money received, then approve or reject it."
        actions={
          <Badge variant={deposits.length > 0 ? "warning" : "neutral"}>{pending.data?.pendingCount ?? 0} pending</Badge>
        }
      />
      {pending.isPending ? (
        <Skeleton className="h-40" />
      ) : deposits.length === 0 ? (
        <EmptyState icon={InboxIcon} title="No Pending Deposits" hint="New deposit reports will appear here." />
      ) : (
        <ul className="grid gap-3">
          {deposits.map((deposit) => (
            <li key={deposit.id}>
              <Card>
                <CardContent className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center">
                  <CurrencyIcon currency={deposit.currency} />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold tabular-nums">
                      {deposit.currency} {deposit.amount}
                    </p>
                    <p className="truncate text-sm text-muted-foreground">
                      {deposit.userName} · {deposit.userEmail}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      <span className="capitalize">{deposit.depositType}</span>
                      {deposit.network ? ` · ${deposit.network}` : ""} · {new Date(deposit.createdAt).toLocaleString()}
                    </p>
                  </div>
                  <Button
                    onClick={() => setReviewing(deposit)}
                    aria-label={`Review deposit of ${deposit.currency} ${deposit.amount} from ${deposit.userEmail}`}
                  >
                    Review
                  </Button>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {reviewing ? <ReviewDialog deposit={reviewing} onClose={() => setReviewing(null)} /> : null}
    </>
  );
}
