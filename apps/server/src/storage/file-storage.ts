import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/*
 * Where Ferry keeps files it must not put in the database: help-desk attachments now, KYC documents
 * later. One interface, so an operator can move the bytes to an object store without touching the
 * modules; the default keeps them in a local directory (FILE_STORAGE_DIR).
 */

export interface FileStorage {
  /** Stores `data` under `key`, replacing nothing: keys are fresh random ids. */
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Forgets `key`; a missing key is not an error. */
  remove(key: string): Promise<void>;
}

/** A key is a random id the server made: lower-case letters, digits and dashes, so it can never name a path outside. */
const KEY = /^[a-z0-9][a-z0-9-]{15,99}$/;

function checkedKey(key: string): string {
  if (!KEY.test(key)) {
    throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

/**
 * Files in one directory, each under its key, in subdirectories by the key's first two characters so
 * no directory grows past a few thousand entries. Writes go to a temporary name first and are renamed
 * into place, so a crash never leaves half a file under a key, and a failed write is cleaned up.
 */
export function localDirectoryStorage(directory: string): FileStorage {
  const pathOf = (key: string) => path.join(directory, checkedKey(key).slice(0, 2), key);
  return {
    async put(key, data) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const temporary = `${target}.partial`;
      try {
        await writeFile(temporary, data, { mode: 0o600, flag: "wx" });
        await rename(temporary, target);
      } catch (error) {
        // A write that failed (disk full, say) leaves no half file behind; the key is fresh, so the name is ours.
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") {
          return null;
        }
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/**
 * Writes `bytes` under a fresh `key`, then the database row that names them (`record`). The bytes
 * come first, so a row always has its bytes; when the row cannot be written they are removed again,
 * so a failed upload leaves nothing behind (bytes without a row, after a crash between, are never served).
 */
export async function storeThenRecord<T>(
  storage: FileStorage,
  key: string,
  bytes: Buffer,
  record: () => Promise<T>,
): Promise<T> {
  await storage.put(key, bytes);
  try {
    return await record();
  } catch (error) {
    await storage.remove(key);
    throw error;
  }
}
