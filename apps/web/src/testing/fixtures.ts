import type { PaymentMethod } from "@ferry/core/contracts/payment-methods";

/** A saved EUR bank payment method as the API lists it (the IBAN is the SWIFT registry's German example). */
export const SAVED_BANK_PAYMENT_METHOD: PaymentMethod = {
  id: "3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a9f",
  name: "My Deutsche Bank",
  addressType: "bank",
  currency: "EUR",
  bankName: "Deutsche Bank",
  accountNumber: "DE89370400440532013000",
  swiftCode: "DEUTDEFF",
  country: "Germany",
  accountHolderName: "Erika Mustermann",
  cryptoAddress: null,
  cryptoNetwork: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  needsReview: false,
  reviewReason: null,
};
