import { z } from "zod";
import { MESSAGES } from "../messages.ts";

/**
 * A list cursor as the server issues it: base64url text, opaque to clients. Its shape is checked
 * here; what it decodes to is checked by the server before any of it reaches a query.
 */
export const PageCursor = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]*$/, MESSAGES.invalidCursor);
