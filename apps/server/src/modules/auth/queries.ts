import type { Database } from "../../db/database.ts";

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

/** The generation of the user's device cookies (devices.ts): 0 until a password is first reset or changed. */
export async function selectDeviceCookieGeneration(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom("device_cookie_generations")
    .select("generation")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.generation ?? 0;
}

/** Moves the user to the next generation of device cookies; returns it. */
export async function incrementDeviceCookieGeneration(db: Database, userId: string): Promise<number> {
  const row = await db
    .insertInto("device_cookie_generations")
    .values({ user_id: userId, generation: 1 })
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet((eb) => ({
        generation: eb("device_cookie_generations.generation", "+", 1),
        changed_at: new Date(),
      })),
    )
    .returning("generation")
    .executeTakeFirstOrThrow();
  return row.generation;
}
