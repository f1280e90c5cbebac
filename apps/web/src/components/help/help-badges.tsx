import { HELP_PRIORITIES, type HelpPriority, type HelpStatus } from "@ferry/core/contracts/help";
import type { MessageKey } from "@ferry/core/i18n/catalog";
import { t } from "../../i18n/i18n.tsx";
import { Badge } from "../ui/badge.tsx";

/** The words of each status, as the lists, the dropdown and the 'Status Updated' toast say them. */
export const HELP_STATUS_LABELS: Readonly<Record<HelpStatus, MessageKey>> = {
  open: "Open",
  in_progress: "In Progress",
  resolved: "Resolved",
  closed: "Closed",
};

export const HELP_PRIORITY_LABELS: Readonly<Record<HelpPriority, MessageKey>> = {
  low: "Low",
  medium: "Medium",
  high: "High",
  urgent: "Urgent",
};

/** The options of a priority select: every priority, by its label. */
export function HelpPriorityOptions() {
  return HELP_PRIORITIES.map((priority) => (
    <option key={priority} value={priority}>
      {t(HELP_PRIORITY_LABELS[priority])}
    </option>
  ));
}

const STATUS_VARIANTS = {
  open: "secondary",
  in_progress: "warning",
  resolved: "success",
  closed: "neutral",
} as const satisfies Record<HelpStatus, string>;

const PRIORITY_VARIANTS = {
  low: "neutral",
  medium: "outline",
  high: "warning",
  urgent: "destructive",
} as const satisfies Record<HelpPriority, string>;

/** A help request's status: waiting (open), being handled (in progress), answered (resolved) or closed. */
export function HelpStatusBadge({ status }: { status: HelpStatus }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{t(HELP_STATUS_LABELS[status])}</Badge>;
}

/** A help request's priority; the label says "priority" to a screen reader. */
export function HelpPriorityBadge({ priority }: { priority: HelpPriority }) {
  return (
    <Badge variant={PRIORITY_VARIANTS[priority]}>
      {t(HELP_PRIORITY_LABELS[priority])}
      <span className="sr-only"> {t("priority")}</span>
    </Badge>
  );
}

/** A target in hours as the Response Times card says it: "1 hour", "24 hours". */
export function formatTargetHours(hours: number): string {
  return t("{hours, plural, one {# hour} other {# hours}}", { hours });
}

/** Who asked, once: "Erika Mustermann · erika@example.com", or the e-mail alone when that is the name too. */
export function customerLabel(customer: { name: string; email: string }): string {
  if (!customer.name || customer.name === customer.email) {
    return customer.email;
  }
  return `${customer.name} · ${customer.email}`;
}
