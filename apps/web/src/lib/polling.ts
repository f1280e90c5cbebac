import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { BACKGROUND_HEADERS } from "./idle-session.ts";
import { isLiveUpdating } from "./live-state.ts";

/*
 * Queries the app refetches on a timer (decision 038): their timed requests are the app's, not the
 * person's, so they must carry BACKGROUND_HEADERS or an open page would never time out. Every polled
 * query takes its `refetchInterval` from `polled`, which hands its fetch the headers to send; a test
 * (polling.test.ts) fails on a `refetchInterval` anywhere else.
 */

/** The headers one request of a polled query sends: the background ones, or none. */
export type PollHeaders = Partial<typeof BACKGROUND_HEADERS>;

/** What `polled` reads of TanStack Query's context: the client, the query's key, an infinite query's page. */
interface PollContext {
  readonly client: QueryClient;
  readonly queryKey: QueryKey;
  readonly pageParam?: unknown;
}

/**
 * A request the person caused is counted: the query's first load (they opened the page) and an
 * infinite query's next page (they asked for more). Every other fetch of a query that already has data
 * — the timer's, a refocused window's, a refresh after a change (which was counted itself) — is the
 * app's own.
 */
function pollHeadersOf(context: PollContext): PollHeaders {
  const state = context.client.getQueryState(context.queryKey);
  const fetchMeta = state?.fetchMeta as { fetchMore?: unknown } | null | undefined;
  return state?.data === undefined || fetchMeta?.fetchMore ? {} : BACKGROUND_HEADERS;
}

/**
 * The options of a query refetched every `intervalMs`: the interval, and its `queryFn`, which calls
 * `fetch` with the headers that request must send and, for an infinite query, the page to fetch
 * (`Page`: the query's `initialPageParam` and `getNextPageParam` type).
 */
export function polled<T, Page = undefined>(
  intervalMs: number,
  fetch: (headers: PollHeaders, page: Page) => Promise<T>,
  options: {
    /** The page's live updates (lib/live-updates.ts) carry this query's changes: no timer while they are open. */
    readonly isLive?: boolean;
  } = {},
) {
  return {
    refetchInterval: options.isLive ? () => (isLiveUpdating() ? false : intervalMs) : intervalMs,
    queryFn: (context: PollContext) => fetch(pollHeadersOf(context), context.pageParam as Page),
  };
}
