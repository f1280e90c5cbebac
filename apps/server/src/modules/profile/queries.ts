import type { Profile, ProfileUpdateRequest } from "@ferry/core/contracts/profile";
import { sql } from "kysely";
import { compiledOnce } from "../../db/compiled-once.ts";
import type { Database } from "../../db/database.ts";
import { readTogether } from "../../db/read-together.ts";
import { selectUserWithProfile, userSummaryOf } from "../../db/users.ts";

function selectProfileRow(db: Database) {
  return selectUserWithProfile(db).select([
    "profiles.phone",
    "profiles.address",
    "profiles.city",
    "profiles.country",
    "profiles.postal_code",
  ]);
}

type ProfileRow = NonNullable<Awaited<ReturnType<ReturnType<typeof selectProfileRow>["executeTakeFirst"]>>>;

/** The user, their profile and role in one read. The profile row is optional: defaults fill the gap. */
export async function selectProfile(db: Database, userId: string): Promise<Profile | undefined> {
  const row = await selectProfileRow(db).where("user.id", "=", userId).executeTakeFirst();
  return row && profileOf(row);
}

/**
 * Profiles with their users' App Preferences columns (null: never saved), in one statement compiled
 * once: GET /me, which every signed-in page asks first (issue 31). Read for all the requests that
 * arrive together (db/read-together.ts).
 */
const profilesWithPreferences = compiledOnce(
  (db: Database, userIds: string[]) =>
    selectProfileRow(db)
      .leftJoin("user_preferences", "user_preferences.user_id", "user.id")
      .select([
        "user_preferences.user_id as preferences_user_id",
        "user_preferences.language",
        "user_preferences.currency",
        "user_preferences.time_zone",
        "user_preferences.theme",
      ])
      .where("user.id", "=", sql<string>`any(${userIds})`),
  1,
);

const selectProfileWithPreferencesRow = readTogether(
  (db: Database, userIds: string[]) => profilesWithPreferences(db, userIds),
  (row) => row.id,
);

/** The user's profile and App Preferences (none when never saved), read with other requests' at that moment. */
export async function selectProfileWithPreferences(db: Database, userId: string) {
  const row = await selectProfileWithPreferencesRow(db, userId);
  if (!row) {
    return undefined;
  }
  const { preferences_user_id, language, currency, time_zone, theme } = row;
  const preferences =
    preferences_user_id === null || language === null || currency === null || time_zone === null || theme === null
      ? undefined
      : { language, currency, time_zone, theme };
  return { profile: profileOf(row), preferences };
}

function profileOf(row: ProfileRow): Profile {
  return {
    ...userSummaryOf(row),
    phone: row.phone ?? "",
    address: row.address ?? "",
    city: row.city ?? "",
    country: row.country ?? "",
    postalCode: row.postal_code ?? "",
    accountType: "personal",
  };
}

/** Writes the personal-information form, creating the profile row if it is missing. */
export async function upsertProfile(db: Database, userId: string, update: ProfileUpdateRequest): Promise<void> {
  const values = {
    first_name: update.firstName,
    last_name: update.lastName,
    phone: update.phone,
    address: update.address,
    city: update.city,
    country: update.country,
    postal_code: update.postalCode,
  };
  await db
    .insertInto("profiles")
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ ...values, updated_at: new Date() }))
    .execute();
}
