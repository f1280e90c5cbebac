/*
 * The browser's Notification API (push while Ferry is open, issue 27). Asked for only from a click on
 * the Push switch, as browsers require; a refusal is the person's answer and is not asked again.
 */

export type NotificationPermissionState = "granted" | "denied" | "default" | "unsupported";

/** Whether this browser can show notifications, and whether the person has allowed Ferry to. */
export function browserNotificationPermission(): NotificationPermissionState {
  if (typeof globalThis.Notification === "undefined") {
    return "unsupported";
  }
  return globalThis.Notification.permission;
}

/** Asks the person (from a click) to allow notifications; answers what they chose. */
export async function requestBrowserNotificationPermission(): Promise<NotificationPermissionState> {
  if (typeof globalThis.Notification === "undefined") {
    return "unsupported";
  }
  return globalThis.Notification.requestPermission();
}

/** Shows one notification, when the person has allowed them; otherwise nothing. */
export function showBrowserNotification(title: string, body: string): void {
  if (browserNotificationPermission() !== "granted") {
    return;
  }
  new globalThis.Notification(title, { body, tag: `ferry:${title}:${body}` });
}
