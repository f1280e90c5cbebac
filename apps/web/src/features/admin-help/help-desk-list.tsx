import type { HelpRequestSummary } from "@ferry/core/contracts/help";
import { AlarmClockIcon, InboxIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { customerLabel, HelpPriorityBadge, HelpStatusBadge } from "../../components/help/help-badges.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { LoadMore } from "../../components/load-more.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { t } from "../../i18n/i18n.tsx";
import { cn } from "../../lib/cn.ts";
import { formatDateTime, formatDueTime, formatRelativeTime } from "../../lib/format-date-time.ts";
import type { useAdminHelpRequests } from "./api/get-admin-help-requests.ts";

/** Stands in a message for the `<time>` element it is drawn around. */
const TIME_SLOT = "\u0000";

/** A translated sentence with its `{time}` drawn as a `<time>` element, wherever the language puts it. */
function withTime(sentence: string, time: ReactNode): ReactNode {
  const [before = "", after = ""] = sentence.split(TIME_SLOT);
  return (
    <>
      {before}
      {time}
      {after}
    </>
  );
}

/** When support should answer: flagged once overdue, counted down while the request waits (spec §9). */
function DueLine({ request }: { request: HelpRequestSummary }) {
  if (request.isOverdue) {
    return (
      <p className="flex items-center gap-1 text-xs font-semibold text-red-700" data-testid="help-request-due">
        <AlarmClockIcon className="size-3.5 shrink-0" aria-hidden="true" />
        {withTime(
          t("Overdue · was due {time}", { time: TIME_SLOT }),
          <time dateTime={request.dueAt}>{formatDueTime(request.dueAt)}</time>,
        )}
      </p>
    );
  }
  if (request.status === "open") {
    return (
      <p className="flex items-center gap-1 text-xs font-medium text-foreground" data-testid="help-request-due">
        <AlarmClockIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
        {withTime(
          t("Due {relative} · {time}", { relative: formatRelativeTime(request.dueAt), time: TIME_SLOT }),
          <time dateTime={request.dueAt}>{formatDueTime(request.dueAt)}</time>,
        )}
      </p>
    );
  }
  return (
    <p className="text-xs text-muted-foreground">
      {withTime(
        t("Last activity {time}", { time: TIME_SLOT }),
        <time dateTime={request.lastActivityAt} title={formatDateTime(request.lastActivityAt)}>
          {formatRelativeTime(request.lastActivityAt)}
        </time>,
      )}
    </p>
  );
}

function RequestRow(props: { request: HelpRequestSummary; isSelected: boolean; linkTo: string }) {
  const { request } = props;
  return (
    <li>
      <Link
        to={{ search: props.linkTo }}
        state={{ fromList: true }}
        aria-current={props.isSelected ? "true" : undefined}
        data-testid="help-desk-row"
        className={cn(
          "block border-l-4 px-4 py-3 transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:outline-none",
          props.isSelected ? "border-l-primary bg-secondary/60" : "border-l-transparent",
          request.isOverdue && !props.isSelected && "border-l-red-500",
        )}
      >
        <div className="flex items-start justify-between gap-2">
          <p className="min-w-0 truncate font-semibold">{request.subject}</p>
          <HelpPriorityBadge priority={request.priority} />
        </div>
        <p className="mt-0.5 truncate text-xs text-muted-foreground">{customerLabel(request.customer)}</p>
        <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1">
          <HelpStatusBadge status={request.status} />
          {request.isOverdue ? <Badge variant="destructive">{t("Overdue")}</Badge> : null}
          <DueLine request={request} />
        </div>
      </Link>
    </li>
  );
}

/** The desk's requests, as filtered and ordered on the server; the open one is marked. */
export function HelpDeskList(props: {
  requests: ReturnType<typeof useAdminHelpRequests>;
  selectedId: string | null;
  linkTo: (id: string) => string;
}) {
  const { requests } = props;
  if (requests.isPending) {
    return (
      <div className="grid gap-2">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-24" />
        ))}
      </div>
    );
  }
  if (!requests.data) {
    // Not read, so not "No help requests found" (issue 30). A refused (403) read never gets here: the
    // page shows Access Denied instead.
    return <LoadFailed message={t("This list could not be loaded right now.")} query={requests} />;
  }
  const items = requests.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState
        icon={InboxIcon}
        title={t("No help requests found")}
        hint={t("Try another search, status or priority.")}
      />
    );
  }
  return (
    <Card className="overflow-hidden">
      <ul className="divide-y divide-border">
        {items.map((request) => (
          <RequestRow
            key={request.id}
            request={request}
            isSelected={request.id === props.selectedId}
            linkTo={props.linkTo(request.id)}
          />
        ))}
      </ul>
      <LoadMore list={requests} className="border-t border-border p-3" />
    </Card>
  );
}
