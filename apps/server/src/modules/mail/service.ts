import { type DeviceParts, describeDevice } from "@ferry/core/contracts/sessions";
import type { Language } from "@ferry/core/i18n/languages";
import type { Money } from "@ferry/core/money";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { selectUserIdByEmail } from "../../db/users.ts";
import { type Reader, readerFor } from "../../i18n/translator.ts";
import { notificationSettingsOf, preferencesOf } from "../settings/service.ts";
import { mailDeliveryQueueOf } from "./delivery.ts";
import { deleteMessagesTo, insertOutboxMessage, type MailMessage } from "./outbox.ts";

/*
 * The mail module's public file: the e-mails Ferry sends (each a function that builds one message) and
 * `enqueueMail`, which queues a message. Other modules import only this file; the outbox, the delivery
 * and the development mailbox are the module's own. Each e-mail is written when it is queued, in the
 * recipient's language and time zone (their App Preferences, issue 29, decision 048).
 */

/**
 * Queues a message for delivery. Pass the caller's transaction so the mail exists exactly when the
 * business change that caused it commits: the outbox row and, with SMTP configured, its delivery job
 * (pg-boss, jobs/mail-delivery.ts) are written in that transaction, and neither if it rolls back.
 * Without SMTP the message stays in the outbox, readable in the development mailbox. Account-activity
 * mail the recipient has turned off is not queued at all: the answer says whether it was queued.
 */
export async function enqueueMail(db: Kysely<DB>, message: Mail): Promise<boolean> {
  const userId = await selectUserIdByEmail(db, message.to);
  if (!(await isMailWanted(db, message, userId))) {
    return false;
  }
  const written = await writtenFor(db, message, userId);
  const delivery = mailDeliveryQueueOf(db);
  if (!delivery) {
    await insertOutboxMessage(db, written);
    return true;
  }
  if (!db.isTransaction) {
    // The row and its job commit together even when the caller has no transaction of its own.
    return db.transaction().execute(async (trx) => {
      await delivery.queueDelivery(trx, await insertOutboxMessage(trx, written));
      return true;
    });
  }
  await delivery.queueDelivery(db, await insertOutboxMessage(db, written));
  return true;
}

/**
 * Why an e-mail is sent, which decides whether the recipient's Notification Preferences can stop it
 * (issue 27, docs/decisions/035-notification-preferences.md). "security": sign-in and verification
 * codes, reset links, new devices, password and sign-in method changes, transfer codes — always sent,
 * since an owner who turned e-mail off must still learn that someone else is in their account.
 * "activity": what happened on the account (alert rules, help-desk updates) — sent only while the
 * recipient's e-mail notifications are on. A message that names no category is security mail: a
 * forgotten category may send one e-mail too many, never withhold a warning.
 */
export type MailCategory = "security" | "activity";

/** What an e-mail says: written for one reader. */
type MailContent = Omit<MailMessage, "to">;

/**
 * A message as the builders below make it: to whom, why, and how to write it for a reader, who reads
 * in the language and time zone of the recipient's App Preferences. `language` overrides the language
 * only where the account cannot have saved one yet (the sign-up's verification link). A message
 * already written (`subject`, `text`, `html`) is queued as it is.
 */
export type Mail =
  | (MailMessage & { readonly category?: MailCategory })
  | {
      readonly to: string;
      readonly category?: MailCategory;
      readonly language?: Language;
      readonly write: (reader: Reader) => MailContent;
    };

/** Account-activity mail to a Ferry account goes only while its e-mail notifications are on. */
async function isMailWanted(db: Kysely<DB>, message: Mail, userId: string | undefined): Promise<boolean> {
  if (message.category !== "activity" || userId === undefined) {
    return true;
  }
  return (await notificationSettingsOf(db, userId)).emailNotifications;
}

/** The message in its recipient's language and time zone: their App Preferences, else the request's language. */
async function writtenFor(db: Kysely<DB>, message: Mail, userId: string | undefined): Promise<MailMessage> {
  if (!("write" in message)) {
    return { to: message.to, subject: message.subject, text: message.text, html: message.html };
  }
  if (userId === undefined) {
    return { to: message.to, ...message.write(readerFor(message.language ?? "en")) };
  }
  const { language, timeZone } = await preferencesOf(db, userId);
  return { to: message.to, ...message.write(readerFor(message.language ?? language, timeZone)) };
}

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

