import type { NationalBankDetails } from "@ferry/core/contracts/destinations";
import type { PaymentMethod } from "@ferry/core/contracts/payment-methods";
import type { Recipient } from "@ferry/core/contracts/recipients";

/** The domestic bank fields of an IBAN destination (or a crypto one): all null. */
export const NO_NATIONAL_FIELDS: NationalBankDetails = {
  routingNumber: null,
  transitNumber: null,
  institutionNumber: null,
  bsb: null,
  sortCode: null,
};

/** A saved EUR bank payment method as the API lists it (the IBAN is the SWIFT registry's German example). */
export const SAVED_BANK_PAYMENT_METHOD: PaymentMethod = {
  id: "3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a9f",
  name: "My Deutsche Bank",
  addressType: "bank",
  currency: "EUR",
  bankName: "Deutsche Bank",
  accountNumber: "DE89370400440532013000",
  swiftCode: "DEUTDEFF",
  country: "DE",
  ...NO_NATIONAL_FIELDS,
  accountHolderName: "Erika Mustermann",
  cryptoAddress: null,
  cryptoNetwork: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  needsReview: false,
  reviewReason: null,
};

/** A saved EUR bank recipient as the API lists it (the SWIFT registry's German example IBAN). */
export const SAVED_BANK_RECIPIENT: Recipient = {
  id: "0f8e7d6c-5b4a-4392-8172-6a5b4c3d2e1f",
  type: "bank",
  name: "Erika Mustermann",
  email: "erika@example.com",
  currency: "EUR",
  bankName: "Deutsche Bank",
  country: "DE",
  accountNumber: "DE89370400440532013000",
  swiftCode: "DEUTDEFF",
  ...NO_NATIONAL_FIELDS,
  accountHolderName: null,
  cryptoAddress: null,
  cryptoNetwork: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  needsReview: false,
  reviewReason: null,
};
