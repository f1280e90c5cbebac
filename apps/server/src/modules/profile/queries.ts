import type { Profile, ProfileUpdateRequest } from "@ferry/core/contracts/profile";
import type { Database } from "../../db/database.ts";
import { selectUserWithProfile, userSummaryOf } from "../../db/users.ts";

/** The user, their profile and role in one read. The profile row is optional: defaults fill the gap. */
export async function selectProfile(db: Database, userId: string): Promise<Profile | undefined> {
  const row = await selectUserWithProfile(db)
    .select(["profiles.phone", "profiles.address", "profiles.city", "profiles.country", "profiles.postal_code"])
    .where("user.id", "=", userId)
    .executeTakeFirst();
  if (!row) {
    return undefined;
  }
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
