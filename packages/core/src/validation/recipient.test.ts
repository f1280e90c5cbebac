import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { BANK_MESSAGES, VALIDATION_MESSAGES } from "./messages.ts";
import {
  BankRecipientFields,
  CryptoRecipientFields,
  CryptoRecipientFieldsBase,
  checkCryptoRecipient,
  NewRecipientRequest,
  normalizeNewRecipient,
} from "./recipient.ts";

const REQUIRED = VALIDATION_MESSAGES.requiredFields;

/** Published vectors (see crypto-address.test.ts and bank.test.ts for their sources). */
const GENESIS_ADDRESS = "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa";
const EIP55_ADDRESS = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
/** A Tron wallet: the first address of BIP-39's "abandon … about" mnemonic (crypto-address.test.ts). */
const TRON_WALLET = "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH";
/** Tether's USDT contract on Tron: a token contract, never a destination (issue 24). */
const TRON_USDT_CONTRACT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

const bankRecipient = {
  name: "Erika Mustermann",
  email: "erika@example.com",
  bankName: "Deutsche Bank",
  country: "DE",
  accountNumber: "DE89 3704 0044 0532 0130 00",
  swiftCode: "deutdeff",
  currency: "EUR",
};

const cryptoRecipient = {
  name: "Satoshi",
  email: "satoshi@example.com",
  cryptoAddress: GENESIS_ADDRESS,
  cryptoNetwork: "bitcoin",
  currency: "BTC",
};

/** The first message per top-level field, as the server's validation error returns them. */
function fieldErrors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    fields[String(issue.path[0])] ??= issue.message;
  }
  return fields;
}

describe("BankRecipientFields", () => {
  it("accepts a complete bank recipient, with or without an account holder name", () => {
    expect(BankRecipientFields.safeParse(bankRecipient).success).toBe(true);
    expect(BankRecipientFields.safeParse({ ...bankRecipient, accountHolderName: "E. Mustermann" }).success).toBe(true);
  });

  it("accepts a US account with its routing number and a US SWIFT code", () => {
    const recipient = {
      ...bankRecipient,
      country: "US",
      accountNumber: "000123456789",
      routingNumber: "021000021",
      swiftCode: "CHASUS33",
      currency: "USD",
    };
    expect(BankRecipientFields.safeParse(recipient).success).toBe(true);
    expect(fieldErrors(BankRecipientFields, { ...recipient, routingNumber: undefined })).toEqual({
      routingNumber: REQUIRED,
    });
  });

  it("refuses a country typed as free text, and a German account with a digits-only number", () => {
    expect(fieldErrors(BankRecipientFields, { ...bankRecipient, country: "Germany" })).toEqual({
      country: BANK_MESSAGES.chooseCountry,
    });
    expect(fieldErrors(BankRecipientFields, { ...bankRecipient, accountNumber: "0532013000" })).toEqual({
      accountNumber: "Accounts there are paid by IBAN: enter the IBAN, which starts with DE",
    });
  });

  it("requires name, bank name, country, account number and SWIFT code, each naming its field", () => {
    const blank = { ...bankRecipient, name: " ", bankName: "", country: "", accountNumber: "", swiftCode: "" };
    expect(fieldErrors(BankRecipientFields, blank)).toEqual({
      name: "Enter the recipient's name",
      bankName: "Enter the bank's name",
      country: "Choose the bank's country",
      accountNumber: "Enter the account number",
      swiftCode: "Enter the SWIFT code",
    });
    const { bankName: _bankName, swiftCode: _swiftCode, ...missing } = bankRecipient;
    expect(fieldErrors(BankRecipientFields, missing)).toEqual({
      bankName: "Enter the bank's name",
      swiftCode: "Enter the SWIFT code",
    });
  });

  it("requires a valid e-mail", () => {
    expect(fieldErrors(BankRecipientFields, { ...bankRecipient, email: "" })).toEqual({ email: "Email is required" });
    expect(fieldErrors(BankRecipientFields, { ...bankRecipient, email: "erika" })).toEqual({
      email: "Please enter a valid email address",
    });
  });

  it("puts an IBAN typo on accountNumber and a malformed BIC on swiftCode", () => {
    const typos = { ...bankRecipient, accountNumber: "DE89370400440532013001", swiftCode: "DEUTDEF" };
    expect(fieldErrors(BankRecipientFields, typos)).toEqual({
      accountNumber: VALIDATION_MESSAGES.ibanChecksum,
      swiftCode: VALIDATION_MESSAGES.invalidBic,
    });
  });

  it("offers only USD, EUR, CAD and AUD", () => {
    for (const currency of ["GBP", "BTC", "", undefined]) {
      expect(fieldErrors(BankRecipientFields, { ...bankRecipient, currency })).toEqual({
        currency: VALIDATION_MESSAGES.chooseBankCurrency,
      });
    }
  });

  it("shows a bank problem next to a missing name, in one round", () => {
    expect(fieldErrors(BankRecipientFields, { ...bankRecipient, name: "", swiftCode: "DEUT" })).toEqual({
      name: VALIDATION_MESSAGES.recipientNameRequired,
      swiftCode: VALIDATION_MESSAGES.invalidBic,
    });
  });
});

