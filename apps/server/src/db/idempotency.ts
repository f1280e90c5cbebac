import { createHash } from "node:crypto";
import { AppError } from "../errors.ts";
import type { Database } from "./database.ts";
import { lockKey, lockKeysStatement } from "./locks.ts";

/*
 * The one Idempotency-Key rule of every endpoint that moves money (docs/decisions/025-one-idempotency-rule.md):
 * the key is the owner's, within one endpoint's scope; the first request under it does the work, a
 * repeat of the same request gets the first answer and moves nothing, and the key with a different
 * request is refused with IDEMPOTENCY_CONFLICT_MESSAGE.
 */

/** What every endpoint answers (409 `conflict`) when a key comes back with a different request. */
const IDEMPOTENCY_CONFLICT_MESSAGE = "This Idempotency-Key was already used for a different request";

/** One request made under an Idempotency-Key. */
export interface IdempotentRequest {
  /** The endpoint the key is unique within: "transfer", "exchange", "investment"… */
  readonly scope: string;
  /** Whose key it is: the signed-in user (the admin, for an admin's operation). */
  readonly ownerId: string;
  readonly key: string;
  /** `requestHashOf` the request's parsed fields, which a repeat of the key must match. */
  readonly requestHash: string;
}

/** What the key made the first time, with the hash of the request that made it. */
interface EarlierResult<T> {
  readonly requestHash: string;
  readonly result: T;
}

/**
 * The canonical hash of a request: SHA-256 of its fields as a JSON array, in the order given, with
 * amounts as minor units (bigints are written as their decimal digits). Callers pass the fields
 * after parsing, so "10" and "10.00" are the same request and a changed memo is not.
 */
export function requestHashOf(fields: readonly unknown[]): string {
  const canonical = JSON.stringify(fields, (_name, value) => (typeof value === "bigint" ? value.toString() : value));
  return createHash("sha256").update(canonical).digest("hex");
}

/**
 * What this request's key already made, if anything, in the caller's transaction. Duplicates of one
 * request wait on the key's lock (held until the transaction ends) for the first to commit, then find
 * its result through `findEarlier` (the owning module's look-up by owner and key). A key that made
 * something for a different request is refused as a 409 `conflict`; undefined means the key is new
 * and the caller does the work, under the lock, in the same transaction.
 */
export async function findIdempotentReplay<T>(
  trx: Database,
  request: IdempotentRequest,
  findEarlier: () => Promise<EarlierResult<T> | undefined>,
): Promise<T | undefined> {
  await lockKey(trx, lockNameOf(request));
  return replayOf(request, await findEarlier());
}

function lockNameOf(request: IdempotentRequest): string {
  return `idempotency|${request.scope}|${request.ownerId}|${request.key}`;
}

/**
 * `findIdempotentReplay` for many requests at once (a batch of transfers): the statement that takes all
 * their keys' locks. The caller sends it, then looks up what each key made (in a statement PostgreSQL
 * runs after it, so once the locks are held) and passes that to `replayOf`.
 */
export function idempotencyKeysLock(db: Database, requests: readonly IdempotentRequest[]) {
  return lockKeysStatement(db, requests.map(lockNameOf));
}

/** What the request's key made earlier, read under its lock: a replay's result, a conflict, or new (undefined). */
export function replayOf<T>(request: IdempotentRequest, earlier: EarlierResult<T> | undefined): T | undefined {
  if (!earlier) {
    return undefined;
  }
  if (earlier.requestHash !== request.requestHash) {
    throw new AppError("conflict", IDEMPOTENCY_CONFLICT_MESSAGE);
  }
  return earlier.result;
}
