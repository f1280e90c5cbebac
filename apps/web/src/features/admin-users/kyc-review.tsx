import { KYC_MESSAGES, KycDecisionRequest, type KycReview, type KycSubmission } from "@ferry/core/contracts/kyc";
import type { MessageKey } from "@ferry/core/i18n/catalog";
import { CheckIcon, FileTextIcon, XIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { t, translateText } from "../../i18n/i18n.tsx";
import { formatDateTime } from "../../lib/format-date-time.ts";
import { toastServerError, toastSuccess, useErrorToast } from "../../lib/toasts.ts";
import { useDecideUserKyc } from "./api/decide-user-kyc.ts";
import { useUserKyc } from "./api/get-user-kyc.ts";
import { KycSummary } from "./user-detail-sections.tsx";

const KIND_LABEL = {
  government_id: "Government ID",
  proof_of_address: "Proof of address",
} as const satisfies Record<KycSubmission["documents"][number]["kind"], MessageKey>;
const SUBMISSION_LABEL = {
  under_review: "Under review",
  approved: "Approved",
  rejected: "Rejected",
} as const satisfies Record<KycSubmission["status"], MessageKey>;

/** A submission's documents as links that open each file (each view is recorded in the audit log). */
function DocumentLinks({ submission }: { submission: KycSubmission }) {
  if (submission.documents.length === 0) {
    return <p className="text-sm text-muted-foreground">{t("Documents erased after the retention period.")}</p>;
  }
  return (
    <ul className="grid gap-1 text-sm">
      {submission.documents.map((document) => (
        <li key={document.id}>
          <a
            href={document.url}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-2 font-medium underline-offset-4 hover:underline"
          >
            <FileTextIcon className="size-4" aria-hidden="true" />
            {t("{document}: {fileName}", { document: t(KIND_LABEL[document.kind]), fileName: document.fileName })}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Approve, or reject with the reason the customer will read. */
function DecisionForm({ userId }: { userId: string }) {
  const reasonId = useId();
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  const decide = useDecideUserKyc(userId);

  async function send(decision: KycDecisionRequest["decision"]) {
    const parsed = KycDecisionRequest.safeParse(decision === "approve" ? { decision } : { decision, reason });
    if (!parsed.success) {
      setReasonError(translateText(KYC_MESSAGES.reasonRequired));
      return;
    }
    setReasonError(undefined);
    // Awaited rather than per-call callbacks: once decided, this form unmounts (nothing is under review).
    try {
      await decide.mutateAsync(parsed.data);
      toastSuccess(decision === "approve" ? t("Identity approved") : t("Identity rejected"));
    } catch (error) {
      toastServerError(error, t("Failed to update identity verification"));
    }
  }

  return (
    <div className="grid gap-3">
      <Field id={reasonId} label={t("Reason (shown to the customer when rejecting)")} error={reasonError}>
        <Textarea
          id={reasonId}
          value={reason}
          maxLength={500}
          className="min-h-16"
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${reasonId}-error` : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => send("approve")} disabled={decide.isPending}>
          <CheckIcon /> {t("Approve")}
        </Button>
        <Button variant="destructive" onClick={() => send("reject")} disabled={decide.isPending}>
          <XIcon /> {t("Reject")}
        </Button>
      </div>
    </div>
  );
}

function SubmissionItem({ submission }: { submission: KycSubmission }) {
  return (
    <li className="grid gap-2 border-t pt-3 first:border-t-0 first:pt-0">
      <p className="text-sm">
        <span className="font-medium">{t(SUBMISSION_LABEL[submission.status])}</span>
        <span className="text-muted-foreground">
          {" · "}
          {t("submitted {date}", { date: formatDateTime(submission.submittedAt) })}
        </span>
        {submission.decidedAt ? (
          <span className="text-muted-foreground">
            {" · "}
            {t("decided {date}", { date: formatDateTime(submission.decidedAt) })}
          </span>
        ) : null}
      </p>
      {submission.reason ? <p className="text-sm">{t("Reason: {reason}", { reason: submission.reason })}</p> : null}
      <DocumentLinks submission={submission} />
    </li>
  );
}

function ReviewBody({ review }: { review: KycReview }) {
  const isUnderReview = review.submissions[0]?.status === "under_review";
  return (
    <div className="grid gap-4">
      <KycSummary status={review.status} />
      {review.submissions.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("No documents submitted yet.")}</p>
      ) : (
        <ul className="grid gap-3">
          {review.submissions.map((submission) => (
            <SubmissionItem key={submission.id} submission={submission} />
          ))}
        </ul>
      )}
      {isUnderReview ? <DecisionForm userId={review.userId} /> : null}
    </div>
  );
}

/**
 * The admin's identity review of one user, for the user detail view: each submission with its
 * documents and decision, and Approve / Reject (with a reason) while one is under review.
 */
export function KycReviewPanel({ userId }: { userId: string }) {
  const review = useUserKyc(userId);
  useErrorToast(review.error, t("Failed to load identity verification"));
  return review.data ? <ReviewBody review={review.data} /> : <Skeleton className="h-24" />;
}
