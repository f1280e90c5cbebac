import type { KycOverview } from "@ferry/core/contracts/kyc";
import { screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { fakeApi, renderWithApp } from "../../testing/render.tsx";
import { KycSection } from "./kyc-section.tsx";

const PENDING: KycOverview = {
  status: "pending",
  level: "unverified",
  emailVerified: true,
  rejectionReason: null,
  submittedAt: null,
  decidedAt: null,
  documents: [],
  limits: [
    { currency: "USD", currentLimit: "1000.00", verifiedLimit: "10000.00" },
    { currency: "BTC", currentLimit: "0.02500000", verifiedLimit: "0.25000000" },
  ],
};

function serve(overview: KycOverview) {
  return fakeApi({ "GET /api/v1/me/kyc": () => ({ body: overview }) });
}

describe("the identity verification part of /profile", () => {
  test("shows what the customer may send per day now and what verification unlocks", async () => {
    serve(PENDING);
    renderWithApp(<KycSection />);

    const usd = await screen.findByRole("row", { name: "USD 1,000.00 10,000.00" });

    expect(
      within(usd)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["1,000.00", "10,000.00"]);
    expect(screen.getByRole("row", { name: "BTC 0.025000 0.250000" })).toBeTruthy();
    expect(screen.getByText(/The full limits apply once both your e-mail and your identity are verified/)).toBeTruthy();
  });

  test("asks for both documents before sending anything", async () => {
    const seen = serve(PENDING);
    const { user } = renderWithApp(<KycSection />);

    await user.click(await screen.findByRole("button", { name: "Submit for review" }));

    expect(await screen.findByText("Upload a government ID", { exact: true })).toBeTruthy();
    expect(screen.getByText("Upload a proof of address", { exact: true })).toBeTruthy();
    expect(seen.filter((request) => request.method === "POST")).toEqual([]);
  });

  test("a rejected customer reads the reason and may submit again", async () => {
    serve({
      ...PENDING,
      status: "rejected",
      rejectionReason: "The photo is blurred",
      decidedAt: "2026-03-01T10:00:00Z",
    });
    renderWithApp(<KycSection />);

    const reason = await screen.findByRole("alert");

    expect(reason.textContent).toContain("The photo is blurred");
    expect(screen.getByRole("button", { name: "Submit for review" })).toBeTruthy();
  });

  test("documents under review or approved offer no form", async () => {
    serve({ ...PENDING, status: "approved", level: "verified" });
    renderWithApp(<KycSection />);

    await screen.findByText("Your identity is verified.");

    expect(screen.queryByRole("button", { name: "Submit for review" })).toBeNull();
  });
});
