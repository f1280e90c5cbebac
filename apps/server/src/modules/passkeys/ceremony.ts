import { PASSKEY_MESSAGES } from "@ferry/core/passkey-messages";
import type { Config } from "../../config.ts";
import { AppError } from "../../errors.ts";

/*
 * The WebAuthn ceremonies' fixed parts: who the relying party is, how long a ceremony may take, and
 * what the signed client data says. The relying party comes from PUBLIC_URL alone, never from a
 * request's headers, so a response made for another site (or for a forged Host) never verifies.
 */

/** How long the browser may take, and how long a challenge lives: a person finding their phone or key. */
export const CEREMONY_TIMEOUT_MS = 5 * 60 * 1000;

/** The name authenticators show beside a passkey. */
const RP_NAME = "Ferry";

/** Ferry as a WebAuthn relying party: its id (the host name) and the one origin responses must come from. */
export interface RelyingParty {
  readonly id: string;
  readonly name: string;
  readonly origin: string;
}

export function relyingPartyOf(config: Pick<Config, "publicUrl">): RelyingParty {
  const url = new URL(config.publicUrl);
  return { id: url.hostname, name: RP_NAME, origin: url.origin };
}

/**
 * The challenge a response's client data carries (base64url), to find and consume the stored one
 * before any signature is checked; undefined when the client data is not WebAuthn's JSON.
 */
export function challengeOfClientData(clientDataJSON: string): string | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown };
    return typeof parsed.challenge === "string" && parsed.challenge.length > 0 ? parsed.challenge : undefined;
  } catch {
    return undefined;
  }
}

/** The authenticator data's flags byte: after the 32-byte RP id hash. */
const FLAGS_OFFSET = 32;
/** The UV flag (WebAuthn §6.1): the authenticator verified the person (PIN, fingerprint, face). */
const USER_VERIFIED_FLAG = 0x04;

/** Whether an assertion's authenticator data says the person was verified, not merely present. */
export function isUserVerified(authenticatorData: string): boolean {
  const bytes = Buffer.from(authenticatorData, "base64url");
  return bytes.length > FLAGS_OFFSET && ((bytes[FLAGS_OFFSET] ?? 0) & USER_VERIFIED_FLAG) !== 0;
}

/** The refusal of a sign-in ceremony: the same for an unknown passkey, a bad signature or a dead challenge. */
export function signInRefused(message: string = PASSKEY_MESSAGES.signInFailed): AppError {
  return new AppError("unauthenticated", message);
}

/** The refusal of a registration whose response does not verify. */
export function registrationRefused(message: string = PASSKEY_MESSAGES.registrationFailed): AppError {
  return new AppError("validation_failed", message, { response: message });
}
