import { createHash, createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { CODE_MAX_ATTEMPTS } from "@ferry/core/contracts/auth";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";

/** A transfer code lives 15 minutes (spec §9) and dies after 5 wrong tries. */
export const TRANSFER_CODE_TTL_MS = 15 * 60 * 1000;

/** What a code is bound to: one sender, recipient, amount and currency (dynamic linking). */
export interface CodeBinding {
  readonly userId: string;
  readonly recipientKey: string;
  readonly amountMinor: bigint;
  readonly currency: string;
}

export function bindingHashOf(binding: CodeBinding): string {
  return createHash("sha256")
    .update(`${binding.userId}|${binding.recipientKey}|${binding.amountMinor}|${binding.currency}`)
    .digest("hex");
}

function codeHashOf(secret: string, code: string, bindingHash: string): string {
  return createHmac("sha256", secret).update(`${bindingHash}|${code}`).digest("hex");
}

/** Creates a new 6-digit code for this exact binding and returns it (to be e-mailed) and its expiry. */
export async function issueTransferCode(
  db: Kysely<DB>,
  secret: string,
  binding: CodeBinding,
): Promise<{ code: string; expiresAt: Date }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const bindingHash = bindingHashOf(binding);
  const expiresAt = new Date(Date.now() + TRANSFER_CODE_TTL_MS);
  await db
    .insertInto("transfer_codes")
    .values({
      user_id: binding.userId,
      binding_hash: bindingHash,
      code_hash: codeHashOf(secret, code, bindingHash),
      expires_at: expiresAt,
    })
    .execute();
  return { code, expiresAt };
}

/**
 * Checks `code` against the newest unused code issued for exactly this binding. A match consumes it
 * ("consumed"); a wrong code counts one try in the caller's transaction ("wrong"), which the caller
 * must commit, so that tries made at the same time are counted one after another.
 * A code for another recipient, amount or currency never matches.
 */
export async function checkTransferCode(
  db: Kysely<DB>,
  secret: string,
  binding: CodeBinding,
  code: string,
): Promise<"consumed" | "wrong"> {
  const bindingHash = bindingHashOf(binding);
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
