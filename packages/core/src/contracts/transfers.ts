import { z } from "zod";
import { CURRENCY_CODES, type CurrencyCode } from "../currencies.ts";
import { withPositiveAmount } from "../money.ts";
import { singleLineText } from "../validation/text.ts";
import { Email, OneTimeCode } from "./auth.ts";
import { CurrencyCodeSchema, DecimalAmount } from "./balances.ts";
import { NationalBankDetails } from "./destinations.ts";
import { PageQuery, pageOf } from "./pagination.ts";

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
  /**
   * Paid from another balance (issue 30): the quote (`TransferQuote.exchange.quoteId`) that buys the
   * amount and its fee with it. The code is bound to the quote's figures too; past its 30 seconds the
   * transfer is refused (409) and a fresh quote is needed.
   */
  quoteId: z.uuid("Get a quote first").optional(),
});

/** What a transfer is: recipient, amount and currency. A verification code is bound to exactly this. */
export const TransferDetails = withPositiveAmount(TransferDetailsFields);
export type TransferDetails = z.infer<typeof TransferDetails>;

/**
 * The amount step's question: these details, paid from the `payFrom` balance when it is another
 * currency than the recipient's (the answer then carries an exchange quote held 30 seconds).
 */
export const TransferQuoteRequest = withPositiveAmount(
  TransferDetailsFields.omit({ quoteId: true }).extend({ payFrom: CurrencyCodeSchema.optional() }),
);
export type TransferQuoteRequest = z.infer<typeof TransferQuoteRequest>;

/**
 * Where the money goes, as Ferry stored it (issue 19): what the person compares before asking for the
 * code. A bank account number is the electronic IBAN or the compact national number, a crypto address
 * is in its network's stored form (EIP-55 for EVM networks, so an address typed in lower case comes
 * back checksummed), a Ferry user is named with their e-mail.
 */
export const TransferDestination = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("bank"),
    /** The saved recipient's name, or for a cash-out the payment method's own name. */
    name: z.string(),
    accountNumber: z.string(),
    bankName: z.string().nullable(),
    country: z.string().nullable(),
    swiftCode: z.string().nullable(),
    ...NationalBankDetails.shape,
  }),
  z.object({ kind: z.literal("crypto"), network: z.string(), address: z.string() }),
  z.object({ kind: z.literal("ferry_user"), name: z.string(), email: z.string() }),
]);
export type TransferDestination = z.infer<typeof TransferDestination>;

/**
 * A transfer paid from another balance: the exchange that buys its `total` (amount and fee, in the
 * recipient's currency) with the least amount of `from`, held until `expiresAt` (30 seconds).
 */
export const TransferExchange = z.object({
  quoteId: z.uuid(),
  from: CurrencyCodeSchema,
  /** What leaves the `from` balance, the exchange fee included: everything the transfer costs. */
  amount: DecimalAmount,
  /** The exchange fee, part of `amount`, in `from`. */
  fee: DecimalAmount,
  feeBasisPoints: z.number().int(),
  /** Units of the recipient's currency per unit of `from`, exact. */
  rate: z.string(),
  /** What the `from` balance holds now. */
  available: DecimalAmount,
  expiresAt: z.string(),
});
export type TransferExchange = z.infer<typeof TransferExchange>;

/** The amount step's figures: the fee and total the sender will pay, what they have, and where it goes. */
export const TransferQuote = z.object({
  currency: CurrencyCodeSchema,
  amount: DecimalAmount,
  fee: DecimalAmount,
  total: DecimalAmount,
  /** What the balance of `currency` holds now. */
  available: DecimalAmount,
  feeBasisPoints: z.number().int(),
  recipientName: z.string(),
  destination: TransferDestination,
  /** Paid from another balance: the exchange that pays for it; absent when paid from `currency` itself. */
  exchange: TransferExchange.optional(),
});
export type TransferQuote = z.infer<typeof TransferQuote>;

