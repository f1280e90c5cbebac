import type { Recipient } from "@ferry/core/contracts/recipients";
import type { Transfer } from "@ferry/core/contracts/transfers";
import { InfoIcon } from "lucide-react";
import { useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../components/ui/dialog.tsx";
import { t } from "../../../i18n/i18n.tsx";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import { useConfirmsWithApp } from "../api/authenticator-status.ts";
import { AmountStep } from "./components/amount-step.tsx";
import { FerryUserStep } from "./components/ferry-user-step.tsx";
import { MethodStep } from "./components/method-step.tsx";
import { Receipt } from "./components/receipt.tsx";
import { RecipientDetailsStep } from "./components/recipient-details-step.tsx";
import { RecipientStep } from "./components/recipient-step.tsx";
import { StepIndicator } from "./components/step-indicator.tsx";
import { VerificationStep } from "./components/verification-step.tsx";
import {
  type ChosenAmount,
  type ChosenRecipient,
  chosenFerryUser,
  chosenFromSaved,
  currentStep,
  initialFlowOf,
  type SendMethod,
  type SendMoneyFlow,
  type SendMoneyPreset,
  type SendStep,
} from "./send-money-flow.ts";

function descriptionOf(step: SendStep, method: SendMethod | null, confirmsWithApp: boolean): string {
  switch (step) {
    case "method":
      return t("How would you like to send money?");
    case "recipient":
      return method === "ferry_user"
        ? t("Who is receiving the money?")
        : t("Choose a saved recipient or add a new one.");
    case "details":
      return method === "bank" ? t("The bank account you are sending to.") : t("The wallet you are sending to.");
    case "amount":
      return t("How much would you like to send?");
    case "verification":
      return confirmsWithApp
        ? t("Check the details and confirm with the code from your authenticator app.")
        : t("Check the details and confirm with the code we e-mail you.");
  }
}

function isSameTarget(a: ChosenRecipient | null, b: ChosenRecipient): boolean {
  return a !== null && JSON.stringify(a.target) === JSON.stringify(b.target);
}

/**
 * How Ferry handles a large transfer, shown when Send Money opens from "Large transfers": the real
 * rules (the daily limit on money leaving Ferry, the code bound to the transfer, pending until sent).
 */
const LARGE_TRANSFER_NOTE =
  "Large transfers go by bank transfer. Money leaving Ferry has a daily limit per currency, lower until your e-mail and identity are verified; if an amount is over it, the amount step says how much remains today. The fee is shown before you confirm, the code we e-mail works only for this exact amount and recipient, and the transfer stays pending until our team sends it. For more than your limit, contact support first.";

/** Where Send Money is and what it has chosen so far, with the moves between its steps. */
function useSendMoneyFlow(preset: SendMoneyPreset | undefined) {
  const [flow, setFlow] = useState<SendMoneyFlow>(() => initialFlowOf(preset));
  const goTo = (step: SendStep, changes: Partial<SendMoneyFlow> = {}) =>
    setFlow((current) => ({ ...current, ...changes, history: [...current.history, step] }));
  return {
    flow,
    goBack: () => setFlow((current) => ({ ...current, history: current.history.slice(0, -1) })),
    chooseMethod: (method: SendMethod) =>
      setFlow((current) => ({
        ...current,
        method,
        // Another method means another recipient and amount.
        recipient: current.method === method ? current.recipient : null,
        payment: current.method === method ? current.payment : null,
        history: [...current.history, "recipient"],
      })),
    chooseRecipient: (recipient: ChosenRecipient) =>
      setFlow((current) => ({
        ...current,
        recipient,
        payment: isSameTarget(current.recipient, recipient) ? current.payment : null,
        history: [...current.history, "amount"],
      })),
    editRecipient: (editing: Recipient | null) => goTo("details", { editing }),
    // The saved recipient now heads the list, so Back from the amount returns there, not to a form
    // that would save it a second time.
    recipientSaved: (saved: Recipient) =>
      setFlow((current) => ({
        ...current,
        recipient: chosenFromSaved(saved),
        payment: null,
        editing: null,
        history: [...current.history.slice(0, -1), "amount"],
      })),
    amountChosen: (payment: ChosenAmount) => goTo("verification", { payment, idempotencyKey: newIdempotencyKey() }),
  };
}

/** The form of the step Send Money is on. */
function CurrentStep({
  moves,
  onClose,
  onSent,
}: {
  moves: ReturnType<typeof useSendMoneyFlow>;
  onClose: () => void;
  onSent: (transfer: Transfer) => void;
}) {
  const { flow, goBack } = moves;
  const step = currentStep(flow);
  const savedType = flow.method === "bank" || flow.method === "crypto" ? flow.method : null;
  if (step === "method") {
    return <MethodStep selected={flow.method} onChoose={moves.chooseMethod} onCancel={onClose} />;
  }
  if (step === "recipient" && flow.method === "ferry_user") {
    return (
      <FerryUserStep
        email={flow.recipient?.email ?? ""}
        onContinue={(email) => moves.chooseRecipient(chosenFerryUser(email))}
        onBack={goBack}
      />
    );
  }
  if (step === "recipient" && savedType) {
    return (
      <RecipientStep
        type={savedType}
        onChoose={(recipient) => moves.chooseRecipient(chosenFromSaved(recipient))}
        onAddNew={() => moves.editRecipient(null)}
        onEdit={moves.editRecipient}
        onBack={goBack}
      />
    );
  }
  if (step === "details" && savedType) {
    return (
      <RecipientDetailsStep type={savedType} editing={flow.editing} onSaved={moves.recipientSaved} onBack={goBack} />
    );
  }
  if (step === "amount" && flow.recipient) {
    return (
      <AmountStep recipient={flow.recipient} initial={flow.payment} onContinue={moves.amountChosen} onBack={goBack} />
    );
  }
  if (step === "verification" && flow.recipient && flow.payment && flow.idempotencyKey) {
    return (
      <VerificationStep
        recipient={flow.recipient}
        payment={flow.payment}
        idempotencyKey={flow.idempotencyKey}
        onSent={onSent}
        onBack={goBack}
      />
    );
  }
  return null;
}

/** The five steps of spec §4. Everything lives in this component, so closing the dialog forgets it all. */
function SendMoneySteps({ onClose, preset }: { onClose: () => void; preset?: SendMoneyPreset }) {
  const moves = useSendMoneyFlow(preset);
  const step = currentStep(moves.flow);
  const confirmsWithApp = useConfirmsWithApp();
  // Once sent, the dialog shows the receipt instead of the steps (issue 30).
  const [sent, setSent] = useState<Transfer | null>(null);
  if (sent) {
    return (
      <>
        <DialogHeader className="text-left">
          <DialogTitle>{t("Send Money")}</DialogTitle>
          <DialogDescription>{t("Your money is on its way.")}</DialogDescription>
        </DialogHeader>
        <Receipt transfer={sent} onClose={onClose} />
      </>
    );
  }
  return (
    <>
      <DialogHeader className="text-left">
        <DialogTitle>{t("Send Money")}</DialogTitle>
        <DialogDescription>{descriptionOf(step, moves.flow.method, confirmsWithApp)}</DialogDescription>
      </DialogHeader>
      <StepIndicator step={step} />
      {preset === "large" ? (
        <p className="flex gap-2 rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
          <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{LARGE_TRANSFER_NOTE}</span>
        </p>
      ) : null}
      <CurrentStep moves={moves} onClose={onClose} onSent={setSent} />
    </>
  );
}

/**
 * Send Money (spec §2, §4): method, recipient, details of a new one, amount, verification. `preset`
 * "large" starts with a bank transfer chosen and says how large transfers are handled.
 */
export function SendMoneyDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  preset?: SendMoneyPreset;
}) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-h-[92dvh] max-w-lg grid-cols-[minmax(0,1fr)] overflow-y-auto">
        <SendMoneySteps preset={props.preset} onClose={() => props.onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
