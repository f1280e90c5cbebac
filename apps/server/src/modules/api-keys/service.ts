import { createHmac, hkdfSync, randomInt, timingSafeEqual } from "node:crypto";
import {
  API_SCOPES,
  type ApiCredential,
  type ApiCredentialList,
  type ApiCredentialWithSecret,
  type ApiScope,
  CONNECT_MESSAGES,
  type CreateApiCredentialRequest,
  MAX_API_CREDENTIALS_PER_USER,
  type RegenerateApiCredentialRequest,
} from "@ferry/core/contracts/connect";
import type { CurrencyCode } from "@ferry/core/currencies";
import { minorOf, toDecimalString } from "@ferry/core/money";
import { type Clock, systemClock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../errors.ts";
import type { CredentialOfRequest, ViewerCredential } from "../../http/guards.ts";
import { enforceRateLimit } from "../../http/throttle.ts";
import { type AuditActor, recordAdminAction } from "../audit/service.ts";
import { checkTotpCode, countingWrongAppCodes, isAcceptedTotp, isAuthenticatorEnrolled } from "../auth/service.ts";
import { apiCredentialCodeMail, apiCredentialRegenerateCodeMail, enqueueMail } from "../mail/service.ts";
import { ACTION_CODE_MINUTES, checkActionCode, issueActionCode } from "../transfers/service.ts";
import {
  type CredentialRow,
  countLiveCredentials,
  insertCredential,
  lockLiveCredential,
  revokeCredential,
  selectCredentialForAuth,
  selectCredentialScopes,
  selectLiveCredentials,
  touchLastUsed,
  updateCredentialSecret,
} from "./queries.ts";

/** Letters and digits: 62 symbols, each drawn with `randomInt`, which has no modulo bias. */
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const APP_ID_LENGTH = 8;
const SECRET_LENGTH = 32;
/** The e-mailed code's action (its binding in transfer_codes): creating a credential that sends money. */
const CREATE_ACTION = "api-credential:transfers-write";

/**
 * The e-mailed code's action for a new secret of one credential that sends money: bound to that
 * credential, so neither a code for creating one nor one for another credential is taken for it.
 */
function regenerateActionOf(credentialId: string): string {
  return `api-credential:regenerate:${credentialId}`;
}

/** How many requests one credential may make a minute (decision 041). */
export const API_CREDENTIAL_RATE_LIMIT = { max: 100, windowSeconds: 60 } as const;

/** Random text from the CSPRNG. */
function randomText(length: number): string {
  let text = "";
  for (let index = 0; index < length; index += 1) {
    text += ALPHABET[randomInt(0, ALPHABET.length)];
  }
  return text;
}

/**
 * The key secrets are hashed with: derived from AUTH_SECRET for this one use (HKDF), so a leaked
 * table alone cannot check a guess, and no other HMAC in Ferry shares it.
 */
function hashKeyOf(authSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", authSecret, "ferry", "api-credential-secrets", 32));
}

/** HMAC-SHA256 of a secret: what the table keeps. A fast keyed hash (the secret has 190 random bits). */
function secretHashOf(authSecret: string, secret: string): string {
  return createHmac("sha256", hashKeyOf(authSecret)).update(secret).digest("hex");
}

function newSecret(authSecret: string): { secret: string; hash: string; last4: string } {
  const secret = `sk_${randomText(SECRET_LENGTH)}`;
  return { secret, hash: secretHashOf(authSecret, secret), last4: secret.slice(-4) };
}

function scopesOf(row: { scopes: string[] }): ApiScope[] {
  return API_SCOPES.filter((scope) => row.scopes.includes(scope));
}

function transferLimitOf(row: CredentialRow): { currency: string; amountMinor: bigint } | null {
  if (row.transfer_limit_currency === null || row.transfer_limit_minor === null) {
    return null;
  }
  return { currency: row.transfer_limit_currency, amountMinor: BigInt(row.transfer_limit_minor) };
}

function credentialOf(row: CredentialRow): ApiCredential {
  const limit = transferLimitOf(row);
  return {
    id: row.id,
    appId: row.app_id,
    name: row.name,
    description: row.description,
    scopes: scopesOf(row),
    transferLimit: limit && {
      currency: limit.currency as CurrencyCode,
      amount: toDecimalString(limit.amountMinor, limit.currency as CurrencyCode),
    },
    secretLast4: row.secret_last4,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
  };
}

/**
 * The guards' check of an app id and secret (http/guards.ts `ReadCredential`): the live credential
 * of an open account whose secret's HMAC matches, compared in constant time, or null. A match records
 * the use, at most once a minute.
 */
export async function authenticateApiCredential(
  db: Database,
  authSecret: string,
  appId: string,
  secret: string,
): Promise<CredentialOfRequest | null> {
  const row = await selectCredentialForAuth(db, appId);
  const expected = Buffer.from(row?.secret_hash ?? "00".repeat(32), "hex");
  const actual = Buffer.from(secretHashOf(authSecret, secret), "hex");
  const isMatch = expected.length === actual.length && timingSafeEqual(expected, actual);
  if (!row || !isMatch) {
    return null;
  }
  await touchLastUsed(db, row.id);
  const credential: ViewerCredential = {
    id: row.id,
    appId: row.app_id,
    name: row.name,
    scopes: scopesOf(row),
    transferLimit: transferLimitOf(row),
  };
  return { user: { id: row.user_id, email: row.email, banned: row.banned, banExpires: row.banExpires }, credential };
}

/** Counts one request of a credential against its limit (http/guards.ts `LimitCredential`). */
export async function limitApiCredential(db: Database, credentialId: string) {
  return enforceRateLimit(db, { key: `api-credential:${credentialId}`, ...API_CREDENTIAL_RATE_LIMIT });
}

/** `GET /api/v1/api-credentials`: the user's connected apps, newest first (never a secret). */
export async function listApiCredentials(db: Database, userId: string, limit: number): Promise<ApiCredentialList> {
  const rows = await selectLiveCredentials(db, userId, limit);
  return { items: rows.map(credentialOf), nextCursor: null };
}

/**
 * E-mails the code that lets a new credential send money, for an account without an authenticator
 * app (whose code is asked instead, as for a transfer).
 */
export async function requestApiCredentialCode(
  db: Database,
  keys: { secret: string; clock: Clock },
  user: { userId: string; email: string },
): Promise<{ expiresAt: string }> {
  if (await isAuthenticatorEnrolled(db, user.userId)) {
    throw new AppError(
      "conflict",
      "Your account is protected by your authenticator app: enter the code it shows instead.",
    );
  }
  return db.transaction().execute(async (trx) => {
    const { code, expiresAt } = await issueActionCode(trx, keys, user.userId, CREATE_ACTION);
    await enqueueMail(trx, apiCredentialCodeMail(user.email, code, ACTION_CODE_MINUTES));
    return { expiresAt: expiresAt.toISOString() };
  });
}

/**
 * E-mails the code that lets a new secret of this credential (one that sends money) be issued, for an
 * account without an authenticator app; bound to the credential (issue 28).
 */
export async function requestApiCredentialRegenerateCode(
  db: Database,
  keys: { secret: string; clock: Clock },
  user: { userId: string; email: string },
  credentialId: string,
): Promise<{ expiresAt: string }> {
  if (await isAuthenticatorEnrolled(db, user.userId)) {
    throw new AppError(
      "conflict",
      "Your account is protected by your authenticator app: enter the code it shows instead.",
    );
  }
  return db.transaction().execute(async (trx) => {
    const current = await lockLiveCredential(trx, user.userId, credentialId);
    if (!current) {
      throw new AppError("not_found", "Connected app not found");
    }
    if (!current.scopes.includes("transfers:write")) {
      throw new AppError("conflict", "This app cannot send money: regenerating its secret needs no code.");
    }
    const { code, expiresAt } = await issueActionCode(trx, keys, user.userId, regenerateActionOf(credentialId));
    await enqueueMail(trx, apiCredentialRegenerateCodeMail(user.email, code, ACTION_CODE_MINUTES));
    return { expiresAt: expiresAt.toISOString() };
  });
}

/** What creating a credential needs besides the database: the secret, and the clocks codes are read by. */
export interface ApiCredentialKeys {
  readonly config: Pick<Config, "authSecret">;
  readonly clock: Clock;
  readonly totpClock?: Clock;
}

/** The second factor of a `transfers:write` credential: the authenticator app's code, else the e-mailed one. */
async function checkSecondFactor(
  trx: Database,
  keys: ApiCredentialKeys,
  userId: string,
  code: string,
  action: string,
): Promise<"consumed" | "wrong"> {
  if (await isAuthenticatorEnrolled(trx, userId)) {
    const totpKeys = { secret: keys.config.authSecret, clock: keys.totpClock ?? systemClock };
    return isAcceptedTotp(await checkTotpCode(trx, totpKeys, { userId, code, state: "enrolled" }))
      ? "consumed"
      : "wrong";
  }
  const codeKeys = { secret: keys.config.authSecret, clock: keys.clock };
  return checkActionCode(trx, codeKeys, userId, action, code);
}

async function insertNewCredential(
  trx: Database,
  keys: ApiCredentialKeys,
  actor: AuditActor,
  request: CreateApiCredentialRequest,
) {
  const limit = request.transferLimit;
  const transferLimit = limit ? { currency: limit.currency, amountMinor: minorOf(limit.amount, limit.currency) } : null;
  const secret = newSecret(keys.config.authSecret);
  const row = await insertCredential(trx, {
    userId: actor.userId,
    appId: `app_${randomText(APP_ID_LENGTH)}`,
    name: request.name,
    description: request.description,
    scopes: request.scopes,
    secretHash: secret.hash,
    secretLast4: secret.last4,
    transferLimit: request.scopes.includes("transfers:write") ? transferLimit : null,
  });
  await recordAdminAction(trx, {
    actor,
    action: "api_credential.create",
    subjectType: "api_credential",
    subjectId: row.id,
    before: null,
    after: {
      appId: row.app_id,
      name: row.name,
      scopes: row.scopes.join(" "),
      limit: row.transfer_limit_minor,
      currency: row.transfer_limit_currency,
    },
    details: { userId: actor.userId },
  });
  return { ...credentialOf(row), secret: secret.secret };
}

/**
 * `POST /api/v1/api-credentials`: a new connected app, its secret returned this once. At most
 * MAX_API_CREDENTIALS_PER_USER live ones, counted under a lock on the user's row. With
 * `transfers:write`, the second factor is checked in the same transaction (a wrong code counts a try,
 * committed, and nothing is created).
 */
export async function createApiCredential(
  db: Database,
  keys: ApiCredentialKeys,
  actor: AuditActor,
  request: CreateApiCredentialRequest,
): Promise<ApiCredentialWithSecret> {
  const create = async () => {
    const outcome = await db.transaction().execute(async (trx) => {
      await trx.selectFrom("user").select("id").where("id", "=", actor.userId).forUpdate().executeTakeFirstOrThrow();
      if ((await countLiveCredentials(trx, actor.userId)) >= MAX_API_CREDENTIALS_PER_USER) {
        throw new AppError("conflict", CONNECT_MESSAGES.tooManyCredentials);
      }
      if (request.scopes.includes("transfers:write")) {
        if ((await checkSecondFactor(trx, keys, actor.userId, request.code ?? "", CREATE_ACTION)) === "wrong") {
          return "wrong" as const;
        }
      }
      return insertNewCredential(trx, keys, actor, request);
    });
    if (outcome === "wrong") {
      throw new AppError("invalid_code", "Invalid verification code");
    }
    return outcome;
  };
  const needsAppCode = request.scopes.includes("transfers:write") && (await isAuthenticatorEnrolled(db, actor.userId));
  return needsAppCode ? countingWrongAppCodes(db, actor.userId, create) : create();
}

/**
 * `POST /api/v1/api-credentials/{id}/regenerate`: a new secret; the old one is refused from now on.
 * A credential with `transfers:write` needs a fresh second-factor code as creating one does (issue 28:
 * else the session alone would mint a secret that sends money): the authenticator app's, or one
 * e-mailed for this credential; a wrong code counts a try, committed, and nothing changes.
 */
export async function regenerateApiCredential(
  db: Database,
  keys: ApiCredentialKeys,
  actor: AuditActor,
  credentialId: string,
  request: RegenerateApiCredentialRequest = {},
): Promise<ApiCredentialWithSecret> {
  const regenerate = async () => {
    const outcome = await db.transaction().execute(async (trx) => {
      const current = await lockLiveCredential(trx, actor.userId, credentialId);
      if (!current) {
        throw new AppError("not_found", "Connected app not found");
      }
      if (current.scopes.includes("transfers:write")) {
        if (request.code === undefined) {
          throw new AppError("validation_failed", CONNECT_MESSAGES.codeRequired, {
            code: CONNECT_MESSAGES.codeRequired,
          });
        }
        const action = regenerateActionOf(credentialId);
        if ((await checkSecondFactor(trx, keys, actor.userId, request.code, action)) === "wrong") {
          return "wrong" as const;
        }
      }
      const secret = newSecret(keys.config.authSecret);
      const row = await updateCredentialSecret(trx, credentialId, secret);
      await recordAdminAction(trx, {
        actor,
        action: "api_credential.regenerate",
        subjectType: "api_credential",
        subjectId: credentialId,
        before: { secretLast4: current.secret_last4 },
        after: { secretLast4: row.secret_last4 },
        details: { userId: actor.userId, appId: row.app_id },
      });
      return { ...credentialOf(row), secret: secret.secret };
    });
    if (outcome === "wrong") {
      throw new AppError("invalid_code", "Invalid verification code");
    }
    return outcome;
  };
  // Whether an authenticator app's code is asked: its wrong codes count on the account's budget.
  const scopes = await selectCredentialScopes(db, actor.userId, credentialId);
  const sendsMoney = scopes?.includes("transfers:write") === true && request.code !== undefined;
  const needsAppCode = sendsMoney && (await isAuthenticatorEnrolled(db, actor.userId));
  return needsAppCode ? countingWrongAppCodes(db, actor.userId, regenerate) : regenerate();
}

/** `DELETE /api/v1/api-credentials/{id}` (Disconnect): revoked at once, and listed no more. */
export async function disconnectApiCredential(db: Database, actor: AuditActor, credentialId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await lockLiveCredential(trx, actor.userId, credentialId);
    if (!current) {
      throw new AppError("not_found", "Connected app not found");
    }
    await revokeCredential(trx, credentialId);
    await recordAdminAction(trx, {
      actor,
      action: "api_credential.disconnect",
      subjectType: "api_credential",
      subjectId: credentialId,
      before: { appId: current.app_id, name: current.name },
      after: null,
      details: { userId: actor.userId },
    });
  });
}
