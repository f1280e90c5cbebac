import { type AdminUserDetail, type AdminUserListItem, DELETE_USER_CONFIRMATION } from "@ferry/core/contracts/admin";
import type { HelpRequestSummary } from "@ferry/core/contracts/help";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { activate, loadLanguage } from "../../i18n/i18n.tsx";
import { profileWithRole } from "../../testing/help-fixtures.ts";
import { type FakeResponse, fakeApi, renderWithApp, type SeenRequest, stubScreenWidth } from "../../testing/render.tsx";
import { AdminUsersPage } from "./admin-users-page.tsx";

const ADA: AdminUserListItem = {
  userId: "user-ada",
  email: "ada@example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  role: "user",
  status: "active",
  kycStatus: "under_review",
  emailVerified: true,
  createdAt: "2026-03-01T10:00:00.000Z",
  balances: [
    { currency: "USD", balance: "1250.00" },
    { currency: "BTC", balance: "0.01500000" },
  ],
};

const MAX: AdminUserListItem = {
  ...ADA,
  userId: "user-max",
  email: "max@example.com",
  firstName: "Max",
  lastName: "Muster",
  status: "banned",
  kycStatus: "rejected",
  emailVerified: false,
  balances: [],
};

function helpRequest(index: number): HelpRequestSummary {
  return {
    id: `00000000-0000-4000-8000-00000000000${index}`,
    subject: `Question ${index}`,
    priority: "medium",
    status: "open",
    createdAt: "2026-03-02T10:00:00.000Z",
    dueAt: "2026-03-03T10:00:00.000Z",
    isOverdue: false,
    responseCount: 0,
    lastResponseAt: null,
    lastActivityAt: "2026-03-02T10:00:00.000Z",
    hasUnreadReply: false,
    customer: { id: ADA.userId, email: ADA.email, name: "Ada Lovelace" },
  };
}

const ADA_DETAIL: AdminUserDetail = {
  profile: {
    ...profileWithRole("user"),
    userId: ADA.userId,
    email: ADA.email,
    firstName: ADA.firstName,
    lastName: ADA.lastName,
    kycStatus: "under_review",
  },
  balances: [],
  recentTransactions: [],
  recentHelpRequests: [1, 2, 3, 4, 5].map(helpRequest),
  sessions: [],
};

const USERS_PATH = "/api/v1/admin/users";
type Routes = Record<string, (request: SeenRequest) => FakeResponse>;

function refusal(code: string, message: string, status = 409): FakeResponse {
  return { status, body: { error: { code, message } } };
}

function renderPage(routes: Routes = {}) {
  const requests = fakeApi({
    [`GET ${USERS_PATH}`]: () => ({ body: { items: [ADA, MAX], nextCursor: null } }),
    [`GET ${USERS_PATH}/${ADA.userId}`]: () => ({ body: ADA_DETAIL }),
    ...routes,
  });
  return { requests, ...renderWithApp(<AdminUsersPage />) };
}

beforeEach(() => {
  // The desktop table.
  stubScreenWidth(true);
});

afterEach(() => {
  activate("en", "UTC");
});

