// Group commit (issue 31, modules/transfers/batcher.ts): transfers arriving together are written in one
// database transaction, and each still gets its own answer — a valid one is made, an overdraft is
// refused and moves nothing (not even its code), a wrong code is counted, a duplicate key answers the
// first transfer — and no money is lost or invented.
import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  buildTestApp,
  createSessionUser,
  fundWallet,
  issueCode,
  readWallet,
  type SessionUser,
  send,
  type TestApp,
} from "./helpers.ts";

let ferry: TestApp;
let payee: SessionUser;

beforeAll(async () => {
  ferry = await buildTestApp();
  payee = await createSessionUser(ferry, { label: "batch-payee" });
});

afterAll(async () => {
  await ferry?.close();
});

/** A sender holding USD 100.00. */
async function sender(label: string): Promise<SessionUser> {
  const user = await createSessionUser(ferry, { label });
  await fundWallet(ferry.db, user.userId, "USD", 100_00n);
  return user;
}

/** A code for `from` to send `amountMinor` USD to `to` (the payee unless given). */
function usdCode(from: SessionUser, amountMinor: bigint, to: { userId: string } = payee): Promise<string> {
  return issueCode(ferry, { userId: from.userId, recipientKey: `user:${to.userId}`, amountMinor, currency: "USD" });
}

/** A transfer to the payee with a code issued for exactly it (or `code` instead), under `key`. */
async function transfer(
  from: SessionUser,
  amount: string,
  options: { key?: string; code?: string; recipientEmail?: string } = {},
): Promise<LightMyRequestResponse> {
  const amountMinor = BigInt(amount.replace(".", ""));
  const code = options.code ?? (await usdCode(from, amountMinor));
  return send(ferry.app, {
    method: "POST",
    url: "/api/v1/transfers",
    ip: from.ip,
    cookie: from.cookie,
    payload: {
      target: { method: "ferry_user", recipientEmail: options.recipientEmail ?? payee.email },
      amount,
      currency: "USD",
      code,
    },
    headers: { "idempotency-key": options.key ?? `batch-${randomUUID()}` },
  });
}

async function codesOf(userId: string) {
  return ferry.db
    .selectFrom("transfer_codes")
    .select(["attempts", "consumed_at"])
    .where("user_id", "=", userId)
    .execute();
}

