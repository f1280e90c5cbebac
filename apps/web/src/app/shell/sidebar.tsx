import { useQuery } from "@tanstack/react-query";
import { LogOutIcon } from "lucide-react";
import { NavLink } from "react-router";
import { FerryMark } from "../../components/ferry-mark.tsx";
import { useUnreadCount } from "../../features/notifications/api/notifications.ts";
import { t } from "../../i18n/i18n.tsx";
import { cn } from "../../lib/cn.ts";
import { adminHelpOpenCountQueryOptions, helpUnreadCountQueryOptions } from "../../lib/queries/help.ts";
import { ADMIN_NAV, MAIN_NAV, type NavItem } from "./nav-items.ts";

/** A count beside a sidebar item, and what it counts, for screen readers ("3 unread"), in one message. */
interface NavBadge {
  readonly count: number;
  readonly label: string;
}

function SidebarLink({
  item,
  isExpanded,
  onNavigate,
  badge,
}: {
  item: NavItem;
  isExpanded: boolean;
  onNavigate?: () => void;
  badge?: NavBadge;
}) {
  const Icon = item.icon;
  const count = badge?.count ?? 0;
  const label = t(item.label);
  return (
    <NavLink
      to={item.to}
      end={item.to === "/dashboard"}
      onClick={onNavigate}
      title={isExpanded ? undefined : label}
      className={({ isActive }) =>
        cn(
          "flex h-9 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors",
          isActive
            ? "bg-sidebar-active text-white"
            : "text-sidebar-foreground hover:bg-sidebar-accent hover:text-white",
          !isExpanded && "justify-center px-0",
        )
      }
    >
      <span className="relative">
        <Icon className="size-5 shrink-0" aria-hidden="true" />
        {count > 0 && !isExpanded ? (
          <span className="absolute -right-1 -top-1 size-2 rounded-full bg-red-500" aria-hidden="true" />
        ) : null}
      </span>
      <span className={cn(!isExpanded && "sr-only")}>{label}</span>
      {count > 0 && isExpanded ? (
        <span className="ml-auto rounded-full bg-red-500 px-2 text-xs font-bold leading-5 text-white">
          <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
          <span className="sr-only">{badge?.label}</span>
        </span>
      ) : null}
    </NavLink>
  );
}

/** A list of sidebar items, each with its count. */
function SidebarList(props: {
  items: readonly NavItem[];
  badges: Readonly<Record<string, NavBadge>>;
  isExpanded: boolean;
  onNavigate?: () => void;
}) {
  return (
    <ul className="grid gap-0.5">
      {props.items.map((item) => (
        <li key={item.to}>
          <SidebarLink
            item={item}
            isExpanded={props.isExpanded}
            onNavigate={props.onNavigate}
            badge={props.badges[item.to]}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * The counts beside sidebar items: unread notifications; for a customer, help requests with a reply
 * not yet read; for an admin, help requests still open. Each count is fetched only by whom it concerns.
 */
function useNavBadges(isAdmin: boolean): Readonly<Record<string, NavBadge>> {
  const unreadNotifications = useUnreadCount();
  const unreadHelp = useQuery({ ...helpUnreadCountQueryOptions, enabled: !isAdmin }).data?.count ?? 0;
  const openHelp = useQuery({ ...adminHelpOpenCountQueryOptions, enabled: isAdmin }).data?.count ?? 0;
  return {
    "/notifications": { count: unreadNotifications, label: t("{count} unread", { count: unreadNotifications }) },
    "/help": { count: isAdmin ? 0 : unreadHelp, label: t("{count} with new replies", { count: unreadHelp }) },
    "/admin/help": { count: isAdmin ? openHelp : 0, label: t("{count} open", { count: openHelp }) },
  };
}

/** The signed-in navigation: main items, the Admin group for admins, and Logout. */
export function SidebarNav(props: {
  isAdmin: boolean;
  isExpanded: boolean;
  onNavigate?: () => void;
  onLogout: () => void;
}) {
  const mainItems = MAIN_NAV.filter((item) => !(props.isAdmin && item.isHiddenForAdmins));
  const badges = useNavBadges(props.isAdmin);
  return (
    <div className="flex h-full flex-col bg-sidebar text-sidebar-foreground">
      <div className={cn("flex h-16 items-center gap-2 px-4", !props.isExpanded && "justify-center px-0")}>
        <FerryMark className="size-8" />
        <span className={cn("text-lg font-bold text-white", !props.isExpanded && "sr-only")}>Ferry</span>
      </div>
      <nav aria-label={t("Main")} className="flex-1 overflow-y-auto px-3 py-2">
        <SidebarList items={mainItems} badges={badges} isExpanded={props.isExpanded} onNavigate={props.onNavigate} />
        {props.isAdmin ? (
          <section aria-labelledby="admin-nav-heading" className="mt-4">
            <h2
              id="admin-nav-heading"
              className={cn(
                "mb-2 px-3 text-xs font-semibold uppercase tracking-wider text-sidebar-muted-foreground",
                !props.isExpanded && "sr-only",
              )}
            >
              {t("Admin")}
            </h2>
            <SidebarList
              items={ADMIN_NAV}
              badges={badges}
              isExpanded={props.isExpanded}
              onNavigate={props.onNavigate}
            />
          </section>
        ) : null}
      </nav>
      <div className="border-t border-slate-800 p-3">
        <button
          type="button"
          onClick={props.onLogout}
          title={props.isExpanded ? undefined : t("Logout")}
          className={cn(
            "flex h-10 w-full items-center gap-3 rounded-md px-3 text-sm font-medium text-sidebar-foreground hover:bg-sidebar-accent hover:text-white",
            !props.isExpanded && "justify-center px-0",
          )}
        >
          <LogOutIcon className="size-5 shrink-0" aria-hidden="true" />
          <span className={cn(!props.isExpanded && "sr-only")}>{t("Logout")}</span>
        </button>
      </div>
    </div>
  );
}
