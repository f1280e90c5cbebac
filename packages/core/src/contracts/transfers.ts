import { z } from "zod";
import type { CurrencyCode } from "../currencies.ts";
import { MESSAGES } from "../messages.ts";
import { isWithinAmountLimit, parseAmount } from "../money.ts";
import { singleLineText } from "../validation/text.ts";
import { Email, OneTimeCode } from "./auth.ts";
import { CurrencyCodeSchema, DecimalAmount } from "./balances.ts";
import { PageCursor } from "./pagination.ts";

/**
 * How money leaves the sender: to a saved bank or crypto recipient, instantly to another Ferry user,
 * or as a cash-out ("withdrawal") to one of the sender's own payment methods.
 */
export const TransferMethod = z.enum(["bank", "crypto", "ferry_user", "withdrawal"]);
export type TransferMethod = z.infer<typeof TransferMethod>;

/** Transaction status (spec §4). An admin may set any from any other. */
export const TransferStatus = z.enum(["pending", "processed", "sent", "failed", "cancelled"]);
export type TransferStatus = z.infer<typeof TransferStatus>;

/** An amount typed by a person: digits with an optional decimal part, never a JSON number. */
export const AmountText = z
  .string({ error: "Please enter a valid amount" })
  .trim()
  .regex(/^\d{1,30}(\.\d{1,18})?$/, "Please enter a valid amount");

/**
 * Refuses, on the `amount` field, an amount whose minor units in its currency go over
 * `MAX_AMOUNT_MINOR` ("Amount is too large"): the shape alone cannot say, since the scale is the
 * currency's. Too many decimals for the currency is left to the service, which names the scale.
 */
export function checkAmountLimit(value: { amount: string; currency: CurrencyCode }, ctx: z.RefinementCtx): void {
  const parsed = parseAmount(value.amount, value.currency);
  if (parsed.ok && !isWithinAmountLimit(parsed.amountMinor)) {
    ctx.addIssue({ code: "custom", path: ["amount"], message: MESSAGES.amountTooLarge });
  }
}

/**
 * Runs `checkAmountLimit` whenever the amount and currency are valid on their own, even when another
 * field failed (Zod would otherwise skip the object's refinement), so every problem shows at once.
 * An issue without a field (the input is not an object at all) stops it.
 */
export const whenAmountAndCurrencyAreValid = {
  when: (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    payload.issues.every((issue) => {
      const field = issue.path?.[0];
      return field !== undefined && field !== "amount" && field !== "currency";
    }),
};

/** Who receives the money. */
export const TransferTarget = z.discriminatedUnion("method", [
  z.object({ method: z.literal("bank"), recipientId: z.uuid("Please choose a recipient") }),
  z.object({ method: z.literal("crypto"), recipientId: z.uuid("Please choose a recipient") }),
  z.object({ method: z.literal("ferry_user"), recipientEmail: Email }),
  z.object({ method: z.literal("withdrawal"), paymentMethodId: z.uuid("Please choose a payment method") }),
]);
export type TransferTarget = z.infer<typeof TransferTarget>;

const TransferDetailsFields = z.object({
  target: TransferTarget,
  amount: AmountText,
  currency: CurrencyCodeSchema,
});

/** What a transfer is: recipient, amount and currency. A verification code is bound to exactly this. */
export const TransferDetails = TransferDetailsFields.superRefine(checkAmountLimit, whenAmountAndCurrencyAreValid);
export type TransferDetails = z.infer<typeof TransferDetails>;

/** The amount step's figures: the fee and total the sender will pay, and what they have. */
export const TransferQuote = z.object({
  currency: CurrencyCodeSchema,
  amount: DecimalAmount,
  fee: DecimalAmount,
  total: DecimalAmount,
  available: DecimalAmount,
  feeBasisPoints: z.number().int(),
  recipientName: z.string(),
});
export type TransferQuote = z.infer<typeof TransferQuote>;

/** The answer to a code request: when the e-mailed code stops working. */
export const TransferCodeSent = z.object({ expiresAt: z.string() });

/** Confirm: the details again, an optional memo, and the e-mailed code. Sent with an Idempotency-Key header. */
export const CreateTransferRequest = TransferDetailsFields.extend({
  // One line: it is typed in a one-line input and printed on statements and in CSV exports.
  memo: singleLineText("Memo").max(140, "Keep the memo under 140 characters").optional(),
  code: OneTimeCode,
}).superRefine(checkAmountLimit, whenAmountAndCurrencyAreValid);
export type CreateTransferRequest = z.infer<typeof CreateTransferRequest>;

export const IdempotencyKeyHeader = z.object({
  "idempotency-key": z
    .string({ error: "An Idempotency-Key header is required" })
    .min(8, "An Idempotency-Key header is required")
    .max(100)
    .regex(/^[A-Za-z0-9_:.-]+$/, "Idempotency-Key may use letters, digits and _ : . - only"),
});

/** One entry of a user's history: a transfer sent or received, a deposit, or a withdrawal. */
export const TransactionItem = z.object({
  id: z.string(),
  type: z.enum(["sent", "received", "deposit", "withdraw"]),
  method: TransferMethod.nullable(),
  status: z.string(),
  currency: CurrencyCodeSchema,
  /** Always positive; `direction` says whether it left or reached the account. */
  amount: DecimalAmount,
  fee: DecimalAmount,
  direction: z.enum(["in", "out"]),
  counterparty: z.string().nullable(),
  memo: z.string().nullable(),
  createdAt: z.string(),
});
export type TransactionItem = z.infer<typeof TransactionItem>;

export const PageQuery = z.object({
  cursor: PageCursor.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const TransactionList = z.object({ items: z.array(TransactionItem), nextCursor: z.string().nullable() });
export type TransactionList = z.infer<typeof TransactionList>;

/** A transfer as its sender (and an admin) sees it. */
export const Transfer = z.object({
  id: z.uuid(),
  method: TransferMethod,
  status: TransferStatus,
  currency: CurrencyCodeSchema,
  amount: DecimalAmount,
  fee: DecimalAmount,
  total: DecimalAmount,
  recipientName: z.string(),
  recipientEmail: z.string(),
  memo: z.string().nullable(),
  createdAt: z.string(),
});
export type Transfer = z.infer<typeof Transfer>;

/** Admin transaction management (spec §2): search, status filter, newest first. */
export const AdminTransferListQuery = PageQuery.extend({
  search: singleLineText("Search").max(200).optional(),
  status: TransferStatus.optional(),
});

export const AdminTransfer = Transfer.extend({
  senderEmail: z.string(),
  senderName: z.string(),
  cryptoAddress: z.string().nullable(),
  cryptoNetwork: z.string().nullable(),
  recipientBankName: z.string().nullable(),
});
export type AdminTransfer = z.infer<typeof AdminTransfer>;

export const AdminTransferList = z.object({ items: z.array(AdminTransfer), nextCursor: z.string().nullable() });

export const UpdateTransferStatusRequest = z.object({ status: TransferStatus });
export const TransferIdParams = z.object({ transferId: z.uuid() });
