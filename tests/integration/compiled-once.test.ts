// db/compiled-once.ts (issue 31): a fixed query compiled once answers each use with that use's own
// arguments, and refuses a build that does not pass every argument as a parameter.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { compiledOnce } from "../../apps/server/src/db/compiled-once.ts";
import type { Database } from "../../apps/server/src/db/database.ts";
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
});