describe("transfers written together", () => {
  test("each gets its own answer: made, refused for funds, wrong code, duplicate key; money adds up", async () => {
    const valid = await Promise.all(Array.from({ length: 24 }, (_, index) => sender(`batch-valid-${index}`)));
    const overdrawn = await sender("batch-overdraft");
    const wrong = await sender("batch-wrong-code");
    const twice = await sender("batch-twice");
    const exhausted = await sender("batch-exhausted");
    const uncoded = await sender("batch-no-code");
    const astray = await sender("batch-unknown-payee");
    const payeeBefore = (await readWallet(ferry.db, payee.userId, "USD")).balanceMinor;
    const sharedKey = `batch-${randomUUID()}`;
    // Codes first, so that the transfers themselves go out together.
    const twiceCode = await usdCode(twice, 7_00n);
    const wrongIssued = await usdCode(wrong, 5_00n);
    const wrongGuess = wrongIssued === "999999" ? "111111" : "999999";
    const overdraftCode = await usdCode(overdrawn, 500_00n);
    // Five wrong tries already: the right code no longer counts.
    const exhaustedCode = await usdCode(exhausted, 3_00n);
    await ferry.db.updateTable("transfer_codes").set({ attempts: 5 }).where("user_id", "=", exhausted.userId).execute();
    const validCodes = await Promise.all(valid.map((user) => usdCode(user, 10_00n)));

    const [validAnswers, overdraft, wrongCode, first, again, tooMany, noCode, unknownPayee] = await Promise.all([
      Promise.all(valid.map((user, index) => transfer(user, "10.00", { code: validCodes[index] }))),
      transfer(overdrawn, "500.00", { code: overdraftCode }),
      transfer(wrong, "5.00", { code: wrongGuess }),
      transfer(twice, "7.00", { key: sharedKey, code: twiceCode }),
      transfer(twice, "7.00", { key: sharedKey, code: twiceCode }),
      transfer(exhausted, "3.00", { code: exhaustedCode }),
      transfer(uncoded, "4.00", { code: "123456" }),
      transfer(astray, "2.00", { code: "123456", recipientEmail: `nobody-${randomUUID()}@example.com` }),
    ]);

    for (const answer of validAnswers) {
      expect(answer.statusCode, answer.body).toBe(201);
    }
    expect([overdraft.statusCode, overdraft.json().error.code]).toEqual([422, "insufficient_funds"]);
    expect([wrongCode.statusCode, wrongCode.json().error.code]).toEqual([422, "invalid_code"]);
    // The same key twice: one transfer, answered to both (201 then 200, in either order).
    expect([first.statusCode, again.statusCode].sort()).toEqual([200, 201]);
    expect(first.json().id).toBe(again.json().id);
    expect([tooMany.statusCode, tooMany.json().error.message]).toEqual([
      422,
      "Too many wrong attempts. Please request a new code.",
    ]);
    expect([noCode.statusCode, noCode.json().error.message]).toEqual([
      422,
      "Invalid verification code: request a code for this exact transfer",
    ]);
    expect([unknownPayee.statusCode, unknownPayee.json().error.message]).toEqual([
      404,
      "No Ferry user has that e-mail address",
    ]);

    // The overdraft moved nothing and left its code unused; the wrong code counted one try.
    expect(await readWallet(ferry.db, overdrawn.userId, "USD")).toEqual({ balanceMinor: 100_00n, reservedMinor: 0n });
    expect(await codesOf(overdrawn.userId)).toEqual([{ attempts: 0, consumed_at: null }]);
    expect((await codesOf(wrong.userId)).map((code) => code.attempts)).toEqual([1]);
    expect(await codesOf(exhausted.userId)).toEqual([{ attempts: 5, consumed_at: null }]);
    for (const user of [exhausted, uncoded, astray]) {
      expect(await readWallet(ferry.db, user.userId, "USD")).toEqual({ balanceMinor: 100_00n, reservedMinor: 0n });
    }
    for (const user of valid) {
      expect((await readWallet(ferry.db, user.userId, "USD")).balanceMinor).toBe(90_00n);
    }
    expect((await readWallet(ferry.db, twice.userId, "USD")).balanceMinor).toBe(93_00n);
    const payeeAfter = (await readWallet(ferry.db, payee.userId, "USD")).balanceMinor;
    expect(payeeAfter - payeeBefore).toBe(24n * 10_00n + 7_00n);

    // Written together: the ledger legs of these transfers share transactions (one timestamp each).
    const ids = [...validAnswers.map((answer) => answer.json().id as string), first.json().id as string];
    const legs = await ferry.db
      .selectFrom("ledger_transfers")
      .select("created_at")
      .where("reference_id", "in", ids)
      .execute();
    expect(legs).toHaveLength(ids.length);
    const transactions = new Set(legs.map((leg) => new Date(leg.created_at).getTime()));
    expect(transactions.size).toBeLessThan(ids.length);
  });

  test("a batch's payee reads its notifications in its language; its alert rule and webhook see each transfer", async () => {
    const german = await createSessionUser(ferry, { label: "batch-german-payee" });
    const as = (method: "POST" | "PUT" | "GET", url: string, payload?: unknown) =>
      send(ferry.app, { method, url, ip: german.ip, cookie: german.cookie, payload });
    const preferences = { language: "de", currency: "JPY", timeZone: "Asia/Tokyo", theme: "dark" };
    expect((await as("PUT", "/api/v1/settings/preferences", preferences)).statusCode).toBe(200);
    const rule = { type: "transaction", currency: "USD", amount: "1", direction: "incoming", method: "email" };
    expect((await as("POST", "/api/v1/alert-rules", rule)).statusCode).toBe(201);
    const credential = await ferry.db
      .insertInto("api_credentials")
      .values({
        user_id: german.userId,
        app_id: `app_${randomUUID().replace(/-/g, "").slice(0, 8)}`,
        name: "Batch test app",
        scopes: ["webhooks:write"],
        secret_hash: randomUUID(),
        secret_last4: "abcd",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const endpoint = await as("POST", "/api/v1/webhook-endpoints", {
      credentialId: credential.id,
      url: "http://127.0.0.1:9/ferry-batch-hook",
      events: ["transfer.created"],
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);

    const senders = await Promise.all(Array.from({ length: 6 }, (_, index) => sender(`batch-to-german-${index}`)));
    const codes = await Promise.all(senders.map((user) => usdCode(user, 2_00n, german)));
    const answers = await Promise.all(
      senders.map((user, index) => transfer(user, "2.00", { code: codes[index], recipientEmail: german.email })),
    );
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(201);
    }

    const titles = await ferry.db
      .selectFrom("notifications")
      .select("title")
      .where("user_id", "=", german.userId)
      .execute();
    expect(titles.filter((row) => row.title === "Geld erhalten")).toHaveLength(6);
    expect(titles.filter((row) => row.title === "Money received")).toHaveLength(0);
    const [listed] = (await as("GET", "/api/v1/alert-rules")).json().items;
    expect(listed.firedCount).toBe(6);
    const events = await ferry.db
      .selectFrom("webhook_events")
      .select("type")
      .where("user_id", "=", german.userId)
      .execute();
    expect(events.map((event) => event.type)).toEqual(Array(6).fill("transfer.created"));
  });

  test("one sender's transfers sent at once are each made, in batches of their own", async () => {
    const user = await sender("batch-same-sender");
    const answers = await Promise.all([transfer(user, "1.00"), transfer(user, "2.00"), transfer(user, "3.00")]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    expect((await readWallet(ferry.db, user.userId, "USD")).balanceMinor).toBe(94_00n);
  });
});
