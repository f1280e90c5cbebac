import { type AdminUserList, type AdminUserListQuery, USER_ID_PATTERN } from "@ferry/core/contracts/admin";
import { decodeCursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { paginate } from "../../db/page.ts";
import { AppError } from "../../errors.ts";
import { type AuditActor, recordAdminAction } from "../audit/service.ts";
import { deleteUserSessions, selectUsers, updateUserBanned } from "./queries.ts";

/** One page of users for the admin, newest first, searched by name or e-mail. */
export async function listUsers(db: Database, query: AdminUserListQuery): Promise<AdminUserList> {
  const after = decodeCursor(query.cursor, USER_ID_PATTERN);
  const rows = await selectUsers(db, { search: query.search, limit: query.limit, after });
  return paginate(
    rows,
    query.limit,
    (row) => ({ createdAt: row.cursorAt, id: row.userId }),
    ({ cursorAt: _cursorAt, ...user }) => user,
  );
}

/**
 * Bans or unbans a user. Banning ends every session of theirs in the same transaction, so a banned
 * user is signed out everywhere at once. An admin cannot ban themselves. Both are audited.
 */
export async function setUserBanned(db: Database, actor: AuditActor, userId: string, isBanned: boolean): Promise<void> {
  if (actor.userId === userId) {
    throw new AppError("conflict", "You cannot ban your own account");
  }
  await db.transaction().execute(async (trx) => {
    const updated = await updateUserBanned(trx, userId, isBanned);
    if (!updated) {
      throw new AppError("not_found", "User not found");
    }
    if (isBanned) {
      await deleteUserSessions(trx, userId);
    }
    await recordAdminAction(trx, {
      actor,
      action: isBanned ? "user.ban" : "user.unban",
      subjectType: "user",
      subjectId: userId,
      before: { status: statusOf(updated.wasBanned) },
      after: { status: statusOf(isBanned) },
    });
  });
}

function statusOf(isBanned: boolean): "banned" | "active" {
  return isBanned ? "banned" : "active";
}
