import { z } from "zod";
import { multiLineText } from "../validation/text.ts";
import { CurrencyCodeSchema, DecimalAmount } from "./balances.ts";
import { AmountText, checkAmountLimit, whenAmountAndCurrencyAreValid } from "./transfers.ts";

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
  z
    .object({
      depositType: z.literal("bank"),
      currency: z.enum(["USD", "EUR", "GBP", "CAD", "AUD"], { error: "Please choose a currency" }),
      amount: AmountText,
    })
    .superRefine(checkAmountLimit, whenAmountAndCurrencyAreValid),
  z
    .object({
      depositType: z.literal("crypto"),
      network: DepositNetwork,
      currency: z.enum(["BTC", "ETH", "USDC", "USDT"], { error: "Please choose a currency" }),
      amount: AmountText,
      transactionHash: z
        .string()
        .trim()
        .regex(/^(0x)?[0-9a-fA-F]{64}$/, "A transaction hash is 64 hexadecimal characters")
        .optional()
        .or(z.literal("")),
    })
    .superRefine(checkAmountLimit, whenAmountAndCurrencyAreValid),
]);
export type ReportDepositRequest = z.infer<typeof ReportDepositRequest>;

export const DepositStatus = z.enum(["pending", "approved", "rejected"]);

export const Deposit = z.object({
  id: z.uuid(),
  depositType: z.enum(["bank", "crypto"]),
  currency: CurrencyCodeSchema,
  amount: DecimalAmount,
  network: z.string().nullable(),
  transactionHash: z.string().nullable(),
  reference: z.string().nullable(),
  status: DepositStatus,
  adminNotes: z.string().nullable(),
  createdAt: z.string(),
});
export type Deposit = z.infer<typeof Deposit>;

export const AdminDeposit = Deposit.extend({ userId: z.string(), userEmail: z.string(), userName: z.string() });
export type AdminDeposit = z.infer<typeof AdminDeposit>;
export const AdminDepositList = z.object({ deposits: z.array(AdminDeposit), pendingCount: z.number().int() });

export const ReviewDepositRequest = z.object({
  decision: z.enum(["approve", "reject"]),
  adminNotes: multiLineText("Admin notes").max(500).optional(),
});
export const DepositIdParams = z.object({ depositId: z.uuid() });
