import { ATTACHMENT_CONTENT_TYPES } from "@ferry/core/contracts/help";
import { KYC_MESSAGES, type KycDailyLimit, type KycOverview } from "@ferry/core/contracts/kyc";
import type { MessageKey } from "@ferry/core/i18n/catalog";
import { minorOf } from "@ferry/core/money";
import { ShieldCheckIcon } from "lucide-react";
import { useForm } from "react-hook-form";
import { KycStatusBadge } from "../../components/kyc-status-badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { formatAmount } from "../../i18n/format.ts";
import { t } from "../../i18n/i18n.tsx";
import { toastServerError, toastSuccess, useErrorToast } from "../../lib/toasts.ts";
import { useKyc } from "./api/get-kyc.ts";
import { useSubmitKyc } from "./api/submit-kyc.ts";

/** What the file inputs offer; the server judges the type again from the bytes. */
const ACCEPT = ATTACHMENT_CONTENT_TYPES.join(",");

/** What each status tells the customer, and whether they may send documents now. */
function statusTextOf(kyc: KycOverview): { text: string; canSubmit: boolean } {
  switch (kyc.status) {
    case "approved":
      return { text: t("Your identity is verified."), canSubmit: false };
    case "under_review":
      return {
        text: t("Your documents are under review. We will notify you when they have been checked."),
        canSubmit: false,
      };
    case "rejected":
      return {
        text: t("Your documents were not accepted: {reason}. Please upload new documents.", {
          reason: kyc.rejectionReason ?? t("no reason was given"),
        }),
        canSubmit: true,
      };
    default:
      return {
        text: t("Verify your identity to raise your daily limits: upload a government ID and a proof of address."),
        canSubmit: true,
      };
  }
}

interface KycForm {
  governmentId: FileList | undefined;
  proofOfAddress: FileList | undefined;
}

/** The two documents, with English texts as keys (translated when rendering). */
const DOCUMENT_FIELDS = [
  {
    name: "governmentId",
    label: "Government ID",
    hint: "A passport, national ID card or driving licence: a photo, scan or PDF, at most 5 MB.",
    required: KYC_MESSAGES.governmentIdRequired,
  },
  {
    name: "proofOfAddress",
    label: "Proof of address",
    hint: "A utility bill or bank statement from the last three months, at most 5 MB.",
    required: KYC_MESSAGES.proofOfAddressRequired,
  },
] as const satisfies readonly { name: string; label: MessageKey; hint: MessageKey; required: string }[];

/** The two file inputs and Submit: uploads both, then submits them together for review. */
function DocumentsForm() {
  const submit = useSubmitKyc();
  const form = useForm<KycForm>();
  const { errors } = form.formState;

  async function onSubmit(values: KycForm) {
    const governmentId = values.governmentId?.[0];
    const proofOfAddress = values.proofOfAddress?.[0];
    if (!governmentId || !proofOfAddress) {
      return;
    }
    // Awaited rather than per-call callbacks: on success this form unmounts (the status moves to under review).
    try {
      await submit.mutateAsync({ governmentId, proofOfAddress });
      toastSuccess("Documents submitted", "We will notify you when they have been checked.");
    } catch (error) {
      toastServerError(error, "Failed to submit documents");
    }
  }

  return (
    <form className="grid gap-4 sm:grid-cols-2" onSubmit={form.handleSubmit(onSubmit)} noValidate>
      {DOCUMENT_FIELDS.map((field) => (
        <Field
          key={field.name}
          id={field.name}
          label={t(field.label)}
          hint={t(field.hint)}
          error={errors[field.name]?.message}
        >
          <Input
            id={field.name}
            type="file"
            accept={ACCEPT}
            aria-invalid={errors[field.name] ? true : undefined}
            aria-describedby={errors[field.name] ? `${field.name}-error` : undefined}
            {...form.register(field.name, { validate: (files) => (files?.length ? true : field.required) })}
          />
        </Field>
      ))}
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" disabled={submit.isPending}>
          {submit.isPending ? t("Uploading…") : t("Submit for review")}
        </Button>
      </div>
    </form>
  );
}

function amountOf(limit: KycDailyLimit, decimal: string): string {
  return formatAmount(minorOf(decimal, limit.currency), limit.currency);
}

/** What the customer may send and cash out per day now, and what verification unlocks. */
function LimitsTable({ kyc }: { kyc: KycOverview }) {
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold">{t("Daily limits for bank and crypto transfers and cash-outs")}</h3>
      <table className="w-full text-left text-sm tabular-nums">
        <thead className="text-muted-foreground">
          <tr>
            <th scope="col" className="py-1 font-medium">
              {t("Currency")}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t("Your limit")}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t("Once verified")}
            </th>
          </tr>
        </thead>
        <tbody>
          {kyc.limits.map((limit) => (
            <tr key={limit.currency} className="border-t">
              <th scope="row" className="py-1 font-medium">
                {limit.currency}
              </th>
              <td className="py-1 text-right">{amountOf(limit, limit.currentLimit)}</td>
              <td className="py-1 text-right">{amountOf(limit, limit.verifiedLimit)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-xs text-muted-foreground">
        {kyc.level === "verified"
          ? t(
              "Your e-mail and identity are verified: the full limits apply. Transfers to other Ferry users have no daily limit.",
            )
          : t(
              "The full limits apply once both your e-mail and your identity are verified. Transfers to other Ferry users have no daily limit.",
            )}
      </p>
    </div>
  );
}

/** `/profile`'s identity verification: status and reason, the documents form, and the limits by level. */
export function KycSection() {
  const kyc = useKyc();
  useErrorToast(kyc.error, "Failed to load identity verification");
  return (
    <Card className="lg:col-span-3">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheckIcon className="size-5" aria-hidden="true" /> {t("Identity verification")}
        </CardTitle>
        <CardDescription>
          {t("Your documents are kept encrypted and seen only by Ferry's compliance team.")}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {kyc.data ? <KycDetails kyc={kyc.data} /> : <Skeleton className="h-32" />}
      </CardContent>
    </Card>
  );
}

function KycDetails({ kyc }: { kyc: KycOverview }) {
  const { text, canSubmit } = statusTextOf(kyc);
  return (
    <>
      <div className="grid gap-2">
        <div className="flex items-center gap-2 text-sm">
          <span className="text-muted-foreground">{t("Status")}</span>
          <KycStatusBadge status={kyc.status} />
        </div>
        <p className="text-sm" role={kyc.status === "rejected" ? "alert" : undefined}>
          {text}
        </p>
        {kyc.documents.length > 0 ? (
          <p className="text-xs text-muted-foreground">
            {t("Submitted: {files}", { files: kyc.documents.map((document) => document.fileName).join(", ") })}
          </p>
        ) : null}
      </div>
      {canSubmit ? <DocumentsForm /> : null}
      <LimitsTable kyc={kyc} />
    </>
  );
}
