import type { AdminUser } from "@ferry/core/contracts/admin";
import type { Database } from "./database.ts";

/**
 * A user joined with their profile row, which is optional (a user who never filled in the form has
 * none): the columns every view of a person starts from, their own profile and the admin's list alike.
 */
export function selectUserWithProfile(db: Database) {
  return db
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
      "profiles.kyc_status",
    ]);
}

export type UserWithProfileRow = Awaited<
  ReturnType<ReturnType<typeof selectUserWithProfile>["executeTakeFirstOrThrow"]>
>;

/**
 * Who a user is, as the profile and the admin list both show it: a missing profile reads as empty
 * names and a pending KYC, and any role but "admin" as "user", so a stray value never grants anything.
 */
export function userSummaryOf(row: UserWithProfileRow): AdminUser {
  return {
    userId: row.id,
    email: row.email,
    firstName: row.first_name ?? "",
    lastName: row.last_name ?? "",
    role: row.role === "admin" ? "admin" : "user",
    status: row.banned ? "banned" : "active",
    kycStatus: row.kyc_status ?? "pending",
    emailVerified: row.emailVerified,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** Every admin who is not banned: those told of what waits for them (a deposit to review, a help request). */
export async function selectActiveAdminIds(db: Database): Promise<string[]> {
  const admins = await db
    .selectFrom("user")
    .select("id")
    .where("role", "=", "admin")
    .where("banned", "is not", true)
    .execute();
  return admins.map((admin) => admin.id);
}

/**
 * A user's e-mail address by id, or undefined when no such user exists: the one look-up every module
 * that writes to a person (a deposit's notice, a help-desk reply, an alert) starts from.
 */
export async function selectUserEmail(db: Database, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom("user").select("email").where("id", "=", userId).executeTakeFirst();
  return row?.email;
}

/** The id of the account with this (normalised) e-mail address, if there is one. */
export async function selectUserIdByEmail(db: Database, email: string): Promise<string | undefined> {
  const row = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
  return row?.id;
}

/** The e-mail addresses of these users by id, in one query; an id that names no user is absent. */
export async function selectUserEmailsByIds(db: Database, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .selectFrom("user")
    .select(["id", "email"])
    .where("id", "in", [...userIds])
    .execute();
  return new Map(rows.map((row) => [row.id, row.email]));
}
