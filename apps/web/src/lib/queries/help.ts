import { queryOptions } from "@tanstack/react-query";
import { api, dataOf } from "../api.ts";
import { polled } from "../polling.ts";

/** The sidebar's counts are polled, so a reply or a new request shows without a reload. */
const COUNT_POLL_INTERVAL_MS = 30_000;

/** The root key of the customer's help requests (list, each request, the unread count). */
export const helpRequestsQueryKey = ["help-requests"] as const;
/** Requests with a support reply the customer has not opened: the Help item's badge. */
export const helpUnreadCountQueryKey = [...helpRequestsQueryKey, "unread-count"] as const;

/** The root key of the help desk (every request, each one, the open count). */
export const adminHelpRequestsQueryKey = ["admin", "help-requests"] as const;
/** Requests still open on the help desk: the Help Desk item's badge. */
export const adminHelpOpenCountQueryKey = [...adminHelpRequestsQueryKey, "open-count"] as const;

/** The customer's requests with unread support replies; read by the sidebar, refreshed by the help page. */
export const helpUnreadCountQueryOptions = queryOptions({
  queryKey: helpUnreadCountQueryKey,
  // Polled: not the person's activity, so it does not keep an idle session alive (decision 038).
  ...polled(COUNT_POLL_INTERVAL_MS, (headers) => dataOf(api.GET("/api/v1/help-requests/unread-count", { headers })), {
    isLive: true,
  }),
});

/** The open requests on the help desk; read by the sidebar and the help desk's header. */
export const adminHelpOpenCountQueryOptions = queryOptions({
  queryKey: adminHelpOpenCountQueryKey,
  ...polled(
    COUNT_POLL_INTERVAL_MS,
    (headers) => dataOf(api.GET("/api/v1/admin/help-requests/open-count", { headers })),
    { isLive: true },
  ),
});
