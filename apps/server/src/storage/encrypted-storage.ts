import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { FileStorage } from "./file-storage.ts";

/*
 * Files kept encrypted at rest (identity documents): AES-256-GCM with a key from the configuration
 * (KYC_ENCRYPTION_KEY), so a copied storage folder, or a bucket read without the key, reveals nothing.
 * The storage key is authenticated with the bytes, so a file copied under another key does not
 * decrypt either. Stored form: "FKE1", a 12-byte nonce, the 16-byte tag, then the ciphertext.
 */

const MAGIC = Buffer.from("FKE1", "latin1");
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + NONCE_BYTES + TAG_BYTES;

/** `inner` with every file encrypted on `put` and checked and decrypted on `get`, under a 32-byte `key`. */
export function encryptedStorage(inner: FileStorage, key: Buffer): FileStorage {
  if (key.length !== 32) {
    throw new Error("An AES-256 key is 32 bytes");
  }
  return {
    async put(storageKey, data) {
      // A fresh random nonce per file: GCM must never see the same (key, nonce) twice.
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, nonce);
      cipher.setAAD(Buffer.from(storageKey, "utf8"));
      const ciphertext = Buffer.concat([cipher.update(data), cipher.final()]);
      await inner.put(storageKey, Buffer.concat([MAGIC, nonce, cipher.getAuthTag(), ciphertext]));
    },
    async get(storageKey) {
      const stored = await inner.get(storageKey);
      if (stored === null) {
        return null;
      }
      if (stored.length < HEADER_BYTES || !stored.subarray(0, MAGIC.length).equals(MAGIC)) {
        throw new Error(`The file under ${storageKey} is not an encrypted file`);
      }
      const nonce = stored.subarray(MAGIC.length, MAGIC.length + NONCE_BYTES);
      const decipher = createDecipheriv("aes-256-gcm", key, nonce);
      decipher.setAAD(Buffer.from(storageKey, "utf8"));
      decipher.setAuthTag(stored.subarray(MAGIC.length + NONCE_BYTES, HEADER_BYTES));
      // final() throws when the tag does not match: a changed file, another key, or another file's bytes.
      return Buffer.concat([decipher.update(stored.subarray(HEADER_BYTES)), decipher.final()]);
    },
    remove: (storageKey) => inner.remove(storageKey),
  };
}
