import { z } from "zod";
import { LANGUAGES } from "../i18n/languages.ts";
import { THEMES } from "../theme.ts";

export { LANGUAGES, THEMES };

/*
 * `/settings` (SPEC §2, §7, §9; issue 27): three sections, each saved on its own. The server keeps
 * one row per user (user_preferences) and writes only the columns of the section saved; a user who
 * never saved reads these defaults. The web's forms and the server validate with these schemas.
 */

/** Notification Preferences: where Ferry may reach the person. Security e-mails go whatever these say. */
export const NotificationSettings = z.strictObject({
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  marketingNotifications: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** The idle time before a session ends, in minutes, or never (SPEC §9). */
export const SESSION_TIMEOUT_OPTIONS = ["15", "30", "60", "120", "never"] as const;
export const SessionTimeout = z.enum(SESSION_TIMEOUT_OPTIONS, {
  error: "Choose 15, 30, 60 or 120 minutes, or never",
});
export type SessionTimeout = z.infer<typeof SessionTimeout>;

/** Security Settings' saved part: the idle timeout. Authenticator apps and passkeys are enrolled, not saved. */
export const SecuritySettings = z.strictObject({
  sessionTimeout: SessionTimeout,
});
export type SecuritySettings = z.infer<typeof SecuritySettings>;

export const DISPLAY_CURRENCIES = ["USD", "EUR", "JPY", "BTC"] as const;
/** The spec's UTC, EST, PST, GMT and JST, as IANA zones (daylight saving follows the zone). */
export const TIME_ZONES = ["UTC", "America/New_York", "America/Los_Angeles", "Europe/London", "Asia/Tokyo"] as const;

/** App Preferences: stored here, applied by the languages-and-themes work. */
export const AppPreferences = z.strictObject({
  language: z.enum(LANGUAGES, { error: "Choose a language from the list" }),
  currency: z.enum(DISPLAY_CURRENCIES, { error: "Choose a display currency from the list" }),
  timeZone: z.enum(TIME_ZONES, { error: "Choose a time zone from the list" }),
  theme: z.enum(THEMES, { error: "Choose light, dark or system" }),
});
export type AppPreferences = z.infer<typeof AppPreferences>;

/** Everything `/settings` shows, as `GET /api/v1/settings` returns it. */
export const Settings = z.object({
  notifications: NotificationSettings,
  security: SecuritySettings,
  preferences: AppPreferences,
});
export type Settings = z.infer<typeof Settings>;

/** What a user who never saved reads (SPEC §9). */
export const DEFAULT_SETTINGS: Settings = {
  notifications: {
    emailNotifications: true,
    pushNotifications: false,
    smsNotifications: false,
    marketingNotifications: false,
  },
  security: { sessionTimeout: "30" },
  preferences: { language: "en", currency: "USD", timeZone: "UTC", theme: "system" },
};

/** The three sections, as their URLs and toasts name them. */
export const SETTINGS_SECTIONS = ["notifications", "security", "preferences"] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];
