import type { Me, Profile, ProfileUpdateRequest } from "@ferry/core/contracts/profile";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../errors.ts";
import { preferencesFrom } from "../settings/service.ts";
import { selectProfile, selectProfileWithPreferences, upsertProfile } from "./queries.ts";

/** The signed-in user's profile. */
export async function getProfile(db: Database, userId: string): Promise<Profile> {
  const profile = await selectProfile(db, userId);
  if (!profile) {
    throw new AppError("not_found", "Profile not found");
  }
  return profile;
}

/** The signed-in user's profile with the App Preferences every page applies, in one read. */
export async function getMe(db: Database, userId: string): Promise<Me> {
  const me = await selectProfileWithPreferences(db, userId);
  if (!me) {
    throw new AppError("not_found", "Profile not found");
  }
  return { ...me.profile, preferences: preferencesFrom(me.preferences) };
}

/** Saves the personal-information form and returns the updated profile, in one transaction. */
export async function updateProfile(db: Database, userId: string, update: ProfileUpdateRequest): Promise<Profile> {
  return db.transaction().execute(async (trx) => {
    await upsertProfile(trx, userId, update);
    return getProfile(trx, userId);
  });
}

/**
 * Erases the personal information of the user's profile (names, phone, address), in the caller's
 * transaction: their account is being closed (the right to erasure).
 */
export async function eraseProfile(trx: Database, userId: string): Promise<void> {
  await upsertProfile(trx, userId, {
    firstName: "",
    lastName: "",
    phone: "",
    address: "",
    city: "",
    country: "",
    postalCode: "",
  });
}
