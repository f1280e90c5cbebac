import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setUserBanned } from "../../apps/server/src/modules/admin/service.ts";
import { applyLedger, systemAccountId } from "../../apps/server/src/modules/ledger/service.ts";
import {
  buildTestApp,
  createIsolatedDatabase,
  createSessionUser,
  createSignedInUser,
  createUser,
  fundWallet,
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
import { startSmtpServer, type TestSmtpServer, waitForMessage } from "./smtp-peer.ts";

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

/** Sends `method url` as the suite's admin, with an optional JSON body. */
async function asAdmin(method: "GET" | "POST" | "DELETE", url: string, payload?: unknown) {
  return send(ferry.app, { method, url, ip: admin.ip, cookie: admin.cookie, payload });
}

describe("the user list", () => {
  test("shows each user's non-zero balances per currency", async () => {
    const user = await createSessionUser(ferry, { label: "holder" });
    await fundWallet(ferry.db, user.userId, "USD", 12_345n);
    await fundWallet(ferry.db, user.userId, "BTC", 1_000n);

    const response = await asAdmin("GET", `/api/v1/admin/users?search=${encodeURIComponent(user.email)}`);

    expect(response.statusCode).toBe(200);
    const [item] = response.json().items;
    expect(item.balances).toEqual(
      expect.arrayContaining([
        { currency: "USD", balance: "123.45" },
        { currency: "BTC", balance: "0.00001000" },
      ]),
    );
    expect(item.balances).toHaveLength(2);
  });
});

describe("the last admin", () => {
  test("two admins banning each other at once leave one of them an admin", async () => {
    const first = await createSessionUser(ferry, { label: "admin-a", isAdmin: true });
    const second = await createSessionUser(ferry, { label: "admin-b", isAdmin: true });
    const ban = (actor: typeof first, target: typeof first) =>
      send(ferry.app, {
        method: "POST",
        url: `/api/v1/admin/users/${target.userId}/ban`,
        ip: actor.ip,
        cookie: actor.cookie,
      });

    const answers = await Promise.all([ban(first, second), ban(second, first)]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, expect.any(Number)]);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const banned = await ferry.db
      .selectFrom("user")
      .select("id")
      .where("id", "in", [first.userId, second.userId])
      .where("banned", "=", true)
      .execute();
    expect(banned).toHaveLength(1);
  });

  test("an admin whose own ban landed first cannot go on to remove another admin", async () => {
    const [actor, target] = await insertBareUsers(ferry.db, 2, "admin-race");
    await ferry.db
      .updateTable("user")
      .set({ role: "admin" })
      .where("id", "in", [actor.userId, target.userId])
      .execute();
    await ferry.db.updateTable("user").set({ banned: true }).where("id", "=", actor.userId).execute();

    const attempt = setUserBanned(ferry.db, { userId: actor.userId, clientAddress: null }, target.userId, true);

    await expect(attempt).rejects.toMatchObject({ code: "forbidden" });
    const row = await ferry.db.selectFrom("user").select("banned").where("id", "=", target.userId).executeTakeFirst();
    expect(row?.banned).not.toBe(true);
  });

  test("an admin cannot delete their own account", async () => {
    const response = await asAdmin("DELETE", `/api/v1/admin/users/${admin.userId}`);

    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe("You cannot delete your own account");
    expect((await getMe(ferry.app, admin.cookie, admin.ip)).statusCode).toBe(200);
  });
});

/** Moves the user's whole `amountMinor` of USD out to the payouts account, as a cash-out that was sent. */
async function payOut(userId: string, walletId: string, amountMinor: bigint): Promise<void> {
  await ferry.db.transaction().execute(async (trx) => {
    await applyLedger(trx, {
      create: [
        {
          transferKey: `test-payout:${randomUUID()}`,
          debitAccountId: walletId,
          creditAccountId: await systemAccountId(trx, "USD", "payouts"),
          amountMinor,
          currency: "USD",
          kind: "test_payout",
          state: "posted",
        },
      ],
    });
  });
  expect(userId).toBeTruthy();
}

