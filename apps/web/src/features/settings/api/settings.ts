import type { AppPreferences, NotificationSettings, SecuritySettings, Settings } from "@ferry/core/contracts/settings";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";

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
function useSaveSettings<T>(save: (body: T) => Promise<Settings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: (settings) => queryClient.setQueryData(settingsQueryKey, settings),
  });
}

export function useSaveNotificationSettings() {
  return useSaveSettings(saveNotificationSettings);
}

export function useSaveSecuritySettings() {
  return useSaveSettings(saveSecuritySettings);
}

export function useSavePreferences() {
  return useSaveSettings(savePreferences);
}