describe("CryptoRecipientFields", () => {
  it("accepts BTC on Bitcoin with a Bitcoin address", () => {
    expect(CryptoRecipientFields.safeParse(cryptoRecipient).success).toBe(true);
  });

  it("accepts USDT on Tron with a Tron address", () => {
    const usdtOnTron = {
      ...cryptoRecipient,
      currency: "USDT",
      cryptoNetwork: "tron",
      cryptoAddress: TRON_WALLET,
    };
    expect(CryptoRecipientFields.safeParse(usdtOnTron).success).toBe(true);
  });

  it("refuses USDT's own contract as the recipient's address, on the address field", () => {
    const toTheContract = {
      ...cryptoRecipient,
      currency: "USDT",
      cryptoNetwork: "tron",
      cryptoAddress: TRON_USDT_CONTRACT,
    };
    expect(fieldErrors(CryptoRecipientFields, toTheContract)).toEqual({
      cryptoAddress: "This is the token's contract address, not a wallet. Sending to it loses the money.",
    });
  });

  it("accepts ETH, USDC and USDT on Ethereum and Polygon with an EVM address", () => {
    for (const currency of ["ETH", "USDC", "USDT"]) {
      for (const cryptoNetwork of ["ethereum", "polygon"]) {
        const recipient = { ...cryptoRecipient, currency, cryptoNetwork, cryptoAddress: EIP55_ADDRESS };
        expect(CryptoRecipientFields.safeParse(recipient).success).toBe(true);
      }
    }
  });

  it("rejects BTC on Polygon with the error on cryptoNetwork", () => {
    const btcOnPolygon = { ...cryptoRecipient, cryptoNetwork: "polygon", cryptoAddress: EIP55_ADDRESS };
    expect(fieldErrors(CryptoRecipientFields, btcOnPolygon)).toEqual({
      cryptoNetwork: "BTC cannot be sent on Polygon",
    });
  });

  it("rejects USDT on BSC and ETH on Tron with the error on cryptoNetwork", () => {
    const usdtOnBsc = { ...cryptoRecipient, currency: "USDT", cryptoNetwork: "bsc", cryptoAddress: EIP55_ADDRESS };
    expect(fieldErrors(CryptoRecipientFields, usdtOnBsc)).toEqual({
      cryptoNetwork: "USDT cannot be sent on BSC (Binance Smart Chain)",
    });
    const ethOnTron = { ...cryptoRecipient, currency: "ETH", cryptoNetwork: "tron", cryptoAddress: TRON_WALLET };
    expect(fieldErrors(CryptoRecipientFields, ethOnTron)).toEqual({
      cryptoNetwork: "ETH cannot be sent on Tron (TRC-20)",
    });
  });

  it("rejects an address that is not valid on the chosen network with the error on cryptoAddress", () => {
    const tronAddressOnEthereum = {
      ...cryptoRecipient,
      currency: "USDT",
      cryptoNetwork: "ethereum",
      cryptoAddress: TRON_WALLET,
    };
    expect(fieldErrors(CryptoRecipientFields, tronAddressOnEthereum)).toEqual({
      cryptoAddress: "This is not a valid Ethereum address",
    });
    const badChecksum = {
      ...cryptoRecipient,
      currency: "ETH",
      cryptoNetwork: "ethereum",
      cryptoAddress: `${EIP55_ADDRESS.slice(0, -1)}D`,
    };
    expect(fieldErrors(CryptoRecipientFields, badChecksum)).toEqual({
      cryptoAddress: VALIDATION_MESSAGES.checksumMismatch,
    });
  });

  it("requires name, e-mail, wallet address and network", () => {
    const blank = { ...cryptoRecipient, name: "", email: "", cryptoAddress: "  " };
    expect(fieldErrors(CryptoRecipientFields, blank)).toEqual({
      name: "Enter the recipient's name",
      email: "Email is required",
      cryptoAddress: "Enter the wallet address",
    });
    const { cryptoNetwork: _cryptoNetwork, ...withoutNetwork } = cryptoRecipient;
    expect(fieldErrors(CryptoRecipientFields, withoutNetwork)).toEqual({
      cryptoNetwork: VALIDATION_MESSAGES.chooseNetwork,
    });
  });

  it("reports a wrong network together with a missing name, in one round", () => {
    const both = { ...cryptoRecipient, name: "", cryptoNetwork: "polygon", cryptoAddress: EIP55_ADDRESS };
    expect(fieldErrors(CryptoRecipientFields, both)).toEqual({
      name: VALIDATION_MESSAGES.recipientNameRequired,
      cryptoNetwork: "BTC cannot be sent on Polygon",
    });
  });

  it("offers only BTC, ETH, USDC and USDT", () => {
    expect(fieldErrors(CryptoRecipientFields, { ...cryptoRecipient, currency: "SOL" })).toEqual({
      currency: VALIDATION_MESSAGES.chooseCryptoCurrency,
    });
  });

  it("lets a form pick from the base fields and re-apply the cross-field check", () => {
    const step = CryptoRecipientFieldsBase.pick({
      currency: true,
      cryptoNetwork: true,
      cryptoAddress: true,
    }).superRefine(checkCryptoRecipient);
    expect(fieldErrors(step, { currency: "USDT", cryptoNetwork: "tron", cryptoAddress: TRON_WALLET })).toEqual({});
    expect(fieldErrors(step, { currency: "BTC", cryptoNetwork: "tron", cryptoAddress: TRON_WALLET })).toEqual({
      cryptoNetwork: "BTC cannot be sent on Tron (TRC-20)",
    });
  });
});

