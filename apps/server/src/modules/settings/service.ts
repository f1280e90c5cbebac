import {
  type AppPreferences,
  DEFAULT_SETTINGS,
  type NotificationSettings,
  type SecuritySettings,
  type SessionTimeout,
  SessionTimeout as SessionTimeoutSchema,
  type Settings,
} from "@ferry/core/contracts/settings";
import { type Language, SOURCE_LANGUAGE } from "@ferry/core/i18n/languages";
import type { Database } from "../../db/database.ts";
import { type AuditActor, recordAdminAction } from "../audit/service.ts";
import {
  notificationColumnsOf,
  preferenceColumnsOf,
  securityColumnsOf,
  selectPreferencesRow,
  selectPreferencesRows,
  upsertSectionColumns,
} from "./queries.ts";

type PreferencesRow = NonNullable<Awaited<ReturnType<typeof selectPreferencesRow>>>;

function sessionTimeoutOf(minutes: number | null): SessionTimeout {
  if (minutes === null) {
    return "never";
  }
  // The column's CHECK keeps it to the spec's options.
  return SessionTimeoutSchema.parse(String(minutes));
}

/** The App Preferences columns of a user's row, wherever they were read (a row of their own, a join). */
interface PreferenceColumns {
  readonly language: string;
  readonly currency: string;
  readonly time_zone: string;
  readonly theme: string;
}

/** The App Preferences of a user's row; the spec's defaults when the user never saved (no row). */
export function preferencesFrom(row: PreferenceColumns | undefined): AppPreferences {
  if (!row) {
    return DEFAULT_SETTINGS.preferences;
  }
  return {
    language: row.language as AppPreferences["language"],
    currency: row.currency as AppPreferences["currency"],
    timeZone: row.time_zone as AppPreferences["timeZone"],
    theme: row.theme as AppPreferences["theme"],
  };
}

function settingsOf(row: PreferencesRow | undefined): Settings {
  if (!row) {
    return DEFAULT_SETTINGS;
  }
  return {
    notifications: {
      emailNotifications: row.email_notifications,
      pushNotifications: row.push_notifications,
      smsNotifications: row.sms_notifications,
      marketingNotifications: row.marketing_notifications,
    },
    security: { sessionTimeout: sessionTimeoutOf(row.session_timeout_minutes) },
    preferences: preferencesFrom(row),
  };
}

/** The user's three sections; the spec's defaults (core's DEFAULT_SETTINGS) when they never saved. */
export async function getSettings(db: Database, userId: string): Promise<Settings> {
  return settingsOf(await selectPreferencesRow(db, userId));
}

/**
 * A new account reads Ferry in the language it signed up in (issue 29). English is the default already,
 * so only another language is written.
 */
export async function keepSignUpLanguage(db: Database, userId: string, language: Language): Promise<void> {
  if (language !== SOURCE_LANGUAGE) {
    await upsertSectionColumns(db, userId, { language });
  }
}

/** The App Preferences the app and the user's e-mails follow (language, time zone, currency, theme). */
export async function preferencesOf(db: Database, userId: string): Promise<AppPreferences> {
  return (await getSettings(db, userId)).preferences;
}

/** The App Preferences of several users in one read, by user id (the defaults for one who never saved). */
export async function preferencesOfEach(
  db: Database,
  userIds: readonly string[],
): Promise<(userId: string) => AppPreferences> {
  const rows = await selectPreferencesRows(db, userIds);
  const byUser = new Map(rows.map((row) => [row.user_id, settingsOf(row).preferences]));
  return (userId) => byUser.get(userId) ?? DEFAULT_SETTINGS.preferences;
}

/**
 * Where Ferry may reach the user. Senders of account-activity mail and SMS read it; security mail
 * goes whatever it says (modules/mail decides which is which).
 */
export async function notificationSettingsOf(db: Database, userId: string): Promise<NotificationSettings> {
  return (await getSettings(db, userId)).notifications;
}

/** The user's idle session timeout in minutes, or null for "never" (default 30, SPEC §9). */
export async function sessionTimeoutMinutesOf(db: Database, userId: string): Promise<number | null> {
  return sessionTimeoutMinutesFrom(await selectPreferencesRow(db, userId));
}

/** The idle session timeout a preferences row says, in minutes (null: "never"); no row, the default. */
export function sessionTimeoutMinutesFrom(
  row: Pick<PreferencesRow, "session_timeout_minutes"> | undefined,
): number | null {
  return row ? row.session_timeout_minutes : Number(DEFAULT_SETTINGS.security.sessionTimeout);
}

/** Saves Notification Preferences only; the other sections' columns are not written. */
export async function saveNotificationSettings(
  db: Database,
  userId: string,
  settings: NotificationSettings,
): Promise<Settings> {
  return db.transaction().execute(async (trx) => {
    await upsertSectionColumns(trx, userId, notificationColumnsOf(settings));
    return getSettings(trx, userId);
  });
}

/**
 * Saves Security Settings (the idle timeout) only, and writes it to the audit log with what it was:
 * a longer timeout weakens the account's protection, so who changed it, when and from where is kept.
 */
export async function saveSecuritySettings(
  db: Database,
  actor: AuditActor,
  settings: SecuritySettings,
): Promise<Settings> {
  return db.transaction().execute(async (trx) => {
    const before = await getSettings(trx, actor.userId);
    await upsertSectionColumns(trx, actor.userId, securityColumnsOf(settings));
    await recordAdminAction(trx, {
      actor,
      action: "security_settings.update",
      subjectType: "user",
      subjectId: actor.userId,
      before: { sessionTimeout: before.security.sessionTimeout },
      after: { sessionTimeout: settings.sessionTimeout },
      details: { userId: actor.userId },
    });
    return getSettings(trx, actor.userId);
  });
}

/** Saves App Preferences only; the other sections' columns are not written. */
export async function savePreferences(db: Database, userId: string, preferences: AppPreferences): Promise<Settings> {
  return db.transaction().execute(async (trx) => {
    await upsertSectionColumns(trx, userId, preferenceColumnsOf(preferences));
    return getSettings(trx, userId);
  });
}
