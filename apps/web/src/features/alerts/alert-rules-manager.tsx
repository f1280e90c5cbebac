import {
  ALERT_LABELS,
  ALERT_METHODS,
  type AlertMethod,
  type AlertMethodAvailability,
  type AlertRule,
  AlertRuleRequest,
  type AlertRuleType,
  describeAlertCondition,
  MAX_ALERT_RULES_PER_USER,
  SECURITY_EVENTS,
  type SecurityEvent,
  TRANSACTION_DIRECTIONS,
  type TransactionDirection,
} from "@ferry/core/contracts/alerts";
import { CURRENCY_CODES, type CurrencyCode } from "@ferry/core/currencies";
import { BellRingIcon, type LucideIcon, PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { EmptyState } from "../../components/empty-state.tsx";
import { Button } from "../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { ApiError, messageOf } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { formatRelativeTime } from "../../lib/format-date-time.ts";
import { useErrorToast } from "../../lib/toasts.ts";
import { METHOD_ICONS, RuleSummary, TYPE_ICONS } from "./alert-rule-summary.tsx";
import { useAlertRules, useDeleteAlertRule, useSaveAlertRule } from "./api/alert-rules.ts";
import { ALERT_TYPE_TEXT, ALERTS_PAGE } from "./content.ts";

/** The methods a signed-in user can choose, as the server says; e-mail only when it has not said yet. */
const FALLBACK_METHODS: readonly AlertMethodAvailability[] = [
  { method: "email", isAvailable: true, unavailableReason: null },
  { method: "sms", isAvailable: false, unavailableReason: "No SMS provider is configured" },
];

// ---------------------------------------------------------------------------------------------
// The signed-in user's rules: list, create, edit, delete.
// ---------------------------------------------------------------------------------------------

/** The dialog's fields; only those of the chosen type are sent. */
interface RuleForm {
  type: AlertRuleType;
  currency: CurrencyCode;
  amount: string;
  direction: TransactionDirection;
  events: SecurityEvent[];
  method: AlertMethod;
  isEnabled: boolean;
}

function formOf(rule: AlertRule | null): RuleForm {
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

/** The request of the chosen type, checked with the contract the server checks it with. */
function requestOf(form: RuleForm) {
  const common = { method: form.method, isEnabled: form.isEnabled };
  const input =
    form.type === "security"
      ? { type: form.type, events: form.events, ...common }
      : form.type === "balance"
        ? { type: form.type, currency: form.currency, amount: form.amount, ...common }
        : { type: form.type, currency: form.currency, amount: form.amount, direction: form.direction, ...common };
  return AlertRuleRequest.safeParse(input);
}

function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

function ChoiceCard(props: {
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  icon: LucideIcon;
  label: string;
  describedBy?: string;
  className?: string;
  onChange: () => void;
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
        name={props.name}
        value={props.value}
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={props.describedBy}
        onChange={props.onChange}
        className="sr-only"
      />
      <Icon className="size-4" aria-hidden="true" /> {props.label}
    </label>
  );
}

/** A native checkbox in the primary colour: labelled by its <Label htmlFor>, operable by keyboard as is. */
function CheckboxInput(props: { id: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <input
      type="checkbox"
      id={props.id}
      checked={props.checked}
      onChange={(event) => props.onChange(event.target.checked)}
      className="size-4 shrink-0 cursor-pointer accent-primary"
    />
  );
}

function RuleFormFields(props: {
  form: RuleForm;
  errors: Record<string, string>;
  methods: readonly AlertMethodAvailability[];
  onChange: (change: Partial<RuleForm>) => void;
}) {
  const { form, errors, onChange } = props;
  const ids = useId();
  const hasAmount = form.type !== "security";
  const amountHint =
    form.type === "balance"
      ? "You are alerted when your available balance falls below this amount."
      : "You are alerted on each transaction of at least this amount.";
  return (
    <>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Alert type</legend>
        <div className="grid grid-cols-3 gap-2">
          {(Object.keys(ALERT_TYPE_TEXT) as AlertRuleType[]).map((type) => (
            <ChoiceCard
              key={type}
              name={`${ids}-type`}
              value={type}
              checked={form.type === type}
              icon={TYPE_ICONS[type]}
              label={ALERT_LABELS.types[type]}
              className="flex-col gap-1 px-1 sm:flex-row sm:gap-2"
              onChange={() => onChange({ type })}
            />
          ))}
        </div>
        <p className="text-xs text-muted-foreground">{ALERT_TYPE_TEXT[form.type]}</p>
      </fieldset>
      {hasAmount ? (
        <div className="grid items-start gap-4 sm:grid-cols-[8rem_1fr]">
          <Field id={`${ids}-currency`} label="Currency" error={errors.currency}>
            <NativeSelect
              id={`${ids}-currency`}
              value={form.currency}
              onChange={(event) => onChange({ currency: event.target.value as CurrencyCode })}
            >
              {CURRENCY_CODES.map((code) => (
                <option key={code}>{code}</option>
              ))}
            </NativeSelect>
          </Field>
          <Field id={`${ids}-amount`} label="Amount" error={errors.amount} hint={amountHint}>
            <Input
              id={`${ids}-amount`}
              inputMode="decimal"
              autoComplete="off"
              placeholder="1000"
              value={form.amount}
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={errors.amount ? `${ids}-amount-error` : undefined}
              onChange={(event) => onChange({ amount: event.target.value })}
            />
          </Field>
        </div>
      ) : null}
      {form.type === "transaction" ? (
        <Field id={`${ids}-direction`} label="Direction" error={errors.direction}>
          <NativeSelect
            id={`${ids}-direction`}
            value={form.direction}
            onChange={(event) => onChange({ direction: event.target.value as TransactionDirection })}
          >
            {TRANSACTION_DIRECTIONS.map((direction) => (
              <option key={direction} value={direction}>
                {ALERT_LABELS.directions[direction]}
              </option>
            ))}
          </NativeSelect>
        </Field>
      ) : null}
      {form.type === "security" ? (
        <fieldset
          className="grid gap-3"
          aria-describedby={errors.events ? `${ids}-events-error` : undefined}
          aria-invalid={errors.events ? true : undefined}
        >
          <legend className="mb-1 text-sm font-medium">Security events</legend>
          {SECURITY_EVENTS.map((event) => {
            const id = `${ids}-event-${event}`;
            return (
              <div key={event} className="flex items-center gap-2">
                <CheckboxInput
                  id={id}
                  checked={form.events.includes(event)}
                  onChange={(checked) =>
                    onChange({
                      events: checked ? [...form.events, event] : form.events.filter((chosen) => chosen !== event),
                    })
                  }
                />
                <Label htmlFor={id} className="font-normal">
                  {ALERT_LABELS.events[event]}
                </Label>
              </div>
            );
          })}
          {errors.events ? (
            <p id={`${ids}-events-error`} className="text-xs font-medium text-destructive">
              {errors.events}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Send by</legend>
        <div className="grid grid-cols-2 gap-2">
          {ALERT_METHODS.map((method) => {
            const availability = props.methods.find((entry) => entry.method === method);
            const isAvailable = availability?.isAvailable ?? false;
            return (
              <ChoiceCard
                key={method}
                name={`${ids}-method`}
                value={method}
                checked={form.method === method}
                disabled={!isAvailable}
                describedBy={isAvailable ? undefined : `${ids}-method-${method}-note`}
                icon={METHOD_ICONS[method]}
                label={ALERT_LABELS.methods[method]}
                onChange={() => onChange({ method })}
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
        {errors.method ? <p className="text-xs font-medium text-destructive">{errors.method}</p> : null}
      </fieldset>
      <div className="flex items-center gap-2">
        <CheckboxInput
          id={`${ids}-enabled`}
          checked={form.isEnabled}
          onChange={(checked) => onChange({ isEnabled: checked })}
        />
        <Label htmlFor={`${ids}-enabled`} className="font-normal">
          Active (a paused rule does not fire)
        </Label>
      </div>
    </>
  );
}

function AlertRuleDialog(props: {
  editing: AlertRule | null;
  methods: readonly AlertMethodAvailability[];
  onClose: () => void;
}) {
  const [form, setForm] = useState<RuleForm>(() => formOf(props.editing));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveAlertRule();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = requestOf(form);
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(
      { id: props.editing?.id, request: parsed.data },
      {
        onSuccess: () => {
          toast.success(props.editing ? ALERTS_PAGE.toasts.updated : ALERTS_PAGE.toasts.created);
          props.onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            setErrors(error.fields);
          }
          toast.error(ALERTS_PAGE.toasts.saveFailed, { description: messageOf(error, "") || undefined });
        },
      },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? null : props.onClose())}>
      <DialogContent className="max-h-[90vh] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{props.editing ? "Edit alert rule" : "New alert rule"}</DialogTitle>
          <DialogDescription>Choose what to watch and how Ferry tells you.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-5" onSubmit={submit} noValidate>
          <RuleFormFields
            form={form}
            errors={errors}
            methods={props.methods}
            onChange={(change) => setForm((current) => ({ ...current, ...change }))}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving…" : props.editing ? "Save changes" : "Create rule"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function firingText(rule: AlertRule): string {
  if (rule.lastFiredAt === null) {
    return "Not fired yet";
  }
  const times = rule.firedCount === 1 ? "once" : `${rule.firedCount} times`;
  return `Fired ${times}, last ${formatRelativeTime(rule.lastFiredAt)}`;
}

function DeleteRuleDialog(props: { rule: AlertRule; onClose: () => void }) {
  const remove = useDeleteAlertRule();
  return (
    <Dialog open onOpenChange={(open) => (open ? null : props.onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete alert rule</DialogTitle>
          <DialogDescription>
            Delete "{describeAlertCondition(props.rule)}"? You will no longer be alerted for it.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={props.onClose}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(props.rule.id, {
                onSuccess: () => {
                  toast.success(ALERTS_PAGE.toasts.deleted);
                  props.onClose();
                },
                onError: (error) => toast.error(messageOf(error, ALERTS_PAGE.toasts.deleteFailed)),
              })
            }
          >
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

type DialogState = { kind: "closed" } | { kind: "edit"; rule: AlertRule | null } | { kind: "delete"; rule: AlertRule };

export function RulesManager() {
  const rules = useAlertRules();
  const [dialog, setDialog] = useState<DialogState>({ kind: "closed" });
  useErrorToast(rules.error, ALERTS_PAGE.rules.loadFailed);
  const list = rules.data?.items ?? [];
  const methods = rules.data?.methods ?? FALLBACK_METHODS;
  const canAdd = list.length < MAX_ALERT_RULES_PER_USER;
  const close = () => setDialog({ kind: "closed" });

  let body: ReactNode;
  if (rules.isPending) {
    body = (
      <div className="grid gap-4 sm:grid-cols-2">
        <Skeleton className="h-44 rounded-2xl" />
        <Skeleton className="h-44 rounded-2xl" />
      </div>
    );
  } else if (rules.isError) {
    body = (
      <p role="alert" className="rounded-xl bg-slate-50 p-6 text-center text-slate-700">
        {ALERTS_PAGE.rules.loadFailed}
      </p>
    );
  } else if (list.length === 0) {
    body = (
      <EmptyState
        icon={BellRingIcon}
        title={ALERTS_PAGE.rules.emptyTitle}
        hint={ALERTS_PAGE.rules.emptyHint}
        action={
          <Button onClick={() => setDialog({ kind: "edit", rule: null })}>
            <PlusIcon aria-hidden="true" /> {ALERTS_PAGE.rules.emptyAction}
          </Button>
        }
      />
    );
  } else {
    body = (
      <ul className="grid gap-4 sm:grid-cols-2" aria-label="Your alert rules">
        {list.map((rule) => {
          const description = describeAlertCondition(rule);
          return (
            <li key={rule.id} data-testid="alert-rule">
              <RuleSummary
                heading={`${ALERT_LABELS.types[rule.type]} alert`}
                condition={rule}
                method={rule.method}
                isEnabled={rule.isEnabled}
                footer={firingText(rule)}
                actions={
                  <>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Edit rule: ${description}`}
                      onClick={() => setDialog({ kind: "edit", rule })}
                    >
                      <PencilIcon aria-hidden="true" /> Edit
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      className="text-destructive"
                      aria-label={`Delete rule: ${description}`}
                      onClick={() => setDialog({ kind: "delete", rule })}
                    >
                      <Trash2Icon aria-hidden="true" /> Delete
                    </Button>
                  </>
                }
              />
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section aria-labelledby="your-rules-heading">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="your-rules-heading" className="text-2xl font-bold tracking-tight text-slate-900">
            {ALERTS_PAGE.rules.heading}
          </h2>
          <p className="mt-2 text-slate-600">
            {ALERTS_PAGE.rules.intro}{" "}
            <Link to={ALERTS_PAGE.rules.notificationsLink.to} className="font-medium text-primary underline">
              {ALERTS_PAGE.rules.notificationsLink.label}
            </Link>
          </p>
        </div>
        {list.length > 0 && canAdd ? (
          <Button className="shrink-0" onClick={() => setDialog({ kind: "edit", rule: null })}>
            <PlusIcon aria-hidden="true" /> {ALERTS_PAGE.rules.newRule}
          </Button>
        ) : null}
      </div>
      {!canAdd ? <p className="mt-4 text-sm text-slate-700">{ALERTS_PAGE.rules.limitReached}</p> : null}
      <div className="mt-6">{body}</div>
      {dialog.kind === "edit" ? (
        <AlertRuleDialog key={dialog.rule?.id ?? "new"} editing={dialog.rule} methods={methods} onClose={close} />
      ) : null}
      {dialog.kind === "delete" ? <DeleteRuleDialog rule={dialog.rule} onClose={close} /> : null}
    </section>
  );
}
