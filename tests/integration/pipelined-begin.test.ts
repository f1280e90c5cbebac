// db/pipelined-begin.ts (issue 31): a transaction's BEGIN goes out with its first statement, and the
// transaction is still one: what its first statement wrote is gone when it rolls back.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../apps/server/src/db/database.ts";

type Hook = (this: { text: string }, ...args: unknown[]) => unknown;

let database: DatabaseHandle;

beforeAll(async () => {
  // One connection, so the temporary table is seen by every statement below.
  database = openDatabase(inject("databaseUrl"), 1);
  await database.pool.query("CREATE TEMP TABLE pipelined (id int PRIMARY KEY)");
});

afterAll(async () => {
  await database?.close();
});

async function storedIds(): Promise<number[]> {
  const { rows } = await database.pool.query<{ id: number }>("SELECT id FROM pipelined ORDER BY id");
  return rows.map((row) => row.id);
}

describe("a pipelined BEGIN", () => {
  test("is not waited for: the first statement is written before BEGIN is answered", async () => {
    const events: string[] = [];
    // What node-postgres does with each statement: writes it out, and hears PostgreSQL is ready again.
    const query = pg.Query.prototype as unknown as Record<"submit" | "handleReadyForQuery", Hook>;
    const { submit, handleReadyForQuery } = query;
    query.submit = function (this: { text: string }, ...args) {
      events.push(`sent ${this.text}`);
      return submit.apply(this, args);
    };
    query.handleReadyForQuery = function (this: { text: string }, ...args) {
      events.push(`answered ${this.text}`);
      return handleReadyForQuery.apply(this, args);
    };
    try {
      await database.db.transaction().execute(async (trx) => {
        await trx.selectNoFrom((eb) => eb.val(1).as("one")).execute();
      });
    } finally {
      query.submit = submit;
      query.handleReadyForQuery = handleReadyForQuery;
    }
    expect(events).toEqual([
      "sent begin",
      'sent select $1 as "one"',
      "answered begin",
      'answered select $1 as "one"',
      "sent commit",
      "answered commit",
    ]);
  });

  test("still makes one transaction: a rollback takes back what the first statement wrote", async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto("pipelined" as never)
          .values({ id: 1 } as never)
          .execute();
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await storedIds()).toEqual([]);
  });

  test("a failing statement rolls back the statements before it, and the connection serves the next one", async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto("pipelined" as never)
          .values({ id: 2 } as never)
          .execute();
        await trx
          .insertInto("pipelined" as never)
          .values({ id: 2 } as never)
          .execute();
      }),
    ).rejects.toThrow(/duplicate key/);
    await database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("pipelined" as never)
        .values({ id: 3 } as never)
        .execute();
    });
    expect(await storedIds()).toEqual([3]);
  });
});