describe("the admin's user list in German", () => {
  test("names the columns, statuses and actions in German, with German amounts and dates", async () => {
    await loadLanguage("de");
    activate("de", "UTC");
    const { user } = renderPage();
    const rows = await screen.findAllByTestId("admin-user");

    expect(screen.getByRole("heading", { name: "Nutzerverwaltung" })).toBeVisible();
    expect(screen.getByRole("searchbox", { name: "Nutzer suchen" })).toBeVisible();
    expect(screen.getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
      "Nutzer",
      "Status",
      "Guthaben",
      "Erstellt",
      "Aktionen",
    ]);
    const ada = within(rows[0]);
    expect(ada.getByText("aktiv")).toBeVisible();
    expect(ada.getByText("E-Mail bestätigt")).toBeVisible();
    expect(ada.getByText(/^1\.250,00\sUSD$/)).toBeVisible();
    expect(ada.getByText("01.03.2026")).toBeVisible();
    expect(within(rows[1]).getByText("gesperrt")).toBeVisible();
    expect(within(rows[1]).getByText("Kein Guthaben")).toBeVisible();
    expect(ada.getByRole("button", { name: "ada@example.com sperren" })).toHaveTextContent("Sperren");
    expect(within(rows[1]).getByRole("button", { name: "max@example.com entsperren" })).toBeVisible();

    await user.click(ada.getByRole("button", { name: "ada@example.com kontaktieren" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Nutzer kontaktieren" }));
    expect(dialog.getByRole("button", { name: "Hilfeanfrage erstellen" })).toBeVisible();
    expect(dialog.getByLabelText("Betreff")).toBeVisible();
    expect(dialog.getByRole("heading", { name: "Letzte Hilfeanfragen" })).toBeVisible();
  });
});

describe("the admin's user list", () => {
  test("shows each user's status, KYC and 'Email Verified' badges and balances, and searches on the server", async () => {
    const { requests, user } = renderPage();
    const rows = await screen.findAllByTestId("admin-user");
    const ada = within(rows[0]);
    expect(ada.getByRole("link", { name: "Ada Lovelace" })).toHaveAttribute("href", "/admin/users/user-ada");
    expect(ada.getByText("active")).toBeVisible();
    expect(ada.getByText("KYC: Under review")).toHaveClass("bg-yellow-100");
    expect(ada.getByText("Email Verified")).toBeVisible();
    expect(ada.getByText("USD 1,250.00")).toBeVisible();
    expect(ada.getByText("BTC 0.015000")).toBeVisible();
    const max = within(rows[1]);
    expect(max.getByText("KYC: Rejected")).toHaveClass("bg-red-100");
    expect(max.queryByText("Email Verified")).toBeNull();
    expect(max.getByText("No balance")).toBeVisible();

    await user.type(screen.getByRole("searchbox", { name: "Search users" }), "lovelace");
    await vi.waitFor(() =>
      expect(requests.some((request) => request.path === USERS_PATH && request.query.search === "lovelace")).toBe(true),
    );
  });

  test("bans an active user and unbans a banned one, with the spec's toasts", async () => {
    const { requests, user } = renderPage({
      [`POST ${USERS_PATH}/${ADA.userId}/ban`]: () => ({ body: { status: "banned" } }),
      [`POST ${USERS_PATH}/${MAX.userId}/unban`]: () => ({ body: { status: "active" } }),
    });
    await user.click(await screen.findByRole("button", { name: "Ban ada@example.com" }));
    expect(await screen.findByText("User banned successfully")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Unban max@example.com" }));
    expect(await screen.findByText("User unbanned successfully")).toBeVisible();
    expect(requests.filter((request) => request.method === "POST").map((request) => request.path)).toEqual([
      `${USERS_PATH}/${ADA.userId}/ban`,
      `${USERS_PATH}/${MAX.userId}/unban`,
    ]);
  });

  test("says 'Failed to update user status' with the server's reason when a ban is refused", async () => {
    const { user } = renderPage({
      [`POST ${USERS_PATH}/${ADA.userId}/ban`]: () => refusal("conflict", "You cannot ban yourself"),
    });
    await user.click(await screen.findByRole("button", { name: "Ban ada@example.com" }));
    expect(await screen.findByText("Failed to update user status")).toBeVisible();
    expect(screen.getByText("You cannot ban yourself")).toBeVisible();
  });

  test("asks the spec's question before deleting, and deletes only once confirmed", async () => {
    const { requests, user } = renderPage({
      [`DELETE ${USERS_PATH}/${ADA.userId}`]: () => ({ body: { status: "closed" } }),
    });
    await user.click(await screen.findByRole("button", { name: "Delete ada@example.com" }));
    const dialog = screen.getByRole("dialog", { name: "Delete User" });
    expect(within(dialog).getByText(DELETE_USER_CONFIRMATION)).toBeVisible();
    expect(requests.some((request) => request.method === "DELETE")).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("User deleted successfully")).toBeVisible();
    expect(requests.filter((request) => request.method === "DELETE").map((request) => request.path)).toEqual([
      `${USERS_PATH}/${ADA.userId}`,
    ]);
  });

  test("shows the server's reason under 'Failed to delete user' when the user still holds money", async () => {
    const reason = "The user still holds a balance: USD 1,250.00";
    const { user } = renderPage({ [`DELETE ${USERS_PATH}/${ADA.userId}`]: () => refusal("conflict", reason) });
    await user.click(await screen.findByRole("button", { name: "Delete ada@example.com" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Failed to delete user")).toBeVisible();
    expect(screen.getByText(reason)).toBeVisible();
  });
});

describe("the admin's user list when it cannot be read (issue 30)", () => {
  test("says 'Failed to load users' and shows a failed list with Retry, not 'No users found'", async () => {
    let isDown = true;
    const { user } = renderPage({
      [`GET ${USERS_PATH}`]: () =>
        isDown ? refusal("unavailable", "Try again later", 503) : { body: { items: [ADA, MAX], nextCursor: null } },
    });

    // The toast's text (Sonner's own animation decides when jsdom counts it as visible).
    expect(await screen.findByText("Failed to load users")).toBeInTheDocument();
    const failure = screen.getByTestId("load-failed");
    expect(failure).toHaveTextContent("This list could not be loaded right now.");
    expect(screen.queryByText("No users found")).toBeNull();

    isDown = false;
    await user.click(within(failure).getByRole("button", { name: "Retry" }));
    expect(await screen.findAllByTestId("admin-user")).toHaveLength(2);
    expect(screen.queryByTestId("load-failed")).toBeNull();
  });
});

describe("Contact User", () => {
  async function openContact(routes: Routes = {}) {
    const rendered = renderPage(routes);
    await rendered.user.click(await screen.findByRole("button", { name: "Contact ada@example.com" }));
    return { ...rendered, dialog: within(screen.getByRole("dialog", { name: "Contact User" })) };
  }

  test("lists the user's five most recent help requests", async () => {
    const { dialog } = await openContact();
    for (const index of [1, 2, 3, 4, 5]) {
      expect(await dialog.findByText(`Question ${index}`)).toBeVisible();
    }
  });

  test("sends an e-mail once subject and message are given", async () => {
    const { dialog, requests, user } = await openContact({
      [`POST ${USERS_PATH}/${ADA.userId}/emails`]: () => ({ status: 202, body: { status: "queued" } }),
    });
    const send = within(dialog.getByRole("form", { name: "Send Email" })).getByRole("button", { name: "Send Email" });
    await user.click(send);
    expect(await dialog.findByText("Subject is required")).toBeVisible();
    expect(dialog.getByText("Message is required")).toBeVisible();
    expect(requests.some((request) => request.method === "POST")).toBe(false);

    await user.type(dialog.getByLabelText("Subject"), "Your account");
    await user.type(dialog.getByLabelText("Message"), "Please confirm your address.");
    await user.click(send);
    expect(await screen.findByText("Email sent successfully")).toBeVisible();
    expect(requests.find((request) => request.method === "POST")?.body).toEqual({
      subject: "Your account",
      message: "Please confirm your address.",
    });
  });

  test("says 'Failed to send email' when the server refuses", async () => {
    const { dialog, user } = await openContact({
      [`POST ${USERS_PATH}/${ADA.userId}/emails`]: () => refusal("not_found", "User not found", 404),
    });
    await user.type(dialog.getByLabelText("Subject"), "Hello");
    await user.type(dialog.getByLabelText("Message"), "Hello there");
    await user.click(
      within(dialog.getByRole("form", { name: "Send Email" })).getByRole("button", { name: "Send Email" }),
    );
    expect(await screen.findByText("Failed to send email")).toBeVisible();
  });

  test("creates a help request with its priority, and refreshes the recent ones", async () => {
    const { dialog, requests, user } = await openContact({
      [`POST ${USERS_PATH}/${ADA.userId}/help-requests`]: () => ({ status: 201, body: helpRequest(6) }),
    });
    await user.click(dialog.getByRole("button", { name: "Create Help Request", pressed: false }));
    const form = within(dialog.getByRole("form", { name: "Create Help Request" }));
    await user.type(form.getByLabelText("Subject"), "Documents needed");
    await user.type(form.getByLabelText("Message"), "Please upload a proof of address.");
    await user.selectOptions(form.getByLabelText("Priority"), "high");
    await user.click(form.getByRole("button", { name: "Create Help Request" }));
    expect(await screen.findByText("Help request created successfully")).toBeVisible();
    expect(requests.find((request) => request.method === "POST")?.body).toEqual({
      subject: "Documents needed",
      message: "Please upload a proof of address.",
      priority: "high",
    });
    await vi.waitFor(() =>
      expect(requests.filter((request) => request.path === `${USERS_PATH}/${ADA.userId}`)).toHaveLength(2),
    );
  });

  test("says 'Failed to create help request' when the server refuses", async () => {
    const { dialog, user } = await openContact({
      [`POST ${USERS_PATH}/${ADA.userId}/help-requests`]: () => refusal("not_found", "User not found", 404),
    });
    await user.click(dialog.getByRole("button", { name: "Create Help Request", pressed: false }));
    const form = within(dialog.getByRole("form", { name: "Create Help Request" }));
    await user.type(form.getByLabelText("Subject"), "Documents");
    await user.type(form.getByLabelText("Message"), "Please upload them.");
    await user.click(form.getByRole("button", { name: "Create Help Request" }));
    expect(await screen.findByText("Failed to create help request")).toBeVisible();
  });
});
