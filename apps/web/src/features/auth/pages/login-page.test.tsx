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

  test("an unconfirmed sign-in offers the authenticator app instead, which then takes the app's code", async () => {
    const rendered = renderLogin({
      body: { twoFactorRedirect: true, twoFactorMethods: ["otp"], isPasswordUnconfirmed: true },
    });
    const dialog = await submitPassword(rendered);
    await rendered.user.click(dialog.getByRole("button", { name: "Use your authenticator app instead" }));
    const appDialog = within(await screen.findByRole("dialog", { name: "Enter your authenticator code" }));
    expect(appDialog.getByText("Enter the 6-digit code from your authenticator app.")).toBeVisible();
  });
});

describe("an account with an authenticator app", () => {
  test("is asked for the app's code (or a backup code), and no code is e-mailed", async () => {
    const seen = fakeApi({
      "POST /api/auth/sign-in/email": () => ({ body: { twoFactorRedirect: true, twoFactorMethods: ["totp"] } }),
      "POST /api/auth/two-factor/verify-totp": () => ({
        status: 401,
        body: { error: { code: "invalid_code", message: "Invalid code" } },
      }),
    });
    const { user } = renderWithApp(<LoginPage />);
    await user.type(screen.getByLabelText("Email"), EMAIL);
    await user.type(screen.getByLabelText("Password", { exact: true }), "Ferry#Test2026");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Enter your authenticator code" }));
    const verify = dialog.getByRole("button", { name: "Verify" });
    expect(verify).toBeDisabled();
    await user.type(dialog.getByLabelText("Verification code"), "123456");
    await user.click(verify);
    await waitFor(() => expect(seen.at(-1)?.path).toBe("/api/auth/two-factor/verify-totp"));
    expect(seen.at(-1)?.body).toEqual({ code: "123456" });
    expect(seen.some((request) => request.path === "/api/auth/two-factor/send-otp")).toBe(false);

    await user.click(dialog.getByRole("button", { name: "Use a backup code instead" }));
    await user.type(dialog.getByLabelText("Backup code"), "abcde-12345");
    expect(dialog.getByRole("button", { name: "Verify" })).toBeEnabled();
  });
});

describe("a right code already used (a transfer confirmed in the same 30 seconds)", () => {
  test("shows the server's words: wait for the next code, not that the code is wrong", async () => {
    const message = "This code was just used. Wait for the next code from your app.";
    fakeApi({
      "POST /api/auth/sign-in/email": () => ({ body: { twoFactorRedirect: true, twoFactorMethods: ["totp"] } }),
      "POST /api/auth/two-factor/verify-totp": () => ({
        status: 422,
        body: { error: { code: "code_already_used", message } },
      }),
    });
    const { user } = renderWithApp(<LoginPage />);
    await user.type(screen.getByLabelText("Email"), EMAIL);
    await user.type(screen.getByLabelText("Password", { exact: true }), "Ferry#Test2026");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Enter your authenticator code" }));
    await user.type(dialog.getByLabelText("Verification code"), "123456");
    await user.click(dialog.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.queryByText("Invalid verification code")).toBeNull();
  });
});
