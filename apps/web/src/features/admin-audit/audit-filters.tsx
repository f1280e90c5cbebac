import { AuditLogExportQuery } from "@ferry/core/contracts/audit";
import { zodResolver } from "@hookform/resolvers/zod";
import { FilterIcon, XIcon } from "lucide-react";
import { type ResolverOptions, type UseFormRegisterReturn, useForm } from "react-hook-form";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { t, translateText } from "../../i18n/i18n.tsx";
import type { AuditLogFilters } from "./api/get-audit-log.ts";

/** What the inputs hold: text, an empty one meaning "any". */
type FilterForm = Record<keyof AuditLogFilters, string>;

const EMPTY: FilterForm = { actor: "", action: "", subjectType: "", subjectId: "", from: "", to: "" };

/** Empty inputs are "no filter": the schema sees them as absent. */
function withoutBlanks(values: FilterForm): Partial<FilterForm> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ""));
}

function FilterInput(props: {
  id: string;
  label: string;
  error?: string;
  type?: "text" | "date";
  placeholder?: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field id={props.id} label={props.label} error={props.error}>
      <Input
        id={props.id}
        type={props.type ?? "text"}
        placeholder={props.placeholder}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
        {...props.registration}
      />
    </Field>
  );
}

/**
 * The audit list's filters: actor, action, subject and a range of UTC days, checked with the API's own
 * schema before they are applied (a reversed range or a malformed action is said next to its input).
 */
export function AuditFilters(props: { onApply: (filters: AuditLogFilters) => void }) {
  const form = useForm<FilterForm, unknown, AuditLogFilters>({
    // Blanks left out, the rest judged by the API's own schema (the same field names, each optional there).
    resolver: (values, context, options) =>
      zodResolver(AuditLogExportQuery)(withoutBlanks(values), context, options as ResolverOptions<Partial<FilterForm>>),
    defaultValues: EMPTY,
  });
  const errors = form.formState.errors;
  const field = (name: keyof FilterForm) => {
    const message = errors[name]?.message;
    return { registration: form.register(name), error: message === undefined ? undefined : translateText(message) };
  };
  return (
    <form onSubmit={form.handleSubmit(props.onApply)} noValidate className="mb-6 grid gap-4" aria-label={t("Filters")}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <FilterInput
          id="audit-actor"
          label={t("Actor")}
          placeholder={t("Admin e-mail or user id")}
          {...field("actor")}
        />
        <FilterInput
          id="audit-action"
          label={t("Action")}
          placeholder={t("deposit.approve or deposit")}
          {...field("action")}
        />
        <FilterInput id="audit-subject-type" label={t("Subject type")} placeholder="user" {...field("subjectType")} />
        <FilterInput id="audit-subject-id" label={t("Subject id")} {...field("subjectId")} />
        <FilterInput id="audit-from" label={t("From (UTC)")} type="date" {...field("from")} />
        <FilterInput id="audit-to" label={t("To (UTC)")} type="date" {...field("to")} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">
          <FilterIcon /> {t("Apply filters")}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            form.reset(EMPTY);
            props.onApply({});
          }}
        >
          <XIcon /> {t("Clear")}
        </Button>
      </div>
    </form>
  );
}
