import type { AuditEntry, AuditValues } from "@ferry/core/contracts/audit";
import type { MessageKey } from "@ferry/core/i18n/catalog";
import { Badge } from "../../components/ui/badge.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { t } from "../../i18n/i18n.tsx";
import { formatDateTime } from "../../lib/format-date-time.ts";

/**
 * What each recorded action is called, for people; the code stays beside it (the filters take codes).
 * An action missing here (a newer one) shows its code alone.
 */
const ACTION_LABELS: Readonly<Partial<Record<string, MessageKey>>> = {
  "api_credential.create": "Create API credential",
  "api_credential.disconnect": "Disconnect app",
  "api_credential.regenerate": "Regenerate API secret",
  "deposit.approve": "Approve deposit",
  "deposit.reject": "Reject deposit",
  "help_request.create": "Create help request",
  "help_request.reply": "Reply to help request",
  "help_request.status": "Change help request status",
  "kyc.approve": "Approve identity",
  "kyc.reject": "Reject identity",
  "kyc_document.view": "View identity document",
  "passkey.rename": "Rename passkey",
  "rate.update": "Update rate",
  "security_settings.update": "Update security settings",
  "session.revoke": "Sign out session",
  "transfer.create_by_app": "Transfer by a connected app",
  "transfer.status": "Change transfer status",
  "user.ban": "Ban user",
  "user.unban": "Unban user",
  "user.delete": "Delete user",
  "user.email": "E-mail user",
  "webhook_endpoint.create": "Add webhook endpoint",
  "webhook_endpoint.delete": "Delete webhook endpoint",
  "webhook_endpoint.rotate_secret": "Rotate webhook secret",
  "yield_reserve.top_up": "Top up yield reserve",
};

/** A value as the log shows it: text as is, anything else as JSON, an absent one as a dash. */
function shown(value: AuditValues[string] | undefined): string {
  if (value === undefined || value === null) {
    return "—";
  }
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** What changed: each field of before or after, "field: old → new". */
function changesOf(entry: AuditEntry): string[] {
  const names = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return names.map((name) => `${name}: ${shown(entry.before?.[name])} → ${shown(entry.after?.[name])}`);
}

function detailsOf(entry: AuditEntry): string {
  return Object.entries(entry.details)
    .map(([name, value]) => `${name}: ${shown(value)}`)
    .join(" · ");
}

function Change({ entry }: { entry: AuditEntry }) {
  const changes = changesOf(entry);
  const details = detailsOf(entry);
  return (
    <div className="min-w-0 text-sm">
      {changes.length === 0 ? <p className="text-muted-foreground">{t("No recorded change")}</p> : null}
      {changes.map((change) => (
        <p key={change} className="break-words font-mono text-xs">
          {change}
        </p>
      ))}
      {details ? <p className="mt-1 break-words text-xs text-muted-foreground">{details}</p> : null}
    </div>
  );
}

function Actor({ entry }: { entry: AuditEntry }) {
  return (
    <div className="min-w-0">
      <p className="truncate font-medium">{entry.actorEmail ?? entry.actorId}</p>
      <p className="truncate text-xs text-muted-foreground">{entry.clientAddress ?? t("address not recorded")}</p>
    </div>
  );
}

function Subject({ entry }: { entry: AuditEntry }) {
  const label = ACTION_LABELS[entry.action];
  return (
    <div className="min-w-0">
      {label ? <p className="mb-1 font-medium">{t(label)}</p> : null}
      <Badge variant="neutral">{entry.action}</Badge>
      <p className="mt-1 truncate font-mono text-xs text-muted-foreground">
        {entry.subjectType} {entry.subjectId}
      </p>
    </div>
  );
}

/**
 * Wide screens: one table row per action. The table may scroll sideways: its box can take the keyboard's
 * focus (a region named for screen readers), so the arrow keys scroll it (axe: scrollable-region-focusable).
 */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <Card className="overflow-x-auto" role="region" aria-label={t("Audit Log")} tabIndex={0}>
      <table className="w-full text-left text-sm">
        <thead className="border-b border-border bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th className="px-4 py-3 font-medium">{t("Time")}</th>
            <th className="px-4 py-3 font-medium">{t("Actor")}</th>
            <th className="px-4 py-3 font-medium">{t("Action and subject")}</th>
            <th className="px-4 py-3 font-medium">{t("Before → after")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {entries.map((entry) => (
            <tr key={entry.id} data-testid="audit-entry" className="align-top">
              <td className="whitespace-nowrap px-4 py-3">
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </td>
              <td className="max-w-56 px-4 py-3">
                <Actor entry={entry} />
              </td>
              <td className="max-w-64 px-4 py-3">
                <Subject entry={entry} />
              </td>
              <td className="max-w-96 px-4 py-3">
                <Change entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** Narrow screens: one card per action. */
export function AuditCards({ entries }: { entries: AuditEntry[] }) {
  return (
    <ul className="grid grid-cols-1 gap-3">
      {entries.map((entry) => (
        <li key={entry.id} data-testid="audit-entry">
          <Card>
            <CardContent className="grid gap-3 p-4">
              <div className="flex items-start justify-between gap-3">
                <Subject entry={entry} />
                <time dateTime={entry.createdAt} className="shrink-0 text-xs text-muted-foreground">
                  {formatDateTime(entry.createdAt)}
                </time>
              </div>
              <Actor entry={entry} />
              <Change entry={entry} />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
