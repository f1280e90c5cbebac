import { describeSecurityEvent } from "@ferry/core/alert-rules";
import {
  ALERT_LABELS,
  ALERT_MESSAGES,
  type AlertMethod,
  type AlertMethodAvailability,
  type AlertMethodRefusal,
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
import { Link } from "react-router";
import { z } from "zod";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { t, translateText } from "../../i18n/i18n.tsx";
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

/**
 * The method the form starts with: the rule's own while it can still be chosen, else the first that
 * can (e-mail when none can: the methods' notes then say where to turn one on).
 */
function startingMethodOf(rule: AlertRule | null, methods: readonly AlertMethodAvailability[]): AlertMethod {
  const available = methods.filter((entry) => entry.isAvailable).map((entry) => entry.method);
  if (rule && available.includes(rule.method)) {
    return rule.method;
  }
  return available[0] ?? rule?.method ?? "email";
}

/** The form of a rule being edited, or of a new one (a transaction rule, by the first method on, active). */
export function formOf(rule: AlertRule | null, methods: readonly AlertMethodAvailability[]): RuleForm {
  const empty: RuleForm = {
    type: "transaction",
    currency: "USD",
    amount: "",
    direction: "both",
    events: ["new_device"],
    method: startingMethodOf(rule, methods),
    isEnabled: true,
  };
  if (!rule) {
    return empty;
  }
  const common = { ...empty, type: rule.type, isEnabled: rule.isEnabled };
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
  icon: LucideIcon;
  label: string;
  className?: string;
}) {
  const Icon = props.icon;
  return (
    <label
      className={cn(
        "flex items-center justify-center gap-2 rounded-lg border p-3 text-sm font-medium",
        props.className,
        "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
        "cursor-pointer",
        props.checked ? "border-primary bg-secondary text-secondary-foreground" : "border-border hover:bg-accent",
      )}
    >
      <input type="radio" {...props.registration} value={props.value} checked={props.checked} className="sr-only" />
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
      <legend className="mb-2 text-sm font-medium">{t("Alert type")}</legend>
      <div className="grid grid-cols-3 gap-2">
        {(Object.keys(ALERT_TYPE_TEXT) as AlertRuleType[]).map((choice) => (
          <ChoiceCard
            key={choice}
            registration={form.register("type")}
            value={choice}
            checked={type === choice}
            icon={TYPE_ICONS[choice]}
            label={translateText(ALERT_LABELS.types[choice])}
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
      ? t("You are alerted when your available balance falls below this amount.")
      : t("You are alerted on each transaction of at least this amount.");
  return (
    <div className="grid items-start gap-4 sm:grid-cols-[8rem_1fr]">
      <Field id={`${ids}-currency`} label={t("Currency")} error={errors.currency?.message}>
        <NativeSelect id={`${ids}-currency`} {...form.register("currency")}>
          {CURRENCY_CODES.map((code) => (
            <option key={code}>{code}</option>
          ))}
        </NativeSelect>
      </Field>
      <Field id={`${ids}-amount`} label={t("Amount")} error={errors.amount?.message} hint={amountHint}>
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
    <Field id={`${ids}-direction`} label={t("Direction")} error={form.formState.errors.direction?.message}>
      <NativeSelect id={`${ids}-direction`} {...form.register("direction")}>
        {TRANSACTION_DIRECTIONS.map((direction) => (
          <option key={direction} value={direction}>
            {translateText(ALERT_LABELS.directions[direction])}
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
      <legend className="mb-1 text-sm font-medium">{t("Security events")}</legend>
      {SECURITY_EVENTS.map((event) => (
        <div key={event} className="flex items-center gap-2">
          <CheckboxInput id={`${ids}-event-${event}`} value={event} registration={form.register("events")} />
          <Label htmlFor={`${ids}-event-${event}`} className="font-normal">
            {describeSecurityEvent(event, t)}
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

/** Where a person switches a method on: Settings for the switches, Profile for the phone number. */
const METHOD_FIX_LINKS: Partial<Record<AlertMethodRefusal, { to: string; label: string }>> = {
  email_off: { to: "/settings", label: "Open Settings" },
  sms_off: { to: "/settings", label: "Open Settings" },
  sms_no_phone: { to: "/profile", label: "Open Profile" },
};

/** Why a method is not offered, and a link to where it is switched on. */
function MethodNote({ entry }: { entry: AlertMethodAvailability }) {
  const link = entry.unavailableBecause ? METHOD_FIX_LINKS[entry.unavailableBecause] : undefined;
  return (
    <p className="text-xs text-muted-foreground">
      {translateText(ALERT_LABELS.methods[entry.method])}:{" "}
      {entry.unavailableReason && translateText(entry.unavailableReason)}{" "}
      {link ? (
        <Link to={link.to} className="font-medium text-primary underline underline-offset-2">
          {translateText(link.label)}
        </Link>
      ) : null}
    </p>
  );
}

/**
 * The methods that can reach the person now (issue 27: those on in their Notification Preferences,
 * and SMS only with a phone number and a provider); each other one is named with why, and where to
 * switch it on.
 */
function MethodChoice(props: { form: RuleFormApi; method: AlertMethod; methods: readonly AlertMethodAvailability[] }) {
  const error = props.form.formState.errors.method?.message;
  const available = props.methods.filter((entry) => entry.isAvailable);
  const unavailable = props.methods.filter((entry) => !entry.isAvailable);
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{t("Send by")}</legend>
      {available.length > 0 ? (
        <div className="grid grid-cols-2 gap-2">
          {available.map((entry) => (
            <ChoiceCard
              key={entry.method}
              registration={props.form.register("method")}
              value={entry.method}
              checked={props.method === entry.method}
              icon={METHOD_ICONS[entry.method]}
              label={translateText(ALERT_LABELS.methods[entry.method])}
            />
          ))}
        </div>
      ) : (
        <p className="text-sm">{translateText(ALERT_MESSAGES.noMethod)}</p>
      )}
      {unavailable.map((entry) => (
        <MethodNote key={entry.method} entry={entry} />
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
      <MethodChoice form={form} method={method} methods={methods} />
      <div className="flex items-center gap-2">
        <CheckboxInput id={`${ids}-enabled`} registration={form.register("isEnabled")} />
        <Label htmlFor={`${ids}-enabled`} className="font-normal">
          Active (a paused rule does not fire)
        </Label>
      </div>
    </>
  );
}
