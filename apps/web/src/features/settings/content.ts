// The words of /settings (SPEC §2 Settings, §8 the preference toasts, §9 the options).
// English keys: the cards call `t()` on them when rendering (issue 29).
import type { SettingsSection } from "@ferry/core/contracts/settings";
import type { MessageKey } from "@ferry/core/i18n/catalog";
import { LANGUAGE_NAMES, LANGUAGES } from "@ferry/core/i18n/languages";

export const SETTINGS_PAGE = {
  title: "Settings",
  description: "Notifications, security and app preferences.",
  saved: "Settings Updated",
  loadFailed: "Failed to load your preferences.",
  saveFailed: "Failed to save your preferences.",
  save: "Save",
  saving: "Saving…",
} as const;

/** 'Your {section} settings have been saved successfully.' for each card: one whole sentence each. */
export const SAVED_DESCRIPTIONS: Readonly<Record<SettingsSection, MessageKey>> = {
  notifications: "Your notification settings have been saved successfully.",
  security: "Your security settings have been saved successfully.",
  preferences: "Your app settings have been saved successfully.",
};

export const NOTIFICATIONS_CARD = {
  title: "Notification Preferences",
  description:
    "Choose how Ferry reaches you. Security e-mails (sign-in codes, new devices, password changes) are always sent.",
  switches: [
    { name: "emailNotifications", label: "Email", hint: "Alerts and help-desk replies by e-mail." },
    { name: "pushNotifications", label: "Push", hint: "Browser notifications while Ferry is open." },
    {
      name: "smsNotifications",
      label: "SMS",
      hint: "Alert rules you set to SMS text the phone number in your profile. Where this Ferry service has no SMS provider, text messages are not available yet.",
    },
    { name: "marketingNotifications", label: "Marketing", hint: "News about Ferry's products." },
  ],
  pushDenied:
    "Your browser blocks notifications from Ferry. Allow them in the browser's site settings, then switch Push on.",
  pushUnsupported: "This browser cannot show notifications.",
} as const;

export const SECURITY_CARD = {
  title: "Security Settings",
  description: "How long Ferry keeps you signed in while you are away, and how you sign in.",
  sessionTimeoutLabel: "Session Timeout",
  sessionTimeoutHint: "You are signed out after this long without activity.",
  /** Minutes; "never" reads as the spec's 'Never' (in Chinese 永不, apart from the past 'Never', 从未). */
  sessionTimeouts: ["15", "30", "60", "120", "never"],
} as const;

export const PREFERENCES_CARD = {
  title: "App Preferences",
  description: "Language, display currency, time zone and theme.",
  languageLabel: "Language",
  /** Each language named in itself, never translated. */
  languages: LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] })),
  currencyLabel: "Display Currency",
  currencies: [
    { value: "USD", label: "USD" },
    { value: "EUR", label: "EUR" },
    { value: "JPY", label: "JPY" },
    { value: "BTC", label: "BTC" },
  ],
  timeZoneLabel: "Time Zone",
  // The spec's labels (other languages name the city too); the values are IANA zones, so daylight saving follows the zone.
  timeZones: [
    { value: "UTC", label: "UTC" },
    { value: "America/New_York", label: "EST" },
    { value: "America/Los_Angeles", label: "PST" },
    { value: "Europe/London", label: "GMT" },
    { value: "Asia/Tokyo", label: "JST" },
  ],
  themeLabel: "Theme",
  themes: [
    { value: "light", label: "Light" },
    { value: "dark", label: "Dark" },
    { value: "system", label: "System" },
  ],
} as const;
