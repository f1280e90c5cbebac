import type { PaymentMethod } from "@ferry/core/contracts/payment-methods";
import { screen, within } from "@testing-library/react";
import { describe, expect, test, vi } from "vitest";
import { SAVED_BANK_PAYMENT_METHOD } from "../../testing/fixtures.ts";
import { fakeApi, renderWithApp } from "../../testing/render.tsx";
import { PaymentMethodDialog } from "./payment-method-dialog.tsx";

/** A valid Bitcoin (bech32) address. */
const BITCOIN_ADDRESS = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";

const SAVED_BANK: PaymentMethod = SAVED_BANK_PAYMENT_METHOD;

function renderDialog(editing: PaymentMethod | null = null) {
  const requests = fakeApi({
    "POST /api/v1/payment-methods": (request) => ({
      status: 201,
      body: { ...SAVED_BANK, ...(request.body as object) },
    }),
    [`PUT /api/v1/payment-methods/${SAVED_BANK.id}`]: (request) => ({
      body: { ...SAVED_BANK, ...(request.body as object) },
    }),
    "GET /api/v1/payment-methods": () => ({ body: { items: [], nextCursor: null } }),
  });
  const onOpenChange = vi.fn();
  const rendered = renderWithApp(<PaymentMethodDialog open onOpenChange={onOpenChange} editing={editing} />);
  const dialog = screen.getByRole("dialog", { name: editing ? "Edit Address" : "Add Withdrawal Address" });
  return { ...rendered, dialog: within(dialog), onOpenChange, requests };
}

/** The message under a field, as a screen reader reads it: the field's description. */
function messageOf(field: HTMLElement): string | null {
  const describedBy = field.getAttribute("aria-describedby");
  return describedBy ? (document.getElementById(describedBy)?.textContent ?? null) : null;
}

describe("a bank payment method", () => {
  test("asks for a name and every bank detail (spec §5), and saves nothing", async () => {
    const { user, dialog, requests } = renderDialog();
    await user.click(dialog.getByRole("button", { name: "Add Address" }));

    expect(await dialog.findByText("Please enter a name for this address")).toBeVisible();
    for (const label of ["Account holder name", "Bank name", "Account number", "SWIFT / BIC", "Country"]) {
      expect(messageOf(dialog.getByLabelText(label))).toBe("Please fill in all bank details");
    }
    // The spec's toast says the first problem too.
    expect(await screen.findByText("Please enter a name for this address", { selector: "[data-title]" })).toBeVisible();
    expect(requests).toEqual([]);
  });

  test("refuses a name of spaces and an IBAN with a typo", async () => {
    const { user, dialog } = renderDialog();
    await user.type(dialog.getByLabelText("Name"), "   ");
    await user.selectOptions(dialog.getByLabelText("Country"), "DE");
    await user.type(dialog.getByLabelText("SWIFT / BIC"), "DEUTDEFF");
    await user.type(dialog.getByLabelText("Account number (IBAN)"), "DE89 3704 0044 0532 0130 01");
    await user.click(dialog.getByRole("button", { name: "Add Address" }));

    expect(messageOf(await dialog.findByLabelText("Name"))).toBe("Please enter a name for this address");
    expect(messageOf(dialog.getByLabelText("Account number (IBAN)"))).toBe(
      "Checksum mismatch: check the IBAN for typos",
    );
  });

  test("adds a valid bank account and closes", async () => {
    const { user, dialog, onOpenChange, requests } = renderDialog();
    await user.type(dialog.getByLabelText("Name"), "My Deutsche Bank");
    await user.selectOptions(dialog.getByLabelText("Currency"), "EUR");
    await user.type(dialog.getByLabelText("Account holder name"), "Erika Mustermann");
    await user.type(dialog.getByLabelText("Bank name"), "Deutsche Bank");
    await user.selectOptions(dialog.getByLabelText("Country"), "DE");
    await user.type(dialog.getByLabelText("Account number (IBAN)"), "DE89 3704 0044 0532 0130 00");
    await user.type(dialog.getByLabelText("SWIFT / BIC"), "DEUTDEFF");
    await user.click(dialog.getByRole("button", { name: "Add Address" }));

    expect(await screen.findByText("Address added successfully")).toBeVisible();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(requests.find((request) => request.method === "POST")?.body).toEqual({
      addressType: "bank",
      name: "My Deutsche Bank",
      currency: "EUR",
      accountHolderName: "Erika Mustermann",
      bankName: "Deutsche Bank",
      accountNumber: "DE89 3704 0044 0532 0130 00",
      swiftCode: "DEUTDEFF",
      country: "DE",
    });
  });

  test("asks a UK account in GBP for its sort code, and checks it with the account number", async () => {
    const { user, dialog, requests } = renderDialog();
    await user.type(dialog.getByLabelText("Name"), "Barclays");
    await user.selectOptions(dialog.getByLabelText("Currency"), "GBP");
    await user.type(dialog.getByLabelText("Account holder name"), "Ada Lovelace");
    await user.type(dialog.getByLabelText("Bank name"), "Barclays");
    await user.selectOptions(dialog.getByLabelText("Country"), "GB");
    await user.type(dialog.getByLabelText("SWIFT / BIC"), "BUKBGB22");
    await user.type(dialog.getByLabelText("Sort code"), "20-20-15");
    await user.type(dialog.getByLabelText("Account number"), "55555556");
    await user.click(dialog.getByRole("button", { name: "Add Address" }));

    expect(messageOf(await dialog.findByLabelText("Account number"))).toBe(
      "This sort code and account number do not belong together: look for typos",
    );
    expect(requests).toEqual([]);
    await user.clear(dialog.getByLabelText("Account number"));
    await user.type(dialog.getByLabelText("Account number"), "55555555");
    await user.click(dialog.getByRole("button", { name: "Add Address" }));

    expect(await screen.findByText("Address added successfully")).toBeVisible();
    expect(requests.find((request) => request.method === "POST")?.body).toMatchObject({
      country: "GB",
      sortCode: "20-20-15",
      accountNumber: "55555555",
    });
  });

  test("edits a saved one in place", async () => {
    const { user, dialog, requests } = renderDialog(SAVED_BANK);
    const name = dialog.getByLabelText("Name");
    expect(name).toHaveValue("My Deutsche Bank");
    await user.clear(name);
    await user.type(name, "Salary account");
    await user.click(dialog.getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText("Address updated successfully")).toBeVisible();
    expect(requests.find((request) => request.method === "PUT")?.body).toMatchObject({ name: "Salary account" });
  });
});

