import { BANK_MESSAGES } from "@ferry/core/validation/messages";
import { describe, expect, test } from "vitest";
import { allowsTestBic, refuseTestBic, storedDestinationProblem } from "./destination-rules.ts";

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
    expect(allowsTestBic("development")).toBe(true);
    expect(allowsTestBic("test")).toBe(true);
    expect(() => refuseTestBic("DEUTDE00", "development")).not.toThrow();
    expect(storedDestinationProblem(STORED, "test")).toBeNull();
  });

  test("are refused in production when saved, with the message on swiftCode, and marked when stored", () => {
    expect(allowsTestBic("production")).toBe(false);
    expect(() => refuseTestBic("DEUTDE00", "production")).toThrow(
      expect.objectContaining({ code: "validation_failed", fields: { swiftCode: BANK_MESSAGES.testBic } }),
    );
    expect(() => refuseTestBic("DEUTDEFF", "production")).not.toThrow();
    expect(storedDestinationProblem(STORED, "production")).toBe(
      `SWIFT code: ${BANK_MESSAGES.testBic.replace(/\.$/, "")}`,
    );
  });
});
