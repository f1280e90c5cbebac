import { render, screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { NO_NATIONAL_FIELDS } from "../../../testing/fixtures.ts";
import { DestinationDetails } from "./destination-details.tsx";

const EIP55_ADDRESS = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

function region() {
  return within(screen.getByRole("region", { name: "Check where the money goes" }));
}

describe("the destination shown before the code is asked for", () => {
  test("names a Ferry user as the server masked them, and says why the name is short", () => {
    render(
      <DestinationDetails
        destination={{ kind: "ferry_user", name: "Jane D.", email: "jane@example.com" }}
        nameLabel="Recipient"
      />,
    );

    expect(region().getByText("Jane D.")).toBeVisible();
    expect(region().getByText("jane@example.com")).toBeVisible();
    expect(region().getByText(/by first name and last initial only/)).toBeVisible();
  });

  test("shows a crypto address whole, as the server gave it, with the network's name", () => {
    render(
      <DestinationDetails
        destination={{ kind: "crypto", network: "ethereum", address: EIP55_ADDRESS }}
        nameLabel="Recipient"
      />,
    );

    expect(region().getByText("Ethereum (ERC-20)")).toBeVisible();
    expect(region().getByText(EIP55_ADDRESS)).toHaveClass("font-mono", "break-all");
  });

  test("groups an IBAN in fours and names an ISO country code; a national number and free-text country stay as stored", () => {
    const { rerender } = render(
      <DestinationDetails
        destination={{
          kind: "bank",
          ...NO_NATIONAL_FIELDS,
          name: "Erika Mustermann",
          accountNumber: "GB29NWBK60161331926819",
          bankName: "NatWest",
          country: "GB",
          swiftCode: "NWBKGB2L",
        }}
        nameLabel="Recipient"
      />,
    );
    expect(region().getByText("GB29 NWBK 6016 1331 9268 19")).toBeVisible();
    expect(region().getByText("United Kingdom (GB)")).toBeVisible();

    rerender(
      <DestinationDetails
        destination={{
          kind: "bank",
          ...NO_NATIONAL_FIELDS,
          name: "My account",
          accountNumber: "000123456789",
          bankName: null,
          country: "United States",
          swiftCode: null,
        }}
        nameLabel="Payment method"
      />,
    );
    expect(region().getByText("000123456789")).toBeVisible();
    expect(region().getByText("United States")).toBeVisible();
    expect(region().getByText("My account")).toBeVisible();
    expect(region().queryByText("Bank")).toBeNull();
  });
});
