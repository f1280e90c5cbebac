import type { Profile } from "@ferry/core/contracts/profile";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { meQueryKey, meQueryOptions } from "./session.ts";

/*
 * Who is looking at a public page. A visitor must not cost the page an error: GET /api/v1/me answers
 * 401 without a session, which the browser logs, so public pages first ask Better Auth's get-session
 * (200, null without one) and read the profile only when there is a session. The key sits under the
 * session's, so signing in or out (which invalidates or clears `meQueryKey`) refreshes it too.
 */

/** Whether the browser holds a live session. */
export const visitorSessionQueryKey = [...meQueryKey, "has-session"] as const;

async function hasSession(): Promise<boolean> {
  // Loaded on first use: the generated client stays out of the first script of the public pages.
  const { api, dataOf } = await import("../api.ts");
  const session = await dataOf(api.GET("/api/auth/get-session"));
  return session !== null;
}

export const visitorSessionQueryOptions = queryOptions({
  queryKey: visitorSessionQueryKey,
  queryFn: hasSession,
  staleTime: 60_000,
});

/**
 * The signed-in user's profile on a public page, or null for a visitor. Null too while it is being
 * found out, so a page renders for a visitor first (as it was pre-rendered) and then for the user.
 */
export function useVisitorProfile(): Profile | null {
  const session = useQuery(visitorSessionQueryOptions);
  const me = useQuery({ ...meQueryOptions, enabled: session.data === true });
  return session.data === true ? (me.data ?? null) : null;
}