/** The answer to a code request: when the e-mailed code stops working. */
export const TransferCodeSent = z.object({ expiresAt: z.string() });
export type TransferCodeSent = z.infer<typeof TransferCodeSent>;

// One line: it is typed in a one-line input and printed on statements and in CSV exports.
const TransferMemo = singleLineText("Memo").max(140, "Keep the memo under 140 characters").optional();

/** Confirm: the details again, an optional memo, and the e-mailed code. Sent with an Idempotency-Key header. */
export const CreateTransferRequest = withPositiveAmount(
  TransferDetailsFields.extend({
    memo: TransferMemo,
    code: OneTimeCode,
  }),
);
export type CreateTransferRequest = z.infer<typeof CreateTransferRequest>;

/**
 * What `POST /api/v1/transfers` accepts: a person's transfer as above, whose `code` the server requires;
 * an app's, made with an API credential holding `transfers:write`, carries none (its second factor was
 * given when the credential was made, issue 28).
 */
export const CreateTransferBody = withPositiveAmount(
  TransferDetailsFields.extend({
    memo: TransferMemo,
    code: OneTimeCode.optional(),
  }),
);
export type CreateTransferBody = z.infer<typeof CreateTransferBody>;

export const IdempotencyKeyHeader = z.object({
  "idempotency-key": z
    .string({ error: "An Idempotency-Key header is required" })
    .min(8, "An Idempotency-Key header is required")
    .max(100)
    .regex(/^[A-Za-z0-9_:.-]+$/, "Idempotency-Key may use letters, digits and _ : . - only"),
});
export type IdempotencyKeyHeader = z.infer<typeof IdempotencyKeyHeader>;

/**
 * The connected app that made a transfer with its API credential (issue 28), shown to its sender as
 * "via {name}"; null for a transfer a person made, and for anyone but the sender.
 */
export const TransferApp = z.object({ name: z.string() }).nullable();

/**
 * One entry of a user's history: a transfer sent or received, a deposit, a withdrawal, or one side of
 * an exchange between the user's own balances (an exchange is two entries: the currency sold, `out`,
 * with its fee, and the currency bought, `in`; `counterparty` names the pair, "USD → EUR").
 */
export const TransactionItem = z.object({
  id: z.string(),
  type: z.enum(["sent", "received", "deposit", "withdraw", "exchange"]),
  method: TransferMethod.nullable(),
  status: z.string(),
  currency: CurrencyCodeSchema,
  /** Always positive; `direction` says whether it left or reached the account. */
  amount: DecimalAmount,
  fee: DecimalAmount,
  direction: z.enum(["in", "out"]),
  counterparty: z.string().nullable(),
  memo: z.string().nullable(),
  app: TransferApp,
  createdAt: z.string(),
});
export type TransactionItem = z.infer<typeof TransactionItem>;

/** A page of the user's history, newest first. */
/** What a person may narrow their history by (issue 30); all optional, combined with AND. */
const HistoryFilterFields = z.object({
  /** Part of the counterparty (a recipient's e-mail or name), the memo (reference) or the history id. */
  search: singleLineText("Search").max(200).optional(),
  // Schemas of their own, not shared ones: a query string's parameters are written inline in OpenAPI.
  currency: z.enum(CURRENCY_CODES as [CurrencyCode, ...CurrencyCode[]]).optional(),
  type: z.enum(["sent", "received", "deposit", "withdraw", "exchange"]).optional(),
  status: z.enum([...TransferStatus.options, "completed"]).optional(),
  /** Days in the person's own time zone, both included: YYYY-MM-DD. */
  from: z.iso.date({ error: "Please enter a date as YYYY-MM-DD" }).optional(),
  to: z.iso.date({ error: "Please enter a date as YYYY-MM-DD" }).optional(),
});

