import { FIAT_CURRENCIES } from "@ferry/core/currencies";
import { Bitcoin, LandmarkIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { DialogFrame } from "../../components/dialog-frame.tsx";
import { t } from "../../i18n/i18n.tsx";
import { BankDepositDialog } from "./bank-deposit-dialog.tsx";
import { CryptoDepositDialog } from "./crypto-deposit-dialog.tsx";

/** The follow-up dialog opens this long after Add Cash has closed (spec §9), so the two never overlap. */
const FOLLOW_UP_DELAY_MS = 100;

/** Add Cash: 'Connect Bank' (bank deposit instructions) or 'Crypto Deposit' (your own addresses). */
export function AddCashDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [followUp, setFollowUp] = useState<"bank" | "crypto" | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function choose(next: "bank" | "crypto") {
    props.onOpenChange(false);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setFollowUp(next), FOLLOW_UP_DELAY_MS);
  }

  const options = [
    {
      key: "bank",
      icon: LandmarkIcon,
      title: t("Connect Bank"),
      text: t("Transfer from your bank account ({currencies})", { currencies: FIAT_CURRENCIES.join(", ") }),
    },
    {
      key: "crypto",
      icon: Bitcoin,
      title: t("Crypto Deposit"),
      text: t("Receive Bitcoin, USDT (Tron) or Ethereum to your own address"),
    },
  ] as const;
  return (
    <>
      <DialogFrame
        open={props.open}
        onClose={() => props.onOpenChange(false)}
        title={t("Add Cash")}
        description={t("Choose how you want to add money to Ferry.")}
      >
        <div className="grid gap-3">
          {options.map((option) => (
            <button
              key={option.key}
              type="button"
              onClick={() => choose(option.key)}
              className="flex items-center gap-4 rounded-lg border border-border p-4 text-left transition-colors hover:border-primary hover:bg-secondary/40"
            >
              <span className="flex size-11 items-center justify-center rounded-full bg-secondary text-primary">
                <option.icon className="size-5" />
              </span>
              <span>
                <span className="block font-semibold">{option.title}</span>
                <span className="block text-sm text-muted-foreground">{option.text}</span>
              </span>
            </button>
          ))}
        </div>
      </DialogFrame>
      <BankDepositDialog open={followUp === "bank"} onOpenChange={(open) => setFollowUp(open ? "bank" : null)} />
      <CryptoDepositDialog open={followUp === "crypto"} onOpenChange={(open) => setFollowUp(open ? "crypto" : null)} />
    </>
  );
}
