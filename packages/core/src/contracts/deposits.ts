import { z } from "zod";
import { CRYPTO_CURRENCIES, FIAT_CURRENCIES } from "../currencies.ts";
import { withPositiveAmount } from "../money.ts";
import { multiLineText } from "../validation/text.ts";
import { CurrencyCodeSchema, DecimalAmount } from "./balances.ts";
import { pageOf, pageQuery } from "./pagination.ts";
import { AmountText } from "./transfers.ts";

/** Networks Ferry receives crypto on, and the coins each carries (spec: Bitcoin, and USDT on Tron; plus Ethereum). */
export const DEPOSIT_NETWORK_CURRENCIES = {
  bitcoin: ["BTC"],
  tron: ["USDT"],
  ethereum: ["ETH", "USDT", "USDC"],
} as const;
export const DepositNetwork = z.enum(["bitcoin", "tron", "ethereum"]);
export type DepositNetwork = z.infer<typeof DepositNetwork>;

/** Where to send money: Ferry's bank details with the user's own reference, and their crypto addresses. */
export const DepositInstructions = z.object({
  bank: z.object({
    accountName: z.string(),
    bankName: z.string(),
    iban: z.string(),
    bic: z.string(),
    reference: z.string(),
    currencies: z.array(z.string()),
  }),
  crypto: z.array(
    z.object({
      network: DepositNetwork,
      networkName: z.string(),
      currencies: z.array(z.string()),
      address: z.string(),
    }),
  ),
});
export type DepositInstructions = z.infer<typeof DepositInstructions>;

/** A user reports money they sent, so an admin can match and approve it. */
export const ReportDepositRequest = z.discriminatedUnion("depositType", [
  withPositiveAmount(
    z.object({
      depositType: z.literal("bank"),
      currency: z.enum(FIAT_CURRENCIES, { error: "Please choose a currency" }),
      amount: AmountText,
    }),
  ),
  withPositiveAmount(
    z.object({
      depositType: z.literal("crypto"),
      network: DepositNetwork,
      currency: z.enum(CRYPTO_CURRENCIES, { error: "Please choose a currency" }),
      amount: AmountText,
      transactionHash: z
        .string()
        .trim()
        .regex(/^(0x)?[0-9a-fA-F]{64}$/, "A transaction hash is 64 hexadecimal characters")
        .optional()
        .or(z.literal("")),
    }),
  ),
]);
export type ReportDepositRequest = z.infer<typeof ReportDepositRequest>;

export const DepositStatus = z.enum(["pending", "approved", "rejected"]);
export type DepositStatus = z.infer<typeof DepositStatus>;

export const Deposit = z.object({
  id: z.uuid(),
  depositType: z.enum(["bank", "crypto"]),
  currency: CurrencyCodeSchema,
  amount: DecimalAmount,
  network: z.string().nullable(),
  transactionHash: z.string().nullable(),
  reference: z.string().nullable(),
  status: DepositStatus,
  /** The admin's note to the customer (why a deposit was rejected, say). The internal note is never here. */
  customerNote: z.string().nullable(),
  createdAt: z.string(),
});
export type Deposit = z.infer<typeof Deposit>;

/** The user's own deposits, newest first: the latest 100 by default. */
export const DepositListQuery = pageQuery({ defaultLimit: 100, maxLimit: 100 });
export type DepositListQuery = z.infer<typeof DepositListQuery>;
export const DepositList = pageOf(Deposit);
export type DepositList = z.infer<typeof DepositList>;

export const AdminDeposit = Deposit.extend({ userId: z.string(), userEmail: z.string(), userName: z.string() });
export type AdminDeposit = z.infer<typeof AdminDeposit>;

/** Deposits waiting for review, oldest first so none waits forever: 200 a page by default. */
export const AdminDepositListQuery = pageQuery({ defaultLimit: 200, maxLimit: 200 });
export type AdminDepositListQuery = z.infer<typeof AdminDepositListQuery>;
/** A page of pending deposits, with how many are pending in all. */
export const AdminDepositList = pageOf(AdminDeposit).extend({ pendingCount: z.number().int() });
export type AdminDepositList = z.infer<typeof AdminDepositList>;

/**
 * An admin's decision on a pending deposit, with two optional notes kept apart: `adminNotes` is the
 * internal note, which only admins ever see (with the deposit and in the audit log); `customerNote` is
 * quoted to the customer in the notification of the decision and returned with their deposits by
 * `GET /api/v1/deposits` (the web app shows it in the notification).
 */
export const ReviewDepositRequest = z.object({
  decision: z.enum(["approve", "reject"]),
  adminNotes: multiLineText("Admin notes").max(500).optional(),
  customerNote: multiLineText("Note to the customer").max(500).optional(),
});
export type ReviewDepositRequest = z.infer<typeof ReviewDepositRequest>;
/** A reviewed deposit as the admin who reviewed it sees it: the customer's view and the internal note. */
export const ReviewedDeposit = Deposit.extend({ adminNotes: z.string().nullable() });
export type ReviewedDeposit = z.infer<typeof ReviewedDeposit>;
export const DepositIdParams = z.object({ depositId: z.uuid() });
export type DepositIdParams = z.infer<typeof DepositIdParams>;
