import { describe, expect, it } from "vitest";
import type { Database } from "./database.ts";
import { readTogether } from "./read-together.ts";

interface Row {
  readonly key: string;
  readonly value: number;
}

function fakeDatabase(): Database {
  return {} as Database;
}

function recordingRead(table: Record<string, number>) {
  const statements: string[][] = [];
  const read = async (_db: Database, keys: string[]): Promise<Row[]> => {
    statements.push(keys);
    return keys.filter((key) => key in table).map((key) => ({ key, value: table[key] as number }));
  };
  return { statements, read };
}

describe("reads asked for together", () => {
  it("are one statement for the keys asked for at once, each answered with its own row", async () => {
    const { statements, read } = recordingRead({ a: 1, b: 2, c: 3 });
    const byKey = readTogether(read, (row: Row) => row.key);
    const db = fakeDatabase();
    const answers = await Promise.all(["a", "b", "a", "missing", "c"].map((key) => byKey(db, key)));
    expect(answers.map((row) => row?.value)).toEqual([1, 2, 1, undefined, 3]);
    expect(statements).toEqual([["a", "b", "missing", "c"]]);
  });

  it("read again for keys asked for later, and apart for each database", async () => {
    const { statements, read } = recordingRead({ a: 1 });
    const byKey = readTogether(read, (row: Row) => row.key);
    const [first, second] = [fakeDatabase(), fakeDatabase()];
    await Promise.all([byKey(first, "a"), byKey(second, "a")]);
    await byKey(first, "a");
    expect(statements).toEqual([["a"], ["a"], ["a"]]);
  });

  it("take at most 256 keys a statement", async () => {
    const keys = Array.from({ length: 300 }, (_, index) => `k${index}`);
    const { statements, read } = recordingRead(Object.fromEntries(keys.map((key, index) => [key, index])));
    const byKey = readTogether(read, (row: Row) => row.key);
    const db = fakeDatabase();
    const answers = await Promise.all(keys.map((key) => byKey(db, key)));
    expect(answers.map((row) => row?.value)).toEqual(keys.map((_, index) => index));
    expect(statements.map((batch) => batch.length)).toEqual([256, 44]);
  });

  it("fail every request of a statement that fails", async () => {
    const byKey = readTogether(
      async (): Promise<Row[]> => {
        throw new Error("connection lost");
      },
      (row: Row) => row.key,
    );
    const db = fakeDatabase();
    const results = await Promise.allSettled([byKey(db, "a"), byKey(db, "b")]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
  });
});
