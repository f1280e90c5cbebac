import type { AppPreferences, NotificationSettings, SecuritySettings, Settings } from "@ferry/core/contracts/settings";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
import { meQueryKey } from "../../../lib/queries/session.ts";
import { sessionsQueryOptions } from "./sessions.ts";

export const settingsQueryKey = ["settings"] as const;

/** The signed-in user's three sections (the spec's defaults when they never saved). */
export function getSettings() {
  return dataOf(api.GET("/api/v1/settings"));
}

export const settingsQueryOptions = queryOptions({ queryKey: settingsQueryKey, queryFn: getSettings });

export function useSettings() {
  return useQuery(settingsQueryOptions);
}

function saveNotificationSettings(body: NotificationSettings) {
  return dataOf(api.PUT("/api/v1/settings/notifications", { body }));
}

function saveSecuritySettings(body: SecuritySettings) {
  return dataOf(api.PUT("/api/v1/settings/security", { body }));
}

function savePreferences(body: AppPreferences) {
  return dataOf(api.PUT("/api/v1/settings/preferences", { body }));
}

/** Each save answers the whole Settings: it replaces the cached copy. */
function useSaveSettings<T>(save: (body: T) => Promise<Settings>, onSaved?: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: async (settings) => {
      queryClient.setQueryData(settingsQueryKey, settings);
      await onSaved?.();
    },
  });
}

export function useSaveNotificationSettings() {
  return useSaveSettings(saveNotificationSettings);
}

/**
 * A new session timeout changes which sessions are still alive, so the list is read again; that
 * answer also carries the new timeout's figure for the idle warning (the save's own answer was
 * checked, and its figure reported, under the old one).
 */
export function useSaveSecuritySettings() {
  const queryClient = useQueryClient();
  return useSaveSettings(saveSecuritySettings, () =>
    queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey }),
  );
}

/** The app applies the saved preferences from the session's copy (`/api/v1/me`): it is read again. */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useSaveSettings(savePreferences, () => queryClient.invalidateQueries({ queryKey: meQueryKey }));
}
