import { MESSAGES } from "@ferry/core/messages";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  allowConsoleErrors,
  buildTestApp,
  createSignedInUser,
  getMe,
  ORIGIN,
  profileForm,
  randomIp,
  send,
  type TestApp,
} from "./helpers.ts";

let ferry: TestApp;

beforeAll(async () => {
  ferry = await buildTestApp();
});

afterAll(async () => {
  await ferry?.close();
});

async function storedProfile(userId: string) {
  return ferry.db
    .selectFrom("profiles")
    .select(["first_name", "last_name", "city", "postal_code"])
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
}

describe("profile", () => {
  test("saves the personal-information form and returns it from /api/v1/me", async () => {
    const user = await createSignedInUser(ferry, { label: "profile" });

    const response = await send(ferry.app, {
      method: "PUT",
      url: "/api/v1/me/profile",
      ip: user.ip,
      cookie: user.cookie,
      payload: profileForm({ firstName: "  Ada ", city: "Paris" }),
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      userId: user.userId,
      firstName: "Ada",
      lastName: "Lovelace",
      city: "Paris",
    });
    expect(await storedProfile(user.userId)).toEqual({
      first_name: "Ada",
      last_name: "Lovelace",
      city: "Paris",
      postal_code: "NW1 6XE",
    });
    expect((await getMe(ferry.app, user.cookie, user.ip)).json()).toMatchObject({ firstName: "Ada", city: "Paris" });
  });

  test("/api/v1/me carries the App Preferences: the defaults until saved, then the saved ones", async () => {
    const user = await createSignedInUser(ferry, { label: "me-preferences" });
    expect((await getMe(ferry.app, user.cookie, user.ip)).json().preferences).toEqual({
      language: "en",
      currency: "USD",
      timeZone: "UTC",
      theme: "system",
    });
    const saved = { language: "de", currency: "JPY", timeZone: "Asia/Tokyo", theme: "dark" };
    const response = await send(ferry.app, {
      method: "PUT",
      url: "/api/v1/settings/preferences",
      ip: user.ip,
      cookie: user.cookie,
      payload: saved,
    });
    expect(response.statusCode, response.body).toBe(200);
    const me = (await getMe(ferry.app, user.cookie, user.ip)).json();
    expect(me.preferences).toEqual(saved);
    expect(me.userId).toBe(user.userId);
  });

  test("refuses a blank first name with the spec's message and saves nothing", async () => {
    const user = await createSignedInUser(ferry, { label: "blankname" });

    const response = await send(ferry.app, {
      method: "PUT",
      url: "/api/v1/me/profile",
      ip: user.ip,
      cookie: user.cookie,
      payload: profileForm({ firstName: "   " }),
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: "validation_failed",
      fields: { firstName: MESSAGES.firstNameRequired },
    });
    expect((await storedProfile(user.userId)).last_name).toBe("");
  });

  // A missing key fails zod's "expected string" check before .min(1, message) runs, so the generic
  // "Invalid input: expected string, received undefined" comes back instead of the spec's text.
  test("refuses a missing first name with the spec's message", async () => {
    const user = await createSignedInUser(ferry, { label: "missingname" });
    const { firstName: _omitted, ...withoutFirstName } = profileForm();

    const response = await send(ferry.app, {
      method: "PUT",
      url: "/api/v1/me/profile",
      ip: user.ip,
      cookie: user.cookie,
      payload: withoutFirstName,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("validation_failed");
    expect(response.json().error.fields.firstName).toBe(MESSAGES.firstNameRequired);
  });

  test("refuses a cookie-authenticated PUT without an Origin header", async () => {
    const user = await createSignedInUser(ferry, { label: "noorigin" });

    const response = await send(ferry.app, {
      method: "PUT",
      url: "/api/v1/me/profile",
      ip: user.ip,
      cookie: user.cookie,
      origin: null,
      payload: profileForm(),
    });

    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe("forbidden");
    expect((await storedProfile(user.userId)).first_name).toBe("");
  });

  test("refuses a cookie-authenticated PUT from another site", async () => {
    const user = await createSignedInUser(ferry, { label: "crosssite" });

    const response = await send(ferry.app, {
      method: "PUT",
      url: "/api/v1/me/profile",
      ip: user.ip,
      cookie: user.cookie,
      origin: "https://evil.example",
      payload: profileForm(),
    });

    expect(response.statusCode).toBe(403);
    expect((await storedProfile(user.userId)).first_name).toBe("");
  });

  test("accepts a cookie-authenticated PUT whose Referer is on the trusted origin", async () => {
    const user = await createSignedInUser(ferry, { label: "referer" });

    const response = await send(ferry.app, {
      method: "PUT",
      url: "/api/v1/me/profile",
      ip: user.ip,
      cookie: user.cookie,
      origin: null,
      headers: { referer: `${ORIGIN}/profile` },
      payload: profileForm(),
    });

    expect(response.statusCode).toBe(200);
    expect((await storedProfile(user.userId)).first_name).toBe("Ada");
  });

  // app.ts leaves CSRF protection of /api/auth/* to Better Auth, but Better Auth switches its origin
  // check off whenever process.env.NODE_ENV is "test" or TEST is set, unless the option is pinned.
  test("Better Auth's endpoints refuse a cookie-authenticated POST from another site", async () => {
    const user = await createSignedInUser(ferry, { label: "crosssite-auth" });

    const response = await send(ferry.app, {
      method: "POST",
      url: "/api/auth/sign-out",
      ip: user.ip,
      cookie: user.cookie,
      origin: "https://evil.example",
      payload: {},
    });
    allowConsoleErrors(/Invalid origin: https:\/\/evil\.example/);

    expect(response.statusCode).toBe(403);
    expect((await getMe(ferry.app, user.cookie, user.ip)).statusCode).toBe(200);
  });
});

describe("loopback names outside production (issue 14)", () => {
  test.each(["http://127.0.0.1:3000", "http://[::1]:3000"])(
    "a cookie-authenticated request from %s passes both origin checks",
    async (origin) => {
      const user = await createSignedInUser(ferry, { label: "loopback-origin" });
      const profile = await send(ferry.app, {
        method: "PUT",
        url: "/api/v1/me/profile",
        ip: user.ip,
        cookie: user.cookie,
        origin,
        payload: profileForm(),
      });
      const signOut = await send(ferry.app, {
        method: "POST",
        url: "/api/auth/sign-out",
        ip: user.ip,
        cookie: user.cookie,
        origin,
        payload: {},
      });

      expect(profile.statusCode, profile.body).toBe(200);
      expect(signOut.statusCode, signOut.body).toBe(200);
    },
  );
});

describe("errors", () => {
  test("malformed JSON gets 400 with the error shape and no internals", async () => {
    const response = await ferry.app.inject({
      method: "POST",
      url: "/api/v1/auth/sign-up",
      remoteAddress: randomIp(),
      headers: { "content-type": "application/json", origin: ORIGIN },
      payload: '{"email": "broken@ferry.test",',
    });

    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(Object.keys(body)).toEqual(["error"]);
    expect(Object.keys(body.error).sort()).toEqual(["code", "message"]);
    expect(body.error.code).toBe("validation_failed");
    expect(response.body).not.toMatch(/\bat .+:\d+:\d+|node_modules|stack/);
  });

  test("an unknown API path answers 404 as JSON", async () => {
    const response = await send(ferry.app, { method: "GET", url: "/api/v1/no-such-thing", ip: randomIp() });

    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/application\/json/);
    expect(response.json()).toEqual({
      error: { code: "not_found", message: "No route for GET /api/v1/no-such-thing" },
    });
  });

  test("an unknown Better Auth path answers 404 in Ferry's error shape", async () => {
    const response = await send(ferry.app, { method: "GET", url: "/api/auth/no-such-thing", ip: randomIp() });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
  });
});
