import { describe, expect, test } from "vitest";
import { describeDestinationProblem, findStoredDestinationProblem } from "./destination.ts";

const NO_CRYPTO = { cryptoNetwork: null, cryptoAddress: null };
const NO_BANK = { accountNumber: null, swiftCode: null };

describe("a destination saved under older rules", () => {
  test("passes when its IBAN and BIC pass today's rules", () => {
    const stored = { ...NO_CRYPTO, accountNumber: "DE89370400440532013000", swiftCode: "DEUTDEFF" };
    expect(findStoredDestinationProblem(stored)).toBeNull();
  });

  test("names the account number when the old shape-only rule let a mistyped IBAN in", () => {
    const stored = { ...NO_CRYPTO, accountNumber: "DE8O370400440532013000", swiftCode: "DEUTDEFF" };
    expect(findStoredDestinationProblem(stored)).toMatch(/^Account number: \S/);
  });

  test("names the SWIFT code when only it fails", () => {
    const stored = { ...NO_CRYPTO, accountNumber: "DE89370400440532013000", swiftCode: "DEUT" };
    expect(findStoredDestinationProblem(stored)).toMatch(/^SWIFT code: \S/);
  });

  test("names the wallet address for an off-curve taproot key, and the network for an unknown one", () => {
    const offCurve = "bc1pllllllllllllllllllllllllllllllllllllllllllllallllshsdfvw2y";
    expect(findStoredDestinationProblem({ ...NO_BANK, cryptoNetwork: "bitcoin", cryptoAddress: offCurve })).toMatch(
      /^Wallet address: \S/,
    );
    expect(findStoredDestinationProblem({ ...NO_BANK, cryptoNetwork: "dogecoin", cryptoAddress: "D123" })).toBe(
      "Network: dogecoin is not supported",
    );
  });

  test("reads inside the refusal without a doubled full stop", () => {
    const stored = { ...NO_CRYPTO, accountNumber: "DE8O370400440532013000", swiftCode: "DEUTDEFF" };
    const message = describeDestinationProblem(findStoredDestinationProblem(stored) ?? "");
    expect(message).toMatch(/^Check these details: Account number: .*[^.]\. Edit them before sending\.$/);
  });
});
