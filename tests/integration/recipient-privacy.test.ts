// Issue 24: the transfer quote told any signed-in account whether an e-mail has a Ferry account and the
// holder's full name, 120 look-ups per 15 minutes per free account. A Ferry recipient is now named
// only as "Jane D." in everything the sender gets, and distinct look-ups are limited per account and
// per client address.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  RECIPIENT_LOOKUPS_PER_ACCOUNT,
  RECIPIENT_LOOKUPS_PER_ADDRESS,
} from "../../apps/server/src/modules/transfers/recipient-lookups.ts";
import { maskedNameOf } from "../../apps/server/src/modules/transfers/targets.ts";
import {
  type BareUser,
  buildTestApp,
  createIsolatedDatabase,
  createSessionUser,
  fundWallet,
  insertBareUsers,
  issueCode,
  mailTo,
  randomIp,
  readWallet,
  type SessionUser,
  send,
  type TestApp,
  uniqueEmail,
} from "./helpers.ts";

const MIGRATION = path.resolve(
  import.meta.dirname,
  "../../apps/server/src/db/migrations/016_masked_ferry_recipients.sql",
);

let ferry: TestApp;

beforeAll(async () => {
  ferry = await buildTestApp();
});

afterAll(async () => {
  await ferry?.close();
});

/** A Ferry user with these names in their profile. */
async function createNamedUser(app: TestApp, firstName: string, lastName: string): Promise<BareUser> {
  const [user] = await insertBareUsers(app.db, 1, "named");
  await app.db
    .updateTable("profiles")
    .set({ first_name: firstName, last_name: lastName })
    .where("user_id", "=", user.userId)
    .execute();
  return user;
}

function post(app: TestApp, user: SessionUser, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return send(app.app, { method: "POST", url, ip: user.ip, cookie: user.cookie, payload, headers });
}

function get(app: TestApp, user: SessionUser, url: string) {
  return send(app.app, { method: "GET", url, ip: user.ip, cookie: user.cookie });
}

/** Sends 1.00 USD to a Ferry user by e-mail, through the API, with a code issued for it. */
async function sendToFerryUser(app: TestApp, sender: SessionUser, payee: BareUser) {
  const code = await issueCode(app, {
    userId: sender.userId,
    recipientKey: `user:${payee.userId}`,
    amountMinor: 100n,
    currency: "USD",
  });
  const target = { method: "ferry_user", recipientEmail: payee.email };
  return post(
    app,
    sender,
    "/api/v1/transfers",
    { target, amount: "1.00", currency: "USD", code },
    { "idempotency-key": `privacy-${randomUUID()}` },
  );
}

/** A quote to a Ferry user by e-mail, as the sender's Send Money dialog asks for it. */
function quoteTo(user: SessionUser, recipientEmail: string, ip = user.ip) {
  return send(ferry.app, {
    method: "POST",
    url: "/api/v1/transfers/quote",
    ip,
    cookie: user.cookie,
    payload: { target: { method: "ferry_user", recipientEmail }, amount: "1.00", currency: "USD" },
  });
}

