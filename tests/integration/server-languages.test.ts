import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  buildTestApp,
  createIsolatedDatabase,
  createSessionUser,
  fundWallet,
  insertBareUsers,
  mailTo,
  randomIp,
  type SessionUser,
  send,
  type TestApp,
  uniqueEmail,
} from "./helpers.ts";
import { type ReceivedMail, startSmtpServer, type TestSmtpServer, waitForMessage } from "./smtp-peer.ts";

/*
 * Issue 29, the server's part: e-mails and CSV statements follow the recipient's App Preferences — their
 * language, and their time zone — while the CSV stays machine-readable (ISO times with the zone's offset,
 * plain decimal amounts).
 */

let smtp: TestSmtpServer;
let ferry: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ferry = await buildTestApp(
    { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: "Ferry <no-reply@ferry.test>" },
    { databaseUrl: await createIsolatedDatabase("languages") },
  );
});

afterAll(async () => {
  await ferry?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.server.close(() => resolve()) : resolve()));
});

function as(user: SessionUser, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) {
  return send(ferry.app, { method, url, ip: user.ip, cookie: user.cookie, payload });
}

async function choosePreferences(user: SessionUser, language: string, timeZone: string): Promise<void> {
  const saved = await as(user, "PUT", "/api/v1/settings/preferences", {
    language,
    currency: "USD",
    timeZone,
    theme: "system",
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) in a header, as text. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, data: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replaceAll("_", " ")),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** The subject and the plain-text part of a message as it crossed SMTP. */
function readReceived(mail: ReceivedMail): { subject: string; text: string } {
  const [headers] = mail.raw.split(/\r?\n\r?\n/);
  const subject = decodeHeader(/^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(headers)?.[1] ?? "");
  const part = /Content-Type: text\/plain[\s\S]*?Content-Transfer-Encoding: ([\w-]+)\r?\n\r?\n([\s\S]*?)\r?\n--/i.exec(
    mail.raw,
  );
  expect(part, "the message has a plain-text part").not.toBeNull();
  const [, encoding, body] = part as RegExpExecArray;
  const text =
    encoding.toLowerCase() === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
      : decodeQuotedPrintable(body);
  return { subject: subject.replace(/\r?\n[ \t]/g, ""), text };
}

/** A moment as a German reader in Tokyo reads it: "13.03.2026, 08:30" (UTC+9 all year, no daylight saving). */
function germanTokyoTime(iso: string): string {
  const tokyo = new Date(Date.parse(iso) + 9 * 60 * 60 * 1000);
  const two = (value: number) => String(value).padStart(2, "0");
  return `${two(tokyo.getUTCDate())}.${two(tokyo.getUTCMonth() + 1)}.${tokyo.getUTCFullYear()}, ${two(tokyo.getUTCHours())}:${two(tokyo.getUTCMinutes())}`;
}

/** Asks for a code to send `amount` USD to a fresh Ferry user, and returns the code's e-mail as it arrived over SMTP. */
async function requestCodeMail(
  sender: SessionUser,
  amount: string,
): Promise<{ mail: ReceivedMail; expiresAt: string }> {
  const [friend] = await insertBareUsers(ferry.db, 1, "languages-friend");
  const details = { target: { method: "ferry_user", recipientEmail: friend.email }, amount, currency: "USD" };
  const requested = await as(sender, "POST", "/api/v1/transfers/verification-code", details);
  expect(requested.statusCode, requested.body).toBe(200);
  const mail = await waitForMessage(ferry, smtp.received, (message) => message.to.includes(sender.email));
  return { mail, expiresAt: requested.json().expiresAt };
}

/** The statement's lines, each a list of cells. */
function parseCsv(body: string): string[][] {
  return body
    .trim()
    .split("\r\n")
    .map((line) =>
      [...line.matchAll(/"((?:[^"]|"")*)"|([^,]+)/g)].map((match) => (match[1] ?? match[2]).replaceAll('""', '"')),
    );
}

