import { z } from "zod";

/** One message of the development mailbox (`/dev/mail/messages.json`). */
export const DevMailMessage = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export type DevMailMessage = z.infer<typeof DevMailMessage>;

/**
 * What the development mailbox is asked for: the messages to one address (exactly as addressed), or
 * without `to` the newest of everyone's. Tests that wait for a code ask for their own address, so
 * they neither read everyone's mail at each poll nor lose theirs among the newest.
 */
export const DevMailboxQuery = z.object({ to: z.string().max(254).optional() });
export type DevMailboxQuery = z.infer<typeof DevMailboxQuery>;

/** The development mailbox: every queued message, newest first. */
export const DevMailbox = z.array(DevMailMessage);
export type DevMailbox = z.infer<typeof DevMailbox>;
