import {
  ALERT_LABELS,
  ALERT_MESSAGES,
  type AlertMethodAvailability,
  type AlertRule,
  type AlertRuleRequest,
  MAX_ALERT_RULES_PER_USER,
} from "@ferry/core/contracts/alerts";
import { BellRingIcon, PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { ConfirmDeleteDialog } from "../../components/confirm-delete-dialog.tsx";
import { DialogFrame } from "../../components/dialog-frame.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { Button } from "../../components/ui/button.tsx";
import { DialogFooter } from "../../components/ui/dialog.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { t, translateText } from "../../i18n/i18n.tsx";
import { ApiError } from "../../lib/api-error.ts";
import { formatRelativeTime } from "../../lib/format-date-time.ts";
import { toastFailure, toastServerError, toastSuccess, useErrorToast } from "../../lib/toasts.ts";
import { formOf, RULE_FORM_FIELDS, type RuleForm, RuleFormFields, ruleFormResolver } from "./alert-rule-form.tsx";
import { describeRule, RuleSummary } from "./alert-rule-summary.tsx";
import { useAlertRules, useDeleteAlertRule, useSaveAlertRule } from "./api/alert-rules.ts";
import { ALERTS_PAGE } from "./content.ts";

/** The methods a signed-in user can choose, as the server says; e-mail only when it has not said yet. */
const FALLBACK_METHODS: readonly AlertMethodAvailability[] = [
  { method: "email", isAvailable: true, unavailableBecause: null, unavailableReason: null },
  {
    method: "sms",
    isAvailable: false,
    unavailableBecause: "sms_unavailable",
    unavailableReason: ALERT_MESSAGES.methodRefusals.sms_unavailable,
  },
];

function isRuleFormField(field: string): field is keyof RuleForm {
  return (RULE_FORM_FIELDS as readonly string[]).includes(field);
}

function submitLabel(isSaving: boolean, isEditing: boolean): string {
  if (isSaving) {
    return t("Saving…");
  }
  return isEditing ? t("Save changes") : t("Create rule");
}

function AlertRuleDialog(props: {
  editing: AlertRule | null;
  methods: readonly AlertMethodAvailability[];
  onClose: () => void;
}) {
  const form = useForm<RuleForm, unknown, AlertRuleRequest>({
    resolver: ruleFormResolver,
    defaultValues: formOf(props.editing, props.methods),
  });
  const save = useSaveAlertRule();
  const submit = form.handleSubmit((request) => {
    save.mutate(
      { id: props.editing?.id, request },
      {
        onSuccess: () => {
          toastSuccess(translateText(props.editing ? ALERTS_PAGE.toasts.updated : ALERTS_PAGE.toasts.created));
          props.onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            for (const [field, message] of Object.entries(error.fields)) {
              if (isRuleFormField(field)) {
                form.setError(field, { type: "server", message });
              }
            }
          }
          toastFailure(translateText(ALERTS_PAGE.toasts.saveFailed), error);
        },
      },
    );
  });

  return (
    <DialogFrame
      open
      onClose={props.onClose}
      title={props.editing ? t("Edit alert rule") : t("New alert rule")}
      description={t("Choose what to watch and how Ferry tells you.")}
      className="max-h-[90vh] max-w-lg overflow-y-auto"
    >
      <form className="grid gap-5" onSubmit={submit} noValidate>
        <RuleFormFields form={form} methods={props.methods} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {submitLabel(save.isPending, props.editing !== null)}
          </Button>
        </DialogFooter>
      </form>
    </DialogFrame>
  );
}

function firingText(rule: AlertRule): string {
  if (rule.lastFiredAt === null) {
    return t("Not fired yet");
  }
  return t("{count, plural, one {Fired once, last {last}} other {Fired # times, last {last}}}", {
    count: rule.firedCount,
    last: formatRelativeTime(rule.lastFiredAt),
  });
}

function DeleteRuleDialog(props: { rule: AlertRule; onClose: () => void }) {
  const remove = useDeleteAlertRule();
  return (
    <ConfirmDeleteDialog
      open
      title={t("Delete alert rule")}
      description={t('Delete "{rule}"? You will no longer be alerted for it.', {
        rule: describeRule(props.rule),
      })}
      isDeleting={remove.isPending}
      onConfirm={() =>
        remove.mutate(props.rule.id, {
          onSuccess: () => {
            toastSuccess(translateText(ALERTS_PAGE.toasts.deleted));
            props.onClose();
          },
          onError: (error) => toastServerError(error, translateText(ALERTS_PAGE.toasts.deleteFailed)),
        })
      }
      onClose={props.onClose}
    />
  );
}

