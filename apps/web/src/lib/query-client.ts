import type { Me } from "@ferry/core/contracts/profile";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-error.ts";
import { meQueryKey, meQueryOptions } from "./queries/session.ts";
import { rememberSession } from "./session-store.ts";

/*
 * The app's one query client. It is loaded with the first page that reads data (every lazily loaded
 * route, app/query-provider.tsx), never with a public page's first script (decision 050).
 */

/**
 * A 401 from a call may mean the session has ended — signed out elsewhere, expired, or the user banned
 * (issue 26: a ban refuses every session on its next request) — or only that a code or password was
 * wrong. The session is read again: if it has ended, it reads as signed out, so the sign-in guard sends
 * the open page to /login at once; if not, nothing changes.
 */
function recheckSessionOnUnauthenticated(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) {
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
  }
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: recheckSessionOnUnauthenticated }),
  mutationCache: new MutationCache({ onError: recheckSessionOnUnauthenticated }),
  defaultOptions: {
    queries: {
      // A 4xx will not change on retry; network hiccups might.
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      refetchOnWindowFocus: true,
    },
  },
});

const ME_QUERY_HASH = JSON.stringify(meQueryKey);

// Every answer of the session query, and every profile set into it, is what the first script knows too.
queryClient.getQueryCache().subscribe((event) => {
  if (event.type === "updated" && event.action.type === "success" && event.query.queryHash === ME_QUERY_HASH) {
    rememberSession((event.query.state.data as Me | null | undefined) ?? null);
  }
});

/**
 * Starts reading the session before the page's code has arrived, for a page behind the sign-in guard:
 * the guard waits for it anyway, so the request overlaps the download instead of following it.
 */
export function prefetchSession(): void {
  void queryClient.prefetchQuery(meQueryOptions);
}

/** Forgets everything cached about the user who signed out; the session reads as signed out. */
export function forgetSignedInUser(): void {
  queryClient.clear();
  queryClient.setQueryData(meQueryKey, null);
}
