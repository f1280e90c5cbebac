import type { Database } from "../../db/database.ts";

/** The id of the account with this (normalised) e-mail address, if there is one. */
export async function selectUserIdByEmail(db: Database, email: string): Promise<string | undefined> {
  const row = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
  return row?.id;
}

/** Remembers a device of the user's; whether it was new to them. */
export async function insertKnownDevice(db: Database, userId: string, deviceHash: string): Promise<boolean> {
  const inserted = await db
    .insertInto("known_devices")
    .values({ user_id: userId, device_hash: deviceHash })
    .onConflict((oc) => oc.doNothing())
    .returning("user_id")
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function countKnownDevices(db: Database, userId: string): Promise<number> {
  const known = await db
    .selectFrom("known_devices")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(known.count);
}
