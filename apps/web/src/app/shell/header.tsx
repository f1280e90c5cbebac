import type { Profile } from "@ferry/core/contracts/profile";
import { displayName, initials } from "@ferry/core/person-names";
import { BadgeCheckIcon, BellIcon, CircleAlertIcon, PanelLeftIcon } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { useUnreadCount } from "../../features/notifications/api/notifications.ts";
import { t } from "../../i18n/i18n.tsx";

/** The signed-in header: sidebar toggle, notifications bell, verification state, Admin badge and user chip. */
export function Header({ profile, onToggleSidebar }: { profile: Profile; onToggleSidebar: () => void }) {
  const isAdmin = profile.role === "admin";
  const unreadCount = useUnreadCount();
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-border bg-card px-4 sm:px-6">
      <Button
        variant="ghost"
        size="icon"
        onClick={onToggleSidebar}
        aria-label={t("Toggle sidebar")}
        title={t("Toggle sidebar (Ctrl+B)")}
      >
        <PanelLeftIcon className="size-5" />
      </Button>
      <div className="ml-auto flex items-center gap-2 sm:gap-3">
        {profile.emailVerified ? (
          <span
            className="hidden items-center gap-1 text-xs font-medium text-green-700 sm:flex"
            title={t("Email verified")}
          >
            <BadgeCheckIcon className="size-4" /> {t("Email verified")}
          </span>
        ) : (
          <span
            className="hidden items-center gap-1 text-xs font-medium text-yellow-700 sm:flex"
            title={t("Email not verified")}
          >
            <CircleAlertIcon className="size-4" /> {t("Email not verified")}
          </span>
        )}
        {isAdmin ? <Badge>{t("Admin")}</Badge> : null}
        <Button asChild variant="ghost" size="icon" className="relative">
          {/*
           * Named by its content rather than aria-label, so no visible text (the badge's "99+") is missing from
           * its name (WCAG 2.5.3); the badge is the name's picture and hidden from the accessibility tree.
           */}
          <Link to="/notifications">
            <BellIcon className="size-5" aria-hidden="true" />
            <span className="sr-only">
              {unreadCount > 0 ? t("Notifications ({count} unread)", { count: unreadCount }) : t("Notifications")}
            </span>
            {unreadCount > 0 ? (
              <span
                aria-hidden="true"
                className="absolute -right-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-bold leading-5 text-white"
              >
                {unreadCount > 99 ? "99+" : unreadCount}
              </span>
            ) : null}
          </Link>
        </Button>
        <Link to="/profile" className="flex items-center gap-2 rounded-full py-1 pl-1 pr-3 hover:bg-accent">
          <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
            {initials(profile)}
          </span>
          <span className="hidden text-left leading-tight sm:block">
            <span className="block text-sm font-semibold">{displayName(profile)}</span>
            <span className="block text-xs text-muted-foreground">
              {profile.role === "admin" ? t("Admin") : t("Personal Account")}
            </span>
          </span>
        </Link>
      </div>
    </header>
  );
}
