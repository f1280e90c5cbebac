import type { SupportMessageReceipt, SupportMessageRequest } from "@ferry/core/contracts/support";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { clientAddressKey } from "../../http/client-address.ts";
import { enforceThrottle, type ThrottleRule } from "../../http/throttle.ts";
import { createHelpRequest } from "../help/service.ts";
import { enqueueMail, supportContactMail } from "../mail/service.ts";

/*
 * The /support contact form (spec §2 Static pages: Support): a signed-in customer's message opens a
 * help request, so it lands on the help desk with its response target and the answer comes back in
 * /help; a visitor's is e-mailed to the support address. Throttled per client address and per
 * e-mail address, with a honeypot for the bots that fill in every field.
 */

/** What the contact form needs: the database, and where visitors' messages go (SUPPORT_EMAIL). */
export interface SupportDeps {
  readonly db: Database;
  /** The business clock a customer's message opens its help request by. */
  readonly clock: Clock;
  readonly supportEmail: string;
}

/** Who sent a message: the signed-in account (null for a visitor) and the client's address. */
export interface SupportSender {
  readonly viewer: { readonly userId: string; readonly email: string } | null;
  readonly ip: string;
}

/** Enough for a person writing a few follow-ups in an hour, too few for a spam run. */
const MESSAGES_PER_HOUR = 5;
const HOUR_SECONDS = 60 * 60;

/**
 * The mailbox an e-mail address reaches, as the per-e-mail limit counts it: lower case, and without a
 * sub-address tag ("Same+1@Example.com" is same@example.com). Otherwise every tag would be a fresh
 * allowance for one inbox (issue 24). Only the tag goes: dots in the local part are significant at
 * most providers, so removing them could merge two people.
 */
function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) {
    return address;
  }
  const local = address.slice(0, at);
  const tag = local.indexOf("+");
  return `${tag > 0 ? local.slice(0, tag) : local}${address.slice(at)}`;
}

function throttleRules(sender: SupportSender, email: string): ThrottleRule[] {
  return [
    // An IPv6 client is counted by its /64: it may pick a new address within it for every message.
    { key: `support-message:ip:${clientAddressKey(sender.ip)}`, max: MESSAGES_PER_HOUR, windowSeconds: HOUR_SECONDS },
    { key: `support-message:email:${mailboxKey(email)}`, max: MESSAGES_PER_HOUR, windowSeconds: HOUR_SECONDS },
  ];
}

/** A bot's answer: what a visitor gets, so the bot cannot tell it was caught. */
const DROPPED: SupportMessageReceipt = { channel: "email", helpRequestId: null };

/**
 * Takes one message from the contact form. A filled honeypot is answered like a visitor's message and
 * dropped, before anything is counted or stored. Otherwise the sender's address and e-mail (the
 * account's when signed in, whatever the form says) must be under their hourly limits (429 with
 * Retry-After); then a customer's message becomes a help request of medium priority, and a visitor's
 * is queued for e-mail to support.
 */
export async function receiveSupportMessage(
  deps: SupportDeps,
  sender: SupportSender,
  request: SupportMessageRequest,
): Promise<SupportMessageReceipt> {
  if (request.website.trim() !== "") {
    return DROPPED;
  }
  const { db } = deps;
  await enforceThrottle(db, throttleRules(sender, sender.viewer?.email ?? request.email));
  if (sender.viewer) {
    const created = await createHelpRequest(db, deps.clock, sender.viewer.userId, {
      subject: request.subject,
      message: request.message,
      priority: "medium",
      attachmentIds: [],
    });
    return { channel: "help_request", helpRequestId: created.id };
  }
  await enqueueMail(
    db,
    supportContactMail(deps.supportEmail, {
      name: `${request.firstName} ${request.lastName}`,
      email: request.email,
      subject: request.subject,
      message: request.message,
    }),
  );
  return { channel: "email", helpRequestId: null };
}
