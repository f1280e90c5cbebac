import { MESSAGES } from "@ferry/core/messages";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  buildTestApp,
  createSignedInUser,
  createUser,
  GOOD_PASSWORD,
  getMe,
  mailTo,
  randomIp,
  readCodeFromMailbox,
  readLinkToken,
  send,
  signIn,
  signUp,
  type TestApp,
  uniqueEmail,
} from "./helpers.ts";

let ferry: TestApp;

beforeAll(async () => {
  ferry = await buildTestApp();
});

afterAll(async () => {
  await ferry?.close();
});

async function usersWithEmail(email: string) {
  return ferry.db.selectFrom("user").select(["id", "emailVerified"]).where("email", "=", email).execute();
}

describe("sign-up", () => {
  test("creates the user and their profile and mails a verification link", async () => {
    const email = uniqueEmail("signup");

    const response = await signUp(ferry.app, email, GOOD_PASSWORD, randomIp());

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
    const users = await usersWithEmail(email);
    expect(users).toHaveLength(1);
    expect(users[0].emailVerified).toBe(false);
    const profile = await ferry.db
      .selectFrom("profiles")
      .select(["kyc_status", "first_name"])
      .where("user_id", "=", users[0].id)
      .executeTakeFirst();
    expect(profile).toEqual({ kyc_status: "pending", first_name: "" });
    const mails = await mailTo(ferry.db, email);
    expect(mails.map((mail) => mail.subject)).toEqual(["Verify your e-mail"]);
    expect(mails[0].text_body).toContain("http://localhost:3000/verify-email?token=");
  });

  test("keeps the language the person signed up in: the cookie first, then Accept-Language (issue 29)", async () => {
    const languageOf = async (email: string) => {
      const [user] = await usersWithEmail(email);
      const row = await ferry.db
        .selectFrom("user_preferences")
        .select("language")
        .where("user_id", "=", user.id)
        .executeTakeFirst();
      return row?.language ?? "en (the default)";
    };
    const signUpWith = async (email: string, headers: Record<string, string>) => {
      const payload = { email, password: GOOD_PASSWORD };
      const url = "/api/v1/auth/sign-up";
      const response = await send(ferry.app, { method: "POST", url, ip: randomIp(), payload, headers });
      expect(response.statusCode).toBe(200);
    };
    const german = uniqueEmail("signup-de");
    await signUpWith(german, { "accept-language": "de-DE,de;q=0.9,en;q=0.5" });
    const french = uniqueEmail("signup-fr");
    await signUpWith(french, { "accept-language": "de-DE", cookie: "ferry_lang=fr" });
    const english = uniqueEmail("signup-en");
    await signUpWith(english, { "accept-language": "pt-BR" });
    expect([await languageOf(german), await languageOf(french), await languageOf(english)]).toEqual([
      "de",
      "fr",
      "en (the default)",
    ]);
  });

  test("answers a second sign-up with the same e-mail exactly like the first and mails the owner instead", async () => {
    const email = uniqueEmail("twice");
    const ip = randomIp();
    const first = await signUp(ferry.app, email, GOOD_PASSWORD, ip);

    const second = await signUp(ferry.app, email, "Another#Pass99", ip);

    expect(second.statusCode).toBe(first.statusCode);
    expect(second.body).toBe(first.body);
    expect(await usersWithEmail(email)).toHaveLength(1);
    const subjects = (await mailTo(ferry.db, email)).map((mail) => mail.subject);
    expect(subjects).toEqual(["You already have a Ferry account", "Verify your e-mail"]);
  });

  test("treats an e-mail in other letter case as the same account", async () => {
    const email = uniqueEmail("case");
    const ip = randomIp();
    await signUp(ferry.app, email, GOOD_PASSWORD, ip);

    const response = await signUp(ferry.app, email.toUpperCase(), GOOD_PASSWORD, ip);

    expect(response.statusCode).toBe(200);
    expect(await usersWithEmail(email)).toHaveLength(1);
    expect((await mailTo(ferry.db, email))[0].subject).toBe("You already have a Ferry account");
  });

  test.each([
    ["shorter than 8 characters", "Ab1#xyz"],
    ["without an uppercase letter", "ferry#test2026"],
    ["without a lowercase letter", "FERRY#TEST2026"],
    ["without a digit or symbol", "FerryTestPassword"],
  ])("refuses a password %s and creates nothing", async (_rule, password) => {
    const email = uniqueEmail("weak");

    const response = await signUp(ferry.app, email, password, randomIp());

    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe("validation_failed");
    expect(body.error.fields).toEqual({ password: MESSAGES.invalidPassword });
    expect(await usersWithEmail(email)).toEqual([]);
    expect(await mailTo(ferry.db, email)).toEqual([]);
  });

  test("refuses an invalid e-mail address and creates nothing", async () => {
    const email = `not-an-address-${randomIp()}`;

    const response = await signUp(ferry.app, email, GOOD_PASSWORD, randomIp());

    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe("validation_failed");
    expect(body.error.fields).toEqual({ email: MESSAGES.invalidEmail });
    expect(await usersWithEmail(email)).toEqual([]);
  });

  test("keeps Better Auth's own sign-up endpoint switched off", async () => {
    const email = uniqueEmail("direct");

    const response = await send(ferry.app, {
      method: "POST",
      url: "/api/auth/sign-up/email",
      ip: randomIp(),
      payload: { email, password: GOOD_PASSWORD, name: "Direct" },
    });

    expect(response.statusCode).toBe(404);
    expect(await usersWithEmail(email)).toEqual([]);
  });
});

