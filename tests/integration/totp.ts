import { createHmac } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";

/*
 * RFC 6238 TOTP as an authenticator app computes it (HMAC-SHA-1, 30-second steps, 6 digits), written
 * here from the RFC so the tests never use the server's own code to make the codes it checks.
 */

/** The 6-digit code of `key` at `seconds` since the epoch. */
export function totp(key: Buffer, seconds: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(seconds / 30)));
  const digest = createHmac("sha1", key).update(counter).digest();
  const offset = digest[19] & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/**
 * Waits for the next 30-second step when fewer than `marginSeconds` of this one are left, so a code
 * made now for the previous, current or next step is still inside the server's one-step window when
 * the request reaches it, however slow the machine.
 */
export async function clearOfStepEdge(marginSeconds = 5): Promise<void> {
  const left = 30 - ((Date.now() / 1000) % 30);
  if (left < marginSeconds) {
    await sleep(Math.ceil(left * 1000) + 50);
  }
}

/** RFC 4648 Base32, as an otpauth:// URI carries the secret. */
export function base32Decode(text: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of text.replace(/=+$/, "").toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}
