import { createHash, createHmac, randomInt } from "node:crypto";
import { CODE_MAX_ATTEMPTS } from "@ferry/core/contracts/auth";
import { sql } from "kysely";
import type { Clock } from "../../clock.ts";
import { statementOnce } from "../../db/compiled-once.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../errors.ts";

/** A transfer code lives 15 minutes (spec §9) and dies after 5 wrong tries. */
export const TRANSFER_CODE_TTL_MS = 15 * 60 * 1000;

/**
 * The revision every saved destination starts at, and the one a code for a Ferry user binds: their
 * wallet is where the money lands, and it never changes.
 */
export const FIRST_REVISION = 1;

/**
 * What a code is bound to: one sender, destination, amount and currency (dynamic linking).
 * `recipientKey` names the destination the sender chose: `user:<id>` (a Ferry user),
 * `recipient:<id>` (a saved recipient) or `payment-method:<id>` (a cash-out). `revision` is that
 * destination's revision when the code is issued (modules/destinations raises it on every edit), so a
 * code never verifies for a destination edited since, even one whose details were changed back.
 */
export interface CodeBinding {
  readonly userId: string;
  readonly recipientKey: string;
  readonly revision: number;
  readonly amountMinor: bigint;
  readonly currency: string;
  /** Paid from another balance (issue 30): what leaves it, so a code never confirms another price. */
  readonly payIn?: { readonly currency: string; readonly amountMinor: bigint };
}

/**
 * What issuing and checking codes need: the secret their hashes are keyed with, and the business clock
 * a code's 15 minutes are counted on (the development clock, when enabled, so `POST /dev/clock` ends
 * codes as it ends exchange quotes).
 */
export interface CodeKeys {
  readonly secret: string;
  readonly clock: Clock;
}

