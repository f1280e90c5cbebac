import { z } from "zod";
import { Email } from "../contracts/auth.ts";
import { CRYPTO_CURRENCIES, type CryptoCurrency } from "../currencies.ts";
import { validateBankAccountNumber, validateBic } from "./bank.ts";
import { validateCryptoAddress } from "./crypto-address.ts";
import { normalizeBankDetails, normalizeCryptoDetails } from "./destination.ts";
import { networkNotAllowedMessage, VALIDATION_MESSAGES } from "./messages.ts";
import {
  BANK_CURRENCIES,
  CRYPTO_NETWORK_IDS,
  CRYPTO_NETWORKS,
  type CryptoNetworkId,
  isNetworkAllowedForCurrency,
} from "./networks.ts";
import type { ValidationResult } from "./result.ts";
import { singleLineText } from "./text.ts";

const REQUIRED = VALIDATION_MESSAGES.requiredFields;
/** Long enough for any person's or bank's name, short enough to bound what is stored. */
const MAX_NAME_LENGTH = 100;
const MAX_COUNTRY_LENGTH = 100;
/** Room for an IBAN typed with spaces; the account-number rule itself caps the characters at 34. */
const MAX_ACCOUNT_NUMBER_LENGTH = 50;
const MAX_SWIFT_CODE_LENGTH = 20;
/** The longest valid address is a 90-character bech32 one. */
const MAX_CRYPTO_ADDRESS_LENGTH = 128;

/**
 * A required one-line text field: a missing or blank value gets the spec's "fill in all required
 * fields"; a control character, a message naming the field (`label`).
 */
function requiredText(label: string, maxLength: number) {
  return singleLineText(label, { error: REQUIRED }).min(1, REQUIRED).max(maxLength);
}

/** A required text field that must also pass `validate`, whose message is shown on this field. */
function checkedText(label: string, maxLength: number, validate: (text: string) => ValidationResult) {
  return requiredText(label, maxLength).superRefine((value, ctx) => {
    // A blank value already has the "required" message; a second one would only be noise.
    if (value === "") {
      return;
    }
    const result = validate(value);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.message });
    }
  });
}

/**
 * A bank recipient for Send Money (spec §5): name, e-mail, bank name, country, account number and
 * SWIFT code are required; the account number must be a valid IBAN when it looks like one, and the
 * SWIFT code a valid BIC. Every check is on its own field, so a form may `.pick()` from it.
 */
export const BankRecipientFields = z.object({
  name: requiredText("Name", MAX_NAME_LENGTH),
  email: Email,
  bankName: requiredText("Bank name", MAX_NAME_LENGTH),
  country: requiredText("Country", MAX_COUNTRY_LENGTH),
  accountNumber: checkedText("Account number", MAX_ACCOUNT_NUMBER_LENGTH, validateBankAccountNumber),
  swiftCode: checkedText("SWIFT code", MAX_SWIFT_CODE_LENGTH, validateBic),
  accountHolderName: singleLineText("Account holder name").max(MAX_NAME_LENGTH).optional(),
  currency: z.enum(BANK_CURRENCIES, { error: VALIDATION_MESSAGES.chooseBankCurrency }),
});
export type BankRecipientFields = z.infer<typeof BankRecipientFields>;

/**
 * The fields of a crypto recipient without the checks that span fields. Zod refuses `.pick()` on an
 * object with such checks, so a form picks from this and adds `.superRefine(checkCryptoRecipient)`.
 */
export const CryptoRecipientFieldsBase = z.object({
  name: requiredText("Name", MAX_NAME_LENGTH),
  email: Email,
  cryptoAddress: requiredText("Wallet address", MAX_CRYPTO_ADDRESS_LENGTH),
  cryptoNetwork: z.enum(CRYPTO_NETWORK_IDS, { error: VALIDATION_MESSAGES.chooseNetwork }),
  currency: z.enum(CRYPTO_CURRENCIES, { error: VALIDATION_MESSAGES.chooseCryptoCurrency }),
});

/** The fields `checkCryptoRecipient` reads; it runs only once all three are valid on their own. */
const CRYPTO_CROSS_CHECKED_FIELDS: readonly PropertyKey[] = ["currency", "cryptoNetwork", "cryptoAddress"];

/**
 * The checks of a crypto recipient that span fields (spec §5): the network must carry the currency
 * (an issue on `cryptoNetwork`), and the address must be valid on that network (on `cryptoAddress`).
 */
export function checkCryptoRecipient(
  value: { currency: CryptoCurrency; cryptoNetwork: CryptoNetworkId; cryptoAddress: string },
  ctx: z.RefinementCtx,
): void {
  if (!isNetworkAllowedForCurrency(value.currency, value.cryptoNetwork)) {
    const networkName = CRYPTO_NETWORKS[value.cryptoNetwork].name;
    ctx.addIssue({
      code: "custom",
      path: ["cryptoNetwork"],
      message: networkNotAllowedMessage(value.currency, networkName),
    });
    // An address judged against a network that has to change anyway would only mislead.
    return;
  }
  const result = validateCryptoAddress(value.cryptoNetwork, value.cryptoAddress);
  if (!result.ok) {
    ctx.addIssue({ code: "custom", path: ["cryptoAddress"], message: result.message });
  }
}

/**
 * Zod skips an object's refinement when any field failed. Running it whenever the three fields it
 * reads are valid lets a form show a wrong network next to a missing name, in one round.
 */
const cryptoCheckParams = {
  // An issue without a field means the input is not an object at all: nothing to cross-check.
  when: (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    payload.issues.every((issue) => {
      const field = issue.path?.[0];
      return field !== undefined && !CRYPTO_CROSS_CHECKED_FIELDS.includes(field);
    }),
};

/**
 * A crypto recipient for Send Money (spec §5): name, e-mail, wallet address and network are
 * required, the network must carry the currency, and the address must be valid on the network.
 */
export const CryptoRecipientFields = CryptoRecipientFieldsBase.superRefine(checkCryptoRecipient, cryptoCheckParams);
export type CryptoRecipientFields = z.infer<typeof CryptoRecipientFields>;

/** Saving a new Send Money recipient: a bank or a crypto one, told apart by `type`. */
export const NewRecipientRequest = z.discriminatedUnion(
  "type",
  [
    BankRecipientFields.extend({ type: z.literal("bank") }),
    CryptoRecipientFieldsBase.extend({ type: z.literal("crypto") }).superRefine(
      checkCryptoRecipient,
      cryptoCheckParams,
    ),
  ],
  { error: VALIDATION_MESSAGES.chooseRecipientType },
);
export type NewRecipientRequest = z.infer<typeof NewRecipientRequest>;

/**
 * The form Ferry stores an accepted recipient in: account number as an electronic IBAN where it is
 * one, SWIFT code in upper case, a bech32 address in lower case and an EVM address in EIP-55 form,
 * so the same account always compares equal. Only for a request `NewRecipientRequest` accepted: it
 * throws on an invalid value rather than store it.
 */
export function normalizeNewRecipient(request: NewRecipientRequest): NewRecipientRequest {
  return request.type === "bank" ? normalizeBankDetails(request) : normalizeCryptoDetails(request);
}