function layout(reader: Reader, title: string, bodyHtml: string): string {
  const footer = reader.t(
    "If you did not ask for this, you can ignore this e-mail. Ferry will never ask you for your password.",
  );
  return `<!doctype html><html lang="${reader.language}"><body style="margin:0;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:520px;margin:32px auto;background:#ffffff;border-radius:12px;padding:32px">
<div style="font-size:20px;font-weight:700;color:#4f46e5;margin-bottom:24px">Ferry</div>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${bodyHtml}
<p style="color:#64748b;font-size:12px;margin-top:32px">${escapeHtml(footer)}</p>
</div></body></html>`;
}

/** The paragraphs of a message as HTML, each escaped. */
function paragraphs(texts: readonly string[]): string {
  return texts.map((text) => `<p>${escapeHtml(text)}</p>`).join("");
}

function bigCode(code: string): string {
  return `<p style="font-size:32px;letter-spacing:8px;font-weight:700;margin:24px 0">${escapeHtml(code)}</p>`;
}

function button(url: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(label)}</a></p>`;
}

function link(url: string, label: string): string {
  return `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;
}

type Text = (reader: Reader) => string;

function codeMail(to: string, texts: { subject: Text; intro: Text }, code: string, minutes: number): Mail {
  return {
    to,
    write: (reader) => {
      const subject = texts.subject(reader);
      const intro = texts.intro(reader);
      const expiry = reader.t(
        "{minutes, plural, one {It expires in # minute. Never share it with anyone.} other {It expires in # minutes. Never share it with anyone.}}",
        { minutes },
      );
      const text = `${intro}\n\n${reader.t("Your code: {code}", { code })}\n\n${expiry}`;
      const html = layout(reader, subject, `${paragraphs([intro])}\n${bigCode(code)}\n${paragraphs([expiry])}`);
      return { subject, text, html };
    },
  };
}

function linkMail(to: string, texts: { subject: Text; intro: Text; note: Text }, url: string): Mail {
  return {
    to,
    write: (reader) => {
      const subject = texts.subject(reader);
      const intro = texts.intro(reader);
      const note = texts.note(reader);
      const text = `${intro}\n\n${url}\n\n${note}`;
      const html = layout(
        reader,
        subject,
        `${paragraphs([intro])}\n${button(url, subject)}
<p style="font-size:12px;color:#64748b;word-break:break-all">${escapeHtml(url)}</p>${paragraphs([note])}`,
      );
      return { subject, text, html };
    },
  };
}

/** Deletes the outbox's copies of every e-mail to `email`: closing an account takes them with it (issue 26). */
export async function deleteAllMailTo(db: Kysely<DB>, email: string): Promise<void> {
  await deleteMessagesTo(db, email);
}

/** The code that completes a sign-in after the password was checked. */
export function signInCodeMail(to: string, code: string, minutes: number): Mail {
  return codeMail(
    to,
    {
      subject: ({ t }) => t("Your Ferry sign-in code"),
      intro: ({ t }) => t("Use this code to finish signing in to Ferry."),
    },
    code,
    minutes,
  );
}

/** The code that lets a new connected app send money (an API credential with `transfers:write`, issue 28). */
export function apiCredentialCodeMail(to: string, code: string, minutes: number): Mail {
  return codeMail(
    to,
    {
      subject: ({ t }) => t("Your Ferry code to connect an app that sends money"),
      intro: ({ t }) =>
        t(
          "Use this code to let a connected app send money from your Ferry account. If you did not ask for it, change your password now.",
        ),
    },
    code,
    minutes,
  );
}

/** The code that lets a connected app that sends money get a new secret (issue 28). */
export function apiCredentialRegenerateCodeMail(to: string, code: string, minutes: number): Mail {
  return codeMail(
    to,
    {
      subject: ({ t }) => t("Your Ferry code to regenerate a connected app's secret"),
      intro: ({ t }) =>
        t(
          "Use this code to give a connected app that sends money from your Ferry account a new secret. If you did not ask for it, change your password now.",
        ),
    },
    code,
    minutes,
  );
}

/** The code that verifies the e-mail address from the dashboard banner. */
export function emailVerificationCodeMail(to: string, code: string, minutes: number): Mail {
  return codeMail(
    to,
    {
      subject: ({ t }) => t("Verify your Ferry e-mail address"),
      intro: ({ t }) => t("Use this code to verify your e-mail address."),
    },
    code,
    minutes,
  );
}

