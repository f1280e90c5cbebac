import { describe, expect, test } from "vitest";
import { describeDestinationProblem, findStoredDestinationProblem } from "./destination.ts";

const NO_CRYPTO = { cryptoNetwork: null, cryptoAddress: null, currency: "EUR", country: "DE", bankCode: null };
const NO_BANK = { accountNumber: null, swiftCode: null, currency: "BTC", country: null, bankCode: null };
const RULES = { allowTestBic: false };

describe("a destination saved under older rules", () => {
  test("passes when its IBAN and BIC pass today's rules", () => {
    const stored = { ...NO_CRYPTO, accountNumber: "DE89370400440532013000", swiftCode: "DEUTDEFF" };
    expect(findStoredDestinationProblem(stored, RULES)).toBeNull();
  });

  test("names the account number when the old shape-only rule let a mistyped IBAN in", () => {
    const stored = { ...NO_CRYPTO, accountNumber: "DE8O370400440532013000", swiftCode: "DEUTDEFF" };
    expect(findStoredDestinationProblem(stored, RULES)).toMatch(/^Account number: \S/);
  });

  test("names the SWIFT code when only it fails", () => {
    const stored = { ...NO_CRYPTO, accountNumber: "DE89370400440532013000", swiftCode: "DEUT" };
    expect(findStoredDestinationProblem(stored, RULES)).toMatch(/^SWIFT code: \S/);
  });

  test("names the wallet address for an off-curve taproot key, and the network for an unknown one", () => {
    const offCurve = "bc1pllllllllllllllllllllllllllllllllllllllllllllallllshsdfvw2y";
    expect(
      findStoredDestinationProblem({ ...NO_BANK, cryptoNetwork: "bitcoin", cryptoAddress: offCurve }, RULES),
    ).toMatch(/^Wallet address: \S/);
    expect(findStoredDestinationProblem({ ...NO_BANK, cryptoNetwork: "dogecoin", cryptoAddress: "D123" }, RULES)).toBe(
      "Network: dogecoin is not supported",
    );
  });

  test("names the country when it was saved as free text, as every row before issue 19 was", () => {
    const stored = { ...NO_CRYPTO, country: "Germany", accountNumber: "DE89370400440532013000", swiftCode: "DEUTDEFF" };
    expect(findStoredDestinationProblem(stored, RULES)).toBe("Country: Please choose the bank's country");
  });

  test("names the missing routing number of a US account saved with an account number only", () => {
    const stored = {
      ...NO_CRYPTO,
      currency: "USD",
      country: "US",
      accountNumber: "000123456789",
      swiftCode: "CHASUS33",
    };
    expect(findStoredDestinationProblem(stored, RULES)).toBe("Routing number: required for accounts in this country");
    expect(findStoredDestinationProblem({ ...stored, bankCode: "021000021" }, RULES)).toBeNull();
  });

  test("marks a SWIFT test code only where test codes are refused", () => {
    const stored = { ...NO_CRYPTO, accountNumber: "DE89370400440532013000", swiftCode: "DEUTDE00" };
    expect(findStoredDestinationProblem(stored, RULES)).toMatch(/^SWIFT code: This is a SWIFT test code/);
    expect(findStoredDestinationProblem(stored, { allowTestBic: true })).toBeNull();
  });

  test("reads inside the refusal without a doubled full stop", () => {
    const stored = { ...NO_CRYPTO, accountNumber: "DE8O370400440532013000", swiftCode: "DEUTDEFF" };
    const message = describeDestinationProblem(findStoredDestinationProblem(stored, RULES) ?? "");
    expect(message).toMatch(/^Check these details: Account number: .*[^.]\. Edit them before sending\.$/);
  });
});
