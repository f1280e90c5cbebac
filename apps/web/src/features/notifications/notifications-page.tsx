import type { Notification } from "@ferry/core/contracts/notifications";
import { BellIcon, CheckCheckIcon, CircleAlertIcon, CircleCheckIcon, CircleXIcon, InfoIcon } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { t, translateText } from "../../i18n/i18n.tsx";
import { cn } from "../../lib/cn.ts";
import { formatDateTime } from "../../lib/format-date-time.ts";
import { useErrorToast } from "../../lib/toasts.ts";
import { useMarkAllRead, useMarkRead, useNotifications } from "./api/notifications.ts";

const ICONS: Record<Notification["type"], { icon: typeof InfoIcon; className: string }> = {
  success: { icon: CircleCheckIcon, className: "text-green-600 bg-green-50" },
  warning: { icon: CircleAlertIcon, className: "text-yellow-700 bg-yellow-50" },
  error: { icon: CircleXIcon, className: "text-red-600 bg-red-50" },
  info: { icon: InfoIcon, className: "text-primary bg-secondary" },
};

function NotificationRow({ notification }: { notification: Notification }) {
  const markRead = useMarkRead();
  const { icon: Icon, className } = ICONS[notification.type];
  return (
    <li>
      <button
        type="button"
        onClick={() => {
          if (!notification.read) {
            markRead.mutate(notification.id);
          }
        }}
        className={cn(
          "flex w-full items-start gap-4 rounded-lg border p-4 text-left transition-colors hover:bg-accent",
          notification.read ? "border-border bg-card" : "border-primary/30 bg-secondary/40",
        )}
      >
        <span className={cn("flex size-10 shrink-0 items-center justify-center rounded-full", className)}>
          <Icon className="size-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-2">
            <span className="font-semibold">
              {translateText(notification.title)}
              {/* In the name the button takes from its content, which must hold all its visible text (WCAG 2.5.3). */}
              {notification.read ? null : <span className="sr-only"> {t("(unread)")}</span>}
            </span>
            {notification.read ? null : <span className="size-2 rounded-full bg-primary" aria-hidden="true" />}
          </span>
          <span className="mt-1 block text-sm text-muted-foreground">{translateText(notification.message)}</span>
          <span className="mt-2 block text-xs text-muted-foreground">{formatDateTime(notification.createdAt)}</span>
        </span>
      </button>
      {notification.link ? (
        // Beside the button, not in it: a button cannot hold a link. Following it marks the notification read.
        <Link
          to={notification.link}
          onClick={() => {
            if (!notification.read) {
              markRead.mutate(notification.id);
            }
          }}
          className="mt-1 ml-18 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t("Transfer details")}
        </Link>
      ) : null}
    </li>
  );
}

/** `/notifications`: newest first; a click marks one read; 'Mark all as read'. */
export function NotificationsPage() {
  const notifications = useNotifications();
  const markAll = useMarkAllRead();
  const unread = notifications.data?.unreadCount ?? 0;
  useErrorToast(notifications.error, "Failed to load notifications");
  return (
    <>
      <PageHeader
        title={t("Notifications")}
        description={
          !notifications.data
            ? // Not "all caught up" before anything was read, nor after a failed read (issue 30).
              notifications.isPending
              ? t("Loading your notifications…")
              : undefined
            : unread > 0
              ? t("{count, plural, one {You have # unread notification.} other {You have # unread notifications.}}", {
                  count: unread,
                })
              : t("You're all caught up.")
        }
        actions={
          <Button variant="outline" onClick={() => markAll.mutate()} disabled={unread === 0 || markAll.isPending}>
            <CheckCheckIcon /> {t("Mark all as read")}
          </Button>
        }
      />
      {notifications.isPending ? (
        <div className="grid gap-3">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : !notifications.data ? (
        <LoadFailed message={t("Your notifications could not be loaded right now.")} query={notifications} />
      ) : notifications.data.items.length > 0 ? (
        <ul className="grid gap-3">
          {notifications.data.items.map((notification) => (
            <NotificationRow key={notification.id} notification={notification} />
          ))}
        </ul>
      ) : (
        <EmptyState
          icon={BellIcon}
          title={t("No notifications")}
          hint={t("Deposits, transfers and sign-ins from new devices will show up here.")}
        />
      )}
    </>
  );
}
