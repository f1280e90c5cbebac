import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  buildTestApp,
  createSignedInUser,
  createUser,
  getMe,
  insertBareUsers,
  mailTo,
  randomIp,
  requestSignInCode,
  send,
  signIn,
  submitCode,
  submitPassword,
  type TestApp,
  type TestUser,
} from "./helpers.ts";

let ferry: TestApp;
let admin: TestUser & { cookie: string };

beforeAll(async () => {
  ferry = await buildTestApp();
  admin = await createSignedInUser(ferry, { label: "admin", isAdmin: true });
});

afterAll(async () => {
  await ferry?.close();
});

async function setBanned(userId: string, action: "ban" | "unban") {
  return send(ferry.app, {
    method: "POST",
    url: `/api/v1/admin/users/${userId}/${action}`,
    ip: admin.ip,
    cookie: admin.cookie,
  });
}

describe("admin authorisation", () => {
  test("a customer gets 403 forbidden from the user list", async () => {
    const customer = await createSignedInUser(ferry, { label: "customer" });

    const response = await send(ferry.app, {
      method: "GET",
      url: "/api/v1/admin/users",
      ip: customer.ip,
      cookie: customer.cookie,
    });

    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe("forbidden");
  });

  test("without a session the user list answers 401", async () => {
    const response = await send(ferry.app, { method: "GET", url: "/api/v1/admin/users", ip: randomIp() });

    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("unauthenticated");
  });

  test("an admin finds a user by e-mail", async () => {
    const customer = await createUser(ferry, "findme");

    const response = await send(ferry.app, {
      method: "GET",
      url: `/api/v1/admin/users?search=${encodeURIComponent(customer.email)}`,
      ip: admin.ip,
      cookie: admin.cookie,
    });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.items).toEqual([
      expect.objectContaining({
        userId: customer.userId,
        email: customer.email,
        role: "user",
        status: "active",
        kycStatus: "pending",
        emailVerified: false,
      }),
    ]);
    expect(body.nextCursor).toBeNull();
  });

  test("a customer cannot ban another user", async () => {
    const customer = await createSignedInUser(ferry, { label: "notadmin" });
    const target = await createSignedInUser(ferry, { label: "target" });

    const response = await send(ferry.app, {
      method: "POST",
      url: `/api/v1/admin/users/${target.userId}/ban`,
      ip: customer.ip,
      cookie: customer.cookie,
    });

    expect(response.statusCode).toBe(403);
    expect((await getMe(ferry.app, target.cookie, target.ip)).statusCode).toBe(200);
  });

  test("an admin cannot ban their own account", async () => {
    const response = await setBanned(admin.userId, "ban");

    expect(response.statusCode).toBe(409);
    expect((await getMe(ferry.app, admin.cookie, admin.ip)).statusCode).toBe(200);
  });
});

/** Users written straight into the database with the given creation times; a search term that finds only them. */
async function insertUsersCreatedAt(createdAts: readonly string[]): Promise<{ search: string; userIds: string[] }> {
  const search = `paging-${randomUUID().slice(0, 8)}`;
  const users = await insertBareUsers(ferry.db, createdAts.length, search);
  for (const [index, user] of users.entries()) {
    await ferry.db
      .updateTable("user")
      .set({ createdAt: sql`${createdAts[index]}::timestamptz` })
      .where("id", "=", user.userId)
      .execute();
  }
  return { search, userIds: users.map((user) => user.userId) };
}

/** Every page of the admin user list for `search`, `limit` users a page, following `nextCursor`. */
async function walkUserList(search: string, limit: number) {
  const pages: { userIds: string[]; nextCursor: string | null }[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ search, limit: String(limit) });
    if (cursor) {
      params.set("cursor", cursor);
    }
    const response = await send(ferry.app, {
      method: "GET",
      url: `/api/v1/admin/users?${params.toString()}`,
      ip: admin.ip,
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { items: { userId: string }[]; nextCursor: string | null };
    pages.push({ userIds: body.items.map((user) => user.userId), nextCursor: body.nextCursor });
    cursor = body.nextCursor;
  } while (cursor && pages.length < 20);
  return pages;
}

