import { InvestmentAmountRequest } from "@ferry/core/contracts/investments";
import { zodResolver } from "@hookform/resolvers/zod";
import type * as React from "react";
import { useForm, useWatch } from "react-hook-form";
import { t } from "../i18n/i18n.tsx";
import { ApiError } from "../lib/api-error.ts";
import { useIdempotencyKey } from "../lib/use-idempotency-key.ts";
import { AmountInput } from "./amount-field.tsx";
import { DialogFrame } from "./dialog-frame.tsx";
import { Button } from "./ui/button.tsx";
import { DialogFooter } from "./ui/dialog.tsx";
import { Field } from "./ui/field.tsx";

export interface UsdAmountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The id of the amount input; its label is "Amount (USD)". */
  id: string;
  title: string;
  description: string;
  submitLabel: string;
  pendingLabel: string;
  /** Under the amount while it has no error: what is available, say. */
  hint?: string;
  /** Fills the amount in (a "Max" button, say): the whole available amount as the API wrote it. */
  maxAmount?: string;
  /** Shown under the field for what is typed (an estimate, say); `amount` is the text as typed. */
  renderPreview?: (amount: string) => React.ReactNode;
  /**
   * Moves the money. Rejects with an ApiError when the server refuses: its message (or its field
   * message) is shown on the amount. Toasts are the caller's.
   */
  onSubmit: (request: InvestmentAmountRequest, idempotencyKey: string) => Promise<unknown>;
}

/** The server's words about the amount: its field message, or the message of a refusal. */
function amountErrorOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
    return null;
  }
  return error.fields.amount ?? error.message;
}

function AmountForm(props: UsdAmountDialogProps) {
  const idempotency = useIdempotencyKey();
  const form = useForm<InvestmentAmountRequest>({
    resolver: zodResolver(InvestmentAmountRequest),
    defaultValues: { amount: "" },
  });
  const amount = useWatch({ control: form.control, name: "amount" });
  const amountError = form.formState.errors.amount?.message;
  const isSubmitting = form.formState.isSubmitting;

  async function submit(request: InvestmentAmountRequest) {
    try {
      await props.onSubmit(request, idempotency.keyFor(request.amount));
      idempotency.settle(null);
      props.onOpenChange(false);
    } catch (error) {
      idempotency.settle(error);
      const message = amountErrorOf(error);
      if (message) {
        form.setError("amount", { message }, { shouldFocus: true });
      }
    }
  }

  return (
    <form className="grid gap-4" onSubmit={form.handleSubmit(submit)} noValidate>
      <Field id={props.id} label={t("Amount (USD)")} hint={props.hint} error={amountError}>
        <div className="flex gap-2">
          <AmountInput id={props.id} error={amountError} registration={form.register("amount")} />
          {props.maxAmount ? (
            <Button
              type="button"
              variant="outline"
              onClick={() => form.setValue("amount", props.maxAmount ?? "", { shouldValidate: true })}
            >
              {t("Max")}
            </Button>
          ) : null}
        </div>
      </Field>
      {props.renderPreview?.(amount)}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)} disabled={isSubmitting}>
          {t("Cancel")}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? props.pendingLabel : props.submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * A dialog asking for an amount of US dollars to move (invest, withdraw, top up a reserve). The
 * amount is checked with the request's own rule before it is sent; the server decides the rest, and
 * its refusal is shown on the field. One Idempotency-Key per intended movement (`useIdempotencyKey`).
 */
export function UsdAmountDialog(props: UsdAmountDialogProps) {
  return (
    <DialogFrame
      open={props.open}
      onClose={() => props.onOpenChange(false)}
      title={props.title}
      description={props.description}
    >
      {/* Mounted only while open: closing forgets the amount, its error and its key. */}
      {props.open ? <AmountForm {...props} /> : null}
    </DialogFrame>
  );
}
