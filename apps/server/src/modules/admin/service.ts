import type { Database } from "../../db/database.ts";
import { AppError } from "../../errors.ts";

/**
 * Bans or unbans a user. Banning ends every session of theirs in the same transaction, so a banned
 * user is signed out everywhere at once. An admin cannot ban themselves.
 */
export async function setUserBanned(db: Database, actorId: string, userId: string, isBanned: boolean): Promise<void> {
  if (actorId === userId) {
    throw new AppError("conflict", "You cannot ban your own account");
  }
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("user")
      .set({ banned: isBanned, banReason: isBanned ? "Banned by an administrator" : null, updatedAt: new Date() })
      .where("id", "=", userId)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) {
      throw new AppError("not_found", "User not found");
    }
    if (isBanned) {
      await trx.deleteFrom("session").where("userId", "=", userId).execute();
    }
  });
}
