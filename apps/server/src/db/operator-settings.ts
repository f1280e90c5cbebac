import type { Database } from "./database.ts";

/*
 * Small values the server keeps for itself across restarts, in `operator_settings` (key → text): the
 * development clock's offset now. Deposit keys live in the same table through the deposits module.
 */

/** The setting under `key`, or undefined when there is none. */
export async function readOperatorSetting(db: Database, key: string): Promise<string | undefined> {
  const row = await db.selectFrom("operator_settings").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value;
}

/** Stores `value` under `key`, replacing what was there. */
export async function writeOperatorSetting(db: Database, key: string, value: string): Promise<void> {
  await db
    .insertInto("operator_settings")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: new Date() }))
    .execute();
}
