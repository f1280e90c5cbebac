import { sql } from "kysely";
import type { Database } from "../../db/database.ts";

/** The columns a credential is shown and checked with: never a secret (the table holds none). */
const CREDENTIAL_COLUMNS = [
  "api_credentials.id",
  "api_credentials.user_id",
  "api_credentials.app_id",
  "api_credentials.name",
  "api_credentials.description",
  "api_credentials.scopes",
  "api_credentials.secret_last4",
  "api_credentials.transfer_limit_currency",
  "api_credentials.transfer_limit_minor",
  "api_credentials.created_at",
  "api_credentials.last_used_at",
] as const;

export interface NewCredentialRow {
  readonly userId: string;
  readonly appId: string;
  readonly name: string;
  readonly description: string;
  readonly scopes: readonly string[];
  readonly secretHash: string;
  readonly secretLast4: string;
  readonly transferLimit: { readonly currency: string; readonly amountMinor: bigint } | null;
}

export async function insertCredential(trx: Database, row: NewCredentialRow) {
  return trx
    .insertInto("api_credentials")
    .values({
      user_id: row.userId,
      app_id: row.appId,
      name: row.name,
      description: row.description,
      scopes: [...row.scopes],
      secret_hash: row.secretHash,
      secret_last4: row.secretLast4,
      transfer_limit_currency: row.transferLimit?.currency ?? null,
      transfer_limit_minor: row.transferLimit === null ? null : row.transferLimit.amountMinor.toString(),
    })
    .returning(CREDENTIAL_COLUMNS)
    .executeTakeFirstOrThrow();
}

export type CredentialRow = Awaited<ReturnType<typeof insertCredential>>;

/** The user's live credentials, newest first. */
export async function selectLiveCredentials(db: Database, userId: string, limit: number): Promise<CredentialRow[]> {
  return db
    .selectFrom("api_credentials")
    .select(CREDENTIAL_COLUMNS)
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** How many live credentials the user holds, counted under a lock on the user's row by the caller. */
export async function countLiveCredentials(trx: Database, userId: string): Promise<number> {
  const row = await trx
    .selectFrom("api_credentials")
    .select(sql<string>`count(*)`.as("count"))
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One of the user's live credentials, locked for the change the caller makes; undefined if none. */
export async function lockLiveCredential(
  trx: Database,
  userId: string,
  credentialId: string,
): Promise<CredentialRow | undefined> {
  return trx
    .selectFrom("api_credentials")
    .select(CREDENTIAL_COLUMNS)
    .where("id", "=", credentialId)
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .forUpdate()
    .executeTakeFirst();
}

/** The scopes of one of the user's credentials, unlocked (for choosing how a change is checked); undefined if none. */
export async function selectCredentialScopes(
  db: Database,
  userId: string,
  credentialId: string,
): Promise<readonly string[] | undefined> {
  const row = await db
    .selectFrom("api_credentials")
    .select("scopes")
    .where("id", "=", credentialId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.scopes;
}

export async function updateCredentialSecret(
  trx: Database,
  credentialId: string,
  secret: { readonly hash: string; readonly last4: string },
): Promise<CredentialRow> {
  return trx
    .updateTable("api_credentials")
    .set({ secret_hash: secret.hash, secret_last4: secret.last4, updated_at: sql`now()` })
    .where("id", "=", credentialId)
    .returning(CREDENTIAL_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function revokeCredential(trx: Database, credentialId: string): Promise<void> {
  await trx
    .updateTable("api_credentials")
    .set({ revoked_at: sql`now()`, updated_at: sql`now()` })
    .where("id", "=", credentialId)
    .execute();
}

/**
 * A live credential by app id, with its secret's hash and its owner as the guards check them; the
 * owner of a closed account (issue 26) is not found, so their credentials stop on the next request.
 */
export async function selectCredentialForAuth(db: Database, appId: string) {
  return db
    .selectFrom("api_credentials")
    .innerJoin("user", "user.id", "api_credentials.user_id")
    .select([...CREDENTIAL_COLUMNS, "api_credentials.secret_hash", "user.email", "user.banned", "user.banExpires"])
    .where("api_credentials.app_id", "=", appId)
    .where("api_credentials.revoked_at", "is", null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("account_closures").select("user_id").whereRef("user_id", "=", "api_credentials.user_id"))),
    )
    .executeTakeFirst();
}

/** Records a use at most once a minute: a request within the minute after the last one writes nothing. */
export async function touchLastUsed(db: Database, credentialId: string): Promise<void> {
  await db
    .updateTable("api_credentials")
    .set({ last_used_at: sql`now()` })
    .where("id", "=", credentialId)
    .where((eb) =>
      eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<", sql<Date>`now() - interval '1 minute'`)]),
    )
    .execute();
}
