import type { Selectable } from "kysely";
import { sql } from "kysely";
import type { Database } from "../../db/database.ts";
import { lockKey } from "../../db/locks.ts";
import type { DB } from "../../db/schema.ts";

export type PasskeyRow = Selectable<DB["passkeys"]>;

/** A passkey's columns as registration writes them. */
export interface NewPasskey {
  readonly userId: string;
  readonly credentialId: string;
  readonly publicKey: Uint8Array;
  readonly counter: number;
  readonly transports: readonly string[];
  readonly name: string;
}

/** What a challenge is for, and for whom (a registration's: the signed-in session that asked). */
export interface ChallengeBinding {
  readonly purpose: "registration" | "sign_in";
  readonly userId?: string;
  readonly sessionId?: string;
}

/** The user's passkeys, newest first. */
export async function selectPasskeys(db: Database, userId: string): Promise<PasskeyRow[]> {
  return db
    .selectFrom("passkeys")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/**
 * The passkey an assertion names, with the ban state of its account; undefined when none has this id
 * or its account is closed (a closed account never signs in again, migration 023).
 */
export async function selectPasskeyByCredentialId(db: Database, credentialId: string) {
  return db
    .selectFrom("passkeys")
    .innerJoin("user", "user.id", "passkeys.user_id")
    .selectAll("passkeys")
    .select(["user.email", "user.banned", "user.banExpires"])
    .where("passkeys.credential_id", "=", credentialId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("account_closures")
            .select("user_id")
            .whereRef("account_closures.user_id", "=", "passkeys.user_id"),
        ),
      ),
    )
    .executeTakeFirst();
}

/** Deletes every passkey of the user (their account is being closed), in the caller's transaction. */
export async function deletePasskeysOf(trx: Database, userId: string): Promise<void> {
  await trx.deleteFrom("passkeys").where("user_id", "=", userId).execute();
  await trx.deleteFrom("passkey_challenges").where("user_id", "=", userId).execute();
}

/**
 * Takes the user's passkeys lock until the transaction ends, so counting and inserting cannot
 * interleave with another registration of the same user (the per-user limit holds).
 */
export async function lockUserPasskeys(trx: Database, userId: string): Promise<void> {
  await lockKey(trx, `passkeys|${userId}`);
}

export async function countPasskeys(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom("passkeys")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Inserts a passkey; undefined when its credential id is already registered (to anyone). */
export async function insertPasskey(db: Database, passkey: NewPasskey): Promise<PasskeyRow | undefined> {
  return db
    .insertInto("passkeys")
    .values({
      user_id: passkey.userId,
      credential_id: passkey.credentialId,
      public_key: Buffer.from(passkey.publicKey),
      counter: String(passkey.counter),
      transports: [...passkey.transports],
      name: passkey.name,
    })
    .onConflict((oc) => oc.column("credential_id").doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * Renames one of the user's passkeys, in the caller's transaction: the renamed row and the name it
 * had (locked first, so the audit's "before" is the name this rename replaced); undefined when the
 * user has no passkey with this id.
 */
export async function updatePasskeyName(trx: Database, userId: string, id: string, name: string) {
  const previous = await trx
    .selectFrom("passkeys")
    .select("name")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .forUpdate()
    .executeTakeFirst();
  if (!previous) {
    return undefined;
  }
  const row = await trx
    .updateTable("passkeys")
    .set({ name })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row, previousName: previous.name };
}

export async function deletePasskey(db: Database, userId: string, id: string) {
  return db.deleteFrom("passkeys").where("id", "=", id).where("user_id", "=", userId).returningAll().executeTakeFirst();
}

/**
 * After a verified sign-in: the authenticator's new signature count and the time. Only moves the
 * counter forward, so two simultaneous uses of one assertion cannot both leave their count.
 */
export async function recordPasskeyUse(db: Database, id: string, counter: number): Promise<boolean> {
  const result = await db
    .updateTable("passkeys")
    .set({ counter: String(counter), last_used_at: sql`now()` })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("counter", "<", String(counter)), eb("counter", "=", "0")]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertChallenge(
  db: Database,
  challenge: string,
  binding: ChallengeBinding,
  expiresAt: Date,
): Promise<void> {
  await db
    .insertInto("passkey_challenges")
    .values({
      challenge,
      purpose: binding.purpose,
      user_id: binding.userId ?? null,
      session_id: binding.sessionId ?? null,
      expires_at: expiresAt,
    })
    .execute();
}

/**
 * Consumes a live challenge bound as given: true at most once per challenge, whatever the outcome
 * of the ceremony that follows (a failed attempt cannot be retried with the same challenge).
 */
export async function consumeChallenge(db: Database, challenge: string, binding: ChallengeBinding): Promise<boolean> {
  let query = db
    .deleteFrom("passkey_challenges")
    .where("challenge", "=", challenge)
    .where("purpose", "=", binding.purpose)
    .where("expires_at", ">", new Date());
  if (binding.purpose === "registration") {
    query = query.where("user_id", "=", binding.userId ?? "").where("session_id", "=", binding.sessionId ?? "");
  }
  const row = await query.returning("challenge").executeTakeFirst();
  return row !== undefined;
}

/** Forgets the user's registration challenges, answered or not (a new one replaces them). */
export async function deleteRegistrationChallengesOf(db: Database, userId: string): Promise<void> {
  await db
    .deleteFrom("passkey_challenges")
    .where("purpose", "=", "registration")
    .where("user_id", "=", userId)
    .execute();
}

/** Forgets challenges that expired (the housekeeping job). */
export async function deleteExpiredChallenges(db: Database): Promise<void> {
  await db.deleteFrom("passkey_challenges").where("expires_at", "<=", new Date()).execute();
}
