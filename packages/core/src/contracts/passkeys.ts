import { z } from "zod";
import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX_LENGTH } from "../passkey-messages.ts";
import { singleLineText } from "../validation/text.ts";
import { StartAuthenticatorRequest } from "./authenticator.ts";

/*
 * Passkeys (WebAuthn; issue 27, decision 037): register, name, list, remove, and sign in with one. The
 * WebAuthn options and responses are the W3C's JSON forms (base64url fields), as @simplewebauthn's
 * browser and server libraries read and write them; the server checks every signature and flag.
 */

/** A passkey's name: what the person calls the device it lives on. */
export const PasskeyName = singleLineText("Passkey name", { error: PASSKEY_MESSAGES.nameRequired })
  .min(1, PASSKEY_MESSAGES.nameRequired)
  .max(PASSKEY_NAME_MAX_LENGTH, PASSKEY_MESSAGES.nameTooLong);

/** A base64url field of a WebAuthn response, bounded (attestation objects are the longest, a few KB). */
const Base64Url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, "Must be base64url");

/** Transports as WebAuthn names them; unknown ones are kept out. */
export const PASSKEY_TRANSPORTS = ["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"] as const;
const Transport = z.enum(PASSKEY_TRANSPORTS);

/** The credential part of a WebAuthn response both ceremonies share. */
const CredentialFields = {
  id: Base64Url.min(1),
  rawId: Base64Url.min(1),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

/** `navigator.credentials.create()`'s answer in JSON (RegistrationResponseJSON). */
export const PasskeyRegistrationResponse = z.object({
  ...CredentialFields,
  response: z.object({
    clientDataJSON: Base64Url.min(1),
    attestationObject: Base64Url.min(1),
    authenticatorData: Base64Url.optional(),
    transports: z.array(Transport).max(PASSKEY_TRANSPORTS.length).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: Base64Url.optional(),
  }),
});
export type PasskeyRegistrationResponse = z.infer<typeof PasskeyRegistrationResponse>;

/** `navigator.credentials.get()`'s answer in JSON (AuthenticationResponseJSON). */
export const PasskeyAuthenticationResponse = z.object({
  ...CredentialFields,
  response: z.object({
    clientDataJSON: Base64Url.min(1),
    authenticatorData: Base64Url.min(1),
    signature: Base64Url.min(1),
    userHandle: Base64Url.optional(),
  }),
});
export type PasskeyAuthenticationResponse = z.infer<typeof PasskeyAuthenticationResponse>;

/** A credential the ceremony names (to exclude at registration). */
const CredentialDescriptor = z.object({
  id: z.string(),
  type: z.literal("public-key"),
  transports: z.array(Transport).optional(),
});

/** What the browser needs to create a passkey (PublicKeyCredentialCreationOptionsJSON). */
export const PasskeyRegistrationOptions = z.object({
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ type: z.literal("public-key"), alg: z.number() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(CredentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
      residentKey: z.enum(["discouraged", "preferred", "required"]).optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: z.enum(["discouraged", "preferred", "required"]).optional(),
    })
    .optional(),
  hints: z.array(z.string()).optional(),
  attestation: z.enum(["none", "indirect", "direct", "enterprise"]).optional(),
  extensions: z.record(z.string(), z.unknown()).optional(),
});
export type PasskeyRegistrationOptions = z.infer<typeof PasskeyRegistrationOptions>;

/** What the browser needs to sign in with a passkey (PublicKeyCredentialRequestOptionsJSON). */
export const PasskeySignInOptions = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(CredentialDescriptor).optional(),
  userVerification: z.enum(["discouraged", "preferred", "required"]).optional(),
  hints: z.array(z.string()).optional(),
  extensions: z.record(z.string(), z.unknown()).optional(),
});
export type PasskeySignInOptions = z.infer<typeof PasskeySignInOptions>;

/**
 * `POST /api/v1/passkeys/registration-options`: the current password again, as setting up an
 * authenticator app asks it — a passkey signs in as both factors, so a session alone may not add one.
 */
export const PasskeyRegistrationOptionsRequest = z.strictObject({
  password: StartAuthenticatorRequest.shape.password,
});
export type PasskeyRegistrationOptionsRequest = z.infer<typeof PasskeyRegistrationOptionsRequest>;

/** `POST /api/v1/passkeys`: the new passkey's name and the browser's answer to the registration options. */
export const PasskeyRegistrationRequest = z.object({
  name: PasskeyName,
  response: PasskeyRegistrationResponse,
});
export type PasskeyRegistrationRequest = z.infer<typeof PasskeyRegistrationRequest>;

/** `PATCH /api/v1/passkeys/:passkeyId`: a new name. */
export const PasskeyRenameRequest = z.object({ name: PasskeyName });
export type PasskeyRenameRequest = z.infer<typeof PasskeyRenameRequest>;

export const PasskeyIdParams = z.object({ passkeyId: z.uuid({ error: "Unknown passkey" }) });
export type PasskeyIdParams = z.infer<typeof PasskeyIdParams>;

/** `POST /api/v1/auth/passkey/sign-in`: the browser's answer to the sign-in options. */
export const PasskeySignInRequest = z.object({ response: PasskeyAuthenticationResponse });
export type PasskeySignInRequest = z.infer<typeof PasskeySignInRequest>;

/** One of the user's passkeys, as the settings page lists it (never the key itself). */
export const Passkey = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type Passkey = z.infer<typeof Passkey>;

/** The user's passkeys, newest first (at most MAX_PASSKEYS_PER_USER, so one page). */
export const PasskeyList = z.object({ items: z.array(Passkey) });
export type PasskeyList = z.infer<typeof PasskeyList>;
