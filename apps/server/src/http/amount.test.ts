import { ExchangeQuoteRequest } from "@ferry/core/contracts/exchange";
import { InvestmentAmountRequest } from "@ferry/core/contracts/investments";
import { CreateTransferRequest } from "@ferry/core/contracts/transfers";
import * as money from "@ferry/core/money";
import { afterEach, describe, expect, test, vi } from "vitest";
import { requestAmountMinorOf } from "./amount.ts";

// The server's own calls of core's parser are counted; the contract's check inside core is not.
vi.mock("@ferry/core/money", async (importOriginal) => {
  const original = await importOriginal<typeof money>();
  return { ...original, parsePositiveAmount: vi.fn(original.parsePositiveAmount) };
});

const REQUEST = {
  target: { method: "bank", recipientId: "0b0e6f3c-6a8f-4d3e-9d7e-2b1b1c6d5a41" },
  amount: "12.50",
  currency: "EUR",
  code: "123456",
};

afterEach(() => {
  vi.mocked(money.parsePositiveAmount).mockClear();
});

describe("requestAmountMinorOf", () => {
  test("takes the minor units the contract's check parsed, without parsing the amount again", () => {
    const validated = CreateTransferRequest.parse(REQUEST);

    expect(requestAmountMinorOf(validated, validated.currency)).toBe(1250n);
    expect(money.parsePositiveAmount).not.toHaveBeenCalled();
  });

  test("takes the units of an exchange (in its `from` currency) and of an investment (in USD) without parsing again", () => {
    const quote = ExchangeQuoteRequest.parse({ from: "BTC", to: "USD", amount: "0.5" });
    const investment = InvestmentAmountRequest.parse({ amount: "12.50" });

    expect(requestAmountMinorOf(quote, quote.from)).toBe(50_000_000n);
    expect(requestAmountMinorOf(investment, "USD")).toBe(1250n);
    expect(money.parsePositiveAmount).not.toHaveBeenCalled();
  });

  test("parses a request no contract checked, refusing a bad amount on the amount field", () => {
    expect(requestAmountMinorOf({ amount: "12.5" }, "EUR")).toBe(1250n);
    expect(money.parsePositiveAmount).toHaveBeenCalledTimes(1);
    expect(() => requestAmountMinorOf({ amount: "1.005" }, "EUR")).toThrow(
      expect.objectContaining({ code: "validation_failed", fields: { amount: "EUR amounts have at most 2 decimals" } }),
    );
  });
});