/** The link sent on sign-up (`/verify-email?token=…`), in the language the sign-up was made in. */
export function verificationLinkMail(to: string, url: string, language?: Language): Mail {
  const mail = linkMail(
    to,
    {
      subject: ({ t }) => t("Verify your e-mail"),
      intro: ({ t }) => t("Welcome to Ferry! Confirm your e-mail address to unlock every feature."),
      note: ({ t }) => t("Verification links expire after 24 hours for security."),
    },
    url,
  );
  return { ...mail, language };
}

/** Sent instead of an error when someone signs up with an address that already has an account. */
export function existingAccountMail(to: string, loginUrl: string, resetUrl: string): Mail {
  return {
    to,
    write: (reader) => {
      const { t } = reader;
      const subject = t("You already have a Ferry account");
      const intro = t(
        "Someone tried to create a Ferry account with this e-mail address, which already has one. If it was you, sign in, or reset your password if you forgot it.",
      );
      const text = `${intro}\n\n${t("Sign in: {url}", { url: loginUrl })}\n${t("Reset your password: {url}", { url: resetUrl })}`;
      const links = `<p>${link(loginUrl, t("Sign in"))} · ${link(resetUrl, t("Reset your password"))}</p>`;
      return { subject, text, html: layout(reader, subject, `${paragraphs([intro])}${links}`) };
    },
  };
}

/** The password reset link (`/forgot-password?token=…`). */
export function passwordResetMail(to: string, url: string, minutes: number): Mail {
  return linkMail(
    to,
    {
      subject: ({ t }) => t("Reset your password"),
      intro: ({ t }) =>
        t("Follow this link to choose a new Ferry password. Every other signed-in device will be signed out."),
      note: ({ t }) =>
        t("{minutes, plural, one {The link expires in # minute.} other {The link expires in # minutes.}}", { minutes }),
    },
    url,
  );
}

/** The passkeys a password reset left in place (decision 037): how many, and where to remove them. */
export interface RemainingPasskeys {
  readonly count: number;
  readonly settingsUrl: string;
}

/**
 * The account's password was changed (by the change form or a reset link): a security e-mail, sent
 * whatever the notification settings say, so an owner who did not do it learns of it at once. After
 * a reset it also says how many passkeys the account still has (a reset keeps them) and where to
 * remove any the owner does not know.
 */
export function passwordChangedMail(to: string, passkeys?: RemainingPasskeys): Mail {
  return {
    to,
    write: (reader) => {
      const { t } = reader;
      const subject = t("Your Ferry password was changed");
      const intro = t(
        "The password of your Ferry account was just changed, and every other signed-in device was signed out.",
      );
      const advice = t(
        "If this was you, there is nothing to do. If it was not, reset your password now from the sign-in page and contact support.",
      );
      if (!passkeys || passkeys.count === 0) {
        return { subject, text: `${intro}\n\n${advice}`, html: layout(reader, subject, paragraphs([intro, advice])) };
      }
      const kept = t(
        "{count, plural, one {Your account has # passkey, which still sign you in: a password reset does not remove passkeys. If you do not recognise one, remove it in Settings.} other {Your account has # passkeys, which still sign you in: a password reset does not remove passkeys. If you do not recognise one, remove it in Settings.}}",
        { count: passkeys.count },
      );
      const text = `${intro}\n\n${kept}\n\n${t("Settings: {url}", { url: passkeys.settingsUrl })}\n\n${advice}`;
      const html = layout(
        reader,
        subject,
        `${paragraphs([intro, kept])}\n<p>${link(passkeys.settingsUrl, t("Open Settings"))}</p>${paragraphs([advice])}`,
      );
      return { subject, text, html };
    },
  };
}

/** Where a bank or crypto transfer goes: a masked account and its bank, or a network's address. */
export type TransferDestination =
  | { readonly kind: "bank"; readonly account: string; readonly bank: string | null }
  | { readonly kind: "crypto"; readonly network: string; readonly address: string };

function describeDestination({ t }: Reader, destination: TransferDestination): string {
  if (destination.kind === "crypto") {
    return t("{network} address {address}", { network: destination.network, address: destination.address });
  }
  return destination.bank
    ? t("account {account} ({bank})", { account: destination.account, bank: destination.bank })
    : t("account {account}", { account: destination.account });
}

/** The transfer a code confirms, as its e-mail names it: amounts in minor units, formatted for the reader. */
export interface TransferCodeDetails {
  readonly amount: Money;
  readonly fee: Money;
  readonly total: Money;
  readonly recipient: string;
  readonly destination: TransferDestination | null;
  readonly expiresAt: Date;
  /** Paid from another balance (issue 30): what leaves it, the exchange fee included. */
  readonly paidFrom?: Money;
}

