import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { selectUserIdByEmail } from "../../db/users.ts";
import { notificationSettingsOf } from "../settings/service.ts";
import { mailDeliveryQueueOf } from "./delivery.ts";
import { deleteMessagesTo, insertOutboxMessage, type MailMessage } from "./outbox.ts";

/*
 * The mail module's public file: the e-mails Ferry sends (each a function that builds one message) and
 * `enqueueMail`, which queues a message. Other modules import only this file; the outbox, the delivery
 * and the development mailbox are the module's own.
 */

/**
 * Queues a message for delivery. Pass the caller's transaction so the mail exists exactly when the
 * business change that caused it commits: the outbox row and, with SMTP configured, its delivery job
 * (pg-boss, jobs/mail-delivery.ts) are written in that transaction, and neither if it rolls back.
 * Without SMTP the message stays in the outbox, readable in the development mailbox. Account-activity
 * mail the recipient has turned off is not queued at all: the answer says whether it was queued.
 */
export async function enqueueMail(db: Kysely<DB>, message: Mail): Promise<boolean> {
  if (!(await isMailWanted(db, message))) {
    return false;
  }
  const delivery = mailDeliveryQueueOf(db);
  if (!delivery) {
    await insertOutboxMessage(db, message);
    return true;
  }
  if (!db.isTransaction) {
    // The row and its job commit together even when the caller has no transaction of its own.
    return db.transaction().execute((trx) => enqueueMail(trx, message));
  }
  await delivery.queueDelivery(db, await insertOutboxMessage(db, message));
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

/** A message as the builders below make it: the outbox's fields and why it is sent. */
export interface Mail extends MailMessage {
  readonly category?: MailCategory;
}

/** Account-activity mail to a Ferry account goes only while its e-mail notifications are on. */
async function isMailWanted(db: Kysely<DB>, message: Mail): Promise<boolean> {
  if (message.category !== "activity") {
    return true;
  }
  const userId = await selectUserIdByEmail(db, message.to);
  if (userId === undefined) {
    return true;
  }
  return (await notificationSettingsOf(db, userId)).emailNotifications;
}

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="margin:0;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:520px;margin:32px auto;background:#ffffff;border-radius:12px;padding:32px">
<div style="font-size:20px;font-weight:700;color:#4f46e5;margin-bottom:24px">Ferry</div>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${bodyHtml}
<p style="color:#64748b;font-size:12px;margin-top:32px">If you did not ask for this, you can ignore this e-mail. Ferry will never ask you for your password.</p>
</div></body></html>`;
}

function codeMail(to: string, subject: string, intro: string, code: string, minutes: number): MailMessage {
  const text = `${intro}\n\nYour code: ${code}\n\nIt expires in ${minutes} minutes. Never share it with anyone.`;
  const html = layout(
    subject,
    `<p>${escapeHtml(intro)}</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:700;margin:24px 0">${escapeHtml(code)}</p>
<p>It expires in ${minutes} minutes. Never share it with anyone.</p>`,
  );
  return { to, subject, text, html };
}

function linkMail(to: string, subject: string, intro: string, url: string, note: string): MailMessage {
  const text = `${intro}\n\n${url}\n\n${note}`;
  const html = layout(
    subject,
    `<p>${escapeHtml(intro)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(subject)}</a></p>
<p style="font-size:12px;color:#64748b;word-break:break-all">${escapeHtml(url)}</p><p>${escapeHtml(note)}</p>`,
  );
  return { to, subject, text, html };
}

/** Deletes the outbox's copies of every e-mail to `email`: closing an account takes them with it (issue 26). */
export async function deleteAllMailTo(db: Kysely<DB>, email: string): Promise<void> {
  await deleteMessagesTo(db, email);
}

/** The code that completes a sign-in after the password was checked. */
export function signInCodeMail(to: string, code: string, minutes: number): MailMessage {
  return codeMail(to, "Your Ferry sign-in code", "Use this code to finish signing in to Ferry.", code, minutes);
}

/** The code that lets a new connected app send money (an API credential with `transfers:write`, issue 28). */
export function apiCredentialCodeMail(to: string, code: string, minutes: number): MailMessage {
  return codeMail(
    to,
    "Your Ferry code to connect an app that sends money",
    "Use this code to let a connected app send money from your Ferry account. If you did not ask for it, change your password now.",
    code,
    minutes,
  );
}

/** The code that lets a connected app that sends money get a new secret (issue 28). */
export function apiCredentialRegenerateCodeMail(to: string, code: string, minutes: number): MailMessage {
  return codeMail(
    to,
    "Your Ferry code to regenerate a connected app's secret",
    "Use this code to give a connected app that sends money from your Ferry account a new secret. If you did not ask for it, change your password now.",
    code,
    minutes,
  );
}

/** The code that verifies the e-mail address from the dashboard banner. */
export function emailVerificationCodeMail(to: string, code: string, minutes: number): MailMessage {
  return codeMail(
    to,
    "Verify your Ferry e-mail address",
    "Use this code to verify your e-mail address.",
    code,
    minutes,
  );
}

/** The link sent on sign-up (`/verify-email?token=…`). */
export function verificationLinkMail(to: string, url: string): MailMessage {
  return linkMail(
    to,
    "Verify your e-mail",
    "Welcome to Ferry! Confirm your e-mail address to unlock every feature.",
    url,
    "Verification links expire after 24 hours for security.",
  );
}

/** Sent instead of an error when someone signs up with an address that already has an account. */
export function existingAccountMail(to: string, loginUrl: string, resetUrl: string): MailMessage {
  const intro =
    "Someone tried to create a Ferry account with this e-mail address, which already has one. If it was you, sign in, or reset your password if you forgot it.";
  const text = `${intro}\n\nSign in: ${loginUrl}\nReset your password: ${resetUrl}`;
  const html = layout(
    "You already have a Ferry account",
    `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(loginUrl)}">Sign in</a> · <a href="${escapeHtml(resetUrl)}">Reset your password</a></p>`,
  );
  return { to, subject: "You already have a Ferry account", text, html };
}