describe("a crypto payment method", () => {
  test("asks for the wallet address (spec §5), keeping the name typed before switching", async () => {
    const { user, dialog, requests } = renderDialog();
    await user.type(dialog.getByLabelText("Name"), "Hardware wallet");
    await user.click(dialog.getByRole("radio", { name: "Crypto Wallet" }));
    expect(dialog.getByLabelText("Name")).toHaveValue("Hardware wallet");
    await user.click(dialog.getByRole("button", { name: "Add Address" }));

    expect(messageOf(await dialog.findByLabelText("Wallet address"))).toBe("Please fill in all crypto details");
    expect(requests).toEqual([]);
  });

  test("offers the currencies of the chosen network (spec §5 networks)", async () => {
    const { user, dialog } = renderDialog();
    await user.click(dialog.getByRole("radio", { name: "Crypto Wallet" }));
    const network = dialog.getByLabelText("Network");
    const currency = dialog.getByLabelText("Currency");
    const optionsOf = (select: HTMLElement) =>
      within(select)
        .getAllByRole("option")
        .map((option) => option.textContent);
    expect(optionsOf(network)).toEqual(["Bitcoin", "Ethereum (ERC-20)", "Polygon", "BSC (Binance Smart Chain)"]);
    expect(optionsOf(currency)).toEqual(["BTC"]);
    await user.selectOptions(network, "polygon");
    expect(optionsOf(currency)).toEqual(["ETH", "USDC", "USDT"]);
    expect(currency).toHaveValue("ETH");
  });

  test("refuses an address that is not one on the network", async () => {
    const { user, dialog } = renderDialog();
    await user.click(dialog.getByRole("radio", { name: "Crypto Wallet" }));
    await user.type(dialog.getByLabelText("Name"), "Hardware wallet");
    await user.type(dialog.getByLabelText("Wallet address"), "0x1234");
    await user.click(dialog.getByRole("button", { name: "Add Address" }));

    expect(messageOf(await dialog.findByLabelText("Wallet address"))).toBe("This is not a valid Bitcoin address");
  });

  test("adds a valid wallet", async () => {
    const { user, dialog, requests } = renderDialog();
    await user.click(dialog.getByRole("radio", { name: "Crypto Wallet" }));
    await user.type(dialog.getByLabelText("Name"), "Hardware wallet");
    await user.type(dialog.getByLabelText("Wallet address"), BITCOIN_ADDRESS);
    await user.click(dialog.getByRole("button", { name: "Add Address" }));

    expect(await screen.findByText("Address added successfully")).toBeVisible();
    expect(requests.find((request) => request.method === "POST")?.body).toEqual({
      addressType: "crypto",
      name: "Hardware wallet",
      cryptoNetwork: "bitcoin",
      currency: "BTC",
      cryptoAddress: BITCOIN_ADDRESS,
    });
  });
});
