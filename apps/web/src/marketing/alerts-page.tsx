import {
  ALERT_LABELS,
  ALERT_METHODS,
  type AlertMethod,
  type AlertMethodAvailability,
  type AlertRule,
  type AlertRuleCondition,
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
import {
  ArrowLeftRightIcon,
  ArrowRightIcon,
  BellIcon,
  BellRingIcon,
  type LucideIcon,
  MailIcon,
  MessageSquareIcon,
  PencilIcon,
  PlusIcon,
  ShieldAlertIcon,
  Trash2Icon,
  WalletIcon,
} from "lucide-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { EmptyState } from "../components/empty-state.tsx";
import { Badge } from "../components/ui/badge.tsx";
import { Button } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../components/ui/dialog.tsx";
import { Field } from "../components/ui/field.tsx";
import { Input } from "../components/ui/input.tsx";
import { Label } from "../components/ui/label.tsx";
import { NativeSelect } from "../components/ui/native-select.tsx";
import { Skeleton } from "../components/ui/skeleton.tsx";
import { ApiError, messageOf } from "../lib/api.ts";
import { cn } from "../lib/cn.ts";
import { formatRelativeTime } from "../lib/format-date-time.ts";
import { useVisitorProfile } from "../lib/queries/visitor.ts";
import { useErrorToast } from "../lib/use-error-toast.ts";
import { useAlertRules, useDeleteAlertRule, useSaveAlertRule } from "./api/alert-rules.ts";
import {
  ALERT_METHOD_TEXT,
  ALERT_TYPE_TEXT,
  ALERTS_PAGE,
  SAMPLE_ALERT_RULES,
  type SampleAlertRule,
} from "./content/alerts.ts";

const CONTAINER = "mx-auto w-full max-w-5xl px-4 sm:px-6 lg:px-8";

const TYPE_ICONS: Record<AlertRuleType, LucideIcon> = {
  transaction: ArrowLeftRightIcon,
  balance: WalletIcon,
  security: ShieldAlertIcon,
};

const METHOD_ICONS: Record<AlertMethod, LucideIcon> = { email: MailIcon, sms: MessageSquareIcon };

/** The methods a signed-in user can choose, as the server says; e-mail only when it has not said yet. */
const FALLBACK_METHODS: readonly AlertMethodAvailability[] = [
  { method: "email", isAvailable: true, unavailableReason: null },
  { method: "sms", isAvailable: false, unavailableReason: "No SMS provider is configured" },
];

// ---------------------------------------------------------------------------------------------
// A rule as a card: the visitor's samples and the user's own rules look the same.
// ---------------------------------------------------------------------------------------------

function RuleSummary(props: {
  heading: string;
  condition: AlertRuleCondition;
  method: AlertMethod;
  isEnabled: boolean;
  badge?: string;
  footer?: ReactNode;
  actions?: ReactNode;
}) {
  const TypeIcon = TYPE_ICONS[props.condition.type];
  const MethodIcon = METHOD_ICONS[props.method];
  return (
    <Card className="flex h-full flex-col gap-4 rounded-2xl p-5 shadow-sm">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-primary ring-1 ring-indigo-100">
          <TypeIcon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold text-slate-900">{props.heading}</h3>
          <p className="text-sm text-slate-700">{describeAlertCondition(props.condition)}</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        {props.badge ? <Badge variant="outline">{props.badge}</Badge> : null}
        <Badge variant={props.isEnabled ? "success" : "neutral"}>{props.isEnabled ? "Active" : "Paused"}</Badge>
        <span className="inline-flex items-center gap-1 text-slate-700">
          <MethodIcon aria-hidden="true" className="size-3.5" />
          By {ALERT_LABELS.methods[props.method]}
        </span>
      </div>
      {props.footer ? <div className="text-xs text-slate-600">{props.footer}</div> : null}
      {props.actions ? <div className="mt-auto flex justify-end gap-2">{props.actions}</div> : null}
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------
// The visitor's page: what alerts are, the spec's sample rules, and a sign-up prompt.
// ---------------------------------------------------------------------------------------------

function AlertTypes() {
  return (
    <section aria-labelledby="alert-types-heading">
      <h2 id="alert-types-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        {ALERTS_PAGE.typesHeading}
      </h2>
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {(Object.keys(ALERT_TYPE_TEXT) as AlertRuleType[]).map((type) => {
          const Icon = TYPE_ICONS[type];
          return (
            <li key={type}>
              <Card className="h-full rounded-2xl p-6">
                <Icon aria-hidden="true" className="size-6 text-primary" />
                <h3 className="mt-4 font-semibold text-slate-900">{ALERT_LABELS.types[type]}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{ALERT_TYPE_TEXT[type]}</p>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function SampleRules() {
  return (
    <section aria-labelledby="sample-rules-heading" className="mt-16">
      <h2 id="sample-rules-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        {ALERTS_PAGE.samplesHeading}
      </h2>
      <p className="mt-2 text-slate-600">{ALERTS_PAGE.samplesIntro}</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2" data-testid="sample-rules">
        {SAMPLE_ALERT_RULES.map((rule: SampleAlertRule) => (
          <li key={rule.name}>
            <RuleSummary
              heading={rule.name}
              condition={rule.condition}
              method={rule.method}
              isEnabled={rule.isEnabled}
              badge={ALERTS_PAGE.sampleBadge}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Delivery() {
  const items = [
    { key: "inApp", icon: BellIcon, ...ALERT_METHOD_TEXT.inApp },
    { key: "email", icon: MailIcon, ...ALERT_METHOD_TEXT.email },
    { key: "sms", icon: MessageSquareIcon, ...ALERT_METHOD_TEXT.sms },
  ];
  return (
    <section aria-labelledby="delivery-heading" className="mt-16">
      <h2 id="delivery-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        {ALERTS_PAGE.deliveryHeading}
      </h2>
      <dl className="mt-6 grid gap-4 md:grid-cols-3">
        {items.map((item) => (
          <div key={item.key} className="rounded-2xl border border-slate-200 bg-white p-5">
            <dt className="flex items-center gap-2 font-semibold text-slate-900">
              <item.icon aria-hidden="true" className="size-4 text-primary" />
              {item.title}
            </dt>
            <dd className="mt-2 text-sm leading-relaxed text-slate-600">{item.body}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function SignUpPrompt() {
  const { signUp } = ALERTS_PAGE;
  return (
    <section
      aria-labelledby="alerts-sign-up-heading"
      className="mt-16 rounded-3xl bg-indigo-600 px-6 py-10 text-center text-white sm:px-12"
    >
      <h2 id="alerts-sign-up-heading" className="text-2xl font-bold tracking-tight">
        {signUp.heading}
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-indigo-50">{signUp.body}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild size="lg" variant="secondary" className="h-11 rounded-xl">
          <Link to={signUp.primary.to}>
            {signUp.primary.label}
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
        <Button
          asChild
          size="lg"
          variant="outline"
          className="h-11 rounded-xl border-white bg-transparent text-white hover:bg-indigo-500 hover:text-white"
        >
          <Link to={signUp.secondary.to}>{signUp.secondary.label}</Link>
        </Button>
      </div>
    </section>
  );
}

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

function RulesManager() {
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

/**
 * The body of `/alerts` (spec §2, §9; issue 14), shown by static-page.tsx in the marketing layout with the
 * page's title and description from static-pages.ts (registered in static-page-components.tsx). A visitor sees what alerts are, the sample rules (read-only) and a
 * sign-up prompt; a signed-in customer manages their own rules, which fire on real events (the server's
 * modules/alerts), with e-mail available and SMS shown unavailable until Ferry has an SMS provider.
 */
export function AlertsPage() {
  // Null for a visitor, and while the session is being found out: the page is pre-rendered for a visitor.
  const profile = useVisitorProfile();
  let body: ReactNode;
  if (profile) {
    body = (
      <>
        <RulesManager />
        <Delivery />
      </>
    );
  } else {
    body = (
      <>
        <AlertTypes />
        <SampleRules />
        <Delivery />
        <SignUpPrompt />
      </>
    );
  }
  return (
    <>
      <section
        aria-labelledby="alerts-heading"
        className="relative isolate overflow-hidden border-b border-slate-200/70"
      >
        <div aria-hidden="true" className="absolute inset-0 -z-10 bg-linear-to-b from-indigo-50 via-white to-white" />
        <div className="mx-auto w-full max-w-3xl px-4 py-14 text-center sm:px-6 sm:py-20">
          <h1
            id="alerts-heading"
            className="text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl"
          >
            {ALERTS_PAGE.title}
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-pretty text-slate-600">
            {ALERTS_PAGE.intro}
          </p>
        </div>
      </section>
      <div className={`${CONTAINER} py-12 sm:py-16`}>{body}</div>
    </>
  );
}
