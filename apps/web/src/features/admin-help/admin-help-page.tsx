import { HELP_STATUSES, HelpPriority, HelpStatus } from "@ferry/core/contracts/help";
import { useQuery } from "@tanstack/react-query";
import { MessagesSquareIcon } from "lucide-react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { AccessDenied } from "../../components/access-denied.tsx";
import { HELP_STATUS_LABELS, HelpPriorityOptions } from "../../components/help/help-badges.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { SearchInput } from "../../components/search-input.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { t, translateText } from "../../i18n/i18n.tsx";
import { ApiError } from "../../lib/api-error.ts";
import { adminHelpOpenCountQueryOptions } from "../../lib/queries/help.ts";
import { isAdmin, useMe } from "../../lib/queries/session.ts";
import { useErrorToast } from "../../lib/toasts.ts";
import { useSearchTerm } from "../../lib/use-debounced-value.ts";
import { useMediaQuery } from "../../lib/use-media-query.ts";
import { type AdminHelpFilters, useAdminHelpRequests } from "./api/get-admin-help-requests.ts";
import { HelpDeskDetail } from "./help-desk-detail.tsx";
import { HelpDeskList } from "./help-desk-list.tsx";

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

/** The desk's place in the address: its filters, the open request, and the links between them. */
function useDeskAddress(search: string) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();

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

  return { filters: filtersOf(params, search), openId: params.get("request"), setParam, linkTo, backToList };
}

type DeskAddress = ReturnType<typeof useDeskAddress>;

/** The search box, the status and priority filters, the count of what they match and the sort order. */
function DeskFilters(props: {
  search: ReturnType<typeof useSearchTerm>;
  address: DeskAddress;
  total: number | undefined;
}) {
  const { filters, setParam } = props.address;
  const { total } = props;
  return (
    <>
      <SearchInput
        label={t("Search help requests")}
        placeholder={t("Search subject or customer e-mail")}
        value={props.search.text}
        onChange={props.search.setText}
      />
      <div className="grid grid-cols-2 gap-2">
        <NativeSelect
          aria-label={t("Filter by status")}
          value={filters.status}
          onChange={(event) => setParam("status", event.target.value)}
        >
          {/* Sorted by due time the desk is a queue: without a status it holds what still waits on support. */}
          <option value="">{t("All statuses")}</option>
          {HELP_STATUSES.map((status) => (
            <option key={status} value={status}>
              {translateText(HELP_STATUS_LABELS[status])}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label={t("Filter by priority")}
          value={filters.priority}
          onChange={(event) => setParam("priority", event.target.value)}
        >
          <option value="">{t("All priorities")}</option>
          <HelpPriorityOptions />
        </NativeSelect>
      </div>
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {total === undefined ? "" : t("{count, plural, one {# request} other {# requests}}", { count: total })}
        </p>
        <div className="w-40">
          <NativeSelect
            aria-label={t("Sort by")}
            value={filters.sort}
            onChange={(event) => setParam("sort", event.target.value === "newest" ? "newest" : "")}
            className="h-9"
          >
            <option value="due">{t("Due time")}</option>
            <option value="newest">{t("Newest")}</option>
          </NativeSelect>
        </div>
      </div>
    </>
  );
}

/** The page's title, with how many requests still wait on support. */
function DeskHeader() {
  const openCount = useQuery(adminHelpOpenCountQueryOptions);
  return (
    <PageHeader
      title={t("Help Desk")}
      description={t("Answer and resolve help requests, most urgent first.")}
      actions={
        openCount.data ? (
          <Badge variant={openCount.data.count > 0 ? "warning" : "neutral"} data-testid="help-desk-open-count">
            {t("{count} open", { count: openCount.data.count })}
          </Badge>
        ) : null
      }
    />
  );
}

/** The right-hand pane before a request is chosen. */
function NoRequestChosen() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
        <MessagesSquareIcon className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">{t("Choose a request")}</p>
        <p className="max-w-xs text-sm text-muted-foreground">
          {t("Its conversation opens here, with the status and a reply box.")}
        </p>
      </CardContent>
    </Card>
  );
}

function HelpDesk() {
  const isWide = useMediaQuery(TWO_PANES_QUERY);
  const search = useSearchTerm();
  const address = useDeskAddress(search.term);
  const requests = useAdminHelpRequests(address.filters);
  const isForbidden = requests.error instanceof ApiError && requests.error.status === 403;
  useErrorToast(isForbidden ? null : requests.error, t("Failed to load help requests"));
  if (isForbidden) {
    return <AccessDenied />;
  }
  const { openId } = address;
  return (
    <>
      <DeskHeader />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        {isWide || !openId ? (
          <section aria-label={t("Help requests")} className="grid gap-3">
            <DeskFilters search={search} address={address} total={requests.data?.pages[0]?.total} />
            <HelpDeskList requests={requests} selectedId={openId} linkTo={address.linkTo} />
          </section>
        ) : null}
        {isWide || openId !== null ? (
          <section aria-label={t("Selected request")} className="min-w-0">
            {openId ? (
              <HelpDeskDetail key={openId} helpRequestId={openId} onBack={isWide ? undefined : address.backToList} />
            ) : (
              <NoRequestChosen />
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
