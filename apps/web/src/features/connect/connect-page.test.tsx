import type { ApiCredential, ApiCredentialWithSecret } from "@ferry/core/contracts/connect";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { type FakeResponse, fakeApi, renderWithApp, type SeenRequest } from "../../testing/render.tsx";
import { ConnectPage } from "./connect-page.tsx";

beforeEach(() => {
  // The permission checkboxes (Radix) measure themselves; jsdom has no ResizeObserver.
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

const SECRET = "sk_AbCdEfGhIjKlMnOpQrStUvWxYz012345";
const NEW_SECRET = "sk_ZyXwVuTsRqPoNmLkJiHgFeDcBa987654";

const APP: ApiCredential = {
  id: "0b6f3c2e-5a41-4c8e-9d7a-1e2f3a4b5c6d",
  appId: "app_Ab12Cd34",
  name: "Bookkeeping sync",
  description: "Copies transactions to the ledger",
  scopes: ["balances:read", "transactions:read"],
  transferLimit: null,
  secretLast4: "2345",
  createdAt: "2026-11-20T10:00:00.000Z",
  lastUsedAt: null,
};

/** An app that sends money: a new secret of it needs a fresh second-factor code (issue 28). */
const PAYOUTS: ApiCredential = {
  ...APP,
  id: "7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
  appId: "app_Pa12Yo34",
  name: "Payouts",
  scopes: ["transfers:write"],
  transferLimit: { currency: "USD", amount: "100.00" },
};

/** The API as /connect sees it: `apps` is what the list answers, and it follows creations. */
function renderPage(options: { apps?: ApiCredential[]; isEnrolled?: boolean; list?: () => FakeResponse } = {}) {
  const apps = [...(options.apps ?? [])];
  const created = (request: SeenRequest, secret: string): ApiCredentialWithSecret => ({
    ...APP,
    ...(request.body as Partial<ApiCredential>),
    transferLimit: null,
    secretLast4: secret.slice(-4),
    secret,
  });
  const requests = fakeApi({
    "GET /api/v1/api-credentials": options.list ?? (() => ({ body: { items: apps, nextCursor: null } })),
    "GET /api/v1/auth/authenticator": () => ({ body: { isEnrolled: options.isEnrolled ?? false } }),
    "GET /api/v1/webhook-endpoints": () => ({ body: { items: [], nextCursor: null } }),
    "POST /api/v1/api-credentials/code": () => ({ status: 202, body: { expiresAt: "2026-11-26T20:00:00.000Z" } }),
    "POST /api/v1/api-credentials": (request) => {
      const app = created(request, SECRET);
      apps.unshift({ ...app, secret: undefined } as unknown as ApiCredential);
      return { status: 201, body: app };
    },
    [`POST /api/v1/api-credentials/${APP.id}/regenerate`]: (request) => ({ body: created(request, NEW_SECRET) }),
    [`POST /api/v1/api-credentials/${PAYOUTS.id}/code`]: () => ({
      body: { expiresAt: "2026-11-26T20:00:00.000Z" },
    }),
    [`POST /api/v1/api-credentials/${PAYOUTS.id}/regenerate`]: () => ({
      body: { ...PAYOUTS, secretLast4: NEW_SECRET.slice(-4), secret: NEW_SECRET },
    }),
    [`DELETE /api/v1/api-credentials/${APP.id}`]: () => {
      apps.splice(0, apps.length);
      return { body: null };
    },
  });
  const rendered = renderWithApp(<ConnectPage />);
  return { ...rendered, requests };
}

async function openCreateDialog(user: ReturnType<typeof renderPage>["user"]) {
  await user.click(await screen.findByRole("button", { name: "Create credential" }));
  return within(screen.getByRole("dialog", { name: "Create credential" }));
}

describe("the create credential form", () => {
  test("asks for a name and a permission, and sends nothing", async () => {
    const { user, requests } = renderPage();
    const dialog = await openCreateDialog(user);
    await user.click(dialog.getByRole("button", { name: "Create credential" }));

    expect(await dialog.findByText("Please enter a name for the app")).toBeVisible();
    expect(dialog.getByText("Choose at least one permission")).toBeVisible();
    expect(requests.filter((request) => request.method === "POST")).toEqual([]);
  });

  test("to send money, asks for a daily limit and an e-mailed code it can request", async () => {
    const { user, requests } = renderPage();
    const dialog = await openCreateDialog(user);
    await user.type(dialog.getByLabelText("App name"), "Payroll");
    expect(dialog.queryByLabelText("Daily limit")).toBeNull();
    await user.click(dialog.getByRole("checkbox", { name: /transfers:write/ }));
    await user.click(dialog.getByRole("button", { name: "Create credential" }));

    expect(await dialog.findByText("Please enter a valid amount")).toBeVisible();
    expect(dialog.getByText("Enter the verification code to let this app send money")).toBeVisible();
    expect(requests.filter((request) => request.method === "POST")).toEqual([]);

    await user.click(dialog.getByRole("button", { name: "Send code" }));
    expect(await screen.findByText("Verification code sent to your email")).toBeVisible();
    await user.selectOptions(dialog.getByLabelText("Daily limit currency"), "EUR");
    await user.type(dialog.getByLabelText("Daily limit"), "250");
    await user.type(dialog.getByLabelText("Verification code"), "123456");
    await user.click(dialog.getByRole("button", { name: "Create credential" }));

    await screen.findByRole("dialog", { name: "Credential created" });
    expect(
      requests.find((request) => request.path === "/api/v1/api-credentials" && request.method === "POST")?.body,
    ).toEqual({
      name: "Payroll",
      description: "",
      scopes: ["transfers:write"],
      transferLimit: { currency: "EUR", amount: "250" },
      code: "123456",
    });
  });

  test("with an authenticator app, asks for its code and offers no e-mail", async () => {
    const { user } = renderPage({ isEnrolled: true });
    const dialog = await openCreateDialog(user);
    await user.click(dialog.getByRole("checkbox", { name: /transfers:write/ }));

    expect(await dialog.findByText(/code from your authenticator app/)).toBeVisible();
    expect(dialog.queryByRole("button", { name: "Send code" })).toBeNull();
  });
});

describe("a credential's secret", () => {
  test("is shown once, masked until asked, copied with 'Copied!', then only its last 4", async () => {
    const { user, requests } = renderPage();
    const dialog = await openCreateDialog(user);
    await user.type(dialog.getByLabelText("App name"), "Bookkeeping sync");
    await user.click(dialog.getByRole("checkbox", { name: /balances:read/ }));
    await user.click(dialog.getByRole("button", { name: "Create credential" }));

    const shown = within(await screen.findByRole("dialog", { name: "Credential created" }));
    expect(shown.getByText("app_Ab12Cd34")).toBeVisible();
    expect(shown.getByText("You won't see this secret again.", { exact: false })).toBeVisible();
    expect(shown.queryByText(SECRET)).toBeNull();
    await user.click(shown.getByRole("button", { name: "Show secret key" }));
    expect(shown.getByText(SECRET)).toBeVisible();
    expect(shown.getByRole("button", { name: "Hide secret key" })).toBeVisible();

    await user.click(shown.getByRole("button", { name: "Copy Secret Key" }));
    expect(await screen.findByText("Copied!")).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.click(shown.getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByText("Secret ending in ····2345")).toBeVisible();
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(requests.filter((request) => request.method === "POST")).toHaveLength(1);
  });

  test("regenerates after a confirmation, with 'Credentials Regenerated' and the new secret once", async () => {
    const { user, requests } = renderPage({ apps: [APP] });
    await user.click(await screen.findByRole("button", { name: "Regenerate Bookkeeping sync" }));
    const confirm = within(screen.getByRole("dialog", { name: "Regenerate credentials" }));
    await user.click(confirm.getByRole("button", { name: "Regenerate" }));

    expect(await screen.findByText("Credentials Regenerated")).toBeVisible();
    const shown = within(await screen.findByRole("dialog", { name: "New secret key" }));
    await user.click(shown.getByRole("button", { name: "Show secret key" }));
    expect(shown.getByText(NEW_SECRET)).toBeVisible();
    // An app that cannot send money is asked no code.
    expect(requests.find((request) => request.path.endsWith("/regenerate"))?.body).toEqual({});
  });

  test("regenerates an app that sends money only with the code e-mailed for it", async () => {
    const { user, requests } = renderPage({ apps: [PAYOUTS] });
    await user.click(await screen.findByRole("button", { name: "Regenerate Payouts" }));
    const confirm = within(screen.getByRole("dialog", { name: "Regenerate credentials" }));
    await user.click(confirm.getByRole("button", { name: "Regenerate" }));
    expect(await confirm.findByText("Enter the verification code to let this app send money")).toBeVisible();
    expect(requests.some((request) => request.path.endsWith("/regenerate"))).toBe(false);

    await user.click(confirm.getByRole("button", { name: "Send code" }));
    expect(await screen.findByText("Verification code sent to your email")).toBeVisible();
    expect(requests.some((request) => request.path === `/api/v1/api-credentials/${PAYOUTS.id}/code`)).toBe(true);
    await user.type(confirm.getByLabelText("Verification code"), "123456");
    await user.click(confirm.getByRole("button", { name: "Regenerate" }));

    expect(await screen.findByText("Credentials Regenerated")).toBeVisible();
    await screen.findByRole("dialog", { name: "New secret key" });
    expect(requests.find((request) => request.path.endsWith("/regenerate"))?.body).toEqual({ code: "123456" });
  });

  test("with an authenticator app, regenerating an app that sends money asks for its code", async () => {
    const { user } = renderPage({ apps: [PAYOUTS], isEnrolled: true });
    await user.click(await screen.findByRole("button", { name: "Regenerate Payouts" }));
    const confirm = within(screen.getByRole("dialog", { name: "Regenerate credentials" }));
    expect(await confirm.findByText(/code from your authenticator app/)).toBeVisible();
    expect(confirm.queryByRole("button", { name: "Send code" })).toBeNull();
  });

  test("disconnects after a confirmation, with 'App Disconnected' and the empty state", async () => {
    const { user } = renderPage({ apps: [APP] });
    expect(await screen.findByText("Never")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Disconnect Bookkeeping sync" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Disconnect app" })).getByRole("button", { name: "Disconnect" }),
    );

    expect(await screen.findByText("App Disconnected")).toBeVisible();
    expect(await screen.findByText("No connected apps")).toBeVisible();
  });

  test("says 'Failed to fetch API credentials' when the list cannot be read", async () => {
    renderPage({
      list: () => ({ status: 500, body: { error: { code: "internal_error", message: "Something went wrong" } } }),
    });
    expect(await screen.findByText("Failed to fetch API credentials")).toBeVisible();
  });
});
