import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { encryptedStorage } from "./encrypted-storage.ts";
import type { FileStorage } from "./file-storage.ts";

/** A storage in memory, whose raw bytes the test can read and change. */
function memoryStorage(): FileStorage & { readonly files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  return {
    files,
    put: async (key, data) => {
      files.set(key, data);
    },
    get: async (key) => files.get(key) ?? null,
    remove: async (key) => {
      files.delete(key);
    },
  };
}

const PLAIN = Buffer.from("%PDF-1.7 passport of Ada Lovelace, born 1815");
const KEY = "kyc-0123456789abcdef";

describe("encryptedStorage", () => {
  test("gives back what was put, and stores something else", async () => {
    const inner = memoryStorage();
    const storage = encryptedStorage(inner, randomBytes(32));

    await storage.put(KEY, PLAIN);

    expect(await storage.get(KEY)).toEqual(PLAIN);
    const stored = inner.files.get(KEY) ?? Buffer.alloc(0);
    expect(stored.includes(Buffer.from("Ada Lovelace"))).toBe(false);
    expect(stored.subarray(0, 4).toString("latin1")).toBe("FKE1");
  });

  test("the same file put twice is stored as different bytes (a fresh nonce each time)", async () => {
    const inner = memoryStorage();
    const storage = encryptedStorage(inner, randomBytes(32));

    await storage.put(KEY, PLAIN);
    const first = inner.files.get(KEY);
    await storage.put(`${KEY}-2`, PLAIN);

    expect(inner.files.get(`${KEY}-2`)?.subarray(4, 16)).not.toEqual(first?.subarray(4, 16));
  });

  test("refuses bytes read with another key, changed bytes, or a file copied under another key", async () => {
    const inner = memoryStorage();
    const storage = encryptedStorage(inner, randomBytes(32));
    await storage.put(KEY, PLAIN);
    const stored = inner.files.get(KEY) ?? Buffer.alloc(0);

    await expect(encryptedStorage(inner, randomBytes(32)).get(KEY)).rejects.toThrow();
    inner.files.set(`${KEY}-copy`, stored);
    await expect(storage.get(`${KEY}-copy`)).rejects.toThrow();
    const changed = Buffer.from(stored);
    changed[changed.length - 1] ^= 1;
    inner.files.set(KEY, changed);
    await expect(storage.get(KEY)).rejects.toThrow();
  });

  test("a missing file reads as null and removing passes through", async () => {
    const inner = memoryStorage();
    const storage = encryptedStorage(inner, randomBytes(32));
    await storage.put(KEY, PLAIN);

    await storage.remove(KEY);

    expect(await storage.get(KEY)).toBeNull();
    expect(inner.files.size).toBe(0);
  });

  test("refuses a key that is not 32 bytes", () => {
    expect(() => encryptedStorage(memoryStorage(), randomBytes(16))).toThrow("32 bytes");
  });
});
