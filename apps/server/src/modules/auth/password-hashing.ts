import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { verifyPassword as verifyDefaultHash } from "better-auth/crypto";

/**
 * scrypt's cost N for passwords, as Better Auth hashes them (N 16384, r 16, p 1, 64-byte key): about
 * 120 ms of one core a hash, which is what makes a stolen table slow to guess through.
 */
export const DEFAULT_SCRYPT_COST = 16_384;
const BLOCK_SIZE = 16;
const PARALLELISM = 1;
const KEY_LENGTH = 64;

/** A hash made at another cost names it: `scrypt$<N>$<salt>$<key>`. */
const COSTED_HASH = /^scrypt\$(\d+)\$([0-9a-f]{32})\$([0-9a-f]{128})$/;

function deriveKey(password: string, salt: string, cost: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_LENGTH,
      { N: cost, r: BLOCK_SIZE, p: PARALLELISM, maxmem: 256 * cost * BLOCK_SIZE },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/**
 * Better Auth's password hashing at a chosen cost (PASSWORD_SCRYPT_COST, decision 034). At the default
 * cost it writes Better Auth's own format (`<salt>:<key>`), so hashes stay Better Auth's; at another
 * cost the hash carries its N, so every hash verifies whatever the setting is when it is checked.
 * Lower costs are for tests, where ~1,000 sign-ups and sign-ins spent half the suite's CPU in scrypt;
 * the configuration refuses them in production.
 */
export function passwordHashing(cost: number) {
  return {
    async hash(password: string): Promise<string> {
      const salt = randomBytes(16).toString("hex");
      const key = (await deriveKey(password, salt, cost)).toString("hex");
      return cost === DEFAULT_SCRYPT_COST ? `${salt}:${key}` : `scrypt$${cost}$${salt}$${key}`;
    },
    async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
      const costed = COSTED_HASH.exec(hash);
      if (!costed) {
        return verifyDefaultHash({ hash, password });
      }
      const [, costText, salt, keyHex] = costed as unknown as [string, string, string, string];
      const key = await deriveKey(password, salt, Number(costText));
      return timingSafeEqual(key, Buffer.from(keyHex, "hex"));
    },
  };
}
