import type { AdminUser } from "@ferry/core/contracts/admin";
import { sql } from "kysely";
import type { Cursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { keysetPage } from "../../db/page.ts";
import { selectUserWithProfile, userSummaryOf } from "../../db/users.ts";

/** One row of the admin user list, with its cursor time at full precision. */
export type AdminUserRow = AdminUser & { readonly cursorAt: string };

/**
 * Users newest first, optionally filtered by name or e-mail, after `after` in (created, id) order;
 * one row past `limit`, so the caller knows whether another page exists.
 */
export async function selectUsers(
  db: Database,
  options: { search?: string; limit: number; after?: Cursor },
): Promise<AdminUserRow[]> {
  let query = selectUserWithProfile(db);
  if (options.search) {
    const pattern = `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb("user.email", "ilike", pattern),
        eb(sql`coalesce(profiles.first_name, '') || ' ' || coalesce(profiles.last_name, '')`, "ilike", pattern),
      ]),
    );
  }
  const page = { time: "user.createdAt", id: "user.id", limit: options.limit, after: options.after };
  const rows = await keysetPage(query, page).execute();
  return rows.map((row) => ({ ...userSummaryOf(row), cursorAt: row.cursor_at }));
}

/**
 * Sets a user's ban flag, the row locked first so the audit's "before" is the state this change
 * replaced; whether they were banned before, or undefined when no such user exists.
 */
export async function updateUserBanned(
  db: Database,
  userId: string,
  isBanned: boolean,
): Promise<{ wasBanned: boolean } | undefined> {
  const current = await db.selectFrom("user").select("banned").where("id", "=", userId).forUpdate().executeTakeFirst();
  if (!current) {
    return undefined;
  }
  await db
    .updateTable("user")
    .set({ banned: isBanned, banReason: isBanned ? "Banned by an administrator" : null, updatedAt: new Date() })
    .where("id", "=", userId)
    .execute();
  return { wasBanned: current.banned === true };
}

/** Ends every session of a user. */
export async function deleteUserSessions(db: Database, userId: string): Promise<void> {
  await db.deleteFrom("session").where("userId", "=", userId).execute();
}
