import type { MessageKey } from "@ferry/core/i18n/catalog";
import { formatIbanForDisplay } from "@ferry/core/validation/iban-display";
import { CopyIcon } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { activeLanguage, t } from "../../i18n/i18n.tsx";
import { copyToClipboard } from "../../lib/copy-to-clipboard.ts";
import { toastError, toastSuccess } from "../../lib/toasts.ts";
import { useDepositInstructions } from "./api/deposits.ts";
import { DepositDialogFrame } from "./components/deposit-dialog-frame.tsx";
import { ReportDepositForm } from "./report-deposit-form.tsx";

/** A value to copy; `shown` is how it reads (an IBAN in groups of four), the copy is always `value` itself. */
function CopyRow({ label: key, value, shown = value }: { label: MessageKey; value: string; shown?: string }) {
  const label = t(key);
  // English says "Failed to copy account name" mid-sentence; the other languages put the label after a colon.
  const labelInSentence = activeLanguage() === "en" ? label.toLowerCase() : label;
  return (
    <div className="flex items-center justify-between gap-3 border-b border-border py-2 last:border-0">
      <div className="min-w-0">
        <p className="text-xs text-muted-foreground">{label}</p>
        <p className="break-all font-mono text-sm">{shown}</p>
      </div>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={t("Copy {label}", { label })}
        onClick={async () => {
          if (await copyToClipboard(value)) {
            toastSuccess("Copied!");
          } else {
            toastError(t("Failed to copy {label}", { label: labelInSentence }));
          }
        }}
      >
        <CopyIcon />
      </Button>
    </div>
  );
}

/** Ferry's receiving bank account and the user's own reference, which makes the transfer theirs. */
export function BankDepositDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const instructions = useDepositInstructions(props.open);
  const bank = instructions.data?.bank;
  return (
    <DepositDialogFrame
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={t("Deposit from your bank")}
      description={t("Send a transfer from your bank to this account. Always include your reference.")}
    >
      {bank ? (
        <div className="grid gap-4">
          <div className="rounded-lg border border-border px-4">
            <CopyRow label="Account name" value={bank.accountName} />
            <CopyRow label="Bank" value={bank.bankName} />
            <CopyRow label="IBAN" value={bank.iban} shown={formatIbanForDisplay(bank.iban)} />
            <CopyRow label="BIC / SWIFT" value={bank.bic} />
            <CopyRow label="Your reference" value={bank.reference} />
          </div>
          <p className="text-xs text-muted-foreground">
            {t("Accepted currencies: {currencies}. Transfers without your reference take longer to match.", {
              currencies: bank.currencies.join(", "),
            })}
          </p>
          <ReportDepositForm kind="bank" currencies={bank.currencies} />
        </div>
      ) : (
        <Skeleton className="h-64" />
      )}
    </DepositDialogFrame>
  );
}