describe("NewRecipientRequest", () => {
  it("tells bank and crypto recipients apart by type and applies each one's rules", () => {
    expect(NewRecipientRequest.safeParse({ type: "bank", ...bankRecipient }).success).toBe(true);
    expect(NewRecipientRequest.safeParse({ type: "crypto", ...cryptoRecipient }).success).toBe(true);
    expect(fieldErrors(NewRecipientRequest, { type: "bank", ...bankRecipient, swiftCode: "XXXX" })).toEqual({
      swiftCode: VALIDATION_MESSAGES.invalidBic,
    });
    expect(fieldErrors(NewRecipientRequest, { type: "crypto", ...cryptoRecipient, cryptoNetwork: "polygon" })).toEqual({
      cryptoNetwork: "BTC cannot be sent on Polygon",
    });
  });

  it("rejects a bank recipient sent as crypto, and an unknown type", () => {
    expect(NewRecipientRequest.safeParse({ type: "crypto", ...bankRecipient }).success).toBe(false);
    expect(fieldErrors(NewRecipientRequest, { type: "paypal", ...bankRecipient })).toEqual({
      type: "Please choose Bank Transfer or Cryptocurrency",
    });
  });

  it("trims text and lower-cases the e-mail", () => {
    const result = NewRecipientRequest.parse({
      type: "crypto",
      ...cryptoRecipient,
      name: "  Satoshi ",
      email: "Satoshi@Example.com",
    });
    expect(result).toMatchObject({ name: "Satoshi", email: "satoshi@example.com" });
  });
});

describe("normalizeNewRecipient", () => {
  it("stores a bank recipient's IBAN in electronic form and the SWIFT code in upper case", () => {
    const request = NewRecipientRequest.parse({ type: "bank", ...bankRecipient });
    expect(normalizeNewRecipient(request)).toMatchObject({
      accountNumber: "DE89370400440532013000",
      swiftCode: "DEUTDEFF",
    });
  });

  it("stores an EVM address in EIP-55 form and a bech32 address in lower case", () => {
    const evm = NewRecipientRequest.parse({
      type: "crypto",
      ...cryptoRecipient,
      currency: "USDC",
      cryptoNetwork: "polygon",
      cryptoAddress: EIP55_ADDRESS.toLowerCase(),
    });
    expect(normalizeNewRecipient(evm)).toMatchObject({ cryptoAddress: EIP55_ADDRESS });
    const segwit = NewRecipientRequest.parse({
      type: "crypto",
      ...cryptoRecipient,
      cryptoAddress: "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4",
    });
    expect(normalizeNewRecipient(segwit)).toMatchObject({
      cryptoAddress: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
    });
  });

  it("refuses a recipient that was never validated instead of storing it", () => {
    const unchecked = { type: "crypto", ...cryptoRecipient, cryptoAddress: "not an address" } as NewRecipientRequest;
    expect(() => normalizeNewRecipient(unchecked)).toThrow(/cryptoAddress was not validated/);
  });
});
