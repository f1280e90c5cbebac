import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
import { type PollHeaders, polled } from "../../../lib/polling.ts";
import { notificationsQueryKey } from "../../../lib/queries/notifications.ts";
import { toastServerError, toastSuccess } from "../../../lib/toasts.ts";

/** New notifications appear without a reload: the list is polled while the app is open. */
const POLL_INTERVAL_MS = 15_000;

export function getNotifications(headers: PollHeaders = {}) {
  return dataOf(api.GET("/api/v1/notifications", { params: { query: { limit: 50 } }, headers }));
}

export const notificationsQueryOptions = queryOptions({
  queryKey: notificationsQueryKey,
  // Polled: not the person's activity, so it does not keep an idle session alive (decision 038).
  ...polled(POLL_INTERVAL_MS, (headers) => getNotifications(headers), { isLive: true }),
});

export function useNotifications() {
  return useQuery(notificationsQueryOptions);
}

/** The unread count for the header bell and the sidebar badge (0 while loading). */
export function useUnreadCount(): number {
  return useQuery({ ...notificationsQueryOptions, select: (data) => data.unreadCount }).data ?? 0;
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: string) =>
      dataOf(
        api.POST("/api/v1/notifications/{notificationId}/read", { params: { path: { notificationId } }, body: {} }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
    onError: (error) => toastServerError(error, "Failed to mark notification as read"),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => dataOf(api.POST("/api/v1/notifications/read-all", { body: {} })),
    onSuccess: () => {
      toastSuccess("All notifications marked as read");
      return queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    },
    onError: (error) => toastServerError(error, "Failed to mark notifications as read"),
  });
}