function bindingHashOf(binding: CodeBinding): string {
  const canonical = JSON.stringify([
    binding.userId,
    binding.recipientKey,
    binding.amountMinor.toString(),
    binding.currency,
    ...(binding.payIn ? [binding.payIn.currency, binding.payIn.amountMinor.toString()] : []),
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}

/**
 * The saved destination a code names, as the foreign keys that delete the code with it (migration
 * 019): deleting a recipient or payment method needs no call into transfers.
 */
function savedDestinationOf(recipientKey: string): { recipient_id: string | null; payment_method_id: string | null } {
  const separator = recipientKey.indexOf(":");
  const kind = recipientKey.slice(0, separator);
  const id = recipientKey.slice(separator + 1);
  return { recipient_id: kind === "recipient" ? id : null, payment_method_id: kind === "payment-method" ? id : null };
}

function codeHashOf(secret: string, code: string, bindingHash: string): string {
  return createHmac("sha256", secret).update(`${bindingHash}|${code}`).digest("hex");
}

/** What a code is issued for: a binding, at the destination's revision (the first, without one). */
type CodeRequest = Omit<CodeBinding, "revision"> & { readonly revision?: number };

/**
 * Creates a new 6-digit code for each exact binding, in one statement, and returns them (to be
 * e-mailed) with their expiry, in order. Run it in the transaction that resolved the destination
 * (holding its row), so the revision bound and the details the e-mail describes are the same.
 */
export async function issueTransferCodes(
  db: Database,
  keys: CodeKeys,
  requests: readonly CodeRequest[],
): Promise<{ code: string; expiresAt: Date }[]> {
  const expiresAt = new Date(keys.clock.now().getTime() + TRANSFER_CODE_TTL_MS);
  const issued = requests.map((request) => {
    // Without a revision, the first: a Ferry user, or a destination never edited (tests and the bench).
    const binding = { ...request, revision: request.revision ?? FIRST_REVISION };
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const bindingHash = bindingHashOf(binding);
    const row = {
      user_id: binding.userId,
      binding_hash: bindingHash,
      code_hash: codeHashOf(keys.secret, code, bindingHash),
      destination_revision: binding.revision,
      ...savedDestinationOf(binding.recipientKey),
      expires_at: expiresAt,
    };
    return { code, row };
  });
  if (issued.length > 0) {
    await db
      .insertInto("transfer_codes")
      .values(issued.map((item) => item.row))
      .execute();
  }
  return issued.map(({ code }) => ({ code, expiresAt }));
}

/** `issueTransferCodes` for one binding. */
export async function issueTransferCode(
  db: Database,
  keys: CodeKeys,
  request: CodeRequest,
): Promise<{ code: string; expiresAt: Date }> {
  const [issued] = await issueTransferCodes(db, keys, [request]);
  if (!issued) {
    throw new Error("No code was issued");
  }
  return issued;
}

/** What checking a code came to: it matched and is consumed, it was wrong (its try counted), or a refusal. */
export type CodeVerdict = "consumed" | "wrong" | AppError;

/** One code to check: the binding it must have been issued for, and the code as typed. */
export interface CodeCheck {
  readonly binding: CodeBinding;
  readonly code: string;
}

/**
 * Checks each `code` against the newest unused code issued for exactly its binding. A match consumes it
 * ("consumed"); a wrong code counts one try in the caller's transaction ("wrong"), which the caller
 * must commit, so that tries made at the same time are counted one after another. A code for another
 * recipient, amount or currency never matches; one issued at an earlier revision of the destination
 * has expired; a missing, expired or exhausted code is answered with its refusal. One statement for all
 * of them (a batch of transfers, batcher.ts): each newest code is locked, judged and updated together.
 * Only keyed hashes (HMAC) are compared, so comparing them in SQL tells a timing observer nothing of the
 * code. The checks must name distinct bindings (a batch holds one transfer per sender).
 */
export async function checkTransferCodes(
  db: Database,
  keys: CodeKeys,
  checks: readonly CodeCheck[],
): Promise<CodeVerdict[]> {
  if (checks.length === 0) {
    return [];
  }
  const bindingHashes = checks.map((check) => bindingHashOf(check.binding));
  const now = keys.clock.now();
  const { rows } = await db.executeQuery(
    codesJudged(
      db,
      checks.map((check) => check.binding.userId),
      bindingHashes,
      checks.map((check) => check.binding.revision),
      checks.map((check, index) => codeHashOf(keys.secret, check.code, bindingHashes[index] as string)),
      now,
    ),
  );
  const verdictAt = new Map(rows.map((row) => [Number(row.position) - 1, row.verdict]));
  return checks.map((_, index) => {
    const verdict = verdictAt.get(index);
    if (verdict === undefined) {
      return new AppError("invalid_code", "Invalid verification code: request a code for this exact transfer");
    }
    if (verdict === "expired") {
      return new AppError("invalid_code", "This verification code has expired. Please request a new one.");
    }
    if (verdict === "exhausted") {
      return new AppError("invalid_code", "Too many wrong attempts. Please request a new code.");
    }
    return verdict;
  });
}

/**
 * The statement of `checkTransferCodes`: each given code's newest unused code locked, judged and
 * updated, answering each one's position (from 1) and verdict; none for a code never issued.
 */
const codesJudged = statementOnce(
  (
    _db: Database,
    userIds: readonly string[],
    bindingHashes: readonly string[],
    revisions: readonly number[],
    codeHashes: readonly string[],
    now: Date,
  ) => sql<{ position: string; verdict: "consumed" | "wrong" | "expired" | "exhausted" }>`
    WITH given AS (
      SELECT *
      FROM unnest(${userIds}::text[], ${bindingHashes}::text[], ${revisions}::int[], ${codeHashes}::text[])
        WITH ORDINALITY AS given (user_id, binding_hash, revision, code_hash, position)
    ), judged AS (
      SELECT newest.id, given.position, CASE
        -- A code issued before the destination was last edited ended with that edit.
        WHEN newest.destination_revision <> given.revision OR newest.expires_at <= ${now}::timestamptz THEN 'expired'
        WHEN newest.attempts >= ${CODE_MAX_ATTEMPTS} THEN 'exhausted'
        WHEN newest.code_hash = given.code_hash THEN 'consumed'
        ELSE 'wrong'
      END AS verdict
      FROM given
      CROSS JOIN LATERAL (
        SELECT id, code_hash, attempts, expires_at, destination_revision
        FROM transfer_codes
        WHERE user_id = given.user_id AND binding_hash = given.binding_hash AND consumed_at IS NULL
        ORDER BY id DESC
        LIMIT 1
        FOR UPDATE
      ) AS newest
    )
    UPDATE transfer_codes AS code
    SET consumed_at = CASE WHEN judged.verdict = 'consumed' THEN ${now}::timestamptz ELSE code.consumed_at END,
        attempts = CASE WHEN judged.verdict = 'wrong' THEN code.attempts + 1 ELSE code.attempts END
    FROM judged
    WHERE code.id = judged.id
    RETURNING judged.position, judged.verdict
  `,
  5,
);

/** `checkTransferCodes` for one code, its refusal thrown. */
export async function checkTransferCode(
  db: Database,
  keys: CodeKeys,
  binding: CodeBinding,
  code: string,
): Promise<"consumed" | "wrong"> {
  const [verdict = "wrong"] = await checkTransferCodes(db, keys, [{ binding, code }]);
  if (verdict instanceof AppError) {
    throw verdict;
  }
  return verdict;
}
