import { z } from "zod";
import { CurrencyCodeSchema } from "./balances.ts";
import { pageOf, pageQuery } from "./pagination.ts";

/** The kinds of saved recipient: a bank account or a crypto address. */
export const RecipientType = z.enum(["bank", "crypto"]);
export type RecipientType = z.infer<typeof RecipientType>;

/**
 * A bank destination's domestic fields as the API returns them (validation/bank-account.ts): the one
 * or two its country's format uses, the others null; all null for an IBAN or a crypto address.
 */
export const NationalBankDetails = z.object({
  /** United States: the ABA routing number (9 digits). */
  routingNumber: z.string().nullable(),
  /** Canada: the branch transit number (5 digits). */
  transitNumber: z.string().nullable(),
  /** Canada: the financial institution number (3 digits). */
  institutionNumber: z.string().nullable(),
  /** Australia: the bank-state-branch number (6 digits). */
  bsb: z.string().nullable(),
  /** United Kingdom, GBP: the sort code (6 digits). */
  sortCode: z.string().nullable(),
});
export type NationalBankDetails = z.infer<typeof NationalBankDetails>;

/** A saved recipient as the API returns it (spec §3 recipients). */
export const Recipient = z.object({
  id: z.uuid(),
  type: RecipientType,
  name: z.string(),
  email: z.string(),
  currency: CurrencyCodeSchema,
  bankName: z.string().nullable(),
  country: z.string().nullable(),
  accountNumber: z.string().nullable(),
  swiftCode: z.string().nullable(),
  ...NationalBankDetails.shape,
  accountHolderName: z.string().nullable(),
  cryptoAddress: z.string().nullable(),
  cryptoNetwork: z.string().nullable(),
  createdAt: z.string(),
  /**
   * Saved under older rules and failing today's: shown marked "Check these details" and cannot be paid.
   */
  needsReview: z.boolean(),
  /** Which field fails today's rules and why, when `needsReview`. */
  reviewReason: z.string().nullable(),
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
