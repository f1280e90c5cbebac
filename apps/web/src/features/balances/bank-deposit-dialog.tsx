import { CopyIcon } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { copyToClipboard } from "../../lib/copy-to-clipboard.ts";
import { toastError, toastSuccess } from "../../lib/toasts.ts";
import { useDepositInstructions } from "./api/deposits.ts";
import { DepositDialogFrame } from "./components/deposit-dialog-frame.tsx";
import { ReportDepositForm } from "./report-deposit-form.tsx";

function CopyRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-3 border-b border-border py-2 last:border-0">
      <div className="min-w-0">
        <p className="text-xs text-muted-foreground">{label}</p>
        <p className="break-all font-mono text-sm">{value}</p>
      </div>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={`Copy ${label}`}
        onClick={async () => {
          if (await copyToClipboard(value)) {
            toastSuccess("Copied!");
          } else {
            toastError(`Failed to copy ${label.toLowerCase()}`);
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
      title="Deposit from your bank"
      description="Send a transfer from your bank to this account. Always include your reference."
    >
      {bank ? (
        <div className="grid gap-4">
          <div className="rounded-lg border border-border px-4">
            <CopyRow label="Account name" value={bank.accountName} />
            <CopyRow label="Bank" value={bank.bankName} />
            <CopyRow label="IBAN" value={bank.iban} />
            <CopyRow label="BIC / SWIFT" value={bank.bic} />
            <CopyRow label="Your reference" value={bank.reference} />
          </div>
          <p className="text-xs text-muted-foreground">
            Accepted currencies: {bank.currencies.join(", ")}. Transfers without your reference take longer to match.
          </p>
          <ReportDepositForm kind="bank" currencies={bank.currencies} />
        </div>
      ) : (
        <Skeleton className="h-64" />
      )}
    </DepositDialogFrame>
  );
}
