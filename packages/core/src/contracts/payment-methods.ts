import { z } from "zod";
import { CRYPTO_CURRENCIES, FIAT_CURRENCIES } from "../currencies.ts";
import { bankRefinementParams, refineBankAccount } from "../validation/bank-account.ts";
import { validateCryptoAddress } from "../validation/crypto-address.ts";
import { normalizeBankDetails, normalizeCryptoDetails } from "../validation/destination.ts";
import { type CryptoNetworkId, WITHDRAWAL_NETWORKS } from "../validation/networks.ts";
import { bankCountry, nationalBankFields } from "../validation/recipient.ts";
import { singleLineText } from "../validation/text.ts";
import { StoredDestination } from "./destinations.ts";
import { pageOf, pageQuery } from "./pagination.ts";

/** The messages of spec §5 for withdrawal addresses. */
export const PAYMENT_METHOD_MESSAGES = {
  nameRequired: "Please enter a name for this address",
  bankDetails: "Please fill in all bank details",
  cryptoDetails: "Please fill in all crypto details",
  lossWarning: "Incorrect addresses lead to permanent loss of funds. Double-check every character.",
} as const;

/** Bank cash-outs: every fiat currency Ferry holds and accepts by bank deposit, GBP included. */
export const CASHOUT_BANK_CURRENCIES = FIAT_CURRENCIES;

/** Which currencies each cash-out network carries: Bitcoin only BTC; the EVM networks ETH and stablecoins. */
export const WITHDRAWAL_CURRENCIES_BY_NETWORK: Readonly<Record<string, readonly string[]>> = {
  bitcoin: ["BTC"],
  ethereum: ["ETH", "USDC", "USDT"],
  polygon: ["ETH", "USDC", "USDT"],
  bsc: ["ETH", "USDC", "USDT"],
};

const name = singleLineText("Name", { error: PAYMENT_METHOD_MESSAGES.nameRequired })
  .min(1, PAYMENT_METHOD_MESSAGES.nameRequired)
  .max(100);
const bankText = (label: string, max: number) =>
  singleLineText(label, { error: PAYMENT_METHOD_MESSAGES.bankDetails })
    .min(1, PAYMENT_METHOD_MESSAGES.bankDetails)
    .max(max);

/** The fields of a bank payment method without the checks that span fields. */
export const BankPaymentMethodFields = z.object({
  addressType: z.literal("bank"),
  name,
  currency: z.enum(CASHOUT_BANK_CURRENCIES, { error: "Please choose one of USD, EUR, GBP, CAD or AUD" }),
  bankName: bankText("Bank name", 100),
  accountNumber: bankText("Account number", 50),
  swiftCode: bankText("SWIFT code", 20),
  country: bankCountry(PAYMENT_METHOD_MESSAGES.bankDetails),
  ...nationalBankFields(),
  accountHolderName: bankText("Account holder name", 100),
});

/**
 * A bank payment method: every bank field is required; the country decides the account's format
 * (an IBAN of that country, or its domestic fields: GBP to the UK by sort code and account) and the
 * SWIFT code must be a valid BIC of the same country (validation/bank-account.ts).
 */
export const BankPaymentMethodRequest = BankPaymentMethodFields.superRefine(
  refineBankAccount(PAYMENT_METHOD_MESSAGES.bankDetails),
  bankRefinementParams,
);

/** A crypto payment method on Bitcoin, Ethereum, Polygon or BSC, with that network's checksum. */
export const CryptoPaymentMethodRequest = z
  .object({
    addressType: z.literal("crypto"),
    name,
    currency: z.enum(CRYPTO_CURRENCIES, { error: "Please choose one of BTC, ETH, USDC or USDT" }),
    cryptoNetwork: z.enum(WITHDRAWAL_NETWORKS, { error: PAYMENT_METHOD_MESSAGES.cryptoDetails }),
    cryptoAddress: singleLineText("Wallet address", { error: PAYMENT_METHOD_MESSAGES.cryptoDetails })
      .min(1, PAYMENT_METHOD_MESSAGES.cryptoDetails)
      .max(120),
  })
  .superRefine((value, ctx) => {
    if (!(WITHDRAWAL_CURRENCIES_BY_NETWORK[value.cryptoNetwork] ?? []).includes(value.currency)) {
      ctx.addIssue({
        code: "custom",
        path: ["cryptoNetwork"],
        message: `${value.currency} cannot be sent on this network`,
      });
    }
    const checked = validateCryptoAddress(value.cryptoNetwork as CryptoNetworkId, value.cryptoAddress);
    if (!checked.ok) {
      ctx.addIssue({ code: "custom", path: ["cryptoAddress"], message: checked.message });
    }
  });

export const PaymentMethodRequest = z.discriminatedUnion("addressType", [
  BankPaymentMethodRequest,
  CryptoPaymentMethodRequest,
]);
export type PaymentMethodRequest = z.infer<typeof PaymentMethodRequest>;

/**
 * The form Ferry stores an accepted payment method in, as for recipients (validation/destination.ts):
 * IBAN in electronic form, SWIFT code in upper case, the address in its network's canonical form.
 * Only for a request `PaymentMethodRequest` accepted: it throws on an invalid value.
 */
export function normalizePaymentMethodRequest(
  request: PaymentMethodRequest,
):
  | (z.infer<typeof BankPaymentMethodRequest> & { bankCode: string | null })
  | z.infer<typeof CryptoPaymentMethodRequest> {
  return request.addressType === "bank" ? normalizeBankDetails(request) : normalizeCryptoDetails(request);
}

/** A saved cash-out destination of the user's own (spec §5), a bank account or a crypto address. */
export const PaymentMethod = StoredDestination.extend({ addressType: z.enum(["bank", "crypto"]) });
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/**
 * An explicit bound on what one user can store, and so on the list the cash-out dialog shows: a list
 * returns up to this many by default, every payment method without paging.
 */
export const MAX_PAYMENT_METHODS_PER_USER = 50;

export const PaymentMethodListQuery = pageQuery({
  defaultLimit: MAX_PAYMENT_METHODS_PER_USER,
  maxLimit: MAX_PAYMENT_METHODS_PER_USER,
});
export type PaymentMethodListQuery = z.infer<typeof PaymentMethodListQuery>;
export const PaymentMethodList = pageOf(PaymentMethod);
export type PaymentMethodList = z.infer<typeof PaymentMethodList>;
export const PaymentMethodIdParams = z.object({ paymentMethodId: z.uuid() });
export type PaymentMethodIdParams = z.infer<typeof PaymentMethodIdParams>;

/** Bank cards show only the last 4 digits of the account number (spec §2). */
export function maskAccountNumber(accountNumber: string): string {
  const compact = accountNumber.replace(/\s/g, "");
  return `•••• ${compact.slice(-4)}`;
}

/** Crypto cards keep the first and last 10 characters of the address (spec §9). */
export function shortenAddress(address: string): string {
  return address.length <= 23 ? address : `${address.slice(0, 10)}…${address.slice(-10)}`;
}