describe("admin user list paging", () => {
  test("walks users created within the same millisecond page by page, each exactly once", async () => {
    // Microseconds apart inside one millisecond, two of them at the very same instant (the id decides).
    const { search, userIds } = await insertUsersCreatedAt([
      "2024-03-05T10:00:00.123101Z",
      "2024-03-05T10:00:00.123102Z",
      "2024-03-05T10:00:00.123103Z",
      "2024-03-05T10:00:00.123103Z",
      "2024-03-05T10:00:00.123104Z",
      "2024-03-05T10:00:00.123500Z",
      "2024-03-05T10:00:00.123999Z",
    ]);

    const pages = await walkUserList(search, 2);

    const seen = pages.flatMap((page) => page.userIds);
    expect(pages.map((page) => page.userIds.length)).toEqual([2, 2, 2, 1]);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...userIds].sort());
    expect(pages.at(-1)?.nextCursor).toBeNull();
  });

  test("a last page that is exactly full reports no next page", async () => {
    const { search } = await insertUsersCreatedAt([
      "2024-03-05T10:00:01Z",
      "2024-03-05T10:00:02Z",
      "2024-03-05T10:00:03Z",
      "2024-03-05T10:00:04Z",
    ]);

    const pages = await walkUserList(search, 2);

    expect(pages.map((page) => page.userIds.length)).toEqual([2, 2]);
    expect(pages[0].nextCursor).not.toBeNull();
    expect(pages[1].nextCursor).toBeNull();
  });

  test("a first page holding every user reports no next page", async () => {
    const { search, userIds } = await insertUsersCreatedAt(["2024-03-05T10:00:01Z", "2024-03-05T10:00:02Z"]);

    const pages = await walkUserList(search, 2);

    expect(pages).toEqual([{ userIds: [userIds[1], userIds[0]], nextCursor: null }]);
  });
});

describe("banned users", () => {
  test("a ban ends the user's existing session at once", async () => {
    const user = await createSignedInUser(ferry, { label: "banned-session" });
    expect((await getMe(ferry.app, user.cookie, user.ip)).statusCode).toBe(200);

    const banned = await setBanned(user.userId, "ban");

    expect(banned.statusCode).toBe(200);
    expect(banned.json()).toEqual({ status: "banned" });
    const me = await getMe(ferry.app, user.cookie, user.ip);
    expect(me.statusCode).toBe(401);
  });

  test("a banned user's sign-in is refused with 403 before any code is sent", async () => {
    const user = await createUser(ferry, "banned-signin");
    await setBanned(user.userId, "ban");
    const mailsBefore = await mailTo(ferry.db, user.email);

    const step = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: user.ip });

    expect(step.response.statusCode).toBe(403);
    expect(step.response.json().error.code).toBe("banned_user");
    expect(step.cookie).not.toMatch(/two_factor=|session_token=/);
    expect(await mailTo(ferry.db, user.email)).toEqual(mailsBefore);
  });

  test("a wrong password for a banned account answers 401, so the ban is not revealed without the password", async () => {
    const user = await createUser(ferry, "banned-wrongpw");
    await setBanned(user.userId, "ban");

    const step = await submitPassword(ferry.app, { email: user.email, password: "Wrong#Pass2026", ip: user.ip });

    expect(step.response.statusCode).toBe(401);
  });

  test("a ban also stops a sign-in that was waiting for its code", async () => {
    const user = await createUser(ferry, "banned-pending");
    const step = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: user.ip });
    const code = await requestSignInCode(ferry, user.email, step.cookie, user.ip);
    await setBanned(user.userId, "ban");

    const verified = await submitCode(ferry.app, step.cookie, code, user.ip);

    expect(verified.statusCode).toBe(403);
    const sessions = await ferry.db.selectFrom("session").select("id").where("userId", "=", user.userId).execute();
    expect(sessions).toEqual([]);
  });

  test("lifting the ban lets the user sign in again", async () => {
    const user = await createUser(ferry, "unbanned");
    await setBanned(user.userId, "ban");

    const unbanned = await setBanned(user.userId, "unban");

    expect(unbanned.statusCode).toBe(200);
    expect(unbanned.json()).toEqual({ status: "active" });
    const { cookie } = await signIn(ferry, user.email, user.password, { ip: user.ip });
    expect((await getMe(ferry.app, cookie, user.ip)).json()).toMatchObject({ userId: user.userId, status: "active" });
  });
});
