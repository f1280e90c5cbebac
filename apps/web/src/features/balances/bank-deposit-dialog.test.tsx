import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { fakeApi, renderWithApp } from "../../testing/render.tsx";
import { BankDepositDialog } from "./bank-deposit-dialog.tsx";

describe("the bank deposit instructions", () => {
  test("show the IBAN in groups of four, as a person compares it with their bank's form (issue 30)", async () => {
    fakeApi({
      "GET /api/v1/deposits/instructions": () => ({
        body: {
          bank: {
            accountName: "Ferry Payments Ltd",
            bankName: "Example Bank",
            iban: "DE89370400440532013000",
            bic: "COBADEFFXXX",
            reference: "FRY-7Q2K-9D",
            currencies: ["EUR", "USD"],
          },
          crypto: [],
        },
      }),
    });
    renderWithApp(<BankDepositDialog open onOpenChange={() => {}} />);
    expect(await screen.findByText("DE89 3704 0044 0532 0130 00")).toBeVisible();
    expect(screen.queryByText("DE89370400440532013000")).toBeNull();
    expect(screen.getByRole("button", { name: "Copy IBAN" })).toBeVisible();
  });
});
