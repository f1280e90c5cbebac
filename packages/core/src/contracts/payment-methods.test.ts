import { describe, expect, it } from "vitest";
import { normalizePaymentMethodRequest, PaymentMethodRequest } from "./payment-methods.ts";

/** Published vectors (see validation/crypto-address.test.ts and validation/bank.test.ts for their sources). */
const EIP55_ADDRESS = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

describe("normalizePaymentMethodRequest", () => {
  it("stores a bank payment method's IBAN in electronic form and the SWIFT code in upper case", () => {
    const request = PaymentMethodRequest.parse({
      addressType: "bank",
      name: "Main account",
      currency: "EUR",
      bankName: "Deutsche Bank",
      accountNumber: "DE89 3704 0044 0532 0130 00",
      swiftCode: "deutdeff",
      country: "DE",
      accountHolderName: "Erika Mustermann",
    });

    expect(normalizePaymentMethodRequest(request)).toMatchObject({
      accountNumber: "DE89370400440532013000",
      swiftCode: "DEUTDEFF",
    });
  });

  it("takes a long IBAN pasted in the ISO paper form, prefix and groups included (47 characters)", () => {
    // Saint Lucia's registry example: 32 characters, the longest in common use are 32 to 34.
    const pasted = "IBAN LC55 HEMM 0001 0001 0012 0012 0002 3015";
    const request = PaymentMethodRequest.parse({
      addressType: "bank",
      name: "Island account",
      currency: "USD",
      bankName: "Bank of Saint Lucia",
      accountNumber: pasted,
      swiftCode: "BOSLLCLC",
      country: "LC",
      accountHolderName: "Erika Mustermann",
    });

    expect(normalizePaymentMethodRequest(request)).toMatchObject({ accountNumber: "LC55HEMM000100010012001200023015" });
  });

  it("stores an EVM address in EIP-55 form", () => {
    const request = PaymentMethodRequest.parse({
      addressType: "crypto",
      name: "Cold wallet",
      currency: "USDC",
      cryptoNetwork: "ethereum",
      cryptoAddress: EIP55_ADDRESS.toLowerCase(),
    });

    expect(normalizePaymentMethodRequest(request)).toMatchObject({ cryptoAddress: EIP55_ADDRESS });
  });

  it("refuses to normalise a request the schema did not accept", () => {
    const unchecked = {
      addressType: "crypto",
      name: "Typo",
      currency: "ETH",
      cryptoNetwork: "ethereum",
      cryptoAddress: "0x1234",
    } as const;

    expect(() => normalizePaymentMethodRequest(unchecked)).toThrow(/cryptoAddress was not validated first/);
  });
});
