import { screen } from "@testing-library/react";
import { describe, expect, test, vi } from "vitest";
import { fakeApi, renderWithApp } from "../../../../testing/render.tsx";
import { FerryUserStep } from "./ferry-user-step.tsx";

const NO_SUCH_USER = {
  status: 404,
  body: {
    error: {
      code: "not_found",
      message: "No Ferry user has that e-mail address",
      fields: { "target.recipientEmail": "No Ferry user has that e-mail address" },
    },
  },
};

describe("Send Money's Ferry-user step (issue 30)", () => {
  test("says at once that no Ferry user has the e-mail, and does not go on", async () => {
    fakeApi({ "POST /api/v1/transfers/quote": () => NO_SUCH_USER });
    const onContinue = vi.fn();
    const { user } = renderWithApp(<FerryUserStep email="" onContinue={onContinue} onBack={() => {}} />);

    await user.type(screen.getByLabelText("Recipient's email"), "nobody@example.com");
    await user.click(screen.getByRole("button", { name: "Continue" }));

    expect(await screen.findByText("No Ferry user has that e-mail address")).toBeVisible();
    expect(onContinue).not.toHaveBeenCalled();
  });

  test("goes on to the amount for an e-mail Ferry knows, whatever the balance", async () => {
    const seen = fakeApi({
      "POST /api/v1/transfers/quote": () => ({
        status: 422,
        body: { error: { code: "insufficient_funds", message: "Insufficient balance" } },
      }),
    });
    const onContinue = vi.fn();
    const { user } = renderWithApp(<FerryUserStep email="" onContinue={onContinue} onBack={() => {}} />);

    await user.type(screen.getByLabelText("Recipient's email"), "grace@example.com");
    await user.click(screen.getByRole("button", { name: "Continue" }));

    await expect.poll(() => onContinue.mock.calls).toEqual([["grace@example.com"]]);
    expect(seen[0]?.body).toMatchObject({ target: { method: "ferry_user", recipientEmail: "grace@example.com" } });
  });
});
