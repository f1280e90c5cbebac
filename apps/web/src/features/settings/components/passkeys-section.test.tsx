import type { Passkey } from "@ferry/core/contracts/passkeys";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { activate, loadLanguage } from "../../../i18n/i18n.tsx";
import { fakeApi, renderWithApp } from "../../../testing/render.tsx";
import { PasskeysSection } from "./passkeys-section.tsx";

const LAPTOP: Passkey = {
  id: "6f1d0c1e-3a1b-4c5d-8e9f-0a1b2c3d4e5f",
  name: "Work laptop",
  createdAt: "2026-03-01T10:00:00.000Z",
  lastUsedAt: null,
};

/** The passkeys API with the list kept in memory: PATCH renames, DELETE removes. */
function passkeysApi(initial: Passkey[]) {
  let passkeys = [...initial];
  return fakeApi({
    "GET /api/v1/passkeys": () => ({ body: { items: passkeys } }),
    [`PATCH /api/v1/passkeys/${LAPTOP.id}`]: (request) => {
      const { name } = request.body as { name: string };
      passkeys = passkeys.map((passkey) => (passkey.id === LAPTOP.id ? { ...passkey, name } : passkey));
      return { body: passkeys[0] };
    },
    [`DELETE /api/v1/passkeys/${LAPTOP.id}`]: () => {
      passkeys = passkeys.filter((passkey) => passkey.id !== LAPTOP.id);
      return { body: null };
    },
  });
}

describe("the passkeys part of Security Settings", () => {
  test("says when there are none, with the way to add one", async () => {
    passkeysApi([]);
    renderWithApp(<PasskeysSection />);
    const section = within(screen.getByRole("region", { name: "Passkeys" }));
    expect(await section.findByText(/No passkeys yet/)).toBeVisible();
    expect(section.getByRole("button", { name: "Add a passkey" })).toBeEnabled();
  });

  test("renames a passkey, refusing an empty name first", async () => {
    const seen = passkeysApi([LAPTOP]);
    const { user } = renderWithApp(<PasskeysSection />);
    const section = within(screen.getByRole("region", { name: "Passkeys" }));
    expect(await section.findByText("Work laptop")).toBeVisible();
    expect(section.getByText(/Never used/)).toBeVisible();

    await user.click(section.getByRole("button", { name: "Rename Work laptop" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Rename passkey" }));
    await user.clear(dialog.getByLabelText("Passkey name"));
    await user.click(dialog.getByRole("button", { name: "Save" }));
    expect(dialog.getByText("Enter a name for this passkey")).toBeVisible();
    expect(seen.filter((request) => request.method === "PATCH")).toEqual([]);

    await user.type(dialog.getByLabelText("Passkey name"), "Old laptop");
    await user.click(dialog.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Passkey renamed")).toBeVisible();
    expect(seen.find((request) => request.method === "PATCH")?.body).toEqual({ name: "Old laptop" });
    expect(await section.findByText("Old laptop")).toBeVisible();
  });

  test("removes a passkey only after the person confirms", async () => {
    const seen = passkeysApi([LAPTOP]);
    const { user } = renderWithApp(<PasskeysSection />);
    const section = within(screen.getByRole("region", { name: "Passkeys" }));
    await user.click(await section.findByRole("button", { name: "Remove Work laptop" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Remove this passkey?" }));
    expect(dialog.getByText(/"Work laptop" will no longer sign you in/)).toBeVisible();
    await user.click(dialog.getByRole("button", { name: "Cancel" }));
    expect(seen.filter((request) => request.method === "DELETE")).toEqual([]);

    await user.click(section.getByRole("button", { name: "Remove Work laptop" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Passkey removed")).toBeVisible();
    expect(await section.findByText(/No passkeys yet/)).toBeVisible();
  });

  test("asks for the current password before adding one, and shows a wrong one on the field", async () => {
    const seen = fakeApi({
      "GET /api/v1/passkeys": () => ({ body: { items: [] } }),
      "POST /api/v1/passkeys/registration-options": () => ({
        status: 400,
        body: {
          error: {
            code: "validation_failed",
            message: "Incorrect password",
            fields: { password: "Incorrect password" },
          },
        },
      }),
    });
    const { user } = renderWithApp(<PasskeysSection />);
    const section = within(screen.getByRole("region", { name: "Passkeys" }));
    await user.click(await section.findByRole("button", { name: "Add a passkey" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Add a passkey" }));
    await user.clear(dialog.getByLabelText("Passkey name"));
    await user.type(dialog.getByLabelText("Passkey name"), "Work laptop");

    await user.click(dialog.getByRole("button", { name: "Continue" }));
    expect(dialog.getByText("Password is required")).toBeVisible();
    expect(seen.filter((request) => request.method === "POST")).toEqual([]);

    await user.type(dialog.getByLabelText("Current password"), "Wrong#Pass2026");
    await user.click(dialog.getByRole("button", { name: "Continue" }));
    expect(await dialog.findByText("Incorrect password")).toBeVisible();
    expect(dialog.getByLabelText("Current password")).toHaveAttribute("aria-invalid", "true");
    const asked = seen.filter((request) => request.method === "POST");
    expect(asked).toMatchObject([
      { path: "/api/v1/passkeys/registration-options", body: { password: "Wrong#Pass2026" } },
    ]);
    // Refused before the browser's ceremony: nothing was registered, and the dialog stays open.
    expect(seen.some((request) => request.path === "/api/v1/passkeys" && request.method === "POST")).toBe(false);
    expect(screen.getByRole("dialog", { name: "Add a passkey" })).toBeVisible();
  });
});

describe("adding a passkey in German", () => {
  afterEach(() => {
    activate("en", "UTC");
    vi.restoreAllMocks();
  });

  test("names it after the device, in German", async () => {
    await loadLanguage("de");
    activate("de", "UTC");
    vi.spyOn(window.navigator, "userAgent", "get").mockReturnValue(
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    );
    passkeysApi([]);
    const { user } = renderWithApp(<PasskeysSection />);

    await user.click(await screen.findByRole("button", { name: "Passkey hinzufügen" }));

    const dialog = within(await screen.findByRole("dialog"));
    expect(dialog.getByLabelText("Name des Passkeys")).toHaveValue("Chrome unter macOS");
  });
});
