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

/** The development mailbox: every queued message, newest first. */
export const DevMailbox = z.array(DevMailMessage);
export type DevMailbox = z.infer<typeof DevMailbox>;
