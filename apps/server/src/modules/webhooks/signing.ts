import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

/*
 * Standard Webhooks signing (https://www.standardwebhooks.com): each delivery carries `webhook-id`,
 * `webhook-timestamp` (Unix seconds) and `webhook-signature`, `v1,` and the base64 HMAC-SHA256 of
 * `${id}.${timestamp}.${body}` keyed by the bytes after `whsec_`. Several signatures are separated by
 * spaces: during a rotation's overlap the old and the new secret both sign. The secrets must be usable
 * to sign, so they are kept encrypted under a key derived from AUTH_SECRET (decision 042).
 */

const SECRET_PREFIX = "whsec_";
const SECRET_BYTES = 24;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** Stored form of an encrypted secret: this version tag, then base64 of nonce, tag and ciphertext. */
const ENCRYPTED_PREFIX = "v1:";

/** A fresh signing secret, `whsec_` and 24 random bytes in base64 (as the Standard Webhooks libraries make them). */
export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString("base64")}`;
}

/** The key `secret` signs with: the base64-decoded part after `whsec_`. */
function signingKeyOf(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) {
    throw new Error("A webhook secret starts with whsec_");
  }
  return Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
}

/** `v1,` and the signature of one message under one secret. */
export function signatureOf(secret: string, message: { id: string; timestamp: number; body: string }): string {
  const mac = createHmac("sha256", signingKeyOf(secret))
    .update(`${message.id}.${message.timestamp}.${message.body}`)
    .digest("base64");
  return `v1,${mac}`;
}

/** The `webhook-signature` header: one signature per secret, space-separated. */
export function signatureHeaderOf(
  secrets: readonly string[],
  message: { id: string; timestamp: number; body: string },
): string {
  return secrets.map((secret) => signatureOf(secret, message)).join(" ");
}

/** The AES-256 key that keeps webhook secrets, derived from AUTH_SECRET for this one purpose. */
export function webhookSecretKeyOf(authSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", authSecret, "ferry", "webhook-endpoint-secrets", 32));
}

/** A secret as stored: AES-256-GCM with a fresh nonce, bound to its endpoint's id. */
export function encryptWebhookSecret(key: Buffer, endpointId: string, secret: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  cipher.setAAD(Buffer.from(endpointId, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return `${ENCRYPTED_PREFIX}${Buffer.concat([nonce, cipher.getAuthTag(), ciphertext]).toString("base64")}`;
}

/** The secret an `encryptWebhookSecret` result holds; throws when it was changed or kept under another key or endpoint. */
export function decryptWebhookSecret(key: Buffer, endpointId: string, stored: string): string {
  if (!stored.startsWith(ENCRYPTED_PREFIX)) {
    throw new Error("Not an encrypted webhook secret");
  }
  const bytes = Buffer.from(stored.slice(ENCRYPTED_PREFIX.length), "base64");
  const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, NONCE_BYTES));
  decipher.setAAD(Buffer.from(endpointId, "utf8"));
  decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
}

/** The last 4 characters shown for a secret (24 bytes make 32 base64 characters, no padding). */
export function secretLast4Of(secret: string): string {
  return secret.slice(-4);
}

/** A `webhook-id`: `msg_` and 24 random characters, the same on every attempt of a delivery. */
export function newMessageId(): string {
  return `msg_${randomBytes(18).toString("base64url")}`;
}
