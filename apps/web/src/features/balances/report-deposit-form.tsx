import { type DepositNetwork, ReportDepositRequest } from "@ferry/core/contracts/deposits";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { ApiError } from "../../lib/api.ts";
import { useReportDeposit } from "./api/deposits.ts";

/**
 * "I've sent money": tells Ferry about a deposit so an admin can match and approve it. Nothing is
 * credited until then.
 */
export function ReportDepositForm(
  props: { kind: "bank" } | { kind: "crypto"; network: DepositNetwork; currencies: readonly string[] },
) {
  const report = useReportDeposit();
  const currencies = props.kind === "bank" ? ["USD", "EUR", "GBP", "CAD", "AUD"] : props.currencies;
  const [currency, setCurrency] = useState(currencies[0] ?? "USD");
  const [amount, setAmount] = useState("");
  const [transactionHash, setTransactionHash] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSent, setIsSent] = useState(false);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const request =
      props.kind === "bank"
        ? { depositType: "bank", currency, amount }
        : { depositType: "crypto", network: props.network, currency, amount, transactionHash };
    const parsed = ReportDepositRequest.safeParse(request);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    report.mutate(parsed.data, {
      onSuccess: () => {
        setIsSent(true);
        toast.success("Deposit reported", { description: "We'll add it to your balance as soon as it's confirmed." });
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          setErrors(error.fields);
        }
        toast.error("Failed to report deposit", { description: error instanceof ApiError ? error.message : undefined });
      },
    });
  }

  if (isSent) {
    return (
      <p className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900" role="status">
        Thanks! Your deposit of {currency} {amount} is waiting for review. You'll get a notification when it's credited.
      </p>
    );
  }
  return (
    <form className="grid gap-3 rounded-lg border border-border p-4" onSubmit={submit} noValidate>
      <p className="text-sm font-medium">Already sent it? Tell us to speed up the review.</p>
      <div className="grid grid-cols-[7rem_1fr] gap-3">
        <Field id={`report-currency-${props.kind}`} label="Currency" error={errors.currency}>
          <NativeSelect
            id={`report-currency-${props.kind}`}
            value={currency}
            onChange={(event) => setCurrency(event.target.value)}
          >
            {currencies.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </NativeSelect>
        </Field>
        <Field id={`report-amount-${props.kind}`} label="Amount sent" error={errors.amount}>
          <Input
            id={`report-amount-${props.kind}`}
            inputMode="decimal"
            placeholder="0.00"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </Field>
      </div>
      {props.kind === "crypto" ? (
        <Field id="report-hash" label="Transaction hash (optional)" error={errors.transactionHash}>
          <Input
            id="report-hash"
            value={transactionHash}
            onChange={(event) => setTransactionHash(event.target.value.trim())}
          />
        </Field>
      ) : null}
      <Button type="submit" variant="secondary" disabled={report.isPending || amount === ""}>
        {report.isPending ? "Reporting…" : "Report deposit"}
      </Button>
    </form>
  );
}