/** The code that confirms one transfer; it names the transfer so the owner sees what they approve. */
export function transferCodeMail(to: string, code: string, details: TransferCodeDetails): Mail {
  return {
    to,
    write: (reader) => {
      const { t, format } = reader;
      const subject = t("Your Ferry transfer code");
      const payee = details.destination
        ? `${details.recipient}, ${describeDestination(reader, details.destination)}`
        : details.recipient;
      const summary = t("Send {amount} to {payee}. Fee {fee}, total {total}.", {
        amount: format.money(details.amount),
        payee,
        fee: format.money(details.fee),
        total: format.money(details.total),
      });
      const paidFrom = details.paidFrom
        ? ` ${t("Paid from your {currency} balance: {amount}, exchange fee included.", {
            currency: details.paidFrom.currency,
            amount: format.money(details.paidFrom),
          })}`
        : "";
      const validity = t("The code is valid until {time}.", { time: format.dateTime(details.expiresAt) });
      const warning = t(
        "It works only for this transfer and expires in 15 minutes. If you did not ask to send money, change your password now.",
      );
      const text = `${summary}${paidFrom}\n\n${t("Your code: {code}", { code })}\n\n${warning}\n${validity}`;
      const html = layout(
        reader,
        subject,
        `${paragraphs([`${summary}${paidFrom}`])}\n${bigCode(code)}\n${paragraphs([warning, validity])}`,
      );
      return { subject, text, html };
    },
  };
}

/**
 * Tells the owner that wrong passwords keep arriving for their account (sent at most once per
 * window): what still protects them, and where to choose a new password if it was not them.
 */
export function failedSignInAttemptsMail(
  to: string,
  details: { failedAttempts: number; windowMinutes: number; resetUrl: string },
): Mail {
  return {
    to,
    write: (reader) => {
      const { t } = reader;
      const subject = t("Failed sign-in attempts on your Ferry account");
      const intro = t(
        "{count, plural, one {Someone entered a wrong password for your Ferry account # time in the last {minutes} minutes.} other {Someone entered a wrong password for your Ferry account # times in the last {minutes} minutes.}}",
        { count: details.failedAttempts, minutes: details.windowMinutes },
      );
      const protection = t(
        "If it was you, there is nothing to do. If it was not, your account is still protected: every sign-in also needs the code we e-mail to you, and the addresses trying are being slowed down. To be safe, choose a new password.",
      );
      const text = `${intro}\n\n${protection}\n\n${t("Choose a new password: {url}", { url: details.resetUrl })}`;
      const html = layout(
        reader,
        subject,
        `${paragraphs([intro, protection])}\n<p>${link(details.resetUrl, t("Choose a new password"))}</p>`,
      );
      return { subject, text, html };
    },
  };
}

/**
 * A visitor's message from the /support contact form, for the support address. The visitor's address
 * is in the body, to answer from the support mailbox; nothing is ever sent to that address, so the
 * form cannot be used to mail strangers. Support reads English, so it is written in English.
 */
export function supportContactMail(
  to: string,
  details: { name: string; email: string; subject: string; message: string },
): MailMessage {
  const subject = `Contact form: ${details.subject}`;
  const sender = `From: ${details.name} <${details.email}> (a visitor, not signed in)`;
  const text = `${sender}\nSubject: ${details.subject}\n\n${details.message}\n\nReply to ${details.email}. Sent from the contact form on Ferry's support page.`;
  const html = layout(
    readerFor("en"),
    subject,
    `<p>${escapeHtml(sender)}</p>
<p style="white-space:pre-wrap;border-left:3px solid #c7d2fe;padding-left:12px">${escapeHtml(details.message)}</p>
<p style="color:#64748b">Reply to <a href="mailto:${escapeHtml(details.email)}">${escapeHtml(details.email)}</a>. Sent from the contact form on Ferry's support page.</p>`,
  );
  return { to, subject, text, html };
}

/**
 * Support answered or changed the status of a help request: what happened (worded for the reader by
 * the help desk), and where to read it.
 */
export function helpRequestUpdateMail(
  to: string,
  details: { subject: string; update: (reader: Reader) => string; url: string },
): Mail {
  return {
    to,
    category: "activity",
    write: (reader) => {
      const { t } = reader;
      const subject = t("Your help request: {subject}", { subject: details.subject });
      const update = details.update(reader);
      const text = `${update}\n\n${t("Read the conversation and reply: {url}", { url: details.url })}`;
      const html = layout(reader, subject, `${paragraphs([update])}\n${button(details.url, t("Open the request"))}`);
      return { subject, text, html };
    },
  };
}