/** A date range runs forwards: the end is not before the start (checked by the server and the form). */
export function isForwardRange(filters: { from?: string; to?: string }): boolean {
  return !filters.from || !filters.to || filters.from <= filters.to;
}
export const BACKWARDS_RANGE_MESSAGE = "The end date cannot be before the start date";

/** The filters, each checked alone (a query string's schema is a plain object); `isForwardRange` joins them. */
export const HistoryFilters = HistoryFilterFields;
export type HistoryFilters = z.infer<typeof HistoryFilters>;

/** A page of the history, filtered. */
export const HistoryQuery = PageQuery.extend(HistoryFilterFields.shape);
export type HistoryQuery = z.infer<typeof HistoryQuery>;

/** What the filtered rows add up to in one currency: money in, and money out with its fees. */
export const HistoryTotal = z.object({ currency: CurrencyCodeSchema, in: DecimalAmount, out: DecimalAmount });
export type HistoryTotal = z.infer<typeof HistoryTotal>;

export const TransactionList = pageOf(TransactionItem).extend({
  /** The totals of every row the filters match (not only this page's), on the first page only. */
  totals: z.array(HistoryTotal).optional(),
});
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
  app: TransferApp,
  createdAt: z.string(),
});
export type Transfer = z.infer<typeof Transfer>;

/** One step of a transfer's life, as its page shows it (issue 30). */
export const TransferTimelineEntry = z.object({
  /**
   * `created`: sent, its code checked and the money reserved, all at once; otherwise the status the
   * transfer moved to.
   */
  step: z.enum(["created", ...TransferStatus.options]),
  at: z.string(),
  /** Whether the money went back to the sender's balance at this step (a cancel, a failure, a refund). */
  isMoneyReturned: z.boolean(),
  /** Who moved it: the sender (sending, cancelling) or Ferry. */
  by: z.enum(["you", "ferry"]),
});
export type TransferTimelineEntry = z.infer<typeof TransferTimelineEntry>;

/** A transfer's page beyond its figures: where it goes, what happened to it, and until when it can be cancelled. */
export const TransferActivity = z.object({
  transferId: z.uuid(),
  status: TransferStatus,
  destination: TransferDestination,
  timeline: z.array(TransferTimelineEntry),
  /** Paid from another balance: what left it (the exchange fee included), the fee and the rate; else null. */
  paidFrom: z
    .object({ currency: CurrencyCodeSchema, amount: DecimalAmount, fee: DecimalAmount, rate: z.string() })
    .nullable(),
  /** While it may still be cancelled, until when; null once it cannot (processed, or the window passed). */
  cancellableUntil: z.string().nullable(),
});
export type TransferActivity = z.infer<typeof TransferActivity>;

/** Admin transaction management (spec §2): search, status filter, newest first. */
export const AdminTransferListQuery = PageQuery.extend({
  search: singleLineText("Search").max(200).optional(),
  status: TransferStatus.optional(),
});
export type AdminTransferListQuery = z.infer<typeof AdminTransferListQuery>;

export const AdminTransfer = Transfer.extend({
  senderEmail: z.string(),
  senderName: z.string(),
  cryptoAddress: z.string().nullable(),
  cryptoNetwork: z.string().nullable(),
  recipientBankName: z.string().nullable(),
});
export type AdminTransfer = z.infer<typeof AdminTransfer>;

export const AdminTransferList = pageOf(AdminTransfer);
export type AdminTransferList = z.infer<typeof AdminTransferList>;

export const UpdateTransferStatusRequest = z.object({ status: TransferStatus });
export type UpdateTransferStatusRequest = z.infer<typeof UpdateTransferStatusRequest>;

/** The answer to a status change: the status now, and whether it changed (setting it again moves nothing). */
export const TransferStatusChange = z.object({ status: TransferStatus, isChanged: z.boolean() });
export type TransferStatusChange = z.infer<typeof TransferStatusChange>;

export const TransferIdParams = z.object({ transferId: z.uuid() });
export type TransferIdParams = z.infer<typeof TransferIdParams>;
