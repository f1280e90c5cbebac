import type { AppPreferences, NotificationSettings, SecuritySettings } from "@ferry/core/contracts/settings";
import { sql } from "kysely";
import { compiledOnce } from "../../db/compiled-once.ts";
import type { Database } from "../../db/database.ts";

/**
 * The saved preferences rows of these users, in one read; a user who never saved any has none.
 * Compiled once: every batch of transfers reads it (issue 31).
 */
export const selectPreferencesRows = compiledOnce(
  (db: Database, userIds: readonly string[]) =>
    db.selectFrom("user_preferences").selectAll().where(sql<boolean>`user_id = ANY(${userIds})`),
  1,
);

/** The user's saved preferences row, or undefined when they never saved any section. */
export async function selectPreferencesRow(db: Database, userId: string) {
  return db.selectFrom("user_preferences").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

/** One section's columns, as the table names them. */
type SectionColumns = {
  email_notifications?: boolean;
  push_notifications?: boolean;
  sms_notifications?: boolean;
  marketing_notifications?: boolean;
  session_timeout_minutes?: number | null;
  language?: string;
  currency?: string;
  time_zone?: string;
  theme?: string;
};

export function notificationColumnsOf(settings: NotificationSettings): SectionColumns {
  return {
    email_notifications: settings.emailNotifications,
    push_notifications: settings.pushNotifications,
    sms_notifications: settings.smsNotifications,
    marketing_notifications: settings.marketingNotifications,
  };
}

export function securityColumnsOf(settings: SecuritySettings): SectionColumns {
  // "never" is NULL: no idle limit.
  const minutes = settings.sessionTimeout === "never" ? null : Number(settings.sessionTimeout);
  return { session_timeout_minutes: minutes };
}

export function preferenceColumnsOf(preferences: AppPreferences): SectionColumns {
  return {
    language: preferences.language,
    currency: preferences.currency,
    time_zone: preferences.timeZone,
    theme: preferences.theme,
  };
}

/**
 * Writes one section's columns (SPEC §7: upsert on user_id). A first save inserts the row, whose
 * other columns take the spec's defaults; a later one updates only these columns.
 */
export async function upsertSectionColumns(db: Database, userId: string, columns: SectionColumns): Promise<void> {
  await db
    .insertInto("user_preferences")
    .values({ user_id: userId, ...columns })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ ...columns, updated_at: new Date() }))
    .execute();
}
