import { BANK_MESSAGES } from "@ferry/core/validation/messages";
import { describe, expect, test } from "vitest";
import { allowsTestBic, refuseTestBic, storedDestinationProblem } from "./rules.ts";

/** The rules read one setting: whether the server runs in production (Config's `isProduction`). */
const PRODUCTION = { isProduction: true };
const OUTSIDE_PRODUCTION = { isProduction: false };

const STORED = {
  currency: "EUR",
  country: "DE",
  account_number: "DE89370400440532013000",
  swift_code: "DEUTDE00",
  bank_code: null,
  crypto_network: null,
  crypto_address: null,
};

describe("SWIFT test codes", () => {
  test("are accepted outside production, for sandboxes and tests", () => {
    expect(allowsTestBic(OUTSIDE_PRODUCTION)).toBe(true);
    expect(() => refuseTestBic("DEUTDE00", OUTSIDE_PRODUCTION)).not.toThrow();
    expect(storedDestinationProblem(STORED, OUTSIDE_PRODUCTION)).toBeNull();
  });

  test("are refused in production when saved, with the message on swiftCode, and marked when stored", () => {
    expect(allowsTestBic(PRODUCTION)).toBe(false);
    expect(() => refuseTestBic("DEUTDE00", PRODUCTION)).toThrow(
      expect.objectContaining({ code: "validation_failed", fields: { swiftCode: BANK_MESSAGES.testBic } }),
    );
    expect(() => refuseTestBic("DEUTDEFF", PRODUCTION)).not.toThrow();
    expect(storedDestinationProblem(STORED, PRODUCTION)).toBe(
      `SWIFT code: ${BANK_MESSAGES.testBic.replace(/\.$/, "")}`,
    );
  });
});
