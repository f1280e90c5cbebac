// db/pipelined.ts (issue 31): statements that need not wait for each other's answers go out together
// (BEGIN with the first statement, `sendTogether`, the last statement with COMMIT), and a transaction
// is still one: what any of its statements wrote is gone when it rolls back or one of them fails.
import net from "node:net";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from "vitest";
import { type Database, type DatabaseHandle, openDatabase } from "../../apps/server/src/db/database.ts";
import { sendBeforeCommit, sendingTogether, sendTogether } from "../../apps/server/src/db/pipelined.ts";

type Hook = (this: { text: string }, ...args: unknown[]) => unknown;

let database: DatabaseHandle;

beforeAll(async () => {
  // One connection, so the temporary table is seen by every statement below.
  database = openDatabase(inject("databaseUrl"), 1);
  await database.pool.query("CREATE TEMP TABLE pipelined (id int PRIMARY KEY)");
});

afterEach(async () => {
  await database.pool.query("DELETE FROM pipelined");
});

afterAll(async () => {
  await database?.close();
});

async function storedIds(): Promise<number[]> {
  const { rows } = await database.pool.query<{ id: number }>("SELECT id FROM pipelined ORDER BY id");
  return rows.map((row) => row.id);
}

function insertOf(id: number) {
  return sql`INSERT INTO pipelined (id) VALUES (${id})`;
}

/** What node-postgres does with each statement while `work` runs: writes it out, and hears it answered. */
async function wireEvents(work: () => Promise<unknown>): Promise<string[]> {
  const events: string[] = [];
  const query = pg.Query.prototype as unknown as Record<"submit" | "handleReadyForQuery", Hook>;
  const { submit, handleReadyForQuery } = query;
  query.submit = function (this: { text: string }, ...args) {
    events.push(`sent ${this.text.trim()}`);
    return submit.apply(this, args);
  };
  query.handleReadyForQuery = function (this: { text: string }, ...args) {
    events.push(`answered ${this.text.trim()}`);
    return handleReadyForQuery.apply(this, args);
  };
  try {
    await work();
  } finally {
    query.submit = submit;
    query.handleReadyForQuery = handleReadyForQuery;
  }
  return events;
}

describe("a pipelined BEGIN", () => {
  test("is not waited for: the first statement is written before BEGIN is answered", async () => {
    const events = await wireEvents(() =>
      database.db.transaction().execute(async (trx) => {
        await insertOf(1).execute(trx);
      }),
    );
    expect(events).toEqual([
      "sent begin",
      "sent INSERT INTO pipelined (id) VALUES ($1)",
      "answered begin",
      "answered INSERT INTO pipelined (id) VALUES ($1)",
      "sent commit",
      "answered commit",
    ]);
    expect(await storedIds()).toEqual([1]);
  });

  test("still makes one transaction: a rollback takes back what the first statement wrote", async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await insertOf(1).execute(trx);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await storedIds()).toEqual([]);
  });

  test("a failing statement rolls back the statements before it, and the connection serves the next one", async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await insertOf(2).execute(trx);
        await insertOf(2).execute(trx);
      }),
    ).rejects.toThrow(/duplicate key/);
    await database.db.transaction().execute(async (trx) => {
      await insertOf(3).execute(trx);
    });
    expect(await storedIds()).toEqual([3]);
  });
});

describe("statements sent together", () => {
  test("are all written before the first is answered, and each gets its own answer", async () => {
    let answers: unknown[] = [];
    const events = await wireEvents(() =>
      database.db.transaction().execute(async (trx) => {
        const results = await sendTogether(trx, [
          insertOf(4).compile(trx),
          sql`SELECT count(*)::int AS count FROM pipelined`.compile(trx),
        ]);
        answers = results.map((result) => result.rows);
      }),
    );
    expect(events.slice(0, 4)).toEqual([
      "sent begin",
      "sent INSERT INTO pipelined (id) VALUES ($1)",
      "sent SELECT count(*)::int AS count FROM pipelined",
      "answered begin",
    ]);
    // PostgreSQL ran them in order: the count sees the row inserted just before it.
    expect(answers).toEqual([[], [{ count: 1 }]]);
  });
});

