import type { Profile, ProfileUpdateRequest } from "@ferry/core/contracts/profile";
import type { Database } from "../../db/database.ts";

/** The user, their profile and role in one read. The profile row is optional: defaults fill the gap. */
export async function selectProfile(db: Database, userId: string): Promise<Profile | undefined> {
  const row = await db
    .selectFrom("user")
    .leftJoin("profiles", "profiles.user_id", "user.id")
    .select([
      "user.id",
      "user.email",
      "user.emailVerified",
      "user.role",
      "user.banned",
      "user.createdAt",
      "profiles.first_name",
      "profiles.last_name",
      "profiles.phone",
      "profiles.address",
      "profiles.city",
      "profiles.country",
      "profiles.postal_code",
      "profiles.kyc_status",
    ])
    .where("user.id", "=", userId)
    .executeTakeFirst();
  if (!row) {
    return undefined;
  }
  return {
    userId: row.id,
    email: row.email,
    firstName: row.first_name ?? "",
    lastName: row.last_name ?? "",
    phone: row.phone ?? "",
    address: row.address ?? "",
    city: row.city ?? "",
    country: row.country ?? "",
    postalCode: row.postal_code ?? "",
    emailVerified: row.emailVerified,
    kycStatus: row.kyc_status ?? "pending",
    status: row.banned ? "banned" : "active",
    accountType: "personal",
    role: row.role === "admin" ? "admin" : "user",
    createdAt: new Date(row.createdAt).toISOString(),
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
