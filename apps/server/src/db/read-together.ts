import type { Database } from "./database.ts";

/**
 * A read by key that many requests make at once (the session read: one per signed-in request), made
 * for all of them in one statement. The keys asked for while the event loop handles the requests that
 * have arrived are read together right after (`setImmediate`), so nothing waits for a timer and a read
 * still starts after its request arrived: it sees every change committed before (issue 31). A statement
 * takes at most MAX_KEYS keys; a key asked for twice is read once.
 */
const MAX_KEYS = 256;

interface Waiter<Row> {
  resolve(row: Row | undefined): void;
  reject(error: unknown): void;
}

export function readTogether<Key, Row>(
  read: (db: Database, keys: Key[]) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
): (db: Database, key: Key) => Promise<Row | undefined> {
  const gathering = new WeakMap<Database, Map<Key, Waiter<Row>[]>>();

  async function readAll(db: Database, waiting: Map<Key, Waiter<Row>[]>): Promise<void> {
    if (gathering.get(db) === waiting) {
      gathering.delete(db);
    }
    try {
      const rows = await read(db, [...waiting.keys()]);
      const byKey = new Map(rows.map((row) => [keyOf(row), row]));
      for (const [key, waiters] of waiting) {
        for (const waiter of waiters) {
          waiter.resolve(byKey.get(key));
        }
      }
    } catch (error) {
      for (const waiters of waiting.values()) {
        for (const waiter of waiters) {
          waiter.reject(error);
        }
      }
    }
  }

  return (db, key) =>
    new Promise<Row | undefined>((resolve, reject) => {
      let waiting = gathering.get(db);
      if (!waiting || waiting.size >= MAX_KEYS) {
        const gathered = new Map<Key, Waiter<Row>[]>();
        gathering.set(db, gathered);
        setImmediate(() => void readAll(db, gathered));
        waiting = gathered;
      }
      const waiters = waiting.get(key);
      if (waiters) {
        waiters.push({ resolve, reject });
      } else {
        waiting.set(key, [{ resolve, reject }]);
      }
    });
}
