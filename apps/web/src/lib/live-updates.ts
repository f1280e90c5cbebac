import { type QueryClient, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { isLiveUpdating, setLiveUpdating, subscribeToLiveUpdating } from "./live-state.ts";
import { balancesQueryKey } from "./queries/balances.ts";
import { adminHelpRequestsQueryKey, helpRequestsQueryKey } from "./queries/help.ts";
import { notificationsQueryKey } from "./queries/notifications.ts";
import { transactionsQueryKey } from "./queries/transactions.ts";

/*
 * Live updates (issue 32, decision 056): the signed-in page keeps one Server-Sent Events stream open
 * (GET /api/v1/events) and refreshes what an event concerns the moment it arrives. While the stream is
 * open, the queries it covers stop polling (`polled(…, { isLive: true })`); when it cannot open or is
 * lost, they poll again until it is back. The browser reconnects a dropped stream on its own, sending
 * Last-Event-ID, so nothing that happened meanwhile is missed.
 */

const EVENTS_URL = "/api/v1/events";
/** After the browser gave up on the stream (it answered an error), try again this much later. */
const REOPEN_AFTER_MS = 30_000;

/** What each kind of event refreshes; `reset` (events missed for too long) refreshes everything. */
const KEYS_BY_TYPE: Record<string, readonly QueryKey[]> = {
  // A help-desk reply arrives as a notification too; so does a new help request, for the help desk, and
  // a transfer's change of status, for its sender (its page lives under the history's key).
  notification: [notificationsQueryKey, helpRequestsQueryKey, adminHelpRequestsQueryKey, transactionsQueryKey],
  // For the help desk: a customer replied.
  help: [adminHelpRequestsQueryKey],
  // The history holds each transfer's page under its key; the investment page shows the balance it draws on.
  balance: [balancesQueryKey, transactionsQueryKey, ["investment"]],
  // Connect's endpoints and each one's delivery log live under this key (features/connect).
  webhook: [["webhook-endpoints"]],
};

/** Whether the page's event stream is open, for a component that shows it. */
export function useIsLiveUpdating(): boolean {
  return useSyncExternalStore(subscribeToLiveUpdating, isLiveUpdating, () => false);
}

/** Refreshes what one event's `data` concerns. */
export function applyLiveEvent(queryClient: QueryClient, data: string): void {
  let type: unknown;
  try {
    type = (JSON.parse(data) as { type?: unknown }).type;
  } catch {
    return;
  }
  if (type === "reset") {
    void queryClient.invalidateQueries();
    return;
  }
  for (const queryKey of KEYS_BY_TYPE[String(type)] ?? []) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** Keeps the signed-in page's event stream open while it is mounted (the app shell). */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") {
      return;
    }
    let source: EventSource | null = null;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    /** Opens the stream; one opened again after the browser gave up starts afresh, so what passed meanwhile is fetched. */
    const open = (isAfresh: boolean) => {
      source = new EventSource(EVENTS_URL);
      source.onopen = () => {
        if (isAfresh) {
          for (const queryKey of Object.values(KEYS_BY_TYPE).flat()) {
            void queryClient.invalidateQueries({ queryKey });
          }
        }
        setLiveUpdating(true);
      };
      source.onmessage = (event: MessageEvent<string>) => applyLiveEvent(queryClient, event.data);
      source.onerror = () => {
        setLiveUpdating(false);
        if (source?.readyState === EventSource.CLOSED) {
          // Refused (signed out, a server error): polling carries on, and the stream is tried again later.
          reopenTimer = setTimeout(() => open(true), REOPEN_AFTER_MS);
        }
      };
    };
    open(false);
    return () => {
      clearTimeout(reopenTimer);
      source?.close();
      setLiveUpdating(false);
    };
  }, [queryClient]);
}
