import type { AdminUser } from "@ferry/core/contracts/admin";
import { sql } from "kysely";
import type { Database } from "../../db/database.ts";

/** Users newest first, optionally filtered by name or e-mail, with keyset pagination on (created, id). */
export async function selectUsers(
  db: Database,
  options: { search?: string; limit: number; after?: { createdAt: string; id: string } },
): Promise<AdminUser[]> {
  let query = db
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
    ])
    .orderBy("user.createdAt", "desc")
    .orderBy("user.id", "desc")
    .limit(options.limit);
  if (options.search) {
    const pattern = `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb("user.email", "ilike", pattern),
        eb(sql`coalesce(profiles.first_name, '') || ' ' || coalesce(profiles.last_name, '')`, "ilike", pattern),
      ]),
    );
  }
  if (options.after) {
    const { createdAt, id } = options.after;
    query = query.where(sql<boolean>`("user"."createdAt", "user".id) < (${new Date(createdAt)}, ${id})`);
  }
  const rows = await query.execute();
  return rows.map((row) => ({
    userId: row.id,
    email: row.email,
    firstName: row.first_name ?? "",
    lastName: row.last_name ?? "",
    role: row.role === "admin" ? "admin" : "user",
    status: row.banned ? "banned" : "active",
    kycStatus: row.kyc_status ?? "pending",
    emailVerified: row.emailVerified,
    createdAt: new Date(row.createdAt).toISOString(),
  }));
}
