import { Navigate, Outlet } from "react-router";
import { useVisitorProfile } from "../lib/session-store.ts";

/*
 * The guard of the signed-out-only pages, in the first script. The signed-in pages' guards read the
 * session through the query client and arrive with the signed-in pages (signed-in-guards.tsx).
 */

/**
 * /login and /signup: a signed-in user goes straight to /dashboard. The page shows while the session is
 * checked (most who open it are signed out), and the check is the visitor's (get-session answers 200
 * without a session, where /api/v1/me's 401 would be logged by the browser as an error).
 */
export function RedirectIfSignedIn() {
  const profile = useVisitorProfile();
  if (profile) {
    return <Navigate to="/dashboard" replace />;
  }
  return <Outlet />;
}
