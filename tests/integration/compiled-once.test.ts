// db/compiled-once.ts and db/unnest.ts (issue 31): a fixed statement compiled once answers each use with
// that use's own arguments, keeps one text for every use, and refuses a build that does not pass every
// argument as a parameter; an insert of many rows writes each value as it was given.

import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { compiledOnce, statementOnce } from "../../apps/server/src/db/compiled-once.ts";
import type { Database } from "../../apps/server/src/db/database.ts";
import { unnestInsert } from "../../apps/server/src/db/unnest.ts";
import { type BareUser, buildTestApp, insertBareUsers, type TestApp } from "./helpers.ts";

let ferry: TestApp;
let users: BareUser[];

beforeAll(async () => {
  ferry = await buildTestApp();
  users = await insertBareUsers(ferry.db, 3, "compiled-once");
});

afterAll(async () => {
  await ferry?.close();
});

describe("a query compiled once", () => {
  test("answers each use with its own arguments, wherever they sit in the statement", async () => {
    const [first, second, third] = users as [BareUser, BareUser, BareUser];
    const byEmailOrId = compiledOnce(
      (db: Database, email: string, id: string) =>
        db
          .selectFrom("user")
          .select(["id", "email"])
          .where((eb) => eb.or([eb("id", "=", id), eb("email", "=", email)]))
          .where("email", "like", "%compiled-once%")
          .orderBy("email"),
      2,
    );
    expect(await byEmailOrId(ferry.db, first.email, second.userId)).toEqual(
      [first, second]
        .map((user) => ({ id: user.userId, email: user.email }))
        .sort((a, b) => (a.email < b.email ? -1 : 1)),
    );
    expect(await byEmailOrId(ferry.db, third.email, third.userId)).toEqual([{ id: third.userId, email: third.email }]);
    expect(await byEmailOrId(ferry.db, "nobody@example.com", "no-such-id")).toEqual([]);
  });

  test("refuses a build that leaves an argument out", async () => {
    const unused = compiledOnce((db: Database, _email: string) => db.selectFrom("user").select("id").limit(1), 1);
    await expect(unused(ferry.db, "anyone@example.com")).rejects.toThrow(/each argument must be one parameter/);
  });

  test("keeps one text, and puts an argument in wherever the statement uses it", async () => {
    const both = statementOnce(
      (_db: Database, ids: readonly string[], label: string) =>
        sql<{ id: string; before: string; after: string }>`
          SELECT ${label}::text AS before, id, ${label}::text AS after FROM "user" WHERE id = ANY(${ids}::text[]) ORDER BY id`,
      2,
    );
    const [first, second] = users as [BareUser, BareUser];
    const one = both(ferry.db, [first.userId], "one");
    const two = both(ferry.db, [first.userId, second.userId], "two");
    expect(two.sql).toBe(one.sql);
    expect((await ferry.db.executeQuery(one)).rows).toEqual([{ before: "one", id: first.userId, after: "one" }]);
    expect((await ferry.db.executeQuery(two)).rows).toEqual(
      [first.userId, second.userId].sort().map((id) => ({ before: "two", id, after: "two" })),
    );
  });
});

describe("an insert of many rows as arrays", () => {
  test("writes every value as given, with one text whatever the number of rows", async () => {
    await sql`CREATE TEMPORARY TABLE unnest_probe (id int, label text, amount numeric, at timestamptz)`.execute(
      ferry.db,
    );
    const insert = unnestInsert<{ id: number; label: string | null; amount: string; at: Date | null }, { id: number }>(
      "unnest_probe",
      { id: "int", label: "text", amount: "numeric", at: "timestamptz" },
      "RETURNING id",
    );
    const at = new Date("2026-11-29T10:00:00.123Z");
    const awkward = ['say "hi"', "back\\slash", "a,b", "{braces}", "NULL", "", " spaced ", "Grüße 🙂", null];
    const rows = awkward.map((label, index) => ({
      id: index,
      label,
      amount: `${index + 1}0000000000000000000.0${index}`,
      at: index % 2 === 0 ? at : null,
    }));
    const many = insert(rows);
    expect(insert(rows.slice(0, 1)).sql).toBe(many.sql);
    expect((await ferry.db.executeQuery(many)).rows).toHaveLength(rows.length);
    const { rows: stored } = await sql<{ id: number; label: string | null; amount: string; at: Date | null }>`
      SELECT id, label, amount::text AS amount, at FROM unnest_probe ORDER BY id`.execute(ferry.db);
    expect(stored).toEqual(rows);
  });
});