describe("deleting a user", () => {
  test("is refused while the user holds a balance, and changes nothing", async () => {
    const user = await createSessionUser(ferry, { label: "rich" });
    await fundWallet(ferry.db, user.userId, "USD", 500n);

    const response = await asAdmin("DELETE", `/api/v1/admin/users/${user.userId}`);

    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      "This user still holds a balance in USD: it must be paid out before the account is deleted",
    );
    expect((await getMe(ferry.app, user.cookie, user.ip)).json()).toMatchObject({ email: user.email });
  });

  test("is refused while a deposit the user reported waits for review", async () => {
    const user = await createSessionUser(ferry, { label: "depositor" });
    const reported = await send(ferry.app, {
      method: "POST",
      url: "/api/v1/deposits",
      ip: user.ip,
      cookie: user.cookie,
      payload: { depositType: "bank", currency: "USD", amount: "25.00" },
    });
    expect(reported.statusCode).toBe(201);

    const response = await asAdmin("DELETE", `/api/v1/admin/users/${user.userId}`);

    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toMatch(/pending transfer or deposit/);
  });

  test("closes an account without money: personal data gone, ledger kept, sign-in refused, audited", async () => {
    const user = await createSignedInUser(ferry, { label: "leaver" });
    const as = (method: "PUT" | "POST", url: string, payload: unknown) =>
      send(ferry.app, { method, url, ip: user.ip, cookie: user.cookie, payload });
    const profile = { firstName: "Ada", lastName: "Leaver", phone: "+44 20 7946 0958", address: "1 Road" };
    expect((await as("PUT", "/api/v1/me/profile", profile)).statusCode).toBe(200);
    // A text message sent to their phone (an SMS alert): the number and the text go with the account.
    await ferry.db
      .insertInto("sms_outbox")
      .values({ user_id: user.userId, recipient: profile.phone, body: "Ferry: an alert" })
      .execute();
    const walletId = await fundWallet(ferry.db, user.userId, "USD", 1_000n);
    await payOut(user.userId, walletId, 1_000n);
    const ledgerBefore = await ferry.db
      .selectFrom("ledger_transfers")
      .select("id")
      .where((eb) => eb.or([eb("debit_account_id", "=", walletId), eb("credit_account_id", "=", walletId)]))
      .execute();

    const response = await asAdmin("DELETE", `/api/v1/admin/users/${user.userId}`);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "closed" });
    expect((await getMe(ferry.app, user.cookie, user.ip)).statusCode).toBe(401);
    const row = await ferry.db.selectFrom("user").selectAll().where("id", "=", user.userId).executeTakeFirstOrThrow();
    expect(row.email).toBe(`closed-${user.userId}@closed.invalid`);
    expect(row.name).not.toContain(user.email);
    const person = await ferry.db
      .selectFrom("profiles")
      .selectAll()
      .where("user_id", "=", user.userId)
      .executeTakeFirst();
    expect([person?.first_name, person?.last_name, person?.phone, person?.address]).toEqual(["", "", "", ""]);
    const texts = await ferry.db.selectFrom("sms_outbox").select("id").where("user_id", "=", user.userId).execute();
    expect(texts).toEqual([]);
    // The copies of the e-mails sent to them (sign-in codes among them) go too.
    const mails = await ferry.db
      .selectFrom("mail_outbox")
      .select("id")
      .where((eb) => eb(eb.fn("lower", ["recipient"]), "=", user.email.toLowerCase()))
      .execute();
    expect(mails).toEqual([]);
    const credentials = await ferry.db.selectFrom("account").select("id").where("userId", "=", user.userId).execute();
    expect(credentials).toEqual([]);
    const ledgerAfter = await ferry.db
      .selectFrom("ledger_transfers")
      .select("id")
      .where((eb) => eb.or([eb("debit_account_id", "=", walletId), eb("credit_account_id", "=", walletId)]))
      .execute();
    expect(ledgerAfter).toEqual(ledgerBefore);
    const wallet = await ferry.db
      .selectFrom("ledger_accounts")
      .select("owner_user_id")
      .where("id", "=", walletId)
      .executeTakeFirst();
    expect(wallet?.owner_user_id).toBe(user.userId);
    const signIn = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: user.ip });
    expect(signIn.response.statusCode).toBe(401);
    const listed = await asAdmin("GET", `/api/v1/admin/users?search=${user.userId}`);
    expect(listed.json().items).toEqual([]);
    expect((await asAdmin("GET", `/api/v1/admin/users/${user.userId}`)).statusCode).toBe(404);
    const audit = await ferry.db
      .selectFrom("audit_log")
      .selectAll()
      .where("subject_id", "=", user.userId)
      .where("action", "=", "user.delete")
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        actor_user_id: admin.userId,
        before: { status: "active" },
        after: { status: "closed" },
      }),
    ]);
  });
});

