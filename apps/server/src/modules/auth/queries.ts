import { sql } from "kysely";
import { compiledOnce } from "../../db/compiled-once.ts";
import type { Database } from "../../db/database.ts";
import { readTogether } from "../../db/read-together.ts";

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

/** The user's sessions that have not expired, newest first. */
export async function selectLiveSessions(db: Database, userId: string, now: Date) {
  return db
    .selectFrom("session")
    .select(["id", "createdAt", "expiresAt", "ipAddress", "userAgent"])
    .where("userId", "=", userId)
    .where("expiresAt", ">", now)
    .orderBy("createdAt", "desc")
    .execute();
}

/**
 * Deletes everything the user signs in with or was signed in by: sessions, the password, the sign-in
 * code's secret, pending links and codes (Better Auth keeps a reset link's user id as its value, and an
 * e-mail code under an identifier naming the address), and the devices Ferry knew.
 */
export async function deleteSignInRecords(db: Database, user: { id: string; email: string }): Promise<void> {
  await db.deleteFrom("session").where("userId", "=", user.id).execute();
  await db.deleteFrom("account").where("userId", "=", user.id).execute();
  await db.deleteFrom("twoFactor").where("userId", "=", user.id).execute();
  await sql`DELETE FROM verification WHERE value = ${user.id} OR strpos(identifier, ${user.email}) > 0`.execute(db);
  await db.deleteFrom("known_devices").where("user_id", "=", user.id).execute();
  await db.deleteFrom("device_cookie_generations").where("user_id", "=", user.id).execute();
}

/** The user's authenticator app as Better Auth's two-factor plugin keeps it (secret and codes encrypted). */
export async function selectAuthenticator(db: Database, userId: string) {
  return db
    .selectFrom("twoFactor")
    .select(["id", "secret", "backupCodes", "verified"])
    .where("userId", "=", userId)
    .executeTakeFirst();
}

/** The authenticators of these users, in one read. Compiled once: every batch of transfers reads it. */
export const selectAuthenticatorsOf = compiledOnce(
  (db: Database, userIds: readonly string[]) =>
    db.selectFrom("twoFactor").select(["userId", "verified"]).where(sql<boolean>`"userId" = ANY(${userIds})`),
  1,
);

/** Marks a pending authenticator as confirmed by a code; whether there was one pending. */
export async function markAuthenticatorVerified(db: Database, userId: string): Promise<boolean> {
  const updated = await db
    .updateTable("twoFactor")
    .set({ verified: true })
    .where("userId", "=", userId)
    .where("verified", "=", false)
    .returning("id")
    .executeTakeFirst();
  return updated !== undefined;
}

export async function deleteAuthenticator(db: Database, userId: string): Promise<void> {
  await db.deleteFrom("twoFactor").where("userId", "=", userId).execute();
}

/**
 * Records `step` as the user's last accepted TOTP time-step, only if it is later than the one
 * recorded (migration 026); whether it was. One statement, so two requests with one code cannot both win.
 */
export async function claimTotpStep(db: Database, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .insertInto("totp_accepted_steps")
    .values({ user_id: userId, last_step: String(step) })
    .onConflict((oc) =>
      oc
        .column("user_id")
        .doUpdateSet({ last_step: (eb) => eb.ref("excluded.last_step") })
        .where("totp_accepted_steps.last_step", "<", String(step)),
    )
    .returning("user_id")
    .executeTakeFirst();
  return claimed !== undefined;
}

/**
 * Sessions by their tokens with what the guards need of their users, in one statement (issue 31): each
 * session's expiry and last activity, its user's e-mail, role and ban. Compiled once, and read for all
 * the requests that arrive together (db/read-together.ts): it runs on every signed-in request.
 */
const sessionsWithUsers = compiledOnce(
  (db: Database, tokens: string[]) =>
    db
      .selectFrom("session")
      .innerJoin("user", "user.id", "session.userId")
      .leftJoin("user_preferences", "user_preferences.user_id", "user.id")
      .leftJoin("twoFactor", "twoFactor.userId", "user.id")
      .select([
        "session.token",
        "session.id as sessionId",
        "session.expiresAt",
        "session.lastActiveAt",
        "user.id as userId",
        "user.email",
        "user.role",
        "user.banned",
        "user.banExpires",
        // The idle timeout's setting, so the idle check needs no read of its own (no row: the default).
        "user_preferences.user_id as preferencesUserId",
        "user_preferences.session_timeout_minutes",
        // Whether the person confirms transfers with an authenticator app (authenticator.ts).
        "twoFactor.id as authenticatorId",
        "twoFactor.verified as authenticatorVerified",
      ])
      .where("session.token", "=", sql<string>`any(${tokens})`),
  1,
);

/** The session with this token and its user, read together with the other requests' at that moment. */
export const selectSessionWithUser = readTogether(
  (db: Database, tokens: string[]) => sessionsWithUsers(db, tokens),
  (row) => row.token,
);