describe("a Ferry recipient's name, as the sender sees it", () => {
  test("the quote names the recipient by first name and last initial, and no response to the sender has more", async () => {
    const sender = await createSessionUser(ferry, { label: "privacy-sender" });
    await fundWallet(ferry.db, sender.userId, "USD", 10_000n);
    const payee = await createNamedUser(ferry, "Jane", "Doolittle");
    const details = { target: { method: "ferry_user", recipientEmail: payee.email }, amount: "1.00", currency: "USD" };

    const quote = await post(ferry, sender, "/api/v1/transfers/quote", details);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({
      recipientName: "Jane D.",
      destination: { kind: "ferry_user", name: "Jane D.", email: payee.email },
    });

    const codeRequest = await post(ferry, sender, "/api/v1/transfers/verification-code", details);
    expect(codeRequest.statusCode, codeRequest.body).toBe(200);
    const transfer = await sendToFerryUser(ferry, sender, payee);
    expect(transfer.statusCode, transfer.body).toBe(201);
    expect(transfer.json()).toMatchObject({ recipientName: "Jane D.", recipientEmail: payee.email });

    const transferId = transfer.json().id as string;
    const responses = {
      quote,
      codeRequest,
      transfer,
      transferView: await get(ferry, sender, `/api/v1/transfers/${transferId}`),
      history: await get(ferry, sender, "/api/v1/transactions"),
      statement: await get(ferry, sender, "/api/v1/transactions/export.csv"),
      notifications: await get(ferry, sender, "/api/v1/notifications"),
    };
    for (const [name, response] of Object.entries(responses)) {
      expect(response.statusCode, `${name}: ${response.body}`).toBeLessThan(300);
      expect(response.body, name).not.toContain("Doolittle");
    }
    const mails = await mailTo(ferry.db, sender.email);
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.map((mail) => mail.text_body).join("\n")).toContain("Jane D.");
    expect(mails.map((mail) => mail.text_body).join("\n")).not.toContain("Doolittle");
  });

  test.each([
    ["a first and a last name", "Jane", "Doolittle", "Jane D."],
    ["names of several words", "Mary Ann", "van der Berg", "Mary Ann v."],
    ["letters outside the BMP", "𝒜da", "𝒵ed", "𝒜da 𝒵."],
    ["a first name alone", "Prince", "", "Prince"],
  ])("masks %s", (_case, firstName, lastName, expected) => {
    expect(maskedNameOf(firstName, lastName, "someone@example.com")).toBe(expected);
  });

  test("without a first name the e-mail the sender typed stands in, never the last name", () => {
    expect(maskedNameOf("", "Solo", "han@example.com")).toBe("han@example.com");
    expect(maskedNameOf(null, null, "han@example.com")).toBe("han@example.com");
  });

  test("migration 016 masks the names of transfers made before it by the same rule as new ones", async () => {
    const databaseUrl = await createIsolatedDatabase("masked_names");
    const isolated = await buildTestApp({}, { databaseUrl });
    try {
      const sender = await createSessionUser(isolated, { label: "legacy-sender" });
      await fundWallet(isolated.db, sender.userId, "USD", 100_000n);
      const names: Array<[string, string]> = [
        ["Jane", "Doolittle"],
        ["Mary Ann", "van der Berg"],
        ["𝒜da", "𝒵ed"],
        ["Prince", ""],
        ["", "Solo"],
      ];
      const payees: Array<BareUser & { firstName: string; lastName: string }> = [];
      for (const [firstName, lastName] of names) {
        const payee = await createNamedUser(isolated, firstName, lastName);
        payees.push({ ...payee, firstName, lastName });
        expect((await sendToFerryUser(isolated, sender, payee)).statusCode).toBe(201);
      }
      // As code before issue 24 stored them: the full name, or the e-mail without one.
      for (const payee of payees) {
        const fullName = `${payee.firstName} ${payee.lastName}`.trim() || payee.email;
        await isolated.db
          .updateTable("transfers")
          .set({ recipient_name: fullName })
          .where("recipient_user_id", "=", payee.userId)
          .execute();
      }

      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(await readFile(MIGRATION, "utf8"));
      } finally {
        await client.end();
      }

      for (const payee of payees) {
        const row = await isolated.db
          .selectFrom("transfers")
          .select("recipient_name")
          .where("recipient_user_id", "=", payee.userId)
          .executeTakeFirstOrThrow();
        expect(row.recipient_name).toBe(maskedNameOf(payee.firstName, payee.lastName, payee.email));
      }
    } finally {
      await isolated.close();
    }
  }, 60_000);
});

