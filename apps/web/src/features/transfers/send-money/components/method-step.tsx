import type { MessageKey } from "@ferry/core/i18n/catalog";
import { ChevronRightIcon, LandmarkIcon, type LucideIcon, UsersIcon, WalletIcon } from "lucide-react";
import { t } from "../../../../i18n/i18n.tsx";
import { cn } from "../../../../lib/cn.ts";
import type { SendMethod } from "../send-money-flow.ts";
import { StepFooter } from "./step-footer.tsx";

const METHODS: readonly {
  method: SendMethod;
  title: MessageKey;
  description: MessageKey;
  icon: LucideIcon;
  tone: string;
}[] = [
  {
    method: "bank",
    title: "Bank Transfer",
    description: "Worldwide, lower fees, fiat",
    icon: LandmarkIcon,
    tone: "bg-blue-100 text-blue-700",
  },
  {
    method: "crypto",
    title: "Cryptocurrency",
    description: "Wallet addresses, fast settlement",
    icon: WalletIcon,
    tone: "bg-orange-100 text-orange-700",
  },
  {
    method: "ferry_user",
    title: "Ferry user",
    description: "Instant and free to anyone with a Ferry account",
    icon: UsersIcon,
    tone: "bg-green-100 text-green-700",
  },
];

/** Step 1, method-choice: a card per way of sending. */
export function MethodStep(props: {
  selected: SendMethod | null;
  onChoose: (method: SendMethod) => void;
  onCancel: () => void;
}) {
  return (
    <>
      <div className="grid grid-cols-1 gap-3">
        {METHODS.map((item) => {
          const Icon = item.icon;
          return (
            <button
              key={item.method}
              type="button"
              onClick={() => props.onChoose(item.method)}
              className={cn(
                "group flex w-full items-center gap-4 rounded-lg border bg-card p-4 text-left transition-colors hover:border-primary hover:bg-secondary/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                props.selected === item.method ? "border-primary" : "border-border",
              )}
            >
              <span className={cn("flex size-11 shrink-0 items-center justify-center rounded-full", item.tone)}>
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">{t(item.title)}</span>
                <span className="block text-sm text-muted-foreground">{t(item.description)}</span>
              </span>
              <ChevronRightIcon className="size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5" />
            </button>
          );
        })}
      </div>
      <StepFooter onBack={props.onCancel} backLabel={t("Cancel")} />
    </>
  );
}
