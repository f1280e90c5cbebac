import type {
  Passkey,
  PasskeyList,
  PasskeyRegistrationOptions,
  PasskeyRegistrationRequest,
  PasskeySignInOptions,
  PasskeySignInRequest,
} from "@ferry/core/contracts/passkeys";
import { MAX_PASSKEYS_PER_USER, PASSKEY_MESSAGES } from "@ferry/core/passkey-messages";
import {
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../errors.ts";
import { clientAddressKey } from "../../http/client-address.ts";
import type { Viewer } from "../../http/guards.ts";
import { enforceThrottle } from "../../http/throttle.ts";
import { type AuditActor, recordAdminAction } from "../audit/service.ts";
import { type Auth, confirmCurrentPassword, type SignInClient, startSignedInSession } from "../auth/service.ts";
import { enqueueMail, signInMethodChangedMail } from "../mail/service.ts";
import {
  CEREMONY_TIMEOUT_MS,
  challengeOfClientData,
  isUserVerified,
  registrationRefused,
  relyingPartyOf,
  signInRefused,
} from "./ceremony.ts";
import {
  consumeChallenge,
  countPasskeys,
  deleteExpiredChallenges,
  deletePasskey,
  deletePasskeysOf,
  deleteRegistrationChallengesOf,
  insertChallenge,
  insertPasskey,
  lockUserPasskeys,
  type PasskeyRow,
  recordPasskeyUse,
  selectPasskeyByCredentialId,
  selectPasskeys,
  updatePasskeyName,
} from "./queries.ts";

/**
 * Passkey sign-ins per address: each is a full sign-in (both factors), so the limit is the password
 * step's per address (auth/limit-rules.ts `signInPerAddress`). Every attempt counts, right or wrong.
 */
const SIGN_IN_LIMIT = { max: 30, windowSeconds: 15 * 60 } as const;
/** Sign-in options per address: each stores a challenge for minutes, so an address may not fill the table. */
const OPTIONS_LIMIT = { max: 60, windowSeconds: 15 * 60 } as const;
/**
 * Registration options per user: each checks a password (scrypt) and stores a challenge; a person
 * adding passkeys to a few devices, with retries, asks far fewer.
 */
const REGISTRATION_OPTIONS_LIMIT = { max: 30, windowSeconds: 15 * 60 } as const;

/** The throttle key of passkey sign-ins from one address (an IPv6 client by its /64). */
function signInThrottleKey(ip: string): string {
  return `passkey-sign-in:ip:${clientAddressKey(ip)}`;
}

function optionsThrottleKey(ip: string): string {
  return `passkey-options:ip:${clientAddressKey(ip)}`;
}

function registrationOptionsThrottleKey(userId: string): string {
  return `passkey-registration-options:account:${userId}`;
}

/**
 * ES256, EdDSA and RS256 (COSE ids): what passkey authenticators use. Named here so the library does
 * not probe the runtime for post-quantum algorithms no authenticator offers yet.
 */
const SUPPORTED_ALGORITHM_IDS = [-7, -8, -257];

function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
  };
}

function transportsOf(row: PasskeyRow): AuthenticatorTransport[] {
  return row.transports as AuthenticatorTransport[];
}

/** Who changes their passkeys, and from where (the audit log's actor). */
export interface PasskeyActor {
  readonly viewer: Viewer;
  readonly clientAddress: string | null;
}

function auditActorOf(actor: PasskeyActor): AuditActor {
  return { userId: actor.viewer.userId, clientAddress: actor.clientAddress };
}

function challengeExpiry(): Date {
  return new Date(Date.now() + CEREMONY_TIMEOUT_MS);
}

export async function listPasskeys(db: Database, userId: string): Promise<PasskeyList> {
  return { items: (await selectPasskeys(db, userId)).map(toPasskey) };
}

/** What asking for registration options needs: Better Auth, to check the current password again. */
export interface RegistrationDeps {
  readonly auth: Auth;
  readonly db: Database;
  readonly config: Config;
}

/**
 * Options to create a passkey for the signed-in user, who gives their current password again (a
 * passkey signs in as both factors; wrong ones spend the authenticator set-up's budget): a
 * discoverable credential (so sign-in needs no e-mail), user verification required, the user's
 * passkeys excluded. Throttled per user; the challenge is bound to this session and replaces the
 * user's earlier ones, so one user keeps one pending registration at most.
 */
