import type { HelpRequestSummary } from "@ferry/core/contracts/help";
import { HelpPriorityBadge, HelpStatusBadge } from "../../components/help/help-badges.tsx";
import { t } from "../../i18n/i18n.tsx";
import { formatDateTime } from "../../lib/format-date-time.ts";

/** A user's most recent help requests (spec §9: five), newest first, with status and priority. */
export function RecentHelpRequests({ requests }: { requests: readonly HelpRequestSummary[] }) {
  if (requests.length === 0) {
    return <p className="text-sm text-muted-foreground">{t("No help requests yet.")}</p>;
  }
  return (
    <ul className="grid gap-2">
      {requests.map((request) => (
        <li key={request.id} className="rounded-md border border-border p-3 text-sm">
          <p className="break-words font-medium">{request.subject}</p>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <HelpStatusBadge status={request.status} />
            <HelpPriorityBadge priority={request.priority} />
            <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
          </div>
        </li>
      ))}
    </ul>
  );
}