describe("in the recipient's language and time zone", () => {
  test("a German reader in Tokyo gets the transfer code e-mail over SMTP in German, amounts and time formatted for them", async () => {
    const sender = await createSessionUser(ferry, { label: "languages-de" });
    await fundWallet(ferry.db, sender.userId, "USD", 250_000n);
    await choosePreferences(sender, "de", "Asia/Tokyo");

    const { mail, expiresAt } = await requestCodeMail(sender, "1250.50");
    const { subject, text } = readReceived(mail);

    expect(subject).toBe("Ihr Ferry-Überweisungscode");
    expect(text).toMatch(/^1\.250,50\u00a0USD an .+ senden\. Gebühr [\d.,]+\u00a0USD, gesamt 1\.2\d\d,\d\d\u00a0USD\./);
    expect(text).toMatch(/Ihr Code: \d{6}/);
    expect(text).toContain(`Der Code ist gültig bis ${germanTokyoTime(expiresAt)}.`);
    expect(text).toContain("Er gilt nur für diese Überweisung und läuft in 15 Minuten ab.");
    expect(text).not.toContain("Your code");
    expect(mail.raw).toMatch(/<html lang=(3D)?"de">/);
  });

  test("an English reader keeps the English e-mail and the spec's USD 1,250.50", async () => {
    const sender = await createSessionUser(ferry, { label: "languages-en" });
    await fundWallet(ferry.db, sender.userId, "USD", 250_000n);

    const { subject, text } = readReceived((await requestCodeMail(sender, "1250.50")).mail);

    expect(subject).toBe("Your Ferry transfer code");
    expect(text).toMatch(/^Send USD 1,250\.50 to .+\. Fee USD [\d.,]+, total USD 1,2\d\d\.\d\d\./);
    expect(text).toMatch(/Your code: \d{6}/);
  });

  test("the CSV statement's times shift to Asia/Tokyo with its offset, headers in German, amounts plain decimals", async () => {
    const user = await createSessionUser(ferry, { label: "languages-csv" });
    await fundWallet(ferry.db, user.userId, "USD", 123_456n);
    const [item] = (await as(user, "GET", "/api/v1/transactions")).json().items;

    const [, utcRow] = parseCsv((await as(user, "GET", "/api/v1/transactions/export.csv")).body);
    await choosePreferences(user, "de", "Asia/Tokyo");
    const [header, tokyoRow] = parseCsv((await as(user, "GET", "/api/v1/transactions/export.csv")).body);

    const utcSeconds = (item.createdAt as string).slice(0, 19);
    expect(utcRow[0]).toBe(`${utcSeconds}Z`);
    expect(tokyoRow[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/);
    expect(Date.parse(tokyoRow[0])).toBe(Date.parse(`${utcSeconds}Z`));
    expect(tokyoRow[0]).not.toBe(utcRow[0]);
    expect(header).toEqual([
      "Datum",
      "Art",
      "Status",
      "Währung",
      "Betrag",
      "Gebühr",
      "Gegenpartei",
      "Verwendungszweck",
    ]);
    expect([tokyoRow[1], tokyoRow[3], tokyoRow[4]]).toEqual(["deposit", "USD", "1234.56"]);
  });

  test("a sign-up's verification link is written in the language the sign-up was made in", async () => {
    const email = uniqueEmail("languages-signup");
    const response = await send(ferry.app, {
      method: "POST",
      url: "/api/v1/auth/sign-up",
      ip: randomIp(),
      payload: { email, password: "Harbour#2026-long" },
      headers: { "accept-language": "fr-FR,fr;q=0.9,en;q=0.5" },
    });
    expect(response.statusCode, response.body).toBeLessThan(300);

    const [mail] = await mailTo(ferry.db, email);
    expect(mail.subject).toBe("Vérifiez votre e-mail");
    expect(mail.text_body).toContain("Bienvenue sur Ferry !");
    expect(mail.text_body).toContain("/verify-email?token=");
  });

  test("an alert e-mail is worded in the owner's language, amounts and rule included", async () => {
    const user = await createSessionUser(ferry, { label: "languages-alert" });
    await choosePreferences(user, "de", "Europe/London");
    const rule = { type: "transaction", currency: "USD", amount: "10", direction: "incoming", method: "email" };
    const created = await as(user, "POST", "/api/v1/alert-rules", rule);
    expect(created.statusCode, created.body).toBe(201);

    await fundWallet(ferry.db, user.userId, "USD", 123_456n);

    const [mail] = await mailTo(ferry.db, user.email);
    expect(mail.subject).toBe("Ferry-Benachrichtigung: Transaktionsbenachrichtigung");
    expect(mail.text_body).toMatch(
      /^Eine Einzahlung von 1\.234,56\u00a0USD wurde Ihrem Guthaben gutgeschrieben\. Benachrichtigungsregel: Eingehende Transaktionen ab 10,00\u00a0USD\./,
    );
    expect(mail.text_body).toContain("Benachrichtigungsregel „Eingehende Transaktionen ab 10,00\u00a0USD“");
  });
});
