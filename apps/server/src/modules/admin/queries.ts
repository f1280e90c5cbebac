import type { AdminUser } from "@ferry/core/contracts/admin";
import { type ExpressionBuilder, sql } from "kysely";
import type { Cursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { keysetPage } from "../../db/page.ts";
import type { DB } from "../../db/schema.ts";
import { selectUserWithProfile, userSummaryOf } from "../../db/users.ts";

/** Whether the `user` row in scope belongs to an account that was never closed. */
function isOpenAccount({ not, exists, selectFrom }: ExpressionBuilder<DB, "user">) {
  return not(
    exists(selectFrom("account_closures").select("user_id").whereRef("account_closures.user_id", "=", "user.id")),
  );
}

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
  // A closed account has left the list: what remains of it is a pseudonym kept for the ledger.
  let query = selectUserWithProfile(db).where(isOpenAccount);
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

/** Whether the user is an admin today: the admin role, not banned, account open. */
export async function isActiveAdmin(db: Database, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("user")
    .leftJoin("account_closures", "account_closures.user_id", "user.id")
    .select(["user.role", "user.banned", "account_closures.user_id as closed_user_id"])
    .where("user.id", "=", userId)
    .executeTakeFirst();
  return row?.role === "admin" && row.banned !== true && row.closed_user_id === null;
}

function openUser(db: Database, userId: string) {
  return db.selectFrom("user").select(["id", "email", "banned"]).where("id", "=", userId).where(isOpenAccount);
}

/** A user whose account is open; undefined when none is. */
export async function selectOpenUser(db: Database, userId: string) {
  return openUser(db, userId).executeTakeFirst();
}

/** A user whose account is open, locked for the change that follows; undefined when none is. */
export async function lockOpenUser(db: Database, userId: string) {
  return openUser(db, userId).forUpdate().executeTakeFirst();
}

/**
 * Replaces what identifies the user with a pseudonym ("closed-<id>@closed.invalid": the reserved
 * .invalid domain, so no mail can reach anyone) and bans the row, then records the closure. The row
 * itself stays: ledger accounts, transfers and audit rows point at it.
 */
export async function pseudonymiseAndClose(db: Database, userId: string, closedBy: string): Promise<void> {
  await db
    .updateTable("user")
    .set({
      email: `closed-${userId}@closed.invalid`,
      name: "Closed account",
      image: null,
      emailVerified: false,
      banned: true,
      banReason: "Account closed",
      banExpires: null,
      updatedAt: new Date(),
    })
    .where("id", "=", userId)
    .execute();
  await db.insertInto("account_closures").values({ user_id: userId, closed_by: closedBy }).execute();
}
