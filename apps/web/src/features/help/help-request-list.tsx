import type { HelpRequestSummary } from "@ferry/core/contracts/help";
import { ChevronRightIcon, LifeBuoyIcon, PlusIcon } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { HelpPriorityBadge, HelpStatusBadge } from "../../components/help/help-badges.tsx";
import { LoadMore } from "../../components/load-more.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { t } from "../../i18n/i18n.tsx";
import { formatDateTime, formatRelativeTime } from "../../lib/format-date-time.ts";
import { useErrorToast } from "../../lib/toasts.ts";
import { useMyHelpRequests } from "./api/get-help-requests.ts";

/** Where a row leads: the same page with the request open; the state lets Back return here. */
export function requestLink(id: string) {
  return { to: { search: `?request=${encodeURIComponent(id)}` }, state: { fromList: true } };
}

function RequestRow({ request }: { request: HelpRequestSummary }) {
  const link = requestLink(request.id);
  return (
    <li>
      <Link
        to={link.to}
        state={link.state}
        data-testid="help-request-row"
        className="flex items-center gap-3 px-4 py-4 transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:outline-none sm:px-5"
      >
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-2">
            {request.hasUnreadReply ? (
              <span className="size-2 shrink-0 rounded-full bg-primary" aria-hidden="true" />
            ) : null}
            <p className="truncate font-semibold">{request.subject}</p>
          </div>
          <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
            <HelpStatusBadge status={request.status} />
            <HelpPriorityBadge priority={request.priority} />
            {request.hasUnreadReply ? <Badge>{t("New reply")}</Badge> : null}
          </div>
          <p className="mt-1.5 text-xs text-muted-foreground">
            <time dateTime={request.lastActivityAt} title={formatDateTime(request.lastActivityAt)}>
              {t("Last activity {time}", { time: formatRelativeTime(request.lastActivityAt) })}
            </time>
            {request.responseCount > 0
              ? ` · ${t("{count, plural, one {# reply} other {# replies}}", { count: request.responseCount })}`
              : ""}
          </p>
        </div>
        <ChevronRightIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      </Link>
    </li>
  );
}

/** The customer's own requests, newest first, with their total (spec §2); empty: 'Create Request'. */
export function HelpRequestList({ onCreate }: { onCreate: () => void }) {
  const requests = useMyHelpRequests();
  useErrorToast(requests.error, t("Failed to load your help requests"));
  if (requests.isPending) {
    return (
      <div className="grid gap-3">
        <Skeleton className="h-12" />
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  const items = requests.data?.pages.flatMap((page) => page.items) ?? [];
  const total = requests.data?.pages[0]?.total ?? 0;
  if (items.length === 0) {
    return (
      <EmptyState
        icon={LifeBuoyIcon}
        title={t("No help requests yet")}
        hint={t("Ask us anything about your account, a transfer or a deposit. Support answers here.")}
        action={
          <Button onClick={onCreate}>
            <PlusIcon /> {t("Create Request")}
          </Button>
        }
      />
    );
  }
  return (
    <Card>
      <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-4 sm:px-5">
        <h2 className="text-lg font-semibold">{t("Your Requests")}</h2>
        <Badge variant="neutral" data-testid="help-request-total">
          {t("{count, plural, one {# request} other {# requests}}", { count: total })}
        </Badge>
      </div>
      <ul className="divide-y divide-border">
        {items.map((request) => (
          <RequestRow key={request.id} request={request} />
        ))}
      </ul>
      <LoadMore list={requests} className="border-t border-border p-3" />
    </Card>
  );
}
