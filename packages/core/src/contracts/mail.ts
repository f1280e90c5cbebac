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