type DialogState = { kind: "closed" } | { kind: "edit"; rule: AlertRule | null } | { kind: "delete"; rule: AlertRule };

/** The user's rules as cards, each with its Edit and Delete buttons. */
function RuleCards({ rules, onOpen }: { rules: readonly AlertRule[]; onOpen: (dialog: DialogState) => void }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2" aria-label={translateText(ALERTS_PAGE.rules.heading)}>
      {rules.map((rule) => {
        const description = describeRule(rule);
        return (
          <li key={rule.id} data-testid="alert-rule">
            <RuleSummary
              heading={t("{type} alert", { type: translateText(ALERT_LABELS.types[rule.type]) })}
              condition={rule}
              method={rule.method}
              isEnabled={rule.isEnabled}
              footer={firingText(rule)}
              actions={
                <>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t("Edit rule: {rule}", { rule: description })}
                    onClick={() => onOpen({ kind: "edit", rule })}
                  >
                    <PencilIcon aria-hidden="true" /> {t("Edit")}
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    className="text-destructive"
                    aria-label={t("Delete rule: {rule}", { rule: description })}
                    onClick={() => onOpen({ kind: "delete", rule })}
                  >
                    <Trash2Icon aria-hidden="true" /> {t("Delete")}
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

/** The rules while they load, when they cannot be loaded, when there are none, or the cards. */
function RulesBody(props: {
  rules: ReturnType<typeof useAlertRules>;
  list: readonly AlertRule[];
  onOpen: (dialog: DialogState) => void;
}) {
  if (props.rules.isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2">
        <Skeleton className="h-44 rounded-2xl" />
        <Skeleton className="h-44 rounded-2xl" />
      </div>
    );
  }
  if (props.rules.isError) {
    return (
      <p role="alert" className="rounded-xl bg-slate-50 p-6 text-center text-slate-700">
        {translateText(ALERTS_PAGE.rules.loadFailed)}
      </p>
    );
  }
  if (props.list.length === 0) {
    return (
      <EmptyState
        icon={BellRingIcon}
        title={translateText(ALERTS_PAGE.rules.emptyTitle)}
        hint={translateText(ALERTS_PAGE.rules.emptyHint)}
        action={
          <Button onClick={() => props.onOpen({ kind: "edit", rule: null })}>
            <PlusIcon aria-hidden="true" /> {translateText(ALERTS_PAGE.rules.emptyAction)}
          </Button>
        }
      />
    );
  }
  return <RuleCards rules={props.list} onOpen={props.onOpen} />;
}

/** The signed-in user's rules: list, create, edit, delete. */
export function RulesManager() {
  const rules = useAlertRules();
  const [dialog, setDialog] = useState<DialogState>({ kind: "closed" });
  useErrorToast(rules.error, translateText(ALERTS_PAGE.rules.loadFailed));
  const list = rules.data?.items ?? [];
  const methods = rules.data?.methods ?? FALLBACK_METHODS;
  const canAdd = list.length < MAX_ALERT_RULES_PER_USER;
  const close = () => setDialog({ kind: "closed" });
  return (
    <section aria-labelledby="your-rules-heading">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="your-rules-heading" className="text-2xl font-bold tracking-tight text-slate-900">
            {translateText(ALERTS_PAGE.rules.heading)}
          </h2>
          <p className="mt-2 text-slate-600">
            {translateText(ALERTS_PAGE.rules.intro)}{" "}
            <Link to={ALERTS_PAGE.rules.notificationsLink.to} className="font-medium text-primary underline">
              {translateText(ALERTS_PAGE.rules.notificationsLink.label)}
            </Link>
          </p>
        </div>
        {list.length > 0 && canAdd ? (
          <Button className="shrink-0" onClick={() => setDialog({ kind: "edit", rule: null })}>
            <PlusIcon aria-hidden="true" /> {translateText(ALERTS_PAGE.rules.newRule)}
          </Button>
        ) : null}
      </div>
      {!canAdd ? <p className="mt-4 text-sm text-slate-700">{translateText(ALERTS_PAGE.rules.limitReached)}</p> : null}
      <div className="mt-6">
        <RulesBody rules={rules} list={list} onOpen={setDialog} />
      </div>
      {dialog.kind === "edit" ? (
        <AlertRuleDialog key={dialog.rule?.id ?? "new"} editing={dialog.rule} methods={methods} onClose={close} />
      ) : null}
      {dialog.kind === "delete" ? <DeleteRuleDialog rule={dialog.rule} onClose={close} /> : null}
    </section>
  );
}
