import { type DepositNetwork, ReportDepositRequest } from "@ferry/core/contracts/deposits";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { type DefaultValues, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { t } from "../../i18n/i18n.tsx";
import { showServerFieldErrors } from "../../lib/server-field-errors.ts";
import { toastFailure, toastSuccess } from "../../lib/toasts.ts";
import { useReportDeposit } from "./api/deposits.ts";

/** The report the server takes; core's amount rule lets the form say "EUR amounts have at most 2 decimals" itself. */
const DepositReport = ReportDepositRequest;
type ReportDepositInput = z.input<typeof DepositReport>;
type ReportDepositField = "currency" | "amount" | "transactionHash";

type ReportDepositProps =
  | { kind: "bank"; currencies: readonly string[] }
  | { kind: "crypto"; network: DepositNetwork; currencies: readonly string[] };

/** The form's first values: the first currency offered, no amount, and for crypto the network and no hash. */
function defaultsOf(props: ReportDepositProps): DefaultValues<ReportDepositInput> {
  if (props.kind === "bank") {
    return { depositType: "bank", currency: props.currencies[0], amount: "" } as DefaultValues<ReportDepositInput>;
  }
  return {
    depositType: "crypto",
    network: props.network,
    currency: props.currencies[0],
    amount: "",
    transactionHash: "",
  } as DefaultValues<ReportDepositInput>;
}

/** The report form, its sending, and the report once the server has it. */
function useReportDepositForm(props: ReportDepositProps) {
  const report = useReportDeposit();
  const [reported, setReported] = useState<ReportDepositRequest | null>(null);
  const form = useForm<ReportDepositInput, unknown, ReportDepositRequest>({
    resolver: zodResolver(DepositReport),
    defaultValues: defaultsOf(props),
  });
  const errorOf = (field: ReportDepositField): string | undefined => {
    const message = (form.formState.errors as Partial<Record<ReportDepositField, { message?: string }>>)[field]
      ?.message;
    return message || undefined;
  };

  function submit(request: ReportDepositRequest) {
    report.mutate(request, {
      onSuccess: () => {
        setReported(request);
        toastSuccess("Deposit reported", "We'll add it to your balance as soon as it's confirmed.");
      },
      onError: (error) => {
        showServerFieldErrors(form.setError, error, ["currency", "amount", "transactionHash"]);
        toastFailure("Failed to report deposit", error);
      },
    });
  }
  return { form, isSending: report.isPending, reported, errorOf, onSubmit: form.handleSubmit(submit) };
}

/**
 * "I've sent money": tells Ferry about a deposit so an admin can match and approve it. Nothing is
 * credited until then. The currencies offered are the ones Ferry's deposit instructions name.
 */
export function ReportDepositForm(props: ReportDepositProps) {
  const { form, isSending, reported, errorOf, onSubmit } = useReportDepositForm(props);
  const amount = useWatch({ control: form.control, name: "amount" });
  if (reported) {
    return (
      <p className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900" role="status">
        {t("Thanks! Your deposit of {amount} is waiting for review. You'll get a notification when it's credited.", {
          amount: `${reported.currency} ${reported.amount}`,
        })}
      </p>
    );
  }
  return (
    <form className="grid gap-3 rounded-lg border border-border p-4" onSubmit={onSubmit} noValidate>
      <p className="text-sm font-medium">{t("Already sent it? Tell us to speed up the review.")}</p>
      <div className="grid grid-cols-[7rem_1fr] gap-3">
        <Field id={`report-currency-${props.kind}`} label={t("Currency")} error={errorOf("currency")}>
          <NativeSelect id={`report-currency-${props.kind}`} {...form.register("currency")}>
            {props.currencies.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </NativeSelect>
        </Field>
        <Field id={`report-amount-${props.kind}`} label={t("Amount sent")} error={errorOf("amount")}>
          <Input
            id={`report-amount-${props.kind}`}
            inputMode="decimal"
            placeholder="0.00"
            aria-invalid={errorOf("amount") ? true : undefined}
            {...form.register("amount")}
          />
        </Field>
      </div>
      {props.kind === "crypto" ? (
        <Field id="report-hash" label={t("Transaction hash (optional)")} error={errorOf("transactionHash")}>
          <Input id="report-hash" {...form.register("transactionHash")} />
        </Field>
      ) : null}
      <Button type="submit" variant="secondary" disabled={isSending || !amount}>
        {isSending ? t("Reporting…") : t("Report deposit")}
      </Button>
    </form>
  );
}