/**
 * An alert rule of the user's fired (modules/alerts): what happened, the rule that asked for it, and
 * where to change it, each worded for the reader by the alerts module. Sent only because the user chose
 * e-mail for that rule.
 */
export function alertRuleMail(
  to: string,
  details: (reader: Reader) => { title: string; message: string; rule: string },
): Mail {
  return {
    to,
    category: "activity",
    write: (reader) => {
      const { t } = reader;
      const { title, message, rule } = details(reader);
      const subject = t("Ferry alert: {title}", { title });
      const why = t(
        'You get this e-mail because of your alert rule "{rule}". You can change or delete it on the Alerts page of Ferry.',
        { rule },
      );
      const text = `${message}\n\n${why}`;
      const html = layout(reader, subject, `${paragraphs([message])}<p style="color:#64748b">${escapeHtml(why)}</p>`);
      return { subject, text, html };
    },
  };
}

/**
 * A message an admin wrote to a customer (Contact User's Send Email, spec §7 send-admin-email): their
 * subject and text as written, escaped, signed by Ferry Support in the customer's language.
 */
export function adminMessageMail(to: string, details: { subject: string; message: string }): Mail {
  return {
    to,
    write: (reader) => {
      const footer = reader.t("Ferry Support. Reply by opening a help request in Ferry.");
      const text = `${details.message}\n\n${footer}`;
      const html = layout(
        reader,
        details.subject,
        `<p style="white-space:pre-wrap">${escapeHtml(details.message)}</p>
<p style="color:#64748b">${escapeHtml(footer)}</p>`,
      );
      return { subject: details.subject, text, html };
    },
  };
}

/** A way of signing in that was added or removed: an authenticator app, or a passkey by its name. */
export type SignInMethod = { readonly kind: "authenticator" } | { readonly kind: "passkey"; readonly name: string };

/**
 * A way of signing in to the account was added or removed (a passkey, an authenticator app): a
 * security e-mail, sent whatever the notification settings say, so that an owner who did not do it
 * learns at once.
 */
export function signInMethodChangedMail(
  to: string,
  details: { change: "added" | "removed"; method: SignInMethod; settingsUrl: string },
): Mail {
  return {
    to,
    write: (reader) => {
      const { t } = reader;
      const method =
        details.method.kind === "passkey"
          ? t('The passkey "{name}"', { name: details.method.name })
          : t("An authenticator app");
      const isAdded = details.change === "added";
      const subject = isAdded
        ? t("A sign-in method was added to your Ferry account")
        : t("A sign-in method was removed from your Ferry account");
      const intro = isAdded
        ? t("{method} was added to your Ferry account. It can now be used to sign in.", { method })
        : t("{method} was removed from your Ferry account. It can no longer be used to sign in.", { method });
      const advice = t(
        "If this was you, there is nothing to do. If it was not, change your password now and review your sign-in methods in Settings.",
      );
      const text = `${intro}\n\n${advice}\n\n${t("Settings: {url}", { url: details.settingsUrl })}`;
      const html = layout(
        reader,
        subject,
        `${paragraphs([intro, advice])}\n<p>${link(details.settingsUrl, t("Open Settings"))}</p>`,
      );
      return { subject, text, html };
    },
  };
}

/**
 * Someone signed in to the account from a device (browser and system) Ferry had not seen for it: a
 * security e-mail, sent whatever the notification settings say, so that an owner who did not do it
 * learns at once when, from where and with what.
 */
export function newDeviceSignInMail(to: string, details: { time: string; address: string; device: DeviceParts }): Mail {
  return {
    to,
    category: "security",
    write: (reader) => {
      const { t } = reader;
      const subject = t("New sign-in to your Ferry account");
      const intro = t("Your Ferry account was just signed in to from a device it had not been used on before.");
      const facts = [
        t("Time: {time}", { time: details.time }),
        t("Address: {address}", { address: details.address }),
        t("Browser: {browser}", { browser: describeDevice(details.device, t) }),
      ];
      const advice = t(
        "If this was you, there is nothing to do. If this wasn't you, reset your password now from the sign-in page (Forgot password) and contact support.",
      );
      const text = `${intro}\n\n${facts.join("\n")}\n\n${advice}`;
      const html = layout(
        reader,
        subject,
        `${paragraphs([intro])}
<ul>${facts.map((fact) => `<li>${escapeHtml(fact)}</li>`).join("")}</ul>
<p><strong>${escapeHtml(advice)}</strong></p>`,
      );
      return { subject, text, html };
    },
  };
}
