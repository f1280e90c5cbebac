import { z } from "zod";
import { CurrencyCodeSchema } from "./balances.ts";

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

/**
 * A saved destination as the API returns it: a bank account or a crypto address the user stored, with
 * the details in their normal form. A Send Money recipient (`Recipient`) and a cash-out payment method
 * (`PaymentMethod`) are both one, each with its own few fields on top.
 */
export const StoredDestination = z.object({
  id: z.uuid(),
  name: z.string(),
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
export type StoredDestination = z.infer<typeof StoredDestination>;