describe("statements made in one turn of the event loop", () => {
  test("leave in one write to the socket, each answered its own", async () => {
    const client = await database.pool.connect();
    const socket = (client as unknown as { connection: { stream: net.Socket } }).connection.stream;
    const prototype = net.Socket.prototype as unknown as Record<"_write" | "_writev", Hook>;
    const { _write, _writev } = prototype;
    let writes = 0;
    prototype._write = function (this: unknown, ...args) {
      writes += this === socket ? 1 : 0;
      return _write.apply(this as { text: string }, args);
    };
    prototype._writev = function (this: unknown, ...args) {
      writes += this === socket ? 1 : 0;
      return _writev.apply(this as { text: string }, args);
    };
    try {
      const answers = await Promise.all(
        [1, 2, 3].map((value) => client.query<{ value: number }>("SELECT $1::int AS value", [value])),
      );
      expect(answers.map((answer) => answer.rows[0]?.value)).toEqual([1, 2, 3]);
      expect(writes).toBe(1);
      // A later turn writes again.
      await client.query("SELECT $1::int AS value", [4]);
      expect(writes).toBe(2);
    } finally {
      prototype._write = _write;
      prototype._writev = _writev;
      client.release();
    }
  });
});

describe("functions sending together", () => {
  test("have their statements written at once on the transaction's connection, each answered its own", async () => {
    let answers: unknown[] = [];
    const events = await wireEvents(() =>
      database.db.transaction().execute(async (trx) => {
        await insertOf(5).execute(trx);
        answers = await sendingTogether(trx, (db) =>
          Promise.all([
            db
              .selectFrom("pipelined" as never)
              .select(sql<number>`count(*)::int`.as("count"))
              .execute(),
            sql<{ doubled: number }>`SELECT 2 * ${21}::int AS doubled`.execute(db).then((result) => result.rows),
          ]),
        );
      }),
    );
    const sent = events.filter((event) => event.startsWith("sent ")).slice(2, 4);
    expect(sent).toHaveLength(2);
    // Both written before the first of them was answered: one round trip for the two.
    const firstAnswer = events.findIndex((event, index) => index > 3 && event.startsWith("answered "));
    expect(events.indexOf(sent[1] as string)).toBeLessThan(firstAnswer);
    expect(answers).toEqual([[{ count: 1 }], [{ doubled: 42 }]]);
  });

  test("can begin no transaction of their own", async () => {
    await expect(
      database.db
        .transaction()
        .execute((trx) => sendingTogether(trx, (db) => db.transaction().execute(async () => "nested"))),
    ).rejects.toThrow("A transaction's statements sent together begin no transaction");
  });
});

describe("a statement sent before COMMIT", () => {
  async function writeWithLast(db: Database, last: number): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await insertOf(10).execute(trx);
      await sendBeforeCommit(trx, insertOf(last).compile(trx));
    });
  }

  test("goes out with the COMMIT, before its own answer", async () => {
    const events = await wireEvents(() => writeWithLast(database.db, 11));
    expect(events.slice(-4)).toEqual([
      "sent INSERT INTO pipelined (id) VALUES ($1)",
      "sent commit",
      "answered INSERT INTO pipelined (id) VALUES ($1)",
      "answered commit",
    ]);
    expect(await storedIds()).toEqual([10, 11]);
  });

  test("that fails fails the transaction, and nothing of it is written", async () => {
    // 10 again: the last insert breaks the primary key, after COMMIT was already sent behind it.
    await expect(writeWithLast(database.db, 10)).rejects.toThrow(/duplicate key/);
    expect(await storedIds()).toEqual([]);
    await writeWithLast(database.db, 12);
    expect(await storedIds()).toEqual([10, 12]);
  });

  test("outside a transaction is simply run", async () => {
    await sendBeforeCommit(database.db, insertOf(13).compile(database.db));
    expect(await storedIds()).toEqual([13]);
  });
});
