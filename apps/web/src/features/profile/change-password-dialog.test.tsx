import { MESSAGES } from "@ferry/core/messages";
import { screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { fakeApi, renderWithApp, type SeenRequest } from "../../testing/render.tsx";
import { ChangePasswordDialog } from "./change-password-dialog.tsx";

const CURRENT = "Current#Pass2026";
const NEW = "Changed#Pass2026";

/** Better Auth's change-password as Ferry proxies it: a wrong current password is its INVALID_PASSWORD. */
function changePasswordApi() {
  return fakeApi({
    "POST /api/auth/change-password": (request: SeenRequest) => {
      const { currentPassword } = request.body as { currentPassword: string };
      if (currentPassword !== CURRENT) {
        return { status: 400, body: { error: { code: "invalid_password", message: "Invalid password" } } };
      }
      return { body: { token: null, user: {} } };
    },
  });
}

async function openDialog(user: ReturnType<typeof renderWithApp>["user"]) {
  await user.click(screen.getByRole("button", { name: "Change Password" }));
  return within(await screen.findByRole("dialog", { name: "Change Password" }));
}

describe("Profile's Change Password", () => {
  test("checks the new password by the sign-up rule and its confirmation before asking the server", async () => {
    const seen = changePasswordApi();
    const { user } = renderWithApp(<ChangePasswordDialog />);
    const dialog = await openDialog(user);

    await user.click(dialog.getByRole("button", { name: "Change Password" }));
    expect(dialog.getByText(MESSAGES.passwordRequired)).toBeVisible();
    expect(dialog.getByText(MESSAGES.invalidPassword)).toBeVisible();

    await user.type(dialog.getByLabelText("Current password"), CURRENT);
    await user.type(dialog.getByLabelText("New password"), "alllowercase1");
    await user.type(dialog.getByLabelText("Confirm new password"), "alllowercase1");
    await user.click(dialog.getByRole("button", { name: "Change Password" }));
    expect(await dialog.findByText(MESSAGES.invalidPassword)).toBeVisible();
    expect(dialog.getByLabelText("New password")).toHaveAttribute("aria-invalid", "true");

    await user.clear(dialog.getByLabelText("New password"));
    await user.type(dialog.getByLabelText("New password"), NEW);
    await user.click(dialog.getByRole("button", { name: "Change Password" }));
    expect(await dialog.findByText("The passwords do not match")).toBeVisible();
    expect(seen).toEqual([]);
  });

  test("says the current password is wrong next to it, and keeps the dialog open", async () => {
    const seen = changePasswordApi();
    const { user } = renderWithApp(<ChangePasswordDialog />);
    const dialog = await openDialog(user);

    await user.type(dialog.getByLabelText("Current password"), "Wrong#Pass2026");
    await user.type(dialog.getByLabelText("New password"), NEW);
    await user.type(dialog.getByLabelText("Confirm new password"), NEW);
    await user.click(dialog.getByRole("button", { name: "Change Password" }));

    expect(await dialog.findByText("Your current password is not correct")).toBeVisible();
    expect(dialog.getByLabelText("Current password")).toHaveAttribute("aria-invalid", "true");
    expect(seen).toHaveLength(1);
  });

  test("changes the password, signing out the other sessions, with a toast", async () => {
    const seen = changePasswordApi();
    const { user } = renderWithApp(<ChangePasswordDialog />);
    const dialog = await openDialog(user);

    await user.type(dialog.getByLabelText("Current password"), CURRENT);
    await user.type(dialog.getByLabelText("New password"), NEW);
    await user.type(dialog.getByLabelText("Confirm new password"), NEW);
    await user.click(dialog.getByRole("button", { name: "Change Password" }));

    expect(await screen.findByText("Password changed")).toBeVisible();
    expect(screen.getByText(/Every other device was signed out/)).toBeVisible();
    expect(screen.queryByRole("dialog", { name: "Change Password" })).toBeNull();
    expect(seen.map((request) => request.body)).toEqual([
      { currentPassword: CURRENT, newPassword: NEW, revokeOtherSessions: true },
    ]);
  });
});
