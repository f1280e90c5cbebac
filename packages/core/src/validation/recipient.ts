import { z } from "zod";
import { Email } from "../contracts/auth.ts";
import { CRYPTO_CURRENCIES, type CryptoCurrency } from "../currencies.ts";
import { bankRefinementParams, refineBankAccount } from "./bank-account.ts";
import { COUNTRY_CODES } from "./countries.ts";
import { validateCryptoAddress } from "./crypto-address.ts";
import { normalizeBankDetails, normalizeCryptoDetails } from "./destination.ts";
import { BANK_MESSAGES, networkNotAllowedMessage, VALIDATION_MESSAGES } from "./messages.ts";
import {
  BANK_CURRENCIES,
  CRYPTO_NETWORK_IDS,
  CRYPTO_NETWORKS,
  type CryptoNetworkId,
  isNetworkAllowedForCurrency,
} from "./networks.ts";
import { singleLineText } from "./text.ts";

const REQUIRED = VALIDATION_MESSAGES.requiredFields;
/** Long enough for any person's or bank's name, short enough to bound what is stored. */
const MAX_NAME_LENGTH = 100;
/** Room for an IBAN typed with spaces; the account-number rule itself caps the characters at 34. */
const MAX_ACCOUNT_NUMBER_LENGTH = 50;
const MAX_SWIFT_CODE_LENGTH = 20;
/** The longest valid address is a 90-character bech32 one. */
const MAX_CRYPTO_ADDRESS_LENGTH = 128;

/**
 * A required one-line text field: a missing or blank value gets `missing`, which names the field (issue
 * 30: "Enter the bank's name", where every field said "Please fill in all required fields"); a control
 * character, a message naming the field (`label`).
 */
function requiredText(label: string, maxLength: number, missing: string) {
  return singleLineText(label, { error: missing }).min(1, missing).max(maxLength);
}

/**
 * A country chosen from the list: an ISO 3166 code, which decides the account's format. None chosen
 * (missing, blank, not text) gets the form's own "required" message (spec §5); other text, "choose one".
 */
export function bankCountry(requiredMessage: string) {
  return z.enum(COUNTRY_CODES, {
    error: (issue) =>
      typeof issue.input !== "string" || issue.input.trim() === "" ? requiredMessage : BANK_MESSAGES.chooseCountry,
  });
}

/** Room for a routing number, transit, institution, BSB or sort code typed with spaces or dashes. */
const MAX_NATIONAL_FIELD_LENGTH = 20;

/**
 * The domestic fields a country's format may ask for (bank-account.ts): each optional here, required
 * by `refineBankAccount` when the country and currency need it, and ignored otherwise.
 */
export function nationalBankFields() {
  const field = (label: string) => singleLineText(label).max(MAX_NATIONAL_FIELD_LENGTH).optional();
  return {
    routingNumber: field("Routing number"),
    transitNumber: field("Transit number"),
    institutionNumber: field("Institution number"),
    bsb: field("BSB"),
    sortCode: field("Sort code"),
  };
}

/**
 * The fields of a bank recipient without the checks that span fields; a form or the request schema
 * adds `.superRefine(refineBankAccount(…), bankRefinementParams)`.
 */
export const BankRecipientFieldsBase = z.object({
  name: requiredText("Name", MAX_NAME_LENGTH, VALIDATION_MESSAGES.recipientNameRequired),
  email: Email,
  bankName: requiredText("Bank name", MAX_NAME_LENGTH, VALIDATION_MESSAGES.bankNameRequired),
  country: bankCountry(VALIDATION_MESSAGES.bankCountryRequired),
  accountNumber: requiredText("Account number", MAX_ACCOUNT_NUMBER_LENGTH, VALIDATION_MESSAGES.accountNumberRequired),
  swiftCode: requiredText("SWIFT code", MAX_SWIFT_CODE_LENGTH, VALIDATION_MESSAGES.swiftCodeRequired),
  ...nationalBankFields(),
  accountHolderName: singleLineText("Account holder name").max(MAX_NAME_LENGTH).optional(),
  currency: z.enum(BANK_CURRENCIES, { error: VALIDATION_MESSAGES.chooseBankCurrency }),
});

/**
 * A bank recipient for Send Money (spec §5): name, e-mail, bank name, country, account number and
 * SWIFT code are required; the country decides the account's format (an IBAN of that country, or its
 * domestic fields), and the SWIFT code must be a valid BIC of the same country (bank-account.ts).
 */
export const BankRecipientFields = BankRecipientFieldsBase.superRefine(
  refineBankAccount(REQUIRED),
  bankRefinementParams,
);
export type BankRecipientFields = z.infer<typeof BankRecipientFields>;

/**
 * The fields of a crypto recipient without the checks that span fields. Zod refuses `.pick()` on an
 * object with such checks, so a form picks from this and adds `.superRefine(checkCryptoRecipient)`.
 */
export const CryptoRecipientFieldsBase = z.object({
  name: requiredText("Name", MAX_NAME_LENGTH, VALIDATION_MESSAGES.recipientNameRequired),
  email: Email,
  cryptoAddress: requiredText("Wallet address", MAX_CRYPTO_ADDRESS_LENGTH, VALIDATION_MESSAGES.walletAddressRequired),
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
    BankRecipientFieldsBase.extend({ type: z.literal("bank") }).superRefine(
      refineBankAccount(REQUIRED),
      bankRefinementParams,
    ),
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
export function normalizeNewRecipient(
  request: NewRecipientRequest,
):
  | (Extract<NewRecipientRequest, { type: "bank" }> & { bankCode: string | null })
  | Extract<NewRecipientRequest, { type: "crypto" }> {
  return request.type === "bank" ? normalizeBankDetails(request) : normalizeCryptoDetails(request);
}
