import { Loader2Icon } from "lucide-react";
import { Navigate, Outlet, useLocation } from "react-router";
import { t } from "../i18n/i18n.tsx";
import { isAdmin, useMe } from "../lib/queries/session.ts";
import { useVisitorProfile } from "../lib/queries/visitor.ts";

function FullPageSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center" role="status" aria-label={t("Loading")}>
      <Loader2Icon className="size-8 animate-spin text-primary" />
    </div>
  );
}

/** Protected routes: signed-out visitors go to /login, and come back here after signing in. */
export function RequireSignedIn() {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) {
    return <FullPageSpinner />;
  }
  if (!me.data) {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <Outlet />;
}

/** Admin routes: non-admins go to /dashboard (the server refuses them too). */
export function RequireAdmin() {
  const me = useMe();
  if (!isAdmin(me.data)) {
    return <Navigate to="/dashboard" replace />;
  }
  return <Outlet />;
}

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
