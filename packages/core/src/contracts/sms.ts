import { z } from "zod";

/** One text message of the development SMS outbox (`/dev/sms/messages.json`). */
export const DevSmsMessage = z.object({
  to: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type DevSmsMessage = z.infer<typeof DevSmsMessage>;

/** The development SMS outbox: every written text message, newest first. */
export const DevSmsOutbox = z.array(DevSmsMessage);
export type DevSmsOutbox = z.infer<typeof DevSmsOutbox>;
