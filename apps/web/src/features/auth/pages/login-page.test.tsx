import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { type FakeResponse, fakeApi, renderWithApp } from "../../../testing/render.tsx";
import { LoginPage } from "./login-page.tsx";

const EMAIL = "owner@ferry.example";

beforeEach(() => {
  // The "Remember me" checkbox (Radix) measures itself; jsdom has no ResizeObserver.
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

function renderLogin(challenge: FakeResponse) {
  const seen = fakeApi({
    "POST /api/auth/sign-in/email": () => challenge,
    "POST /api/auth/two-factor/send-otp": () => ({ body: { status: true } }),
  });
  return { ...renderWithApp(<LoginPage />), seen };
}

/** Signs in up to the code dialog, and lets the dialog's request for a code settle. */
async function submitPassword({ user, seen }: ReturnType<typeof renderLogin>) {
  await user.type(screen.getByLabelText("Email"), EMAIL);
  await user.type(screen.getByLabelText("Password", { exact: true }), "Ferry#Test2026");
  await user.click(screen.getByRole("button", { name: "Sign In" }));
  const dialog = within(await screen.findByRole("dialog"));
  await waitFor(() => expect(seen.at(-1)?.path).toBe("/api/auth/two-factor/send-otp"));
  // Long enough for the answer's toast, if any, to be shown (Sonner renders it on the next frames).
  await new Promise((resolve) => setTimeout(resolve, 200));
  return dialog;
}

describe("the sign-in code dialog", () => {
  test("when the server does not confirm the password, says a code comes only if it was right", async () => {
    const rendered = renderLogin({
      body: { twoFactorRedirect: true, twoFactorMethods: ["otp"], isPasswordUnconfirmed: true },
    });

    const dialog = await submitPassword(rendered);

    expect(
      dialog.getByText(/many failed sign-in attempts, so we can't tell you here whether your password/),
    ).toBeVisible();
    expect(dialog.getByText(/If it was, we sent a 6-digit verification code to/)).toBeVisible();
    expect(dialog.getByText(/No code after a few minutes\? Check your password and sign in again/)).toBeVisible();
    expect(dialog.getByText(EMAIL)).toBeVisible();
    // The code is still asked for, but nothing claims it was sent.
    expect(screen.queryByText("Verification code sent to your email")).toBeNull();
  });
});
