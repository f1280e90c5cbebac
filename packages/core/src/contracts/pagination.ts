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

/**
 * The query of a list endpoint: the cursor of the page before (none for the first page) and how many
 * items to return. Each list names its default and its explicit upper bound: a list whose rows are
 * capped per user (recipients, payment methods) returns all of them by default.
 */
export function pageQuery(bounds: { defaultLimit: number; maxLimit: number }) {
  return z.object({
    cursor: PageCursor.optional(),
    limit: z.coerce.number().int().min(1).max(bounds.maxLimit).default(bounds.defaultLimit),
  });
}

/** The query of most lists: 20 items a page, at most 100. */
export const PageQuery = pageQuery({ defaultLimit: 20, maxLimit: 100 });
export type PageQuery = z.infer<typeof PageQuery>;

/**
 * The one page shape of every list endpoint: its items, and the cursor of the next page, which is
 * `null` exactly when there is no further item.
 */
export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

/** A page of `Item`s, as `pageOf` describes it. */
export interface Page<Item> {
  readonly items: Item[];
  readonly nextCursor: string | null;
}
