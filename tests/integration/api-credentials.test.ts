import { createHash, randomUUID } from "node:crypto";
import { CONNECT_MESSAGES, MAX_API_CREDENTIALS_PER_USER } from "@ferry/core/contracts/connect";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createCredential, requestCredentialCode, sendAsApp } from "./api-credential-support.ts";
import { BANK_RECIPIENT } from "./api-surface.ts";
import {
  type BareUser,
  buildTestApp,
  createSessionUser,
  createSignedInUser,
  fundWallet,
  insertBareUsers,
  issueCode,
  readCodeFromMailbox,
  type SessionUser,
  send,
  type TestApp,
} from "./helpers.ts";
import { base32Decode, clearOfStepEdge, totp } from "./totp.ts";

/*
 * Issue 28, API credentials (connected apps): the secret is never stored or shown again, regenerate and
 * disconnect revoke at once, a credential reaches only its owner's data, a banned owner's key stops,
 * the per-credential rate limit answers 429 with its headers, and an app's transfers keep the
 * transfers:write rules (confirmed destinations only, one currency, a daily limit) and are idempotent.
 */

let ferry: TestApp;

beforeAll(async () => {
  ferry = await buildTestApp();
});

afterAll(async () => {
  await ferry?.close();
});

function as(user: SessionUser, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) {
  return send(ferry.app, { method, url, ip: user.ip, cookie: user.cookie, payload });
}