/** The password reset link (`/forgot-password?token=…`). */
export function passwordResetMail(to: string, url: string, minutes: number): MailMessage {
  return linkMail(
    to,
    "Reset your password",
    "Follow this link to choose a new Ferry password. Every other signed-in device will be signed out.",
    url,
    `The link expires in ${minutes} minutes.`,
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
export function passwordChangedMail(to: string, passkeys?: RemainingPasskeys): MailMessage {
  const subject = "Your Ferry password was changed";
  const intro = "The password of your Ferry account was just changed, and every other signed-in device was signed out.";
  const advice =
    "If this was you, there is nothing to do. If it was not, reset your password now from the sign-in page and contact support.";
  if (!passkeys || passkeys.count === 0) {
    const text = `${intro}\n\n${advice}`;
    const html = layout(subject, `<p>${escapeHtml(intro)}</p><p>${escapeHtml(advice)}</p>`);
    return { to, subject, text, html };
  }
  const count = passkeys.count === 1 ? "1 passkey" : `${passkeys.count} passkeys`;
  const kept = `Your account has ${count}, which still sign you in: a password reset does not remove passkeys. If you do not recognise one, remove it in Settings.`;
  const text = `${intro}\n\n${kept}\n\nSettings: ${passkeys.settingsUrl}\n\n${advice}`;
  const html = layout(
    subject,
    `<p>${escapeHtml(intro)}</p><p>${escapeHtml(kept)}</p>
<p><a href="${escapeHtml(passkeys.settingsUrl)}">Open Settings</a></p><p>${escapeHtml(advice)}</p>`,
  );
  return { to, subject, text, html };
}

/** The code that confirms one transfer; it names the transfer so the owner sees what they approve. */
export function transferCodeMail(
  to: string,
  code: string,
  details: { amount: string; fee: string; total: string; recipient: string; destination: string | null },
): MailMessage {
  const subject = "Your Ferry transfer code";
  const payee = details.destination ? `${details.recipient}, ${details.destination}` : details.recipient;
  const summary = `Send ${details.amount} to ${payee}. Fee ${details.fee}, total ${details.total}.`;
  const text = `${summary}\n\nYour code: ${code}\n\nIt works only for this transfer and expires in 15 minutes. If you did not ask to send money, change your password now.`;
  const html = layout(
    subject,
    `<p>${escapeHtml(summary)}</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:700;margin:24px 0">${escapeHtml(code)}</p>
<p>It works only for this transfer and expires in 15 minutes. If you did not ask to send money, change your password now.</p>`,
  );
  return { to, subject, text, html };
}

/**
 * Tells the owner that wrong passwords keep arriving for their account (sent at most once per
 * window): what still protects them, and where to choose a new password if it was not them.
 */
export function failedSignInAttemptsMail(
  to: string,
  details: { failedAttempts: number; windowMinutes: number; resetUrl: string },
): MailMessage {
  const subject = "Failed sign-in attempts on your Ferry account";
  const intro = `Someone entered a wrong password for your Ferry account ${details.failedAttempts} times in the last ${details.windowMinutes} minutes.`;
  const protection =
    "If it was you, there is nothing to do. If it was not, your account is still protected: every sign-in also needs the code we e-mail to you, and the addresses trying are being slowed down. To be safe, choose a new password.";
  const text = `${intro}\n\n${protection}\n\nChoose a new password: ${details.resetUrl}`;
  const html = layout(
    subject,
    `<p>${escapeHtml(intro)}</p><p>${escapeHtml(protection)}</p>
<p><a href="${escapeHtml(details.resetUrl)}">Choose a new password</a></p>`,
  );
  return { to, subject, text, html };
}

/**
 * A visitor's message from the /support contact form, for the support address. The visitor's address
 * is in the body, to answer from the support mailbox; nothing is ever sent to that address, so the
 * form cannot be used to mail strangers.
 */
export function supportContactMail(
  to: string,
  details: { name: string; email: string; subject: string; message: string },
): MailMessage {
  const subject = `Contact form: ${details.subject}`;
  const sender = `From: ${details.name} <${details.email}> (a visitor, not signed in)`;
  const text = `${sender}\nSubject: ${details.subject}\n\n${details.message}\n\nReply to ${details.email}. Sent from the contact form on Ferry's support page.`;
  const html = layout(
    subject,
    `<p>${escapeHtml(sender)}</p>
<p style="white-space:pre-wrap;border-left:3px solid #c7d2fe;padding-left:12px">${escapeHtml(details.message)}</p>
<p style="color:#64748b">Reply to <a href="mailto:${escapeHtml(details.email)}">${escapeHtml(details.email)}</a>. Sent from the contact form on Ferry's support page.</p>`,
  );
  return { to, subject, text, html };
}

/** Support answered or changed the status of a help request: what happened, and where to read it. */
export function helpRequestUpdateMail(to: string, details: { subject: string; update: string; url: string }): Mail {
  const subject = `Your help request: ${details.subject}`;
  const text = `${details.update}\n\nRead the conversation and reply: ${details.url}`;
  const html = layout(
    subject,
    `<p>${escapeHtml(details.update)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(details.url)}" style="background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">Open the request</a></p>`,
  );
  return { to, subject, text, html, category: "activity" };
}

/**
 * An alert rule of the user's fired (modules/alerts): what happened, the rule that asked for it, and
 * where to change it. Sent only because the user chose e-mail for that rule.
 */
export function alertRuleMail(to: string, details: { title: string; message: string; rule: string }): Mail {
  const subject = `Ferry alert: ${details.title}`;
  const why = `You get this e-mail because of your alert rule "${details.rule}". You can change or delete it on the Alerts page of Ferry.`;
  const text = `${details.message}\n\n${why}`;
  const html = layout(subject, `<p>${escapeHtml(details.message)}</p><p style="color:#64748b">${escapeHtml(why)}</p>`);
  return { to, subject, text, html, category: "activity" };
}

/**
 * A message an admin wrote to a customer (Contact User's Send Email, spec §7 send-admin-email): their
 * subject and text as written, escaped, signed by Ferry Support.
 */
export function adminMessageMail(to: string, details: { subject: string; message: string }): MailMessage {
  const footer = "Ferry Support. Reply by opening a help request in Ferry.";
  const text = `${details.message}\n\n${footer}`;
  const html = layout(
    details.subject,
    `<p style="white-space:pre-wrap">${escapeHtml(details.message)}</p>
<p style="color:#64748b">${escapeHtml(footer)}</p>`,
  );
  return { to, subject: details.subject, text, html };
}

/**
 * A way of signing in to the account was added or removed (a passkey, an authenticator app): a
 * security e-mail, sent whatever the notification settings say, so that an owner who did not do it
 * learns at once.
 */
export function signInMethodChangedMail(
  to: string,
  details: { change: "added" | "removed"; method: string; settingsUrl: string },
): MailMessage {
  const subject =
    details.change === "added"
      ? "A sign-in method was added to your Ferry account"
      : "A sign-in method was removed from your Ferry account";
  const intro =
    details.change === "added"
      ? `${details.method} was added to your Ferry account. It can now be used to sign in.`
      : `${details.method} was removed from your Ferry account. It can no longer be used to sign in.`;
  const advice =
    "If this was you, there is nothing to do. If it was not, change your password now and review your sign-in methods in Settings.";
  const text = `${intro}\n\n${advice}\n\nSettings: ${details.settingsUrl}`;
  const html = layout(
    subject,
    `<p>${escapeHtml(intro)}</p><p>${escapeHtml(advice)}</p>
<p><a href="${escapeHtml(details.settingsUrl)}">Open Settings</a></p>`,
  );
  return { to, subject, text, html };
}

/**
 * Someone signed in to the account from a device (browser and system) Ferry had not seen for it: a
 * security e-mail, sent whatever the notification settings say, so that an owner who did not do it
 * learns at once when, from where and with what.
 */
export function newDeviceSignInMail(to: string, details: { time: string; address: string; browser: string }): Mail {
  const subject = "New sign-in to your Ferry account";
  const intro = "Your Ferry account was just signed in to from a device it had not been used on before.";
  const facts = [`Time: ${details.time}`, `Address: ${details.address}`, `Browser: ${details.browser}`];
  const advice =
    "If this was you, there is nothing to do. If this wasn't you, reset your password now from the sign-in page (Forgot password) and contact support.";
  const text = `${intro}\n\n${facts.join("\n")}\n\n${advice}`;
  const html = layout(
    subject,
    `<p>${escapeHtml(intro)}</p>
<ul>${facts.map((fact) => `<li>${escapeHtml(fact)}</li>`).join("")}</ul>
<p><strong>${escapeHtml(advice)}</strong></p>`,
  );
  return { to, subject, text, html, category: "security" };
}
