import type { UseFormRegisterReturn } from "react-hook-form";
import { t } from "../i18n/i18n.tsx";
import { Field } from "./ui/field.tsx";
import { Input } from "./ui/input.tsx";

/** A money amount typed as text (decimal keyboard on phones), with its error read out by screen readers. */
export function AmountInput(props: { id: string; error: string | undefined; registration: UseFormRegisterReturn }) {
  return (
    <Input
      id={props.id}
      inputMode="decimal"
      placeholder="0.00"
      autoComplete="off"
      aria-invalid={props.error ? true : undefined}
      aria-describedby={props.error ? `${props.id}-error` : undefined}
      {...props.registration}
    />
  );
}

/** A labelled amount field: the input, a hint (what is available) and the error underneath. */
export function AmountField(props: {
  id: string;
  label?: string;
  hint?: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field id={props.id} label={props.label ?? t("Amount")} hint={props.hint} error={props.error}>
      <AmountInput id={props.id} error={props.error} registration={props.registration} />
    </Field>
  );
}