async function credentialRow(id: string) {
  return ferry.db.selectFrom("api_credentials").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

describe("secrets", () => {
  test("the secret is shown once: the row and every later answer hold only its hash and last 4", async () => {
    const user = await createSessionUser(ferry, { label: "keys-secret" });
    const made = await createCredential(ferry, user, ["balances:read"]);
    expect(made.appId).toMatch(/^app_[A-Za-z0-9]{8}$/);
    expect(made.secret).toMatch(/^sk_[A-Za-z0-9]{32}$/);

    const row = await credentialRow(made.id);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(made.secret);
    expect(stored).not.toContain(made.secret.slice(3));
    expect(row.secret_hash).not.toBe(createHash("sha256").update(made.secret).digest("hex"));
    expect(row.secret_last4).toBe(made.secret.slice(-4));

    const list = await as(user, "GET", "/api/v1/api-credentials");
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(made.secret);
    expect(list.json().items).toEqual([expect.objectContaining({ id: made.id, secretLast4: made.secret.slice(-4) })]);
    expect(list.json().items[0]).not.toHaveProperty("secret");

    // Regenerating another credential shows that one's new secret, never this one's.
    const other = await createCredential(ferry, user, ["transactions:read"]);
    const regenerated = await as(user, "POST", `/api/v1/api-credentials/${other.id}/regenerate`, {});
    expect(regenerated.statusCode).toBe(200);
    expect(regenerated.body).not.toContain(made.secret);
  });

  test("regenerate refuses the old secret at once and admits the new one", async () => {
    const user = await createSessionUser(ferry, { label: "keys-regenerate" });
    const made = await createCredential(ferry, user, ["balances:read"]);
    expect((await sendAsApp(ferry, made.authorization, { method: "GET", url: "/api/v1/balances" })).statusCode).toBe(
      200,
    );

    const response = await as(user, "POST", `/api/v1/api-credentials/${made.id}/regenerate`, {});
    expect(response.statusCode, response.body).toBe(200);
    const renewed = response.json() as { appId: string; secret: string };
    expect(renewed.appId).toBe(made.appId);
    expect(renewed.secret).not.toBe(made.secret);

    const old = await sendAsApp(ferry, made.authorization, { method: "GET", url: "/api/v1/balances" });
    expect(old.statusCode).toBe(401);
    expect(old.json().error.code).toBe("unauthenticated");
    const fresh = `Bearer ${renewed.appId}:${renewed.secret}`;
    expect((await sendAsApp(ferry, fresh, { method: "GET", url: "/api/v1/balances" })).statusCode).toBe(200);
    // HTTP Basic carries the same credential.
    const basic = `Basic ${Buffer.from(`${renewed.appId}:${renewed.secret}`).toString("base64")}`;
    expect((await sendAsApp(ferry, basic, { method: "GET", url: "/api/v1/balances" })).statusCode).toBe(200);

    const audit = await ferry.db.selectFrom("audit_log").select("action").where("subject_id", "=", made.id).execute();
    expect(audit.map((entry) => entry.action).sort()).toEqual(["api_credential.create", "api_credential.regenerate"]);
  });

  test("disconnect revokes at once and the app is listed no more", async () => {
    const user = await createSessionUser(ferry, { label: "keys-disconnect" });
    const made = await createCredential(ferry, user, ["balances:read"]);
    const response = await as(user, "DELETE", `/api/v1/api-credentials/${made.id}`);
    expect(response.statusCode, response.body).toBe(204);
    expect((await sendAsApp(ferry, made.authorization, { method: "GET", url: "/api/v1/balances" })).statusCode).toBe(
      401,
    );
    expect((await as(user, "GET", "/api/v1/api-credentials")).json().items).toEqual([]);
    expect((await credentialRow(made.id)).revoked_at).not.toBeNull();
  });

  test("a user holds at most MAX_API_CREDENTIALS_PER_USER, listed newest first; a disconnected one frees its place", async () => {
    const user = await createSessionUser(ferry, { label: "keys-max" });
    const made: string[] = [];
    for (let index = 0; index < MAX_API_CREDENTIALS_PER_USER; index += 1) {
      made.push((await createCredential(ferry, user, ["balances:read"])).id);
    }
    const refused = await as(user, "POST", "/api/v1/api-credentials", { name: "One more", scopes: ["balances:read"] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(CONNECT_MESSAGES.tooManyCredentials);
    const listed = (await as(user, "GET", "/api/v1/api-credentials"))
      .json()
      .items.map((item: { id: string }) => item.id);
    expect(listed).toEqual([...made].reverse());
    expect((await as(user, "DELETE", `/api/v1/api-credentials/${made[0]}`)).statusCode).toBe(204);
    expect(
      (await as(user, "POST", "/api/v1/api-credentials", { name: "One more", scopes: ["balances:read"] })).statusCode,
    ).toBe(201);
  });

  test("another user can neither regenerate nor disconnect a credential", async () => {
    const owner = await createSessionUser(ferry, { label: "keys-owner" });
    const stranger = await createSessionUser(ferry, { label: "keys-stranger" });
    const made = await createCredential(ferry, owner, ["balances:read"]);
    expect((await as(stranger, "POST", `/api/v1/api-credentials/${made.id}/regenerate`, {})).statusCode).toBe(404);
    expect((await as(stranger, "DELETE", `/api/v1/api-credentials/${made.id}`)).statusCode).toBe(404);
    expect((await sendAsApp(ferry, made.authorization, { method: "GET", url: "/api/v1/balances" })).statusCode).toBe(
      200,
    );
  });

  test("a credential cannot manage credentials, even with every scope", async () => {
    const user = await createSessionUser(ferry, { label: "keys-self" });
    const made = await createCredential(ferry, user, ["balances:read", "transactions:read", "recipients:read"]);
    const listed = await sendAsApp(ferry, made.authorization, { method: "GET", url: "/api/v1/api-credentials" });
    expect(listed.statusCode).toBe(403);
    expect(listed.json().error.message).toBe("This route is not available to API credentials");
    const minted = await sendAsApp(ferry, made.authorization, {
      method: "POST",
      url: "/api/v1/api-credentials",
      payload: { name: "Minted", scopes: ["balances:read"] },
    });
    expect(minted.statusCode).toBe(403);
  });

  test("a malformed or unknown Authorization header is refused, never read as the session", async () => {
    const user = await createSessionUser(ferry, { label: "keys-malformed" });
    for (const authorization of ["Bearer nonsense", "Bearer app_AAAAAAAA:sk_x", "Token abc", "Basic !!!"]) {
      const response = await send(ferry.app, {
        method: "GET",
        url: "/api/v1/balances",
        ip: user.ip,
        cookie: user.cookie,
        headers: { authorization },
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json().error.code).toBe("unauthenticated");
    }
  });
});

describe("creating a credential that sends money", () => {
  test("needs a daily limit and a second-factor code; a wrong code creates nothing", async () => {
    const user = await createSessionUser(ferry, { label: "keys-write" });
    const base = { name: "Payouts", scopes: ["transfers:write"] };
    const missing = await as(user, "POST", "/api/v1/api-credentials", base);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().error.fields).sort()).toEqual(["code", "transferLimit"]);

    const code = await requestCredentialCode(ferry, user);
    const wrong = code === "000000" ? "111111" : "000000";
    const limit = { currency: "USD", amount: "50.00" };
    const refused = await as(user, "POST", "/api/v1/api-credentials", { ...base, transferLimit: limit, code: wrong });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe("invalid_code");
    expect((await as(user, "GET", "/api/v1/api-credentials")).json().items).toEqual([]);

    const made = await as(user, "POST", "/api/v1/api-credentials", { ...base, transferLimit: limit, code });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().transferLimit).toEqual({ currency: "USD", amount: "50.00" });
    // The code is used up.
    const again = await as(user, "POST", "/api/v1/api-credentials", { ...base, transferLimit: limit, code });
    expect(again.statusCode).toBe(422);
  });
});

describe("creating a credential that sends money, with an authenticator app", () => {
  test("its code confirms, once; no code is e-mailed instead", async () => {
    const user = await createSignedInUser(ferry, { label: "keys-totp" });
    const started = await as(user, "POST", "/api/v1/auth/authenticator", { password: user.password });
    expect(started.statusCode, started.body).toBe(200);
    const key = base32Decode((started.json() as { secret: string }).secret);
    await clearOfStepEdge();
    // The previous step's code confirms enrolment, leaving the current one for the credential.
    const confirmed = await as(user, "POST", "/api/v1/auth/authenticator/confirm", {
      code: totp(key, Date.now() / 1000 - 30),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const mailed = await as(user, "POST", "/api/v1/api-credentials/code", {});
    expect(mailed.statusCode).toBe(409);
    const request = {
      name: "Payouts",
      scopes: ["transfers:write"],
      transferLimit: { currency: "USD", amount: "20.00" },
    };
    const code = totp(key, Date.now() / 1000);
    const wrong = code === "000000" ? "111111" : "000000";
    const refused = await as(user, "POST", "/api/v1/api-credentials", { ...request, code: wrong });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe("invalid_code");
    const made = await as(user, "POST", "/api/v1/api-credentials", { ...request, code });
    expect(made.statusCode, made.body).toBe(201);
    const replayed = await as(user, "POST", "/api/v1/api-credentials", { ...request, code });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json().error.code).toBe("code_already_used");
  });
});

describe("regenerating a credential that sends money (issue 28)", () => {
  async function balancesAs(authorization: string) {
    return (await sendAsApp(ferry, authorization, { method: "GET", url: "/api/v1/balances" })).statusCode;
  }

  test("needs a fresh code bound to it, as creating one does: none, a wrong one, a create code are refused", async () => {
    const user = await createSessionUser(ferry, { label: "keys-regen-write" });
    const made = await createCredential(ferry, user, ["balances:read", "transfers:write"]);
    const url = `/api/v1/api-credentials/${made.id}/regenerate`;

    for (const payload of [{}, undefined]) {
      const missing = await as(user, "POST", url, payload);
      expect(missing.statusCode, missing.body).toBe(400);
      expect(missing.json().error).toEqual({
        code: "validation_failed",
        message: CONNECT_MESSAGES.codeRequired,
        fields: { code: CONNECT_MESSAGES.codeRequired },
      });
    }
    expect(await balancesAs(made.authorization)).toBe(200);

    // A code e-mailed for creating a credential is not one for regenerating this one.
    const createCode = await requestCredentialCode(ferry, user);
    const replayed = await as(user, "POST", url, { code: createCode });
    expect(replayed.statusCode, replayed.body).toBe(422);
    expect(replayed.json().error.code).toBe("invalid_code");

    const mailed = await as(user, "POST", `/api/v1/api-credentials/${made.id}/code`, {});
    expect(mailed.statusCode, mailed.body).toBe(200);
    const code = await readCodeFromMailbox(ferry.db, user.email, "regenerate a connected app");
    const wrong = code === "000000" ? "111111" : "000000";
    const refused = await as(user, "POST", url, { code: wrong });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error.code).toBe("invalid_code");
    // The wrong try is counted on the code, committed though nothing else changed.
    const issued = await ferry.db
      .selectFrom("transfer_codes")
      .select("attempts")
      .where("user_id", "=", user.userId)
      .where("consumed_at", "is", null)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(issued.attempts).toBe(1);
    expect(await balancesAs(made.authorization)).toBe(200);
    expect((await credentialRow(made.id)).secret_last4).toBe(made.secret.slice(-4));

    const renewed = await as(user, "POST", url, { code });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const { appId, secret } = renewed.json() as { appId: string; secret: string };
    expect(secret).not.toBe(made.secret);
    expect(await balancesAs(made.authorization)).toBe(401);
    expect(await balancesAs(`Bearer ${appId}:${secret}`)).toBe(200);
    // The code is used up.
    expect((await as(user, "POST", url, { code })).statusCode).toBe(422);
  });

  test("a credential that cannot send money regenerates without a code, and gets none e-mailed", async () => {
    const user = await createSessionUser(ferry, { label: "keys-regen-read" });
    const made = await createCredential(ferry, user, ["balances:read"]);
    const mailed = await as(user, "POST", `/api/v1/api-credentials/${made.id}/code`, {});
    expect(mailed.statusCode, mailed.body).toBe(409);
    const renewed = await as(user, "POST", `/api/v1/api-credentials/${made.id}/regenerate`, {});
    expect(renewed.statusCode, renewed.body).toBe(200);
  });

  test("with an authenticator app, its code confirms and a wrong one counts on the account", async () => {
    const user = await createSignedInUser(ferry, { label: "keys-regen-totp" });
    const started = await as(user, "POST", "/api/v1/auth/authenticator", { password: user.password });
    expect(started.statusCode, started.body).toBe(200);
    const key = base32Decode((started.json() as { secret: string }).secret);
    // Three steps' codes, each accepted once and in order: the previous, the current, the next.
    await clearOfStepEdge(15);
    const confirmed = await as(user, "POST", "/api/v1/auth/authenticator/confirm", {
      code: totp(key, Date.now() / 1000 - 30),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const created = await as(user, "POST", "/api/v1/api-credentials", {
      name: "Payouts",
      scopes: ["balances:read", "transfers:write"],
      transferLimit: { currency: "USD", amount: "20.00" },
      code: totp(key, Date.now() / 1000),
    });
    expect(created.statusCode, created.body).toBe(201);
    const made = created.json() as { id: string; appId: string; secret: string };
    const url = `/api/v1/api-credentials/${made.id}/regenerate`;

    expect((await as(user, "POST", `/api/v1/api-credentials/${made.id}/code`, {})).statusCode).toBe(409);
    const code = totp(key, Date.now() / 1000 + 30);
    const wrong = code === "000000" ? "111111" : "000000";
    const refused = await as(user, "POST", url, { code: wrong });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error.code).toBe("invalid_code");
    const counted = await ferry.db
      .selectFrom("rate_limit_hits")
      .select("key")
      .where("key", "=", `code-wrong:account:${user.userId}`)
      .execute();
    expect(counted).toHaveLength(1);
    expect(await balancesAs(`Bearer ${made.appId}:${made.secret}`)).toBe(200);

    const renewed = await as(user, "POST", url, { code });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(await balancesAs(`Bearer ${made.appId}:${made.secret}`)).toBe(401);
  });
});

describe("reach", () => {
  test("A's credential never reaches B's data", async () => {
    const alice = await createSessionUser(ferry, { label: "keys-alice" });
    const bob = await createSessionUser(ferry, { label: "keys-bob" });
    const [payee] = await insertBareUsers(ferry.db, 1, "keys-payee");
    await fundWallet(ferry.db, bob.userId, "USD", 10_000n);
    const bobTransfer = await personTransfer(bob, payee, "2.00");
    await fundWallet(ferry.db, alice.userId, "EUR", 700n);
    const made = await createCredential(ferry, alice, ["balances:read", "transactions:read", "recipients:read"]);

    const balances = await sendAsApp(ferry, made.authorization, { method: "GET", url: "/api/v1/balances" });
    expect(balances.statusCode).toBe(200);
    expect(balances.body).not.toContain("98.00");
    const transfer = await sendAsApp(ferry, made.authorization, {
      method: "GET",
      url: `/api/v1/transfers/${bobTransfer}`,
    });
    expect(transfer.statusCode).toBe(404);
    const history = await sendAsApp(ferry, made.authorization, { method: "GET", url: "/api/v1/transactions" });
    expect(history.statusCode).toBe(200);
    expect(history.body).not.toContain(bobTransfer);
    expect(history.json().items.map((item: { type: string }) => item.type)).toEqual(["deposit"]);
  });

  test("a banned owner's credential is refused on the next request", async () => {
    const user = await createSessionUser(ferry, { label: "keys-banned" });
    const made = await createCredential(ferry, user, ["balances:read"]);
    expect((await sendAsApp(ferry, made.authorization, { method: "GET", url: "/api/v1/balances" })).statusCode).toBe(
      200,
    );
    await ferry.db.updateTable("user").set({ banned: true }).where("id", "=", user.userId).execute();
    const refused = await sendAsApp(ferry, made.authorization, { method: "GET", url: "/api/v1/balances" });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe("unauthenticated");
  });

  test("a closed (deleted) account's credential is refused on the next request", async () => {
    const user = await createSessionUser(ferry, { label: "keys-closed" });
    const admin = await createSessionUser(ferry, { label: "keys-closer", isAdmin: true });
    const made = await createCredential(ferry, user, ["balances:read"]);
    expect((await sendAsApp(ferry, made.authorization, { method: "GET", url: "/api/v1/balances" })).statusCode).toBe(
      200,
    );
    await ferry.db.insertInto("account_closures").values({ user_id: user.userId, closed_by: admin.userId }).execute();
    expect((await sendAsApp(ferry, made.authorization, { method: "GET", url: "/api/v1/balances" })).statusCode).toBe(
      401,
    );
  });

  test("last used is recorded, at most once a minute", async () => {
    const user = await createSessionUser(ferry, { label: "keys-last-used" });
    const made = await createCredential(ferry, user, ["balances:read"]);
    expect((await credentialRow(made.id)).last_used_at).toBeNull();
    await sendAsApp(ferry, made.authorization, { method: "GET", url: "/api/v1/balances" });
    const first = (await credentialRow(made.id)).last_used_at;
    expect(first).not.toBeNull();
    await sendAsApp(ferry, made.authorization, { method: "GET", url: "/api/v1/balances" });
    expect((await credentialRow(made.id)).last_used_at).toEqual(first);
    const listed = (await as(user, "GET", "/api/v1/api-credentials")).json().items[0];
    expect(listed.lastUsedAt).toBe(new Date(first as Date).toISOString());
  });

  test("the rate limit answers 429 with Retry-After and RateLimit headers", async () => {
    const user = await createSessionUser(ferry, { label: "keys-rate" });
    const made = await createCredential(ferry, user, ["balances:read"]);
    const first = await sendAsApp(ferry, made.authorization, { method: "GET", url: "/api/v1/balances" });
    expect(first.headers["ratelimit-limit"]).toBe("100");
    expect(first.headers["ratelimit-remaining"]).toBe("99");
    expect(Number(first.headers["ratelimit-reset"])).toBeGreaterThan(0);
    // The other 99 requests of the minute, as the limiter records them.
    const hitAt = new Date();
    await ferry.db
      .insertInto("rate_limit_hits")
      .values(Array.from({ length: 99 }, () => ({ key: `api-credential:${made.id}`, hit_at: hitAt })))
      .execute();
    const limited = await sendAsApp(ferry, made.authorization, { method: "GET", url: "/api/v1/balances" });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe("rate_limited");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.headers["ratelimit-limit"]).toBe("100");
    expect(limited.headers["ratelimit-remaining"]).toBe("0");
    // Another credential of the same user is counted on its own.
    const other = await createCredential(ferry, user, ["balances:read"]);
    expect((await sendAsApp(ferry, other.authorization, { method: "GET", url: "/api/v1/balances" })).statusCode).toBe(
      200,
    );
  });
});

/** A transfer `sender` makes on the web, confirmed with its code: the transfer's id. */
async function personTransfer(sender: SessionUser, payee: BareUser, amount: string): Promise<string> {
  const amountMinor = BigInt(Math.round(Number(amount) * 100));
  const code = await issueCode(ferry, {
    userId: sender.userId,
    recipientKey: `user:${payee.userId}`,
    amountMinor,
    currency: "USD",
  });
  const response = await send(ferry.app, {
    method: "POST",
    url: "/api/v1/transfers",
    ip: sender.ip,
    cookie: sender.cookie,
    headers: { "idempotency-key": `person-${randomUUID()}` },
    payload: { target: { method: "ferry_user", recipientEmail: payee.email }, amount, currency: "USD", code },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/** A saved USD bank recipient of `user`'s: its id. */
async function saveRecipient(user: SessionUser): Promise<string> {
  const response = await as(user, "POST", "/api/v1/recipients", { ...BANK_RECIPIENT, currency: "USD" });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

function appTransfer(authorization: string, payload: Record<string, unknown>, key = `app-${randomUUID()}`) {
  return sendAsApp(ferry, authorization, {
    method: "POST",
    url: "/api/v1/transfers",
    headers: { "idempotency-key": key },
    payload,
  });
}

describe("transfers made by an app", () => {
  test("go to a Ferry user without a code, once per Idempotency-Key, marked with the app", async () => {
    const user = await createSessionUser(ferry, { label: "keys-send" });
    const payee = await createSessionUser(ferry, { label: "keys-send-payee" });
    await fundWallet(ferry.db, user.userId, "USD", 10_000n);
    const made = await createCredential(ferry, user, ["transfers:write"]);
    const body = { target: { method: "ferry_user", recipientEmail: payee.email }, amount: "5.00", currency: "USD" };
    const key = `app-${randomUUID()}`;
    const first = await appTransfer(made.authorization, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const replay = await appTransfer(made.authorization, body, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().id).toBe(first.json().id);
    const noKey = await sendAsApp(ferry, made.authorization, {
      method: "POST",
      url: "/api/v1/transfers",
      payload: body,
    });
    expect(noKey.statusCode).toBe(400);

    const rows = await ferry.db
      .selectFrom("transfers")
      .select(["api_credential_id"])
      .where("sender_user_id", "=", user.userId)
      .execute();
    expect(rows).toEqual([{ api_credential_id: made.id }]);
    const notes = await ferry.db
      .selectFrom("notifications")
      .select("title")
      .where("user_id", "=", user.userId)
      .execute();
    expect(notes.map((note) => note.title)).toContain("Transfer sent via Test app");
    const audit = await ferry.db
      .selectFrom("audit_log")
      .select("action")
      .where("subject_id", "=", first.json().id)
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(["transfer.create_by_app"]);

    // History names the app to its sender, and only to its sender.
    const history = (await as(user, "GET", "/api/v1/transactions")).json().items;
    expect(history.filter((item: { type: string }) => item.type === "sent")).toEqual([
      expect.objectContaining({ app: { name: "Test app" } }),
    ]);
    const detail = await as(user, "GET", `/api/v1/transfers/${first.json().id}`);
    expect(detail.json().app).toEqual({ name: "Test app" });
    expect(first.json().app).toEqual({ name: "Test app" });
    const received = (await as(payee, "GET", "/api/v1/transactions")).json().items;
    expect(received).toEqual([expect.objectContaining({ type: "received", app: null })]);
    expect((await as(payee, "GET", `/api/v1/transfers/${first.json().id}`)).json().app).toBeNull();
  });

  test("a person's transfer still needs its code", async () => {
    const user = await createSessionUser(ferry, { label: "keys-person-code" });
    const [payee] = await insertBareUsers(ferry.db, 1, "keys-person-payee");
    await fundWallet(ferry.db, user.userId, "USD", 10_000n);
    const response = await send(ferry.app, {
      method: "POST",
      url: "/api/v1/transfers",
      ip: user.ip,
      cookie: user.cookie,
      headers: { "idempotency-key": `person-${randomUUID()}` },
      payload: { target: { method: "ferry_user", recipientEmail: payee.email }, amount: "1.00", currency: "USD" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty("code");
  });

  test("go only to a recipient a person confirmed, never to a cash-out", async () => {
    const user = await createSessionUser(ferry, { label: "keys-confirmed" });
    await fundWallet(ferry.db, user.userId, "USD", 100_000n);
    const recipientId = await saveRecipient(user);
    const made = await createCredential(ferry, user, ["transfers:write"]);
    const toRecipient = { target: { method: "bank", recipientId }, amount: "3.00", currency: "USD" };

    const unconfirmed = await appTransfer(made.authorization, toRecipient);
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json().error.message).toContain("already confirmed with a transfer code");

    const code = await issueCode(ferry, {
      userId: user.userId,
      recipientKey: `recipient:${recipientId}`,
      amountMinor: 200n,
      currency: "USD",
    });
    const byPerson = await send(ferry.app, {
      method: "POST",
      url: "/api/v1/transfers",
      ip: user.ip,
      cookie: user.cookie,
      headers: { "idempotency-key": `person-${randomUUID()}` },
      payload: { target: { method: "bank", recipientId }, amount: "2.00", currency: "USD", code },
    });
    expect(byPerson.statusCode, byPerson.body).toBe(201);
    const confirmed = await appTransfer(made.authorization, toRecipient);
    expect(confirmed.statusCode, confirmed.body).toBe(201);

    const methods = await as(user, "POST", "/api/v1/payment-methods", {
      addressType: "bank",
      name: "Main",
      currency: "USD",
      bankName: "Deutsche Bank",
      accountNumber: BANK_RECIPIENT.accountNumber,
      swiftCode: BANK_RECIPIENT.swiftCode,
      country: "DE",
      accountHolderName: "Grace Hopper",
    });
    expect(methods.statusCode, methods.body).toBe(201);
    const cashout = await appTransfer(made.authorization, {
      target: { method: "withdrawal", paymentMethodId: methods.json().id },
      amount: "1.00",
      currency: "USD",
    });
    expect(cashout.statusCode, cashout.body).toBe(403);
  });

  test("an edit of the routing number alone ends the person's confirmation of a recipient", async () => {
    const user = await createSessionUser(ferry, { label: "keys-routing" });
    await fundWallet(ferry.db, user.userId, "USD", 100_000n);
    const american = {
      type: "bank",
      name: "Grace Hopper",
      email: "grace@example.com",
      bankName: "JPMorgan Chase",
      country: "US",
      currency: "USD",
      accountNumber: "000123456789",
      routingNumber: "021000021",
      swiftCode: "CHASUS33",
    };
    const saved = await as(user, "POST", "/api/v1/recipients", american);
    expect(saved.statusCode, saved.body).toBe(201);
    const recipientId: string = saved.json().id;
    const made = await createCredential(ferry, user, ["transfers:write"]);
    const toRecipient = { target: { method: "bank", recipientId }, amount: "3.00", currency: "USD" };

    const code = await issueCode(ferry, {
      userId: user.userId,
      recipientKey: `recipient:${recipientId}`,
      amountMinor: 200n,
      currency: "USD",
    });
    const byPerson = await send(ferry.app, {
      method: "POST",
      url: "/api/v1/transfers",
      ip: user.ip,
      cookie: user.cookie,
      headers: { "idempotency-key": `person-${randomUUID()}` },
      payload: { target: { method: "bank", recipientId }, amount: "2.00", currency: "USD", code },
    });
    expect(byPerson.statusCode, byPerson.body).toBe(201);
    expect((await appTransfer(made.authorization, toRecipient)).statusCode).toBe(201);

    // Same account number, SWIFT and country: only the bank (its routing number) differs.
    const edited = await as(user, "PUT", `/api/v1/recipients/${recipientId}`, {
      ...american,
      routingNumber: "026009593",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const refused = await appTransfer(made.authorization, toRecipient);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().error.message).toContain("already confirmed with a transfer code");
    const sent = await ferry.db
      .selectFrom("transfers")
      .select("recipient_bank_code")
      .where("sender_user_id", "=", user.userId)
      .where("api_credential_id", "=", made.id)
      .execute();
    expect(sent.map((row) => row.recipient_bank_code)).toEqual(["021000021"]);
  });

  test("stay in the credential's currency and within its daily limit", async () => {
    const user = await createSessionUser(ferry, { label: "keys-limit" });
    const [payee] = await insertBareUsers(ferry.db, 1, "keys-limit-payee");
    await fundWallet(ferry.db, user.userId, "USD", 100_000n);
    await fundWallet(ferry.db, user.userId, "EUR", 100_000n);
    const made = await createCredential(ferry, user, ["transfers:write"], { currency: "USD", amount: "10.00" });
    const to = (amount: string, currency = "USD") => ({
      target: { method: "ferry_user", recipientEmail: payee.email },
      amount,
      currency,
    });
    const euros = await appTransfer(made.authorization, to("1.00", "EUR"));
    expect(euros.statusCode).toBe(422);
    expect(euros.json().error.code).toBe("limit_exceeded");

    expect((await appTransfer(made.authorization, to("6.00"))).statusCode).toBe(201);
    const over = await appTransfer(made.authorization, to("4.01"));
    expect(over.statusCode).toBe(422);
    expect(over.json().error.message).toContain("daily limit");
    expect((await appTransfer(made.authorization, to("4.00"))).statusCode).toBe(201);
  });

  test("sent at the same moment, two transfers cannot both fit under what is left of the limit", async () => {
    const user = await createSessionUser(ferry, { label: "keys-race" });
    const [payee] = await insertBareUsers(ferry.db, 1, "keys-race-payee");
    await fundWallet(ferry.db, user.userId, "USD", 100_000n);
    const made = await createCredential(ferry, user, ["transfers:write"], { currency: "USD", amount: "10.00" });
    const body = { target: { method: "ferry_user", recipientEmail: payee.email }, amount: "6.00", currency: "USD" };
    const answers = await Promise.all([appTransfer(made.authorization, body), appTransfer(made.authorization, body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
  });
});
