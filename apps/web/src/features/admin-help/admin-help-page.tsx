import { HELP_PRIORITIES, HELP_STATUSES, HelpPriority, HelpStatus } from "@ferry/core/contracts/help";
import { useQuery } from "@tanstack/react-query";
import { MessagesSquareIcon, SearchIcon } from "lucide-react";
import { useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { AccessDenied } from "../../components/access-denied.tsx";
import { HELP_PRIORITY_LABELS, HELP_STATUS_LABELS } from "../../components/help/help-badges.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { ApiError } from "../../lib/api.ts";
import { adminHelpOpenCountQueryOptions } from "../../lib/queries/help.ts";
import { isAdmin, useMe } from "../../lib/queries/session.ts";
import { useDebouncedValue } from "../../lib/use-debounced-value.ts";
import { useErrorToast } from "../../lib/use-error-toast.ts";
import { useMediaQuery } from "../../lib/use-media-query.ts";
import { type AdminHelpFilters, useAdminHelpRequests } from "./api/get-admin-help-requests.ts";
import { HelpDeskDetail } from "./help-desk-detail.tsx";
import { HelpDeskList } from "./help-desk-list.tsx";

const SEARCH_DEBOUNCE_MS = 300;
/** From this width the list and the open request stand side by side; below it they stack. */
const TWO_PANES_QUERY = "(min-width: 1024px)";

/** The filters kept in the address (`?status=&priority=&sort=`), so a reload or a shared link keeps them. */
function filtersOf(params: URLSearchParams, search: string): AdminHelpFilters {
  const status = HelpStatus.safeParse(params.get("status"));
  const priority = HelpPriority.safeParse(params.get("priority"));
  return {
    status: status.success ? status.data : "",
    priority: priority.success ? priority.data : "",
    search,
    sort: params.get("sort") === "newest" ? "newest" : "due",
  };
}

function HelpDesk() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const isWide = useMediaQuery(TWO_PANES_QUERY);
  const [search, setSearch] = useState("");
  const filters = filtersOf(params, useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS));
  const requests = useAdminHelpRequests(filters);
  const openCount = useQuery(adminHelpOpenCountQueryOptions);
  const isForbidden = requests.error instanceof ApiError && requests.error.status === 403;
  useErrorToast(isForbidden ? null : requests.error, "Failed to load help requests");
  const openId = params.get("request");

  function setParam(name: string, value: string) {
    const next = new URLSearchParams(params);
    if (value) {
      next.set(name, value);
    } else {
      next.delete(name);
    }
    setParams(next, { replace: true });
  }

  function linkTo(id: string): string {
    const next = new URLSearchParams(params);
    next.set("request", id);
    return `?${next.toString()}`;
  }

  function backToList() {
    if ((location.state as { fromList?: boolean } | null)?.fromList) {
      navigate(-1);
    } else {
      setParam("request", "");
    }
  }

  if (isForbidden) {
    return <AccessDenied />;
  }
  const total = requests.data?.pages[0]?.total;
  const showList = isWide || !openId;
  const showDetail = isWide || openId !== null;
  return (
    <>
      <PageHeader
        title="Help Desk"
        description="Answer and resolve help requests, most urgent first."
        actions={
          openCount.data ? (
            <Badge variant={openCount.data.count > 0 ? "warning" : "neutral"} data-testid="help-desk-open-count">
              {openCount.data.count} open
            </Badge>
          ) : null
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        {showList ? (
          <section aria-label="Help requests" className="grid gap-3">
            <div className="relative">
              <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
              <Input
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                placeholder="Search subject or customer e-mail"
                aria-label="Search help requests"
                className="pl-9"
              />
            </div>
            <div className="grid grid-cols-2 gap-2">
              <NativeSelect
                aria-label="Filter by status"
                value={filters.status}
                onChange={(event) => setParam("status", event.target.value)}
              >
                {/* Sorted by due time the desk is a queue: without a status it holds what still waits on support. */}
                <option value="">All statuses</option>
                {HELP_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {HELP_STATUS_LABELS[status]}
                  </option>
                ))}
              </NativeSelect>
              <NativeSelect
                aria-label="Filter by priority"
                value={filters.priority}
                onChange={(event) => setParam("priority", event.target.value)}
              >
                <option value="">All priorities</option>
                {HELP_PRIORITIES.map((priority) => (
                  <option key={priority} value={priority}>
                    {HELP_PRIORITY_LABELS[priority]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="flex items-center justify-between gap-3">
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {total === undefined ? "" : `${total} ${total === 1 ? "request" : "requests"}`}
              </p>
              <div className="w-40">
                <NativeSelect
                  aria-label="Sort by"
                  value={filters.sort}
                  onChange={(event) => setParam("sort", event.target.value === "newest" ? "newest" : "")}
                  className="h-9"
                >
                  <option value="due">Due time</option>
                  <option value="newest">Newest</option>
                </NativeSelect>
              </div>
            </div>
            <HelpDeskList requests={requests} selectedId={openId} linkTo={linkTo} />
          </section>
        ) : null}
        {showDetail ? (
          <section aria-label="Selected request" className="min-w-0">
            {openId ? (
              <HelpDeskDetail key={openId} helpRequestId={openId} onBack={isWide ? undefined : backToList} />
            ) : (
              <Card>
                <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
                  <MessagesSquareIcon className="size-8 text-muted-foreground" aria-hidden="true" />
                  <p className="font-medium">Choose a request</p>
                  <p className="max-w-xs text-sm text-muted-foreground">
                    Its conversation opens here, with the status and a reply box.
                  </p>
                </CardContent>
              </Card>
            )}
          </section>
        ) : null}
      </div>
    </>
  );
}

/**
 * `/admin/help` (spec §2 Admin help desk): every request on the left, the open one on the right. The
 * route guard already sends non-admins away; the page checks too (spec §6) and says so, as it does
 * when the server refuses the data.
 */
export function AdminHelpPage() {
  const me = useMe();
  if (me.isPending) {
    return null;
  }
  if (!isAdmin(me.data)) {
    return <AccessDenied />;
  }
  return <HelpDesk />;
}
