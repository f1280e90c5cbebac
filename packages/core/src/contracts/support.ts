import { z } from "zod";
import { multiLineText, singleLineText } from "../validation/text.ts";
import { Email } from "./auth.ts";
import { HELP_MESSAGES, MAX_HELP_MESSAGE_LENGTH, MAX_HELP_SUBJECT_LENGTH } from "./help.ts";

/*
 * The contact form of /support (spec §2 Static pages: Support). A signed-in customer's message opens
 * a help request they follow in /help; a visitor's is e-mailed to the support address. The form and
 * the server validate with the same schema.
 */

export const SUPPORT_MESSAGE_MESSAGES = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  subjectRequired: HELP_MESSAGES.subjectRequired,
  messageTooShort: HELP_MESSAGES.messageTooShort,
} as const;

const MAX_NAME_LENGTH = 100;

/** `POST /api/v1/support/messages`: the spec's fields, plus a honeypot. */
export const SupportMessageRequest = z.object({
  firstName: singleLineText("First name", { error: SUPPORT_MESSAGE_MESSAGES.firstNameRequired })
    .min(1, SUPPORT_MESSAGE_MESSAGES.firstNameRequired)
    .max(MAX_NAME_LENGTH),
  lastName: singleLineText("Last name", { error: SUPPORT_MESSAGE_MESSAGES.lastNameRequired })
    .min(1, SUPPORT_MESSAGE_MESSAGES.lastNameRequired)
    .max(MAX_NAME_LENGTH),
  /** Where a visitor wants the answer. A signed-in customer is answered in /help, whatever this says. */
  email: Email,
  subject: singleLineText("Subject", { error: SUPPORT_MESSAGE_MESSAGES.subjectRequired })
    .min(1, SUPPORT_MESSAGE_MESSAGES.subjectRequired)
    .max(MAX_HELP_SUBJECT_LENGTH),
  message: multiLineText("Message", { error: SUPPORT_MESSAGE_MESSAGES.messageTooShort })
    .min(10, SUPPORT_MESSAGE_MESSAGES.messageTooShort)
    .max(MAX_HELP_MESSAGE_LENGTH),
  /**
   * A honeypot: the form hides this field from people (and from assistive technology), so only a bot
   * that fills in every input sends it non-empty. Such a message is answered like a visitor's and
   * dropped. Its content is never read, so it is not validated beyond its length.
   */
  website: z.string().max(2_000).default(""),
});
export type SupportMessageRequest = z.infer<typeof SupportMessageRequest>;

/** Where a message went: a help request (signed in) or the support mailbox (a visitor). */
export const SupportChannel = z.enum(["help_request", "email"]);
export type SupportChannel = z.infer<typeof SupportChannel>;

/**
 * The answer: 201 with the help request's id for a signed-in customer; 202 for a visitor's message,
 * queued for e-mail delivery to support.
 */
export const SupportMessageReceipt = z.object({
  channel: SupportChannel,
  /** The help request the message opened; null when it was e-mailed. */
  helpRequestId: z.uuid().nullable(),
});
export type SupportMessageReceipt = z.infer<typeof SupportMessageReceipt>;
