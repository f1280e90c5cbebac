import type { Recipient } from "@ferry/core/contracts/recipients";
import { screen, within } from "@testing-library/react";
import { describe, expect, test, vi } from "vitest";
import { NO_NATIONAL_FIELDS } from "../../../../testing/fixtures.ts";
import { fakeApi, renderWithApp } from "../../../../testing/render.tsx";
import { RecipientDetailsStep } from "./recipient-details-step.tsx";

/** A published example IBAN and BIC (Deutsche Bank), valid by checksum. */
const IBAN = "DE89 3704 0044 0532 0130 00";
const BIC = "DEUTDEFF";
/** A valid Ethereum address in its EIP-55 checksummed form. */
const ETHEREUM_ADDRESS = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

/** The recipient the fake server saves: what was sent, with an id and a date. */
function savedRecipient(body: Record<string, string>): Recipient {
  return {
    id: "0f8e7d6c-5b4a-4392-8172-6a5b4c3d2e1f",
    type: body.type === "bank" ? "bank" : "crypto",
    name: body.name,
    email: body.email,
    currency: body.currency as Recipient["currency"],
    bankName: body.bankName ?? null,
    country: body.country ?? null,
    accountNumber: body.accountNumber ?? null,
    swiftCode: body.swiftCode ?? null,
    ...NO_NATIONAL_FIELDS,
    accountHolderName: body.accountHolderName ?? null,
    cryptoAddress: body.cryptoAddress ?? null,
    cryptoNetwork: body.cryptoNetwork ?? null,
    createdAt: "2026-01-01T00:00:00.000Z",
    needsReview: false,
    reviewReason: null,
  };
}

function renderDetails(type: "bank" | "crypto") {
  const requests = fakeApi({
    "POST /api/v1/recipients": (request) => ({
      status: 201,
      body: savedRecipient(request.body as Record<string, string>),
    }),
  });
  const onSaved = vi.fn();
  const rendered = renderWithApp(<RecipientDetailsStep type={type} onSaved={onSaved} onBack={() => {}} />);
  return { ...rendered, onSaved, requests };
}

/** The message shown under a field, read as a screen reader would: the field's description. */
function messageOf(label: string): string | null {
  const field = screen.getByLabelText(label);
  const describedBy = field.getAttribute("aria-describedby");
  return describedBy ? (document.getElementById(describedBy)?.textContent ?? null) : null;
}

