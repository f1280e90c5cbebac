// The guards' session read (issue 31, modules/auth/session-reader.ts): one statement for a live
// session, Better Auth's getSession for everything else, and nothing cached — a ban, a sign-out, a
// revoked or timed-out session is refused on its very next request, by this process and by another
// one on the same database.

import { createHmac } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { buildTestApp, createSessionUser, type SessionUser, send, type TestApp } from "./helpers.ts";

let ferry: TestApp;
/** A second Ferry on the same database: another process, as far as sessions go. */
let other: TestApp;

beforeAll(async () => {
  [ferry, other] = await Promise.all([buildTestApp(), buildTestApp()]);
});

afterAll(async () => {
  await Promise.all([ferry?.close(), other?.close()]);
});

function me(app: TestApp, user: SessionUser, cookie = user.cookie) {
  return send(app.app, { method: "GET", url: "/api/v1/me", ip: user.ip, cookie });
}

async function expectBothAdmit(user: SessionUser): Promise<void> {
  for (const app of [ferry, other]) {
    const response = await me(app, user);
    expect(response.statusCode, response.body).toBe(200);
  }
}

async function expectBothRefuse(user: SessionUser): Promise<void> {
  for (const app of [ferry, other]) {
    expect((await me(app, user)).statusCode).toBe(401);
  }
}

describe("the session read", () => {
  test("admits a live session in both processes and refuses a cookie whose signature is wrong", async () => {
    const user = await createSessionUser(ferry, { label: "read-live" });
    await expectBothAdmit(user);
    const [name, value] = user.cookie.split("=");
    const token = decodeURIComponent(value ?? "").split(".")[0];
    const forged = `${name}=${encodeURIComponent(`${token}.${"A".repeat(43)}=`)}`;
    expect((await me(ferry, user, forged)).statusCode).toBe(401);
  });

  test("a live session is read in one statement, without Better Auth's getSession; remembered or not", async () => {
    const remembered = await createSessionUser(ferry, { label: "read-fast" });
    const context = await ferry.auth.$context;
    const notRemembered = await createSessionUser(ferry, { label: "read-fast-short" });
    // "Remember me" off: a signed dont_remember cookie and a session of a day, which Better Auth never extends.
    await sql`UPDATE session SET "expiresAt" = now() + interval '1 day' WHERE "userId" = ${notRemembered.userId}`.execute(
      ferry.db,
    );
    const signature = createHmac("sha256", context.secret).update("true").digest("base64");
    const dontRemember = `${context.authCookies.dontRememberToken.name}=${encodeURIComponent(`true.${signature}`)}`;
    const getSession = vi.spyOn(ferry.auth.api, "getSession");
    try {
      expect((await me(ferry, remembered)).statusCode).toBe(200);
      expect((await me(ferry, notRemembered, `${notRemembered.cookie}; ${dontRemember}`)).statusCode).toBe(200);
      expect(getSession).not.toHaveBeenCalled();
      // Without its dont_remember cookie the same day-long session is due for Better Auth's refresh.
      expect((await me(ferry, notRemembered)).statusCode).toBe(200);
      expect(getSession).toHaveBeenCalledTimes(1);
    } finally {
      getSession.mockRestore();
    }
  });

  test("a ban is refused on the very next request, in both processes", async () => {
    const user = await createSessionUser(ferry, { label: "read-ban" });
    await expectBothAdmit(user);
    await ferry.db.updateTable("user").set({ banned: true }).where("id", "=", user.userId).execute();
    await expectBothRefuse(user);
  });

  test("a signed-out (deleted) session is refused on the very next request, in both processes", async () => {
    const user = await createSessionUser(ferry, { label: "read-sign-out" });
    await expectBothAdmit(user);
    const signOut = await send(other.app, {
      method: "POST",
      url: "/api/auth/sign-out",
      ip: user.ip,
      cookie: user.cookie,
      payload: {},
    });
    expect(signOut.statusCode, signOut.body).toBe(200);
    await expectBothRefuse(user);
  });

  test("a session idle past its owner's timeout is refused on the next request, in both processes", async () => {
    const user = await createSessionUser(ferry, { label: "read-idle" });
    await expectBothAdmit(user);
    await sql`UPDATE session SET "lastActiveAt" = now() - interval '2 days' WHERE "userId" = ${user.userId}`.execute(
      ferry.db,
    );
    await expectBothRefuse(user);
  });

  test("activity is written at most once a minute: a recent record is left as it is", async () => {
    const user = await createSessionUser(ferry, { label: "read-activity" });
    const lastActiveOf = async () =>
      (
        await ferry.db
          .selectFrom("session")
          .select("lastActiveAt")
          .where("userId", "=", user.userId)
          .executeTakeFirstOrThrow()
      ).lastActiveAt;
    await sql`UPDATE session SET "lastActiveAt" = now() - interval '5 minutes' WHERE "userId" = ${user.userId}`.execute(
      ferry.db,
    );
    await expectBothAdmit(user);
    const written = new Date(await lastActiveOf()).getTime();
    expect(Date.now() - written).toBeLessThan(30_000);
    await expectBothAdmit(user);
    expect(new Date(await lastActiveOf()).getTime()).toBe(written);
  });

  test("a session due for its daily refresh is handed to Better Auth, which extends it", async () => {
    const user = await createSessionUser(ferry, { label: "read-refresh" });
    // Extended 2 days ago: older than updateAge (1 day), so Better Auth's rule says refresh now.
    await sql`UPDATE session SET "expiresAt" = "expiresAt" - interval '2 days' WHERE "userId" = ${user.userId}`.execute(
      ferry.db,
    );
    const before = await ferry.db
      .selectFrom("session")
      .select("expiresAt")
      .where("userId", "=", user.userId)
      .executeTakeFirstOrThrow();
    expect((await me(ferry, user)).statusCode).toBe(200);
    const after = await ferry.db
      .selectFrom("session")
      .select("expiresAt")
      .where("userId", "=", user.userId)
      .executeTakeFirstOrThrow();
    expect(new Date(after.expiresAt).getTime()).toBeGreaterThan(new Date(before.expiresAt).getTime());
  });

  test("an expired session is refused and Better Auth deletes it", async () => {
    const user = await createSessionUser(ferry, { label: "read-expired" });
    await sql`UPDATE session SET "expiresAt" = now() - interval '1 minute' WHERE "userId" = ${user.userId}`.execute(
      ferry.db,
    );
    expect((await me(ferry, user)).statusCode).toBe(401);
    const left = await ferry.db.selectFrom("session").select("id").where("userId", "=", user.userId).execute();
    expect(left).toEqual([]);
  });
});
