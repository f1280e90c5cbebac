import { useEffect, useRef } from "react";
import { useNotifications } from "../../features/notifications/api/notifications.ts";
import { useSettings } from "../../features/settings/api/settings.ts";
import { translateText } from "../../i18n/i18n.tsx";
import { showBrowserNotification } from "../../lib/browser-notifications.ts";

/**
 * Push while Ferry is open (issue 27): with Push on in Settings and the browser's permission given,
 * each in-app notification that arrives by the notifications poll is also shown by the browser. The
 * ones already there when the app opens are not: they are not news.
 */
export function PushNotifier() {
  const { data: settings } = useSettings();
  const { data: notifications } = useNotifications();
  const seenIds = useRef<Set<string> | null>(null);
  const isPushOn = settings?.notifications.pushNotifications === true;

  useEffect(() => {
    if (!notifications) {
      return;
    }
    if (seenIds.current === null) {
      seenIds.current = new Set(notifications.items.map((item) => item.id));
      return;
    }
    for (const item of notifications.items) {
      if (seenIds.current.has(item.id)) {
        continue;
      }
      seenIds.current.add(item.id);
      if (isPushOn && !item.read) {
        showBrowserNotification(translateText(item.title), translateText(item.message));
      }
    }
  }, [notifications, isPushOn]);

  return null;
}