describe("a new bank recipient", () => {
  test("asks for every required field, each by its name, and saves nothing (issue 30)", async () => {
    const { user, requests } = renderDetails("bank");
    await user.click(screen.getByRole("button", { name: "Save and continue" }));

    expect(await screen.findByText("Enter the recipient's name")).toBeVisible();
    expect(screen.queryByText("Please fill in all required fields")).toBeNull();
    for (const [label, message] of [
      ["Recipient name", "Enter the recipient's name"],
      ["Bank name", "Enter the bank's name"],
      ["Country", "Choose the bank's country"],
      ["Account number", "Enter the account number"],
      ["SWIFT / BIC", "Enter the SWIFT code"],
    ]) {
      expect(messageOf(label)).toBe(message);
    }
    expect(messageOf("Recipient email")).toBe("Email is required");
    expect(messageOf("Account holder name (optional)")).toBeNull();
    expect(requests).toEqual([]);
  });

  test("checks the IBAN's checksum, the SWIFT code's shape and the e-mail", async () => {
    const { user, requests } = renderDetails("bank");
    await user.type(screen.getByLabelText("Recipient name"), "Erika Mustermann");
    await user.type(screen.getByLabelText("Recipient email"), "erika@");
    await user.type(screen.getByLabelText("Bank name"), "Deutsche Bank");
    await user.selectOptions(screen.getByLabelText("Country"), "DE");
    await user.type(screen.getByLabelText("Account number (IBAN)"), "DE89 3704 0044 0532 0130 01");
    await user.type(screen.getByLabelText("SWIFT / BIC"), "DEUT");
    await user.click(screen.getByRole("button", { name: "Save and continue" }));

    expect(await screen.findByText("Checksum mismatch: check the IBAN for typos")).toBeVisible();
    expect(messageOf("SWIFT / BIC")).toBe(
      "This is not a valid SWIFT/BIC code (8 or 11 letters and digits, such as DEUTDEFF)",
    );
    expect(messageOf("Recipient email")).toBe("Please enter a valid email address");
    expect(requests).toEqual([]);
  });

  test("saves a valid recipient, says so, and goes on with it", async () => {
    const { user, onSaved, requests } = renderDetails("bank");
    await user.type(screen.getByLabelText("Recipient name"), "Erika Mustermann");
    await user.type(screen.getByLabelText("Recipient email"), "erika@example.com");
    await user.type(screen.getByLabelText("Bank name"), "Deutsche Bank");
    await user.selectOptions(screen.getByLabelText("Country"), "DE");
    await user.type(screen.getByLabelText("Account number (IBAN)"), IBAN);
    await user.type(screen.getByLabelText("SWIFT / BIC"), BIC);
    await user.selectOptions(screen.getByLabelText("Currency"), "EUR");
    await user.click(screen.getByRole("button", { name: "Save and continue" }));

    expect(await screen.findByText("Recipient saved successfully")).toBeVisible();
    expect(requests).toMatchObject([
      {
        method: "POST",
        path: "/api/v1/recipients",
        body: {
          type: "bank",
          name: "Erika Mustermann",
          email: "erika@example.com",
          bankName: "Deutsche Bank",
          country: "DE",
          accountNumber: IBAN,
          swiftCode: BIC,
          currency: "EUR",
        },
      },
    ]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: "Erika Mustermann", currency: "EUR" }));
  });
});

describe("editing a saved bank recipient", () => {
  test("starts from its details, asks again for a country saved as free text, and sends a PUT", async () => {
    const requests: { method: string; path: string; body: unknown }[] = [];
    fakeApi({
      "PUT /api/v1/recipients/0f8e7d6c-5b4a-4392-8172-6a5b4c3d2e1f": (request) => {
        requests.push(request);
        return { status: 200, body: savedRecipient({ type: "bank", ...(request.body as Record<string, string>) }) };
      },
    });
    const editing: Recipient = {
      ...savedRecipient({ type: "bank", name: "Erika Mustermann", email: "erika@example.com", currency: "EUR" }),
      bankName: "Deutsche Bank",
      country: "Germany",
      accountNumber: "DE89370400440532013000",
      swiftCode: BIC,
      needsReview: true,
      reviewReason: "Country: Please choose the bank's country",
    };
    const onSaved = vi.fn();
    const { user } = renderWithApp(
      <RecipientDetailsStep type="bank" editing={editing} onSaved={onSaved} onBack={() => {}} />,
    );
    expect(screen.getByLabelText("Recipient name")).toHaveValue("Erika Mustermann");
    expect(screen.getByLabelText("Country")).toHaveValue("");
    await user.selectOptions(screen.getByLabelText("Country"), "DE");
    await user.click(screen.getByRole("button", { name: "Save and continue" }));

    expect(await screen.findByText("Recipient updated successfully")).toBeVisible();
    expect(requests[0]).toMatchObject({
      method: "PUT",
      body: { type: "bank", country: "DE", accountNumber: "DE89370400440532013000", swiftCode: BIC },
    });
    expect(onSaved).toHaveBeenCalled();
  });
});

