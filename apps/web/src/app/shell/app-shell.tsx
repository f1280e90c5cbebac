import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { Outlet, useNavigate } from "react-router";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "../../components/ui/sheet.tsx";
import { signOut } from "../../features/auth/api/auth-calls.ts";
import { t } from "../../i18n/i18n.tsx";
import { cn } from "../../lib/cn.ts";
import { announceSignOut, type SignOutReason } from "../../lib/idle-session.ts";
import { useIsLiveUpdating, useLiveUpdates } from "../../lib/live-updates.ts";
import { meQueryKey, useSignedInProfile } from "../../lib/queries/session.ts";
import { toastError, toastServerError } from "../../lib/toasts.ts";
import { Header } from "./header.tsx";
import { IdleSessionWatcher } from "./idle-session-watcher.tsx";
import { PushNotifier } from "./push-notifier.tsx";
import { SidebarNav } from "./sidebar.tsx";
import { useSidebarState } from "./sidebar-state.ts";
import { VerifyEmailBanner } from "./verify-email-banner.tsx";

/**
 * The ways a session ends in the shell: Logout, the idle timeout (the server ends the session at the
 * same moment), and a sign-out in another tab of this browser. Each forgets the user and goes to /login.
 */
function useSignOuts() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const leave = useCallback(
    (reason: SignOutReason) => {
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, null);
      if (reason === "idle") {
        toastError("You have been signed out", "You were inactive for longer than your session timeout.");
      }
      navigate("/login", { replace: true });
    },
    [navigate, queryClient],
  );

  async function logout() {
    try {
      await signOut();
    } catch (error) {
      toastServerError(error, "Could not sign out");
      return;
    }
    announceSignOut("signed-out");
    leave("signed-out");
  }

  const signOutIdle = useCallback(async () => {
    announceSignOut("idle");
    await signOut().catch(() => undefined);
    leave("idle");
  }, [leave]);

  return { leave, logout, signOutIdle };
}

/** The signed-in layout: sidebar (or sheet on narrow screens), header, verification banner, page. */
export function AppShell() {
  const profile = useSignedInProfile();
  useLiveUpdates();
  const isLive = useIsLiveUpdating();
  const sidebar = useSidebarState();
  const { leave, logout, signOutIdle } = useSignOuts();
  const isAdmin = profile.role === "admin";

  return (
    // data-live-updates: whether the page hears changes as they happen or polls for them (tests read it).
    <div className="flex min-h-screen" data-live-updates={isLive ? "open" : "polling"}>
      <IdleSessionWatcher onExpired={signOutIdle} onSignedOutElsewhere={leave} />
      {sidebar.isMobile ? (
        <Sheet open={sidebar.isSheetOpen} onOpenChange={sidebar.setIsSheetOpen}>
          <SheetContent aria-describedby={undefined}>
            <SheetTitle className="sr-only">{t("Navigation")}</SheetTitle>
            <SheetDescription className="sr-only">{t("Ferry sections")}</SheetDescription>
            <SidebarNav
              isAdmin={isAdmin}
              isExpanded
              onNavigate={() => sidebar.setIsSheetOpen(false)}
              onLogout={logout}
            />
          </SheetContent>
        </Sheet>
      ) : (
        <aside
          data-state={sidebar.isExpanded ? "expanded" : "collapsed"}
          aria-label={t("Sidebar")}
          className={cn(
            "sticky top-0 h-screen shrink-0 transition-[width] duration-200",
            sidebar.isExpanded ? "w-64" : "w-16",
          )}
        >
          <SidebarNav isAdmin={isAdmin} isExpanded={sidebar.isExpanded} onLogout={logout} />
        </aside>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <Header profile={profile} onToggleSidebar={sidebar.toggle} />
        <VerifyEmailBanner profile={profile} />
        <PushNotifier />
        <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 lg:py-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
