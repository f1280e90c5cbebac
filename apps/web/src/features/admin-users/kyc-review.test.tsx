import type { KycReview } from "@ferry/core/contracts/kyc";
import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { fakeApi, renderWithApp } from "../../testing/render.tsx";
import { KycReviewPanel } from "./kyc-review.tsx";

const DOCUMENT_ID = "0b6f1d2e-3c4a-4b5c-8d6e-7f8091a2b3c4";

const UNDER_REVIEW: KycReview = {
  userId: "user-ada",
  status: "under_review",
  submissions: [
    {
      id: "1c7a2e3f-4d5b-4c6d-9e7f-8091a2b3c4d5",
      status: "under_review",
      submittedAt: "2026-03-01T10:00:00.000Z",
      decidedAt: null,
      reason: null,
      documents: [
        {
          id: DOCUMENT_ID,
          kind: "government_id",
          fileName: "passport.png",
          contentType: "image/png",
          size: 1234,
          url: `/api/v1/admin/kyc-documents/${DOCUMENT_ID}`,
        },
      ],
    },
  ],
};

describe("the admin's identity review", () => {
  test("links each document by its id and rejects only with a reason", async () => {
    const seen = fakeApi({
      "GET /api/v1/admin/users/user-ada/kyc": () => ({ body: UNDER_REVIEW }),
      "POST /api/v1/admin/users/user-ada/kyc/decision": () => ({
        body: { ...UNDER_REVIEW, status: "rejected", submissions: [] },
      }),
    });
    const { user } = renderWithApp(<KycReviewPanel userId="user-ada" />);

    const link = await screen.findByRole("link", { name: "Government ID: passport.png" });
    await user.click(screen.getByRole("button", { name: "Reject" }));
    const refusal = await screen.findByText("Please give a reason for the rejection");
    await user.type(screen.getByLabelText(/^Reason/), "The photo is blurred");
    await user.click(screen.getByRole("button", { name: "Reject" }));
    await screen.findByText("Identity rejected");

    expect(link.getAttribute("href")).toBe(`/api/v1/admin/kyc-documents/${DOCUMENT_ID}`);
    expect(refusal).toBeTruthy();
    expect(seen.filter((request) => request.method === "POST").map((request) => request.body)).toEqual([
      { decision: "reject", reason: "The photo is blurred" },
    ]);
  });
});
