import type { Transfer } from "@ferry/core/contracts/transfers";
import { minorOf } from "@ferry/core/money";
import { transferPagePath } from "@ferry/core/web-routes";
import { CircleCheckIcon } from "lucide-react";
import { useNavigate } from "react-router";
import { StatusBadge } from "../../../../components/status-badge.tsx";
import { Button } from "../../../../components/ui/button.tsx";
import { formatMoney } from "../../../../i18n/format.ts";
import { t } from "../../../../i18n/i18n.tsx";

/**
 * Where Send Money ends (issue 30): what was sent, to whom, what it cost and where it stands, with
 * "Track this transfer" to its page (its steps, and Cancel while that is possible) and "Done".
 */
export function Receipt({ transfer, onClose }: { transfer: Transfer; onClose: () => void }) {
  const navigate = useNavigate();
  const money = (decimal: string) =>
    formatMoney({ currency: transfer.currency, amountMinor: minorOf(decimal, transfer.currency) });
  return (
    <div className="grid gap-4" data-testid="send-money-receipt">
      <div className="flex items-center gap-3 rounded-lg bg-green-50 p-4 text-green-900">
        <CircleCheckIcon aria-hidden="true" className="size-6 shrink-0" />
        <p className="font-medium">
          {t("{amount} to {name}", { amount: money(transfer.amount), name: transfer.recipientName })}
        </p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">{t("Fee")}</dt>
        <dd className="text-right tabular-nums">{money(transfer.fee)}</dd>
        <dt className="text-muted-foreground">{t("Total debited")}</dt>
        <dd className="text-right font-semibold tabular-nums" data-testid="receipt-total">
          {money(transfer.total)}
        </dd>
        <dt className="text-muted-foreground">{t("Status")}</dt>
        <dd className="text-right">
          <StatusBadge status={transfer.status} />
        </dd>
      </dl>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          {t("Done")}
        </Button>
        <Button
          // The step's Confirm is gone: the receipt takes the focus, so a keyboard user is not lost.
          autoFocus
          onClick={() => {
            onClose();
            navigate(transferPagePath(transfer.id));
          }}
        >
          {t("Track this transfer")}
        </Button>
      </div>
    </div>
  );
}
