import {
  ALERT_LABELS,
  ALERT_METHODS,
  type AlertMethod,
  type AlertMethodAvailability,
  type AlertRule,
  AlertRuleRequest,
  type AlertRuleType,
  SECURITY_EVENTS,
  type SecurityEvent,
  TRANSACTION_DIRECTIONS,
  type TransactionDirection,
} from "@ferry/core/contracts/alerts";
import { CURRENCY_CODES, type CurrencyCode } from "@ferry/core/currencies";
import { zodResolver } from "@hookform/resolvers/zod";
import type { LucideIcon } from "lucide-react";
import { useId } from "react";
import { type UseFormRegisterReturn, type UseFormReturn, useWatch } from "react-hook-form";
import { z } from "zod";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { cn } from "../../lib/cn.ts";
import { METHOD_ICONS, TYPE_ICONS } from "./alert-rule-summary.tsx";
import { ALERT_TYPE_TEXT } from "./content.ts";

/** The dialog's fields; only those of the chosen type are sent. */
export interface RuleForm {
  type: AlertRuleType;
  currency: CurrencyCode;
  amount: string;
  direction: TransactionDirection;
  events: SecurityEvent[];
  method: AlertMethod;
  isEnabled: boolean;
}

/** The form of a rule being edited, or of a new one (a transaction rule, by e-mail, active). */
export function formOf(rule: AlertRule | null): RuleForm {
  const empty: RuleForm = {
    type: "transaction",
    currency: "USD",
    amount: "",
    direction: "both",
    events: ["new_device"],
    method: "email",
    isEnabled: true,
  };
  if (!rule) {
    return empty;
  }
  const common = { ...empty, type: rule.type, method: rule.method, isEnabled: rule.isEnabled };
  switch (rule.type) {
    case "transaction":
      return { ...common, currency: rule.currency, amount: rule.amount, direction: rule.direction };
    case "balance":
      return { ...common, currency: rule.currency, amount: rule.amount };
    case "security":
      return { ...common, events: [...rule.events] };
  }
}

/** The request of the chosen type: the fields of the other types stay in the form, unsent. */
function requestOf(form: RuleForm): z.input<typeof AlertRuleRequest> {
  const common = { method: form.method, isEnabled: form.isEnabled };
  switch (form.type) {
    case "security":
      return { type: form.type, events: form.events, ...common };
    case "balance":
      return { type: form.type, currency: form.currency, amount: form.amount, ...common };
    case "transaction":
      return { type: form.type, currency: form.currency, amount: form.amount, direction: form.direction, ...common };
  }
}

/** The form is checked as the request it sends, with the contract the server checks it with. */
export const ruleFormResolver = zodResolver(z.custom<RuleForm>().transform(requestOf).pipe(AlertRuleRequest));

/** The fields the server may name in a refusal, shown beside their input. */
export const RULE_FORM_FIELDS: readonly (keyof RuleForm)[] = ["currency", "amount", "direction", "events", "method"];

type RuleFormApi = UseFormReturn<RuleForm, unknown, AlertRuleRequest>;

function ChoiceCard(props: {
  registration: UseFormRegisterReturn;
  value: string;
  checked: boolean;
  disabled?: boolean;
  icon: LucideIcon;
  label: string;
  describedBy?: string;
  className?: string;
}) {
  const Icon = props.icon;
  return (
    <label
      className={cn(
        "flex items-center justify-center gap-2 rounded-lg border p-3 text-sm font-medium",
        props.className,
        "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
        props.disabled ? "cursor-not-allowed border-dashed text-slate-500" : "cursor-pointer",
        props.checked ? "border-primary bg-secondary text-secondary-foreground" : "border-border",
        !props.disabled && !props.checked ? "hover:bg-accent" : null,
      )}
    >
      <input
        type="radio"
        {...props.registration}
        value={props.value}
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={props.describedBy}
        className="sr-only"
      />
      <Icon className="size-4" aria-hidden="true" /> {props.label}
    </label>
  );
}

/** A native checkbox in the primary colour: labelled by its <Label htmlFor>, operable by keyboard as is. */
function CheckboxInput(props: { id: string; value?: string; registration: UseFormRegisterReturn }) {
  return (
    <input
      type="checkbox"
      id={props.id}
      value={props.value}
      {...props.registration}
      className="size-4 shrink-0 cursor-pointer accent-primary"
    />
  );
}

function TypeChoice({ form, type }: { form: RuleFormApi; type: AlertRuleType }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Alert type</legend>
      <div className="grid grid-cols-3 gap-2">
        {(Object.keys(ALERT_TYPE_TEXT) as AlertRuleType[]).map((choice) => (
          <ChoiceCard
            key={choice}
            registration={form.register("type")}
            value={choice}
            checked={type === choice}
            icon={TYPE_ICONS[choice]}
            label={ALERT_LABELS.types[choice]}
            className="flex-col gap-1 px-1 sm:flex-row sm:gap-2"
          />
        ))}
      </div>
      <p className="text-xs text-muted-foreground">{ALERT_TYPE_TEXT[type]}</p>
    </fieldset>
  );
}

