import type { MessageKey } from "@ferry/core/i18n/catalog";
import { CheckIcon } from "lucide-react";
import { t } from "../../../../i18n/i18n.tsx";
import { cn } from "../../../../lib/cn.ts";
import { SEND_STEPS, type SendStep } from "../send-money-flow.ts";

const STEP_LABELS: Record<SendStep, MessageKey> = {
  method: "Method",
  recipient: "Recipient",
  details: "Details",
  amount: "Amount",
  verification: "Verify",
};

/** Where the sender is among the five steps; earlier steps are done, later ones still to come. */
export function StepIndicator({ step }: { step: SendStep }) {
  const currentIndex = SEND_STEPS.indexOf(step);
  return (
    <nav aria-label={t("Progress")}>
      <ol className="flex items-center" aria-hidden="true">
        {SEND_STEPS.map((name, index) => {
          const isDone = index < currentIndex;
          const isCurrent = index === currentIndex;
          return (
            <li key={name} className={cn("flex items-center", index > 0 && "flex-1")}>
              {index > 0 ? (
                <span className={cn("mx-1.5 h-0.5 flex-1 rounded", isDone || isCurrent ? "bg-primary" : "bg-border")} />
              ) : null}
              <span
                className={cn(
                  "flex size-7 items-center justify-center rounded-full border-2 text-xs font-semibold",
                  isDone && "border-primary bg-primary text-primary-foreground",
                  isCurrent && "border-primary bg-secondary text-primary",
                  !isDone && !isCurrent && "border-border text-muted-foreground",
                )}
              >
                {isDone ? <CheckIcon className="size-3.5" /> : index + 1}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="mt-2 text-xs font-medium text-muted-foreground">
        {t("Step {current} of {total}", { current: currentIndex + 1, total: SEND_STEPS.length })} ·{" "}
        <span className="text-foreground">{t(STEP_LABELS[step])}</span>
      </p>
    </nav>
  );
}
