import type { Me, Profile } from "@ferry/core/contracts/profile";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { ApiError } from "../api-error.ts";

/** The session: read by the route guards, the shell and every page that shows who is signed in. */
export const meQueryKey = ["me"] as const;

/** The signed-in user's profile, or null when nobody is signed in. */
export async function getMe(): Promise<Me | null> {
  // Loaded on first use: public pages read the session too, without the client in their first script.
  const { api, dataOf } = await import("../api.ts");
  try {
    return await dataOf(api.GET("/api/v1/me"));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      return null;
    }
    throw error;
  }
}

export const meQueryOptions = queryOptions({ queryKey: meQueryKey, queryFn: getMe, staleTime: 60_000 });

/** The session as the app knows it: `data` is the profile, null when signed out. */
export function useMe() {
  return useQuery(meQueryOptions);
}

/** Whether the signed-in user is an admin: the one test the admin route guard and admin pages share. */
export function isAdmin(profile: Profile | null | undefined): boolean {
  return profile?.role === "admin";
}

/**
 * The profile of a page behind the sign-in guard, where it is present. Signing out forgets it while
 * the page is still shown; the guard above then leaves for /login. A render in a transition may reach
 * the page before the guard: it shows the profile it last had rather than fail (React error #520).
 */
export function useSignedInProfile(): Me {
  const { data } = useMe();
  const lastProfile = useRef<Me | null>(null);
  if (data) {
    lastProfile.current = data;
    return data;
  }
  if (lastProfile.current) {
    return lastProfile.current;
  }
  throw new Error("useSignedInProfile used outside the signed-in routes");
}
