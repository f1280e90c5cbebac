import { z } from "zod";
import { StoredDestination } from "./destinations.ts";
import { pageOf, pageQuery } from "./pagination.ts";

/** The kinds of saved recipient: a bank account or a crypto address. */
export const RecipientType = z.enum(["bank", "crypto"]);
export type RecipientType = z.infer<typeof RecipientType>;

/** A saved recipient as the API returns it (spec §3 recipients). */
export const Recipient = StoredDestination.extend({
  type: RecipientType,
  /** The recipient's e-mail, for the transfer's notifications and history. */
  email: z.string(),
});
export type Recipient = z.infer<typeof Recipient>;

/**
 * An explicit bound on what one user can store. A list of one type returns up to this many by
 * default, so every saved recipient stays visible without paging.
 */
export const MAX_RECIPIENTS_PER_USER = 200;

export const RecipientListQuery = pageQuery({
  defaultLimit: MAX_RECIPIENTS_PER_USER,
  maxLimit: MAX_RECIPIENTS_PER_USER,
}).extend({ type: RecipientType });
export type RecipientListQuery = z.infer<typeof RecipientListQuery>;
export const RecipientList = pageOf(Recipient);
export type RecipientList = z.infer<typeof RecipientList>;

export const RecipientIdParams = z.object({ recipientId: z.uuid() });
export type RecipientIdParams = z.infer<typeof RecipientIdParams>;
