import { Loader2Icon } from "lucide-react";
import { Navigate, Outlet, useLocation } from "react-router";
import { t } from "../i18n/i18n.tsx";
import { isAdmin, useMe } from "../lib/queries/session.ts";

/*
 * The guards of the signed-in and admin pages, loaded with them (routes.tsx): they read the session
 * through the query client, which a public page's first script does not carry (decision 050).
 */

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