export async function createRegistrationOptions(
  deps: RegistrationDeps,
  viewer: Viewer,
  request: { password: string; headers: Headers },
): Promise<PasskeyRegistrationOptions> {
  const { auth, db, config } = deps;
  const throttleKey = registrationOptionsThrottleKey(viewer.userId);
  await enforceThrottle(db, [{ key: throttleKey, ...REGISTRATION_OPTIONS_LIMIT }]);
  await confirmCurrentPassword(auth, db, { userId: viewer.userId, ...request });
  const existing = await selectPasskeys(db, viewer.userId);
  if (existing.length >= MAX_PASSKEYS_PER_USER) {
    throw new AppError("conflict", PASSKEY_MESSAGES.tooMany);
  }
  const rp = relyingPartyOf(config);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: viewer.email,
    userDisplayName: viewer.email,
    userID: new TextEncoder().encode(viewer.userId),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "required" },
    supportedAlgorithmIDs: SUPPORTED_ALGORITHM_IDS,
  });
  // The user's earlier registration challenges (answered or not) and everyone's expired ones go.
  await deleteRegistrationChallengesOf(db, viewer.userId);
  await deleteExpiredChallenges(db);
  await insertChallenge(
    db,
    options.challenge,
    { purpose: "registration", userId: viewer.userId, sessionId: viewer.sessionId },
    challengeExpiry(),
  );
  return options as PasskeyRegistrationOptions;
}

/** Checks a registration response against the session's challenge; the credential it proves, or a refusal. */
async function verifyRegistration(db: Database, config: Config, viewer: Viewer, request: PasskeyRegistrationRequest) {
  const challenge = challengeOfClientData(request.response.response.clientDataJSON);
  const binding = { purpose: "registration", userId: viewer.userId, sessionId: viewer.sessionId } as const;
  if (!challenge || !(await consumeChallenge(db, challenge, binding))) {
    throw registrationRefused(PASSKEY_MESSAGES.challengeExpired);
  }
  const rp = relyingPartyOf(config);
  try {
    const result = await verifyRegistrationResponse({
      response: request.response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: SUPPORTED_ALGORITHM_IDS,
    });
    if (result.verified && result.registrationInfo.userVerified) {
      return result.registrationInfo.credential;
    }
  } catch {
    // The library's reason (wrong origin, RP id, flags, signature) stays in the server; the person
    // is told to try again.
  }
  throw registrationRefused();
}

/**
 * Registers a passkey: the response verified against this session's challenge (single use), then
 * stored under the per-user limit, written to the audit log, and the owner told by e-mail.
 */
export async function registerPasskey(
  db: Database,
  config: Config,
  actor: PasskeyActor,
  request: PasskeyRegistrationRequest,
): Promise<Passkey> {
  const { viewer } = actor;
  const credential = await verifyRegistration(db, config, viewer, request);
  return db.transaction().execute(async (trx) => {
    await lockUserPasskeys(trx, viewer.userId);
    if ((await countPasskeys(trx, viewer.userId)) >= MAX_PASSKEYS_PER_USER) {
      throw new AppError("conflict", PASSKEY_MESSAGES.tooMany);
    }
    const row = await insertPasskey(trx, {
      userId: viewer.userId,
      credentialId: credential.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? request.response.response.transports ?? [],
      name: request.name,
    });
    if (!row) {
      throw new AppError("conflict", PASSKEY_MESSAGES.alreadyRegistered);
    }
    await recordPasskeyChange(trx, config, actor, { change: "added", row });
    return toPasskey(row);
  });
}

/** The audit row and the owner's security e-mail of a passkey added or removed, in the caller's transaction. */
async function recordPasskeyChange(
  trx: Database,
  config: Config,
  actor: PasskeyActor,
  event: { change: "added" | "removed"; row: PasskeyRow },
): Promise<void> {
  const values = { name: event.row.name, credentialId: event.row.credential_id };
  await recordAdminAction(trx, {
    actor: auditActorOf(actor),
    action: event.change === "added" ? "passkey.add" : "passkey.remove",
    subjectType: "passkey",
    subjectId: event.row.id,
    before: event.change === "added" ? null : values,
    after: event.change === "added" ? values : null,
    details: { userId: event.row.user_id },
  });
  await enqueueMail(
    trx,
    signInMethodChangedMail(actor.viewer.email, {
      change: event.change,
      method: { kind: "passkey", name: event.row.name },
      settingsUrl: `${config.publicUrl}/settings`,
    }),
  );
}

