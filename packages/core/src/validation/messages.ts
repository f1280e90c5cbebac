/**
 * The texts people read when a payment address, account number or recipient is not accepted. The
 * web shows them next to the field and the server returns them keyed by field, so each is written once.
 */
export const VALIDATION_MESSAGES = {
  /** Spec §8 toast text, used for any required field without a more precise message. */
  requiredFields: "Please fill in all required fields",
  /** Issue 30: each missing field of a recipient says which it is, not the same sentence on every field. */
  recipientNameRequired: "Enter the recipient's name",
  bankNameRequired: "Enter the bank's name",
  bankCountryRequired: "Choose the bank's country",
  accountNumberRequired: "Enter the account number",
  swiftCodeRequired: "Enter the SWIFT code",
  walletAddressRequired: "Enter the wallet address",
  checksumMismatch: "Checksum mismatch: check the address for typos",
  unsafeWitnessVersion:
    "This Bitcoin address uses a future segwit version that cannot safely receive funds yet. Use a bc1q or bc1p (taproot) address.",
  bitcoinTestnet: "This is a Bitcoin testnet address; only mainnet addresses can receive funds",
  bitcoinMixedCase: "This address mixes upper and lower case letters; copy it again from the wallet",
  invalidIban: "This is not a valid IBAN",
  ibanChecksum: "Checksum mismatch: check the IBAN for typos",
  qrIban: "This is a QR-IBAN, which only takes QR-bill payments: enter the account's regular IBAN",
  mistypedIban: "This looks like a mistyped IBAN: an IBAN starts with its country's two letters, then two check digits",
  ibanAccountChecksum: "The bank or account number inside this IBAN does not check out: look for typos",
  invalidBic: "This is not a valid SWIFT/BIC code (8 or 11 letters and digits, such as DEUTDEFF)",
  invalidAccountNumber: "An account number has 4 to 34 letters, digits, spaces or dashes",
  chooseRecipientType: "Please choose Bank Transfer or Cryptocurrency",
  chooseNetwork: "Please choose a network",
  chooseBankCurrency: "Please choose one of USD, EUR, CAD or AUD",
  chooseCryptoCurrency: "Please choose one of BTC, ETH, USDC or USDT",
} as const;

/** The texts of the bank-account checks that depend on the country (bank-account.ts, national-bank.ts). */
export const BANK_MESSAGES = {
  chooseCountry: "Please choose the bank's country",
  routingNumberLength: "A routing number has 9 digits",
  routingNumberChecksum: "This is not a valid ABA routing number: look for typos",
  usAccountNumber: "A US account number has 4 to 17 digits",
  transitNumber: "A transit number has 5 digits",
  institutionNumber: "An institution number has 3 digits",
  canadianAccountNumber: "A Canadian account number has 7 to 12 digits",
  bsb: "A BSB has 6 digits, such as 062-000",
  australianAccountNumber: "An Australian account number has 5 to 9 digits",
  sortCode: "A sort code has 6 digits, such as 20-00-00",
  ukAccountNumber: "A UK account number has 8 digits",
  ukModulus: "This sort code and account number do not belong together: look for typos",
  testBic: "This is a SWIFT test code (its eighth character is 0), which cannot receive payments",
} as const;

/** "Accounts in FR are paid by IBAN: enter the IBAN, which starts with FR". */
export function ibanRequiredMessage(ibanCountry: string): string {
  return `Accounts there are paid by IBAN: enter the IBAN, which starts with ${ibanCountry}`;
}

/** The account is a valid IBAN, but of another country than the one chosen. */
export function ibanCountryMismatchMessage(ibanCountry: string): string {
  return `This IBAN is for an account in ${ibanCountry}: choose that country, or check the IBAN`;
}

/** The SWIFT code's country (its 5th and 6th characters) is not the account's. */
export function bicCountryMismatchMessage(bicCountry: string): string {
  return `This SWIFT code is for a bank in ${bicCountry}, not in the country chosen: check both`;
}

/** "This is not a valid Polygon address": the one message for an address that is not one at all. */
export function invalidAddressMessage(networkShortName: string): string {
  return `This is not a valid ${networkShortName} address`;
}

/** "BTC cannot be sent on Polygon": the message for a network that does not carry the currency. */
export function networkNotAllowedMessage(currency: string, networkName: string): string {
  return `${currency} cannot be sent on ${networkName}`;
}

/**
 * `Remove the character "ß" (U+00DF)`: the message for a non-ASCII character in bank details or a
 * crypto address, which would otherwise be folded into a different ASCII letter. The code point names
 * invisible ones too.
 */
export function nonAsciiCharacterMessage(character: string): string {
  const codePoint = (character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0");
  return `Remove the character "${character}" (U+${codePoint})`;
}