/** The currency and amount of a transaction or balance rule. */
function ThresholdFields({ form, type, ids }: { form: RuleFormApi; type: AlertRuleType; ids: string }) {
  const errors = form.formState.errors;
  const amountHint =
    type === "balance"
      ? "You are alerted when your available balance falls below this amount."
      : "You are alerted on each transaction of at least this amount.";
  return (
    <div className="grid items-start gap-4 sm:grid-cols-[8rem_1fr]">
      <Field id={`${ids}-currency`} label="Currency" error={errors.currency?.message}>
        <NativeSelect id={`${ids}-currency`} {...form.register("currency")}>
          {CURRENCY_CODES.map((code) => (
            <option key={code}>{code}</option>
          ))}
        </NativeSelect>
      </Field>
      <Field id={`${ids}-amount`} label="Amount" error={errors.amount?.message} hint={amountHint}>
        <Input
          id={`${ids}-amount`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="1000"
          aria-invalid={errors.amount ? true : undefined}
          aria-describedby={errors.amount ? `${ids}-amount-error` : undefined}
          {...form.register("amount")}
        />
      </Field>
    </div>
  );
}

function DirectionField({ form, ids }: { form: RuleFormApi; ids: string }) {
  return (
    <Field id={`${ids}-direction`} label="Direction" error={form.formState.errors.direction?.message}>
      <NativeSelect id={`${ids}-direction`} {...form.register("direction")}>
        {TRANSACTION_DIRECTIONS.map((direction) => (
          <option key={direction} value={direction}>
            {ALERT_LABELS.directions[direction]}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

function SecurityEventsField({ form, ids }: { form: RuleFormApi; ids: string }) {
  const error = form.formState.errors.events?.message;
  return (
    <fieldset
      className="grid gap-3"
      aria-describedby={error ? `${ids}-events-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1 text-sm font-medium">Security events</legend>
      {SECURITY_EVENTS.map((event) => (
        <div key={event} className="flex items-center gap-2">
          <CheckboxInput id={`${ids}-event-${event}`} value={event} registration={form.register("events")} />
          <Label htmlFor={`${ids}-event-${event}`} className="font-normal">
            {ALERT_LABELS.events[event]}
          </Label>
        </div>
      ))}
      {error ? (
        <p id={`${ids}-events-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** E-mail or SMS; a method the server cannot deliver yet is shown disabled, with the reason. */
function MethodChoice(props: {
  form: RuleFormApi;
  method: AlertMethod;
  methods: readonly AlertMethodAvailability[];
  ids: string;
}) {
  const { ids } = props;
  const error = props.form.formState.errors.method?.message;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Send by</legend>
      <div className="grid grid-cols-2 gap-2">
        {ALERT_METHODS.map((method) => {
          const isAvailable = props.methods.find((entry) => entry.method === method)?.isAvailable ?? false;
          return (
            <ChoiceCard
              key={method}
              registration={props.form.register("method")}
              value={method}
              checked={props.method === method}
              disabled={!isAvailable}
              describedBy={isAvailable ? undefined : `${ids}-method-${method}-note`}
              icon={METHOD_ICONS[method]}
              label={ALERT_LABELS.methods[method]}
            />
          );
        })}
      </div>
      {props.methods
        .filter((entry) => !entry.isAvailable)
        .map((entry) => (
          <p key={entry.method} id={`${ids}-method-${entry.method}-note`} className="text-xs text-muted-foreground">
            {ALERT_LABELS.methods[entry.method]}: not available yet. {entry.unavailableReason}.
          </p>
        ))}
      {error ? <p className="text-xs font-medium text-destructive">{error}</p> : null}
    </fieldset>
  );
}

/** The fields of a rule: its type, then what the type watches, how it is sent, and whether it is active. */
export function RuleFormFields({ form, methods }: { form: RuleFormApi; methods: readonly AlertMethodAvailability[] }) {
  const ids = useId();
  const [type, method] = useWatch({ control: form.control, name: ["type", "method"] });
  return (
    <>
      <TypeChoice form={form} type={type} />
      {type === "security" ? null : <ThresholdFields form={form} type={type} ids={ids} />}
      {type === "transaction" ? <DirectionField form={form} ids={ids} /> : null}
      {type === "security" ? <SecurityEventsField form={form} ids={ids} /> : null}
      <MethodChoice form={form} method={method} methods={methods} ids={ids} />
      <div className="flex items-center gap-2">
        <CheckboxInput id={`${ids}-enabled`} registration={form.register("isEnabled")} />
        <Label htmlFor={`${ids}-enabled`} className="font-normal">
          Active (a paused rule does not fire)
        </Label>
      </div>
    </>
  );
}
