import type { Transfer, TransferActivity } from "@ferry/core/contracts/transfers";
import { screen, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, test } from "vitest";
import { fakeApi, renderWithApp } from "../../testing/render.tsx";
import { TransferPage } from "./transfer-page.tsx";

const ID = "5b0d6c2e-8f1a-4c3b-9d7e-2a1b3c4d5e6f";
const TRANSFER: Transfer = {
  id: ID,
  method: "crypto",
  status: "pending",
  currency: "ETH",
  amount: "0.001234",
  fee: "0.00001234",
  total: "0.00124634",
  recipientName: "Cold wallet",
  recipientEmail: "me@example.com",
  memo: "Rent, March",
  app: null,
  createdAt: "2026-11-27T09:00:00.000Z",
};
const ACTIVITY: TransferActivity = {
  transferId: ID,
  status: "pending",
  destination: { kind: "crypto", network: "ethereum", address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" },
  timeline: [{ step: "created", at: "2026-11-27T09:00:00.000Z", isMoneyReturned: false, by: "you" }],
  cancellableUntil: "2026-11-27T09:30:00.000Z",
  paidFrom: null,
};
const CANCELLED: TransferActivity = {
  ...ACTIVITY,
  status: "cancelled",
  timeline: [
    ...ACTIVITY.timeline,
    { step: "cancelled", at: "2026-11-27T09:05:00.000Z", isMoneyReturned: true, by: "you" },
  ],
  cancellableUntil: null,
};

function renderTransfer() {
  return renderWithApp(
    <Routes>
      <Route path="/transactions/:transferId" element={<TransferPage />} />
    </Routes>,
    undefined,
    `/transactions/${ID}`,
  );
}

describe("a transfer's page (issue 30)", () => {
  test("shows its exact figures, destination, reference and steps, and cancels it after asking", async () => {
    let isCancelled = false;
    const seen = fakeApi({
      [`GET /api/v1/transfers/${ID}`]: () => ({ body: { ...TRANSFER, status: isCancelled ? "cancelled" : "pending" } }),
      [`GET /api/v1/transfers/${ID}/activity`]: () => ({ body: isCancelled ? CANCELLED : ACTIVITY }),
      [`POST /api/v1/transfers/${ID}/cancel`]: () => {
        isCancelled = true;
        return { body: CANCELLED };
      },
    });
    const { user } = renderTransfer();

    expect(await screen.findByRole("heading", { name: "Transfer to Cold wallet" })).toBeVisible();
    expect(screen.getByTestId("transfer-amount")).toHaveTextContent("ETH 0.001234");
    expect(screen.getByTestId("transfer-fee")).toHaveTextContent("ETH 0.00001234");
    expect(screen.getByTestId("transfer-total-debited")).toHaveTextContent("ETH 0.00124634");
    expect(screen.getByText("Rent, March")).toBeVisible();
    expect(screen.getByText("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBeVisible();
    const steps = within(screen.getByRole("list", { name: "What happened" })).getAllByTestId("timeline-step");
    expect(steps.map((step) => step.querySelector("p")?.textContent)).toEqual([
      "Sent, code checked and money reserved",
    ]);

    await user.click(screen.getByRole("button", { name: "Cancel transfer" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel this transfer?" });
    expect(dialog).toHaveTextContent("ETH 0.00124634 returns to your balance at once, and nothing is sent.");
    await user.click(within(dialog).getByRole("button", { name: "Cancel transfer" }));

    expect(await screen.findByText("Transfer cancelled")).toBeVisible();
    expect(await screen.findByText("Cancelled by you")).toBeVisible();
    expect(screen.getByText("Money returned to your balance")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Cancel transfer" })).toBeNull();
    const cancel = seen.find((request) => request.method === "POST");
    expect(cancel?.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  test("offers no cancel once the window has closed", async () => {
    fakeApi({
      [`GET /api/v1/transfers/${ID}`]: () => ({ body: { ...TRANSFER, status: "processed" } }),
      [`GET /api/v1/transfers/${ID}/activity`]: () => ({
        body: {
          ...ACTIVITY,
          status: "processed",
          cancellableUntil: null,
          timeline: [
            ...ACTIVITY.timeline,
            { step: "processed", at: "2026-11-27T09:10:00.000Z", isMoneyReturned: false, by: "ferry" },
          ],
        },
      }),
    });
    renderTransfer();
    expect(await screen.findByText("Processed by Ferry")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Cancel transfer" })).toBeNull();
  });

  test("says it could not be loaded, with Retry, when the transfer cannot be read", async () => {
    fakeApi({});
    renderTransfer();
    expect(await screen.findByText("Your transfer could not be loaded right now.")).toBeVisible();
    expect(screen.getByRole("button", { name: "Retry" })).toBeVisible();
  });

  test("paid from another balance, shows what left it, the exchange fee and the rate", async () => {
    fakeApi({
      [`GET /api/v1/transfers/${ID}`]: () => ({
        body: { ...TRANSFER, currency: "EUR", amount: "100.00", fee: "0.50", total: "100.50" },
      }),
      [`GET /api/v1/transfers/${ID}/activity`]: () => ({
        body: { ...ACTIVITY, paidFrom: { currency: "USD", amount: "109.79", fee: "0.55", rate: "0.92" } },
      }),
    });
    renderTransfer();
    expect(await screen.findByTestId("transfer-paid-from")).toHaveTextContent("USD 109.79");
    expect(screen.getByTestId("transfer-exchange-fee")).toHaveTextContent("USD 0.55");
    expect(screen.getByTestId("transfer-rate")).toHaveTextContent("1 USD = 0.92 EUR");
    expect(screen.getByTestId("transfer-total-debited")).toHaveTextContent("EUR 100.50");
  });
});