describe("the user detail view", () => {
  test("shows the profile, balances, recent transactions, help requests and live sessions", async () => {
    const user = await createSessionUser(ferry, { label: "detail" });
    await fundWallet(ferry.db, user.userId, "EUR", 2_500n);
    const opened = await asAdmin("POST", `/api/v1/admin/users/${user.userId}/help-requests`, {
      subject: "Your documents",
      message: "Please upload your proof of address.",
      priority: "high",
    });
    expect(opened.statusCode).toBe(201);

    const response = await asAdmin("GET", `/api/v1/admin/users/${user.userId}`);

    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail.profile).toMatchObject({ userId: user.userId, email: user.email, status: "active" });
    expect(detail.balances).toContainEqual(expect.objectContaining({ currency: "EUR", balance: "25.00" }));
    expect(detail.recentTransactions).toEqual([expect.objectContaining({ type: "deposit", amount: "25.00" })]);
    expect(detail.recentHelpRequests).toEqual([
      expect.objectContaining({ subject: "[ADMIN] Your documents", status: "open", priority: "high" }),
    ]);
    expect(detail.sessions).toHaveLength(1);
    expect(JSON.stringify(detail.sessions)).not.toContain("token");
  });

  test("an unknown user is a 404", async () => {
    expect((await asAdmin("GET", `/api/v1/admin/users/${randomUUID()}`)).statusCode).toBe(404);
  });
});

describe("Contact User", () => {
  test("a help request opened for the user starts open with '[ADMIN] ' and appears on their /help", async () => {
    const user = await createSessionUser(ferry, { label: "helped" });

    const response = await asAdmin("POST", `/api/v1/admin/users/${user.userId}/help-requests`, {
      subject: "Account review",
      message: "We need to talk about your account.",
      priority: "urgent",
    });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ subject: "[ADMIN] Account review", status: "open", priority: "urgent" });
    const theirs = await send(ferry.app, {
      method: "GET",
      url: "/api/v1/help-requests",
      ip: user.ip,
      cookie: user.cookie,
    });
    expect(theirs.json().items).toEqual([expect.objectContaining({ id: response.json().id, status: "open" })]);
    const audit = await ferry.db
      .selectFrom("audit_log")
      .select(["actor_user_id", "action"])
      .where("subject_id", "=", response.json().id)
      .execute();
    expect(audit).toEqual([{ actor_user_id: admin.userId, action: "help_request.create" }]);
  });

  test("an e-mail and a help request need a subject and a message", async () => {
    const user = await createSessionUser(ferry, { label: "blank" });

    const email = await asAdmin("POST", `/api/v1/admin/users/${user.userId}/emails`, { subject: " ", message: "" });
    const help = await asAdmin("POST", `/api/v1/admin/users/${user.userId}/help-requests`, {
      subject: "",
      message: "",
    });

    for (const response of [email, help]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ subject: "Subject is required", message: "Message is required" });
    }
    expect(await mailTo(ferry.db, user.email)).toEqual([]);
  });
});

describe("Contact User's e-mail over SMTP", () => {
  let smtp: TestSmtpServer;
  let mailing: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    mailing = await buildTestApp(
      { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: "Ferry <no-reply@ferry.test>" },
      { databaseUrl: await createIsolatedDatabase("adminmail") },
    );
  });

  afterAll(async () => {
    await mailing?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.server.close(() => resolve()) : resolve()));
  });

  test("is delivered to the user's address by the mail queue, and audited", async () => {
    const mailer = await createSessionUser(mailing, { label: "mailer", isAdmin: true });
    const user = await createSessionUser(mailing, { label: "mailed" });

    const response = await send(mailing.app, {
      method: "POST",
      url: `/api/v1/admin/users/${user.userId}/emails`,
      ip: mailer.ip,
      cookie: mailer.cookie,
      payload: { subject: "About your transfer", message: "Your transfer to Ada has been released." },
    });

    expect(response.statusCode).toBe(202);
    const delivered = await waitForMessage(mailing, smtp.received, (mail) => mail.to.includes(user.email));
    expect(delivered.raw).toContain("Subject: About your transfer");
    expect(delivered.raw).toContain("Your transfer to Ada has been released.");
    const audit = await mailing.db
      .selectFrom("audit_log")
      .select("action")
      .where("subject_id", "=", user.userId)
      .execute();
    expect(audit).toEqual([{ action: "user.email" }]);
  });
});
