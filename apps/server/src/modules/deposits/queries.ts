import type { DepositNetwork } from "@ferry/core/contracts/deposits";
import type { Insertable } from "kysely";
import type { Cursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { keysetPage } from "../../db/page.ts";
import type { DB } from "../../db/schema.ts";

/** A user's deposit account: the index their addresses derive from, and their bank reference. */
export interface DepositAccount {
  readonly index: number;
  readonly reference: string;
}

export async function selectDepositAccount(db: Database, userId: string): Promise<DepositAccount | undefined> {
  const row = await db
    .selectFrom("deposit_accounts")
    .select(["derivation_index", "bank_reference"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ? { index: row.derivation_index, reference: row.bank_reference } : undefined;
}

/** The next unused derivation index (a sequence, so no two users ever share one). */
export async function nextDepositIndex(db: Database): Promise<number> {
  const { index } = await db
    .selectNoFrom((eb) => eb.fn<number>("nextval", [eb.val("deposit_index_seq")]).as("index"))
    .executeTakeFirstOrThrow();
  return Number(index);
}

/** Records a user's deposit account, unless a concurrent request already did. */
export async function insertDepositAccount(db: Database, userId: string, account: DepositAccount): Promise<void> {
  await db
    .insertInto("deposit_accounts")
    .values({ user_id: userId, derivation_index: account.index, bank_reference: account.reference })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
}

/** Records the user's address on a network, unless one is on record already. */
export async function insertDepositAddress(
  db: Database,
  address: { userId: string; network: DepositNetwork; index: number; address: string },
): Promise<void> {
  await db
    .insertInto("deposit_addresses")
    .values({
      user_id: address.userId,
      network: address.network,
      derivation_index: address.index,
      address: address.address,
    })
    .onConflict((oc) => oc.columns(["user_id", "network"]).doNothing())
    .execute();
}

/** The user's address on record for a network. */
export async function selectDepositAddress(db: Database, userId: string, network: DepositNetwork): Promise<string> {
  const { address } = await db
    .selectFrom("deposit_addresses")
    .select("address")
    .where("user_id", "=", userId)
    .where("network", "=", network)
    .executeTakeFirstOrThrow();
  return address;
}

export async function insertDeposit(db: Database, values: Insertable<DB["deposits"]>) {
  return db.insertInto("deposits").values(values).returningAll().executeTakeFirstOrThrow();
}

/** The user's deposits, newest first, after `after`; one row past `limit`. */
export async function selectOwnDeposits(db: Database, options: { userId: string; limit: number; after?: Cursor }) {
  const query = db.selectFrom("deposits").selectAll().where("user_id", "=", options.userId);
  return keysetPage(query, { time: "created_at", id: "id", limit: options.limit, after: options.after }).execute();
}

/** Pending deposits oldest first, after `after`, with who reported them; one row past `limit`. */
export async function selectPendingDeposits(db: Database, options: { limit: number; after?: Cursor }) {
  const query = db
    .selectFrom("deposits")
    .innerJoin("user", "user.id", "deposits.user_id")
    .leftJoin("profiles", "profiles.user_id", "deposits.user_id")
    .selectAll("deposits")
    .select(["user.email", "profiles.first_name", "profiles.last_name"])
    .where("deposits.status", "=", "pending");
  // Oldest first, so no deposit waits forever behind newer ones.
  const page = { time: "deposits.created_at", id: "deposits.id", order: "oldest-first" as const, ...options };
  return keysetPage(query, page).execute();
}

/** Deposits waiting for review: all of them, or one user's. */
export async function countPendingDeposits(db: Database, userId?: string): Promise<number> {
  let query = db
    .selectFrom("deposits")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("status", "=", "pending");
  if (userId !== undefined) {
    query = query.where("user_id", "=", userId);
  }
  const count = await query.executeTakeFirstOrThrow();
  return Number(count.count);
}

/** A deposit, locked until the transaction ends, so racing reviews have one outcome. */
export async function selectDepositForUpdate(db: Database, depositId: string) {
  return db.selectFrom("deposits").selectAll().where("id", "=", depositId).forUpdate().executeTakeFirst();
}

/** Records an admin's decision on a deposit. */
export async function updateDepositReview(
  db: Database,
  depositId: string,
  review: { status: "approved" | "rejected"; adminNotes: string | null; customerNote: string | null; adminId: string },
) {
  return db
    .updateTable("deposits")
    .set({
      status: review.status,
      admin_notes: review.adminNotes,
      customer_note: review.customerNote,
      reviewed_by: review.adminId,
      reviewed_at: new Date(),
    })
    .where("id", "=", depositId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The operator settings whose key starts with `prefix`. */
export async function selectSettingsWithPrefix(db: Database, prefix: string) {
  return db.selectFrom("operator_settings").select(["key", "value"]).where("key", "like", `${prefix}%`).execute();
}

/** Stores an operator setting, unless it is set already. */
export async function insertSettingIfMissing(db: Database, key: string, value: string): Promise<void> {
  await db
    .insertInto("operator_settings")
    .values({ key, value })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