describe("a new US bank recipient", () => {
  test("asks for the routing number once the United States is chosen, and sends it", async () => {
    const { user, requests } = renderDetails("bank");
    expect(screen.queryByLabelText("Routing number (ABA)")).toBeNull();
    await user.type(screen.getByLabelText("Recipient name"), "John Smith");
    await user.type(screen.getByLabelText("Recipient email"), "john@example.com");
    await user.type(screen.getByLabelText("Bank name"), "JPMorgan Chase");
    await user.selectOptions(screen.getByLabelText("Country"), "US");
    await user.type(screen.getByLabelText("Routing number (ABA)"), "021000022");
    await user.type(screen.getByLabelText("Account number"), "000123456789");
    await user.type(screen.getByLabelText("SWIFT / BIC"), "CHASUS33");
    await user.click(screen.getByRole("button", { name: "Save and continue" }));

    expect(await screen.findByText("This is not a valid ABA routing number: look for typos")).toBeVisible();
    expect(requests).toEqual([]);
    await user.clear(screen.getByLabelText("Routing number (ABA)"));
    await user.type(screen.getByLabelText("Routing number (ABA)"), "021000021");
    await user.click(screen.getByRole("button", { name: "Save and continue" }));

    expect(await screen.findByText("Recipient saved successfully")).toBeVisible();
    expect(requests[0]?.body).toMatchObject({ country: "US", routingNumber: "021000021", currency: "USD" });
  });
});

describe("a new crypto recipient", () => {
  test("asks for the wallet address, name and e-mail", async () => {
    const { user } = renderDetails("crypto");
    await user.click(screen.getByRole("button", { name: "Save and continue" }));

    expect(await screen.findByText("Enter the wallet address")).toBeVisible();
    expect(messageOf("Recipient name")).toBe("Enter the recipient's name");
    expect(messageOf("Wallet address")).toBe("Enter the wallet address");
    expect(messageOf("Recipient email")).toBe("Email is required");
  });

  test("offers only the networks that carry the currency (spec §5)", async () => {
    const { user } = renderDetails("crypto");
    const network = screen.getByLabelText("Network");
    const namesOf = () =>
      within(network)
        .getAllByRole("option")
        .map((option) => option.textContent);
    expect(namesOf()).toEqual(["Bitcoin"]);
    await user.selectOptions(screen.getByLabelText("Currency"), "USDT");
    expect(namesOf()).toEqual(["Ethereum (ERC-20)", "Polygon", "Tron (TRC-20)"]);
    expect(network).toHaveValue("ethereum");
  });

  test("refuses an address that is not one on the chosen network", async () => {
    const { user, requests } = renderDetails("crypto");
    await user.type(screen.getByLabelText("Recipient name"), "Cold wallet");
    await user.type(screen.getByLabelText("Recipient email"), "me@example.com");
    await user.selectOptions(screen.getByLabelText("Currency"), "ETH");
    await user.type(screen.getByLabelText("Wallet address"), "0x1234");
    await user.click(screen.getByRole("button", { name: "Save and continue" }));

    expect(await screen.findByText("This is not a valid Ethereum address")).toBeVisible();
    expect(requests).toEqual([]);
  });

  test("saves a valid address on its network", async () => {
    const { user, onSaved, requests } = renderDetails("crypto");
    await user.type(screen.getByLabelText("Recipient name"), "Cold wallet");
    await user.type(screen.getByLabelText("Recipient email"), "me@example.com");
    await user.selectOptions(screen.getByLabelText("Currency"), "USDC");
    await user.selectOptions(screen.getByLabelText("Network"), "polygon");
    await user.type(screen.getByLabelText("Wallet address"), ETHEREUM_ADDRESS);
    await user.click(screen.getByRole("button", { name: "Save and continue" }));

    expect(await screen.findByText("Recipient saved successfully")).toBeVisible();
    expect(requests.map((request) => request.body)).toEqual([
      {
        type: "crypto",
        name: "Cold wallet",
        email: "me@example.com",
        currency: "USDC",
        cryptoNetwork: "polygon",
        cryptoAddress: ETHEREUM_ADDRESS,
      },
    ]);
    expect(onSaved).toHaveBeenCalledOnce();
  });
});
