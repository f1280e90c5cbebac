import { DEPOSIT_NETWORK_CURRENCIES, type DepositInstructions, DepositNetwork } from "@ferry/core/contracts/deposits";
import { CopyIcon, TriangleAlertIcon } from "lucide-react";
import { useState } from "react";
import { QrCode } from "../../components/qr-code.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { t } from "../../i18n/i18n.tsx";
import { cn } from "../../lib/cn.ts";
import { copyToClipboard } from "../../lib/copy-to-clipboard.ts";
import { toastError, toastSuccess } from "../../lib/toasts.ts";
import { useDepositInstructions } from "./api/deposits.ts";
import { DepositDialogFrame } from "./components/deposit-dialog-frame.tsx";
import { ReportDepositForm } from "./report-deposit-form.tsx";

/**
 * Each deposit network's tab label: Bitcoin and USDT on Tron (the spec's), then Ethereum. Which
 * networks there are, and the coins each carries, come from core.
 */
const TAB_LABELS: Record<DepositNetwork, string> = {
  bitcoin: "Bitcoin",
  tron: "USDT (TRC-20)",
  ethereum: "Ethereum / ERC-20",
};

/** The coin a tab is named after in its copy button and toast: the first its network carries. */
function coinOf(network: DepositNetwork): string {
  return DEPOSIT_NETWORK_CURRENCIES[network][0];
}

function AddressPanel({ entry, coin }: { entry: DepositInstructions["crypto"][number]; coin: string }) {
  async function copy() {
    const isCopied = await copyToClipboard(entry.address);
    if (isCopied) {
      toastSuccess(t("{coin} address copied to clipboard!", { coin }));
    } else {
      toastError("Failed to copy address");
    }
  }
  const coins = entry.currencies.join(", ");
  return (
    <div className="grid gap-4">
      <div className="flex justify-center">
        <QrCode
          value={entry.address}
          label={t("QR code of your {network} deposit address", { network: entry.networkName })}
        />
      </div>
      <div className="grid gap-1">
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
          {t("Your {network} address", { network: entry.networkName })}
        </p>
        <div className="flex items-center gap-2 rounded-md border border-border bg-muted p-2">
          <code className="min-w-0 flex-1 break-all text-sm" data-testid="deposit-address">
            {entry.address}
          </code>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={copy}
            aria-label={t("Copy {coin} address", { coin })}
          >
            <CopyIcon /> {t("Copy")}
          </Button>
        </div>
      </div>
      <p
        className="flex gap-2 rounded-md border border-yellow-200 bg-yellow-50 p-3 text-xs text-yellow-900"
        role="note"
      >
        <TriangleAlertIcon className="size-4 shrink-0" />
        {t("Send only {coins} on the {network} network to this address. Anything else sent here will be lost.", {
          coins,
          network: entry.networkName,
        })}
      </p>
      <ReportDepositForm kind="crypto" network={entry.network} currencies={entry.currencies} />
    </div>
  );
}

/** Your own deposit address per network, with its QR code, copy button, warning and a deposit report. */
export function CryptoDepositDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const instructions = useDepositInstructions(props.open);
  const [tab, setTab] = useState<DepositNetwork>(DepositNetwork.options[0]);
  const entry = instructions.data?.crypto.find((item) => item.network === tab);
  return (
    <DepositDialogFrame
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={t("Crypto Deposit")}
      description={t("This address is yours alone, so every payment to it is credited to you after review.")}
    >
      <div className="grid grid-cols-3 gap-1 rounded-lg bg-muted p-1" role="tablist" aria-label={t("Network")}>
        {DepositNetwork.options.map((network) => (
          <button
            key={network}
            type="button"
            role="tab"
            aria-selected={tab === network}
            onClick={() => setTab(network)}
            className={cn(
              "rounded-md px-2 py-1.5 text-xs font-medium sm:text-sm",
              tab === network ? "bg-card shadow-sm" : "text-muted-foreground hover:text-foreground",
            )}
          >
            {TAB_LABELS[network]}
          </button>
        ))}
      </div>
      {instructions.isError ? (
        <p className="text-sm text-destructive">{t("Could not load your deposit address. Please try again.")}</p>
      ) : entry ? (
        <AddressPanel key={entry.network} entry={entry} coin={coinOf(entry.network)} />
      ) : (
        <Skeleton className="h-72" />
      )}
    </DepositDialogFrame>
  );
}
