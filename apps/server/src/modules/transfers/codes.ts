import { createHash, createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { CODE_MAX_ATTEMPTS } from "@ferry/core/contracts/auth";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../errors.ts";

/** A transfer code lives 15 minutes (spec §9) and dies after 5 wrong tries. */
export const TRANSFER_CODE_TTL_MS = 15 * 60 * 1000;

/**
 * What a code is bound to: one sender, destination, amount and currency (dynamic linking).
 * `recipientKey` names the destination the sender chose: `user:<id>` (a Ferry user),
 * `recipient:<id>` (a saved recipient) or `payment-method:<id>` (a cash-out). The code is bound to
 * that destination's details as they are when it is issued — account number or IBAN, BIC, domestic bank code, country,
 * holder, crypto address and network — not only to its id, so a code never verifies for a
 * destination whose details changed since.
 */
export interface CodeBinding {
  readonly userId: string;
  readonly recipientKey: string;
  readonly amountMinor: bigint;
  readonly currency: string;
}

/**
 * The saved destinations a code can name, each with its table, the column saying whether it is a bank
 * account or a crypto address, and the words for one the sender does not have.
 */
const SAVED_DESTINATIONS = {
  recipient: { table: "recipients", kindColumn: "type", missing: "Recipient not found" },
  "payment-method": { table: "payment_methods", kindColumn: "address_type", missing: "Payment method not found" },
} as const;

/** The columns that say where a saved destination's money goes, in the order the canonical text lists them. */
const DESTINATION_COLUMNS = [
  "currency",
  "country",
  "account_number",
  "swift_code",
  "bank_code",
  "account_holder_name",
  "crypto_address",
  "crypto_network",
] as const;

/**
 * The details that decide where the money of `recipientKey` goes, in one canonical text (JSON, so no
 * value can imitate a separator). Read from the sender's own row; someone else's reads as missing.
 * Stored values are already normalised (IBAN without spaces, upper-case BIC, checksummed address).
 */
async function readDestination(db: Database, userId: string, recipientKey: string): Promise<string> {
  const separator = recipientKey.indexOf(":");
  const kind = recipientKey.slice(0, separator);
  const id = recipientKey.slice(separator + 1);
  if (kind === "user") {
    // A Ferry user's id is where the money lands: their own wallet, on Ferry's books.
    return JSON.stringify(["ferry_user", id]);
  }
  if (kind !== "recipient" && kind !== "payment-method") {
    throw new Error(`Unknown transfer destination ${JSON.stringify(kind)}`);
  }
  const saved = SAVED_DESTINATIONS[kind];
  const row = await db
    .selectFrom(saved.table)
    .select((eb) => eb.ref(saved.kindColumn).as("kind"))
    .select(DESTINATION_COLUMNS)
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) {
    throw new AppError("not_found", saved.missing);
  }
  return JSON.stringify([row.kind, ...DESTINATION_COLUMNS.map((column) => row[column])]);
}

function bindingHashOf(binding: CodeBinding, destination: string): string {
  const canonical = JSON.stringify([
    binding.userId,
    binding.recipientKey,
    destination,
    binding.amountMinor.toString(),
    binding.currency,
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}

function codeHashOf(secret: string, code: string, bindingHash: string): string {
  return createHmac("sha256", secret).update(`${bindingHash}|${code}`).digest("hex");
}

/**
 * Creates a new 6-digit code for this exact binding, with the destination's details as they are now,
 * and returns it (to be e-mailed) and its expiry. Run it in the transaction that read the details the
 * e-mail describes, after locking the destination's row, so both describe the same destination.
 */
export async function issueTransferCode(
  db: Database,
  secret: string,
  binding: CodeBinding,
): Promise<{ code: string; expiresAt: Date }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const bindingHash = bindingHashOf(binding, await readDestination(db, binding.userId, binding.recipientKey));
  const expiresAt = new Date(Date.now() + TRANSFER_CODE_TTL_MS);
  await db
    .insertInto("transfer_codes")
    .values({
      user_id: binding.userId,
      binding_hash: bindingHash,
      code_hash: codeHashOf(secret, code, bindingHash),
      destination_ref: binding.recipientKey,
      expires_at: expiresAt,
    })
    .execute();
  return { code, expiresAt };
}

/**
 * Checks `code` against the newest unused code issued for exactly this binding and the destination's
 * details as they are now. A match consumes it ("consumed"); a wrong code counts one try in the
 * caller's transaction ("wrong"), which the caller must commit, so that tries made at the same time are
 * counted one after another. A code for another recipient, amount, currency or destination details
 * never matches.
 */
export async function checkTransferCode(
  db: Database,
  secret: string,
  binding: CodeBinding,
  code: string,
): Promise<"consumed" | "wrong"> {
  const bindingHash = bindingHashOf(binding, await readDestination(db, binding.userId, binding.recipientKey));
  const row = await db
    .selectFrom("transfer_codes")
    .select(["id", "code_hash", "attempts", "expires_at"])
    .where("user_id", "=", binding.userId)
    .where("binding_hash", "=", bindingHash)
    .where("consumed_at", "is", null)
    .orderBy("id", "desc")
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (!row) {
    throw new AppError("invalid_code", "Invalid verification code: request a code for this exact transfer");
  }
  if (new Date(row.expires_at).getTime() <= Date.now()) {
    throw new AppError("invalid_code", "This verification code has expired. Please request a new one.");
  }
  if (row.attempts >= CODE_MAX_ATTEMPTS) {
    throw new AppError("invalid_code", "Too many wrong attempts. Please request a new code.");
  }
  const expected = Buffer.from(row.code_hash, "hex");
  const actual = Buffer.from(codeHashOf(secret, code, bindingHash), "hex");
  if (!timingSafeEqual(expected, actual)) {
    await db
      .updateTable("transfer_codes")
      .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
      .where("id", "=", row.id)
      .execute();
    return "wrong";
  }
  await db.updateTable("transfer_codes").set({ consumed_at: new Date() }).where("id", "=", row.id).execute();
  return "consumed";
}

/**
 * Expires every outstanding code the user was issued for one destination (`recipientKey`, as in
 * `CodeBinding`). Returns how many codes it expired.
 */
export async function expireDestinationCodes(db: Database, userId: string, recipientKey: string): Promise<number> {
  const now = new Date();
  const result = await db
    .updateTable("transfer_codes")
    .set({ expires_at: now })
    .where("user_id", "=", userId)
    .where("destination_ref", "=", recipientKey)
    .where("consumed_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
