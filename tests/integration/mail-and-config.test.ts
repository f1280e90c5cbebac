import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { ConfigError, DEVELOPMENT_AUTH_SECRET, loadConfig } from "../../apps/server/src/config.ts";
import { openDatabase } from "../../apps/server/src/db/database.ts";
import { MAIL_DELIVERY_JOB } from "../../apps/server/src/jobs/mail-delivery.ts";
import { generateDevelopmentAccountKeys } from "../../apps/server/src/modules/deposits/addresses.ts";
import { enqueueMail } from "../../apps/server/src/modules/mail/service.ts";
import {
  buildTestApp,
  createIsolatedDatabase,
  createUser,
  GOOD_PASSWORD,
  mailTo,
  randomIp,
  readMail,
  send,
  signUp,
  submitCode,
  submitPassword,
  type TestApp,
  uniqueEmail,
} from "./helpers.ts";
import { startSmtpServer, type TestSmtpServer, waitForMessage } from "./smtp-peer.ts";

describe("mail over SMTP", () => {
  let smtp: TestSmtpServer;
  let ferry: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // Its own database: delivery drains the whole queue, and the shared one fills with every test's mail.
    ferry = await buildTestApp(
      { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: "Ferry <no-reply@ferry.test>" },
      { databaseUrl: await createIsolatedDatabase("smtp") },
    );
  });

  afterAll(async () => {
    await ferry?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.server.close(() => resolve()) : resolve()));
  });

  test("a sign-in code arrives over SMTP, marks its outbox row sent, and completes the sign-in", async () => {
    const user = await createUser(ferry, "smtp");
    const step = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: user.ip });
    const sent = await send(ferry.app, {
      method: "POST",
      url: "/api/auth/two-factor/send-otp",
      ip: user.ip,
      cookie: step.cookie,
      payload: {},
    });
    expect(sent.statusCode).toBe(200);

    const codeMessage = await waitForMessage(
      ferry,
      smtp.received,
      (mail) => mail.to.includes(user.email) && /^Subject: Your Ferry sign-in code\r?$/m.test(mail.raw),
    );

    expect(codeMessage.to).toEqual([user.email]);
    expect(codeMessage.from).toBe("no-reply@ferry.test");
    const code = /Your code: (\d{6})/.exec(codeMessage.raw)?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    const outboxRow = await readMail(ferry.db, user.email, "Your Ferry sign-in code");
    expect(outboxRow.status).toBe("sent");
    const verified = await submitCode(ferry.app, step.cookie, code, user.ip);
    expect(verified.statusCode).toBe(200);
  });

  /** The outbox row of the one message to `to`: how often it was tried and where it stands. */
  async function outboxRowTo(to: string) {
    return ferry.db
      .selectFrom("mail_outbox")
      .select(["id", "status", "attempts", "last_error"])
      .where("recipient", "=", to)
      .executeTakeFirstOrThrow();
  }

  /** The pg-boss job delivering outbox message `mailId`: its state, and whether its start lies ahead. */
  async function deliveryJobOf(mailId: string) {
    const result = await sql<{ state: string; is_waiting: boolean }>`
      SELECT state, start_after > now() AS is_waiting FROM pgboss.job
      WHERE name = ${MAIL_DELIVERY_JOB} AND data->>'mailId' = ${mailId}`.execute(ferry.db);
    return result.rows;
  }

  test("a mail refused once is retried after a back-off and delivered exactly once", async () => {
    const to = uniqueEmail("retried");
    smtp.refuseNextTo.add(to);
    await enqueueMail(ferry.db, {
      to,
      subject: "Retried once",
      text: "Second time lucky.",
      html: "<p>Second time lucky.</p>",
    });
    const delivered = () => smtp.received.filter((mail) => mail.to.includes(to));

    await ferry.jobs.drain(MAIL_DELIVERY_JOB);

    const afterRefusal = await outboxRowTo(to);
    expect(afterRefusal).toMatchObject({ status: "queued", attempts: 1 });
    expect(afterRefusal.last_error).toContain("Mailbox busy");
    expect(delivered()).toHaveLength(0);
    // pg-boss holds the retry back (its back-off) rather than sending again at once.
    expect(await deliveryJobOf(afterRefusal.id)).toEqual([{ state: "retry", is_waiting: true }]);

    await ferry.jobs.drain(MAIL_DELIVERY_JOB);
    await ferry.jobs.drain(MAIL_DELIVERY_JOB);

    expect(delivered()).toHaveLength(1);
    expect(delivered()[0].raw).toMatch(/^Subject: Retried once\r?$/m);
    expect(await outboxRowTo(to)).toMatchObject({ status: "sent", attempts: 2 });
    expect((await deliveryJobOf(afterRefusal.id)).map((job) => job.state)).toEqual(["completed"]);
  });

  test("a mail queued in a transaction that rolls back is never sent, and gets no delivery job", async () => {
    const kept = uniqueEmail("kept");
    const rolledBack = uniqueEmail("rolled-back");
    const message = { subject: "Rolled back", text: "Never sent.", html: "<p>Never sent.</p>" };
    await ferry.db.transaction().execute((trx) => enqueueMail(trx, { ...message, to: kept }));
    const failing = ferry.db.transaction().execute(async (trx) => {
      await enqueueMail(trx, { ...message, to: rolledBack });
      throw new Error("the business change failed");
    });
    await expect(failing).rejects.toThrow("the business change failed");

    await waitForMessage(ferry, smtp.received, (mail) => mail.to.includes(kept));
    await ferry.jobs.drain(MAIL_DELIVERY_JOB);

    expect(smtp.received.filter((mail) => mail.to.includes(rolledBack))).toEqual([]);
    expect(await mailTo(ferry.db, rolledBack)).toEqual([]);
    const jobs = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${MAIL_DELIVERY_JOB}
        AND data->>'mailId' NOT IN (SELECT id::text FROM mail_outbox)`.execute(ferry.db);
    expect(jobs.rows[0].n).toBe(0);
  });

  test("with SMTP configured the development mailbox does not exist", async () => {
    const response = await send(ferry.app, { method: "GET", url: "/dev/mail/messages.json", ip: randomIp() });

    expect(response.statusCode).toBe(404);
  });
});

describe("development mailbox", () => {
  let ferry: TestApp;

  beforeAll(async () => {
    ferry = await buildTestApp();
  });

  afterAll(async () => {
    await ferry?.close();
  });

  test("without SMTP it lists queued messages newest first with to, subject, text, html and createdAt", async () => {
    const email = uniqueEmail("mailbox");
    const ip = randomIp();
    await signUp(ferry.app, email, GOOD_PASSWORD, ip);
    await signUp(ferry.app, email, GOOD_PASSWORD, ip);
    expect(await ferry.jobs.drain(MAIL_DELIVERY_JOB).catch((error: Error) => error.message)).toBe(
      "No job named mail-delivery",
    );

    // The mailbox answers only clients on this machine.
    const response = await send(ferry.app, { method: "GET", url: "/dev/mail/messages.json", ip: "127.0.0.1" });

    expect(response.statusCode).toBe(200);
    const mine = (response.json() as Array<Record<string, string>>).filter((message) => message.to === email);
    expect(mine.map((message) => message.subject)).toEqual(["You already have a Ferry account", "Verify your e-mail"]);
    for (const message of mine) {
      expect(Object.keys(message).sort()).toEqual(["createdAt", "html", "subject", "text", "to"]);
      expect(new Date(message.createdAt).toISOString()).toBe(message.createdAt);
    }
    expect(mine[1].text).toContain("http://localhost:3000/verify-email?token=");
    expect(mine[1].html).toContain("<a href=");
    expect((await mailTo(ferry.db, email)).every((mail) => mail.status === "queued")).toBe(true);

    // ?to= answers that address's messages alone, however much mail others have had since.
    await signUp(ferry.app, uniqueEmail("mailbox-other"), GOOD_PASSWORD, ip);
    const filtered = await send(ferry.app, {
      method: "GET",
      url: `/dev/mail/messages.json?to=${encodeURIComponent(email)}`,
      ip: "127.0.0.1",
    });
    expect(filtered.statusCode).toBe(200);
    expect((filtered.json() as Array<Record<string, string>>).map((message) => [message.to, message.subject])).toEqual(
      mine.map((message) => [email, message.subject]),
    );
  });
});

describe("configuration", () => {
  function configProblems(env: Record<string, string>): string[] {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).problems;
    }
    throw new Error("loadConfig accepted the configuration");
  }

  test("refuses a port that is not a number, naming PORT", () => {
    const problems = configProblems({ PORT: "abc" });

    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^PORT: /);
  });

  test("refuses production without SMTP_URL, SUPPORT_EMAIL or PUBLIC_URL, with the development AUTH_SECRET and KYC key and with the example bank and deposit keys", () => {
    const problems = configProblems({ NODE_ENV: "production", AUTH_SECRET: DEVELOPMENT_AUTH_SECRET });

    expect(problems.map((problem) => problem.split(":")[0]).sort()).toEqual([
      "AUTH_SECRET",
      "BANK_ACCOUNT_NAME",
      "BANK_BIC",
      "BANK_IBAN",
      "BANK_NAME",
      "DEPOSIT_XPUB_BITCOIN",
      "DEPOSIT_XPUB_ETHEREUM",
      "DEPOSIT_XPUB_TRON",
      "KYC_ENCRYPTION_KEY",
      "PUBLIC_URL",
      "SMTP_URL",
      "SUPPORT_EMAIL",
    ]);
  });

  test("refuses production with the development secret even when everything else is set", () => {
    const problems = configProblems({
      NODE_ENV: "production",
      SMTP_URL: "smtp://mail.example:587",
      PUBLIC_URL: "https://ferry.example",
      ...PRODUCTION_OPERATOR_SETTINGS,
    });

    expect(problems).toEqual([expect.stringMatching(/^AUTH_SECRET: /)]);
  });

  test("refuses a password hashing cost below the default in production, and one that is not a power of two anywhere", () => {
    const production = {
      NODE_ENV: "production",
      SMTP_URL: "smtp://mail.example:587",
      PUBLIC_URL: "https://ferry.example",
      AUTH_SECRET: "x".repeat(48),
      ...PRODUCTION_OPERATOR_SETTINGS,
    };

    expect(configProblems({ ...production, PASSWORD_SCRYPT_COST: "8192" })).toEqual([
      expect.stringMatching(/^PASSWORD_SCRYPT_COST: is below 16384/),
    ]);
    expect(loadConfig({ ...production, PASSWORD_SCRYPT_COST: "32768" }).passwordScryptCost).toBe(32_768);
    expect(loadConfig(production).passwordScryptCost).toBe(16_384);
    expect(configProblems({ NODE_ENV: "test", PASSWORD_SCRYPT_COST: "1000" })).toEqual([
      expect.stringMatching(/^PASSWORD_SCRYPT_COST: must be a power of two/),
    ]);
  });

  test("a complete production configuration turns the development mailbox off and trusts only the public origin", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      SMTP_URL: "smtp://mail.example:587",
      PUBLIC_URL: "https://ferry.example/",
      AUTH_SECRET: "x".repeat(48),
      ...PRODUCTION_OPERATOR_SETTINGS,
    });

    expect(config.isProduction).toBe(true);
    expect(config.isDevMailboxEnabled).toBe(false);
    expect(config.publicUrl).toBe("https://ferry.example");
    expect(config.trustedOrigins).toEqual(["https://ferry.example"]);
  });

  test("outside production every loopback name of the port is trusted, so 127.0.0.1 signs in like localhost", () => {
    const config = loadConfig({ NODE_ENV: "development", PORT: "3100" });

    expect(config.trustedOrigins).toEqual([
      "http://localhost:3100",
      "http://127.0.0.1:3100",
      "http://[::1]:3100",
      "http://localhost:5173",
    ]);
  });

  test("contact-form messages go to SUPPORT_EMAIL, by default to MAIL_FROM's address outside production", () => {
    expect(loadConfig({ NODE_ENV: "development" }).supportEmail).toBe("no-reply@ferry.example");
    expect(loadConfig({ NODE_ENV: "development", MAIL_FROM: "help@operator.example" }).supportEmail).toBe(
      "help@operator.example",
    );
    expect(loadConfig({ NODE_ENV: "development", SUPPORT_EMAIL: "desk@operator.example" }).supportEmail).toBe(
      "desk@operator.example",
    );
    expect(configProblems({ SUPPORT_EMAIL: "not an address" })).toEqual([expect.stringMatching(/^SUPPORT_EMAIL: /)]);
  });

  test("test mode without SMTP enables the development mailbox", () => {
    const config = loadConfig({ NODE_ENV: "test" });

    expect(config.isDevMailboxEnabled).toBe(true);
    expect(config.port).toBe(3000);
  });
});

/** An operator's own bank account and deposit keys (real extended public keys: config parses them before the database starts). */
const OPERATOR_KEYS = generateDevelopmentAccountKeys();
const PRODUCTION_OPERATOR_SETTINGS = {
  BANK_ACCOUNT_NAME: "Ferry Payments Ltd",
  BANK_NAME: "Barclays",
  BANK_IBAN: "GB33BUKB20201555555555",
  BANK_BIC: "BUKBGB22",
  DEPOSIT_XPUB_BITCOIN: OPERATOR_KEYS.bitcoin,
  DEPOSIT_XPUB_ETHEREUM: OPERATOR_KEYS.ethereum,
  DEPOSIT_XPUB_TRON: OPERATOR_KEYS.tron,
  SUPPORT_EMAIL: "support@ferry.example",
  KYC_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
};

describe("database handle", () => {
  // openDatabase().close() is Kysely's destroy(), which ends the pool only once Kysely has run a
  // query (its driver takes the pool lazily). A handle used only through `pool` — as migrate() does —
  // keeps its connections open after close().
  test("close() ends the pool even when only the raw pool was used", async () => {
    const handle = openDatabase(inject("databaseUrl"), 1);
    await handle.pool.query("SELECT 1");

    await handle.close();

    const isEnded = handle.pool.ended;
    if (!isEnded) {
      await handle.pool.end();
    }
    expect(isEnded).toBe(true);
  });
});