/** Renames one of the user's passkeys (another user's reads as missing), with the old and new names audited. */
export async function renamePasskey(db: Database, actor: PasskeyActor, id: string, name: string): Promise<Passkey> {
  return db.transaction().execute(async (trx) => {
    const change = await updatePasskeyName(trx, actor.viewer.userId, id, name);
    if (!change) {
      throw new AppError("not_found", "Passkey not found");
    }
    const { row, previousName } = change;
    await recordAdminAction(trx, {
      actor: auditActorOf(actor),
      action: "passkey.rename",
      subjectType: "passkey",
      subjectId: row.id,
      before: { name: previousName },
      after: { name: row.name },
      details: { userId: row.user_id },
    });
    return toPasskey(row);
  });
}

/** Removes one of the user's passkeys (another user's reads as missing), audited, with the owner e-mailed. */
export async function removePasskey(db: Database, config: Config, actor: PasskeyActor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await deletePasskey(trx, actor.viewer.userId, id);
    if (!row) {
      throw new AppError("not_found", "Passkey not found");
    }
    await recordPasskeyChange(trx, config, actor, { change: "removed", row });
  });
}

/** How many passkeys the user has (a password reset's e-mail lists them). */
export async function countPasskeysOf(db: Database, userId: string): Promise<number> {
  return countPasskeys(db, userId);
}

/**
 * Ends passkey sign-in for a user whose account is being closed, in the caller's transaction: their
 * passkeys and pending challenges go with their other ways of signing in.
 */
export async function deleteAllPasskeysOf(trx: Database, userId: string): Promise<void> {
  await deletePasskeysOf(trx, userId);
}

/** Options for a usernameless sign-in: any of the site's passkeys, user verification required. */
export async function createSignInOptions(db: Database, config: Config, ip: string): Promise<PasskeySignInOptions> {
  await enforceThrottle(db, [{ key: optionsThrottleKey(ip), ...OPTIONS_LIMIT }]);
  const options = await generateAuthenticationOptions({
    rpID: relyingPartyOf(config).id,
    userVerification: "required",
    timeout: CEREMONY_TIMEOUT_MS,
  });
  await insertChallenge(db, options.challenge, { purpose: "sign_in" }, challengeExpiry());
  // Expired challenges are forgotten here too, so the table stays small between housekeeping runs.
  await deleteExpiredChallenges(db);
  return options as PasskeySignInOptions;
}

/**
 * Signs in with a passkey: throttled per address; the challenge consumed (single use) before the
 * signature is checked; user verification required (a passkey alone is both factors only then); the
 * counter moved forward; then the same session, device cookie and new-device notice as a completed
 * password-and-code sign-in. Returns the `Set-Cookie` lines.
 */
export async function signInWithPasskey(
  deps: { auth: Auth; db: Database; config: Config },
  request: PasskeySignInRequest,
  client: SignInClient,
): Promise<string[]> {
  const { auth, db, config } = deps;
  await enforceThrottle(db, [{ key: signInThrottleKey(client.ip), ...SIGN_IN_LIMIT }]);
  const { response } = request;
  const challenge = challengeOfClientData(response.response.clientDataJSON);
  if (!challenge || !(await consumeChallenge(db, challenge, { purpose: "sign_in" }))) {
    throw signInRefused(PASSKEY_MESSAGES.challengeExpired);
  }
  const passkey = await selectPasskeyByCredentialId(db, response.id);
  if (!passkey) {
    throw signInRefused();
  }
  if (!isUserVerified(response.response.authenticatorData)) {
    throw signInRefused(PASSKEY_MESSAGES.userNotVerified);
  }
  const rp = relyingPartyOf(config);
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.credential_id,
      publicKey: new Uint8Array(passkey.public_key),
      counter: Number(passkey.counter),
      transports: transportsOf(passkey),
    },
    requireUserVerification: true,
  }).catch(() => undefined);
  if (!result?.verified || !result.authenticationInfo.userVerified) {
    throw signInRefused();
  }
  if (!(await recordPasskeyUse(db, passkey.id, result.authenticationInfo.newCounter))) {
    // Another sign-in with the same signature count got there first: a cloned authenticator or a replay.
    throw signInRefused();
  }
  const user = { id: passkey.user_id, banned: passkey.banned, banExpires: passkey.banExpires };
  const cookies = await startSignedInSession(auth, db, config, user, client);
  if (!cookies) {
    throw new AppError("forbidden", "This account cannot sign in. Please contact support.");
  }
  return cookies;
}