describe("looking up Ferry recipients by e-mail", () => {
  test(`an account may look up ${RECIPIENT_LOOKUPS_PER_ACCOUNT} distinct e-mails an hour, then gets 429; a repeat is free`, async () => {
    const sender = await createSessionUser(ferry, { label: "lookup-account" });
    const payee = await createNamedUser(ferry, "Jane", "Doolittle");
    expect((await quoteTo(sender, payee.email)).statusCode).toBe(200);
    for (let index = 1; index < RECIPIENT_LOOKUPS_PER_ACCOUNT; index += 1) {
      const response = await quoteTo(sender, uniqueEmail("nobody"));
      expect(response.statusCode, response.body).toBe(404);
    }

    const refused = await quoteTo(sender, uniqueEmail("nobody"));
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().error.code).toBe("rate_limited");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Every route that looks a recipient up by e-mail is held to the same count.
    const target = { method: "ferry_user", recipientEmail: uniqueEmail("nobody") };
    const code = await post(ferry, sender, "/api/v1/transfers/verification-code", {
      target,
      amount: "1.00",
      currency: "USD",
    });
    expect(code.statusCode, code.body).toBe(429);
    const transfer = await post(
      ferry,
      sender,
      "/api/v1/transfers",
      { target, amount: "1.00", currency: "USD", code: "123456" },
      { "idempotency-key": `privacy-${randomUUID()}` },
    );
    expect(transfer.statusCode, transfer.body).toBe(429);
    // The recipient already looked up is quoted again, as typing an amount does.
    const again = await quoteTo(sender, payee.email);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().recipientName).toBe("Jane D.");
  });

  test("a transfer made with its e-mailed code counts no look-up (its code's request did); a refused one counts one", async () => {
    const sender = await createSessionUser(ferry, { label: "lookup-by-code" });
    await fundWallet(ferry.db, sender.userId, "USD", 10_000n);
    const payee = await createNamedUser(ferry, "Jane", "Doolittle");
    const hitsOf = async () =>
      Number(
        (
          await ferry.db
            .selectFrom("rate_limit_hits")
            .select((eb) => eb.fn.countAll<string>().as("hits"))
            .where("key", "like", `recipient-lookup:account:${sender.userId}`)
            .executeTakeFirstOrThrow()
        ).hits,
      );

    const made = await sendToFerryUser(ferry, sender, payee);
    expect(made.statusCode, made.body).toBe(201);
    expect(await hitsOf()).toBe(0);

    const target = { method: "ferry_user", recipientEmail: uniqueEmail("nobody") };
    const unknown = await post(
      ferry,
      sender,
      "/api/v1/transfers",
      { target, amount: "1.00", currency: "USD", code: "123456" },
      { "idempotency-key": `privacy-${randomUUID()}` },
    );
    expect(unknown.statusCode, unknown.body).toBe(404);
    expect(await hitsOf()).toBe(1);
  });

  test("a transfer retried with its Idempotency-Key is answered from the first, whatever look-ups came since", async () => {
    const sender = await createSessionUser(ferry, { label: "lookup-retry" });
    await fundWallet(ferry.db, sender.userId, "USD", 10_000n);
    const payee = await createNamedUser(ferry, "Jane", "Doolittle");
    const code = await issueCode(ferry, {
      userId: sender.userId,
      recipientKey: `user:${payee.userId}`,
      amountMinor: 100n,
      currency: "USD",
    });
    const body = {
      target: { method: "ferry_user", recipientEmail: payee.email },
      amount: "1.00",
      currency: "USD",
      code,
    };
    const headers = { "idempotency-key": `privacy-retry-${randomUUID()}` };
    const first = await post(ferry, sender, "/api/v1/transfers", body, headers);
    expect(first.statusCode, first.body).toBe(201);
    // More than an hour later: the payee's look-up has left the window, and the account has since
    // looked up its limit of other e-mails.
    await ferry.db
      .updateTable("rate_limit_hits")
      .set({ hit_at: new Date(Date.now() - 61 * 60 * 1000) })
      .where("key", "like", `recipient-lookup:%:${sender.userId}%`)
      .execute();
    for (let index = 0; index < RECIPIENT_LOOKUPS_PER_ACCOUNT; index += 1) {
      expect((await quoteTo(sender, uniqueEmail("nobody"))).statusCode).toBe(404);
    }
    expect((await quoteTo(sender, payee.email)).statusCode).toBe(429);

    const retry = await post(ferry, sender, "/api/v1/transfers", body, headers);

    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual(first.json());
    // The same key with other details is still a conflict, and a new transfer to the payee is limited.
    const changed = await post(ferry, sender, "/api/v1/transfers", { ...body, amount: "2.00" }, headers);
    expect(changed.statusCode, changed.body).toBe(409);
    const fresh = await post(ferry, sender, "/api/v1/transfers", body, {
      "idempotency-key": `privacy-retry-${randomUUID()}`,
    });
    expect(fresh.statusCode, fresh.body).toBe(429);
    expect(await readWallet(ferry.db, sender.userId, "USD")).toEqual({ balanceMinor: 9_900n, reservedMinor: 0n });
  });

  test(`one client address (an IPv6 /64) may look up ${RECIPIENT_LOOKUPS_PER_ADDRESS} distinct e-mails an hour across accounts`, async () => {
    const prefix = `2001:db8:${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;
    let lookups = 0;
    while (lookups < RECIPIENT_LOOKUPS_PER_ADDRESS) {
      const account = await createSessionUser(ferry, { label: "lookup-farm" });
      const count = Math.min(RECIPIENT_LOOKUPS_PER_ACCOUNT, RECIPIENT_LOOKUPS_PER_ADDRESS - lookups);
      for (let index = 0; index < count; index += 1) {
        // Each request from another address of the same /64.
        const response = await quoteTo(account, uniqueEmail("nobody"), `${prefix}::${(lookups + 1).toString(16)}`);
        expect(response.statusCode, response.body).toBe(404);
        lookups += 1;
      }
    }

    const fresh = await createSessionUser(ferry, { label: "lookup-fresh" });
    const refused = await quoteTo(fresh, uniqueEmail("nobody"), `${prefix}::ffff`);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().error.code).toBe("rate_limited");
    const elsewhere = await quoteTo(fresh, uniqueEmail("nobody"), randomIp());
    expect(elsewhere.statusCode, elsewhere.body).toBe(404);
  }, 60_000);
});
