import { DEFAULT_SETTINGS, type Settings } from "@ferry/core/contracts/settings";
import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { settingsQueryKey } from "../../features/settings/api/settings.ts";
import { notificationsQueryKey } from "../../lib/queries/notifications.ts";
import { fakeApi, renderWithApp } from "../../testing/render.tsx";
import { PushNotifier } from "./push-notifier.tsx";

/** The browser's Notification, recording what Ferry shows; `permission` is what the person answered. */
function stubBrowserNotifications(permission: NotificationPermission) {
  const shown: { title: string; body: string | undefined }[] = [];
  class FakeNotification {
    static permission = permission;
    static requestPermission = vi.fn(async () => permission);
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, body: options?.body });
    }
  }
  vi.stubGlobal("Notification", FakeNotification);
  return shown;
}

function notification(id: string, title: string, read = false) {
  return { id, title, message: `${title}, in detail`, type: "info", read, createdAt: "2026-11-26T12:00:00.000Z" };
}

function listOf(items: ReturnType<typeof notification>[]) {
  return { items, nextCursor: null, unreadCount: items.filter((item) => !item.read).length };
}

/** Renders the notifier with the given settings and first list; answers later polls with `next`. */
function renderNotifier(settings: Settings, first: ReturnType<typeof notification>[]) {
  let answer = listOf(first);
  fakeApi({
    "GET /api/v1/settings": () => ({ body: settings }),
    "GET /api/v1/notifications": () => ({ body: answer }),
  });
  const rendered = renderWithApp(<PushNotifier />);
  return {
    ...rendered,
    async arrive(items: ReturnType<typeof notification>[]) {
      answer = listOf(items);
      await rendered.client.refetchQueries({ queryKey: notificationsQueryKey });
    },
  };
}

const PUSH_ON: Settings = {
  ...DEFAULT_SETTINGS,
  notifications: { ...DEFAULT_SETTINGS.notifications, pushNotifications: true },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("push while Ferry is open", () => {
  test("shows each new unread notification once, not the ones already there when the app opened", async () => {
    const shown = stubBrowserNotifications("granted");
    const old = notification("8f6f3c1e-0b1a-4d4e-9f6a-000000000001", "Deposit approved");
    const { arrive, client } = renderNotifier(PUSH_ON, [old]);
    await waitFor(() => expect(client.getQueryData(settingsQueryKey)).toBeDefined());
    await waitFor(() => expect(client.getQueryData(notificationsQueryKey)).toBeDefined());

    const fresh = notification("8f6f3c1e-0b1a-4d4e-9f6a-000000000002", "Transfer received");
    await arrive([fresh, old]);
    await arrive([fresh, old]);

    await waitFor(() => expect(shown).toEqual([{ title: "Transfer received", body: "Transfer received, in detail" }]));
  });

  test("shows nothing while Push is off in Settings, or when the browser's permission was refused", async () => {
    for (const [settings, permission] of [
      [DEFAULT_SETTINGS, "granted"],
      [PUSH_ON, "denied"],
    ] as const) {
      const shown = stubBrowserNotifications(permission);
      const { arrive, client, unmount } = renderNotifier(settings, []);
      await waitFor(() => expect(client.getQueryData(settingsQueryKey)).toBeDefined());
      await waitFor(() => expect(client.getQueryData(notificationsQueryKey)).toBeDefined());

      await arrive([notification("8f6f3c1e-0b1a-4d4e-9f6a-000000000003", "Security alert")]);

      expect(shown).toEqual([]);
      unmount();
    }
  });
});