describe("e-mail verification", () => {
  test("the link from the sign-up mail marks the address verified", async () => {
    const user = await createUser(ferry, "link");
    const token = await readLinkToken(ferry.db, user.email, "Verify your e-mail", "/verify-email");

    const response = await send(ferry.app, {
      method: "GET",
      url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
      ip: user.ip,
    });

    expect(response.statusCode).toBe(200);
    const { cookie } = await signIn(ferry, user.email, user.password, { ip: user.ip });
    const me = await getMe(ferry.app, cookie, user.ip);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: user.email, emailVerified: true });
  });

  test("a garbage verification token fails and verifies nothing", async () => {
    const user = await createUser(ferry, "garbage");

    const response = await send(ferry.app, {
      method: "GET",
      url: "/api/auth/verify-email?token=not-a-real-token",
      ip: user.ip,
    });

    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("invalid_token");
    expect(await usersWithEmail(user.email)).toEqual([{ id: user.userId, emailVerified: false }]);
  });

  test("the code from the dashboard banner verifies the address", async () => {
    const user = await createSignedInUser(ferry, { label: "code" });

    const sent = await send(ferry.app, {
      method: "POST",
      url: "/api/auth/email-otp/send-verification-otp",
      ip: user.ip,
      cookie: user.cookie,
      payload: { email: user.email, type: "email-verification" },
    });
    expect(sent.statusCode).toBe(200);
    const otp = await readCodeFromMailbox(ferry.db, user.email, "Verify your Ferry e-mail address");

    const verified = await send(ferry.app, {
      method: "POST",
      url: "/api/auth/email-otp/verify-email",
      ip: user.ip,
      cookie: user.cookie,
      payload: { email: user.email, otp },
    });

    expect(verified.statusCode).toBe(200);
    const me = await getMe(ferry.app, user.cookie, user.ip);
    expect(me.json()).toMatchObject({ email: user.email, emailVerified: true });
  });

  test("a wrong verification code leaves the address unverified", async () => {
    const user = await createSignedInUser(ferry, { label: "wrongcode" });
    await send(ferry.app, {
      method: "POST",
      url: "/api/auth/email-otp/send-verification-otp",
      ip: user.ip,
      cookie: user.cookie,
      payload: { email: user.email, type: "email-verification" },
    });
    const otp = await readCodeFromMailbox(ferry.db, user.email, "Verify your Ferry e-mail address");
    const wrongOtp = otp === "000000" ? "111111" : "000000";

    const response = await send(ferry.app, {
      method: "POST",
      url: "/api/auth/email-otp/verify-email",
      ip: user.ip,
      cookie: user.cookie,
      payload: { email: user.email, otp: wrongOtp },
    });

    expect(response.statusCode).toBe(400);
    const me = await getMe(ferry.app, user.cookie, user.ip);
    expect(me.json()).toMatchObject({ emailVerified: false });
  });
});
