import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { describe, expect, test } from "vitest";
import { DashboardPage } from "../features/dashboard/dashboard-page.tsx";
import { SendMoneyDialog } from "../features/transfers/send-money/send-money-dialog.tsx";
import { meQueryKey } from "../lib/queries/session.ts";
import { SAVED_BANK_RECIPIENT } from "../testing/fixtures.ts";
import { profileWithRole } from "../testing/help-fixtures.ts";
import { fakeApi } from "../testing/render.tsx";

/*
 * The dashboard's tabs as the marketing header links to them (spec §2): `?tab=send` opens Send Money,
 * `&type=large` with a bank transfer chosen and the note on large transfers. Composed here, as
 * app/routes.tsx composes them: the dashboard and the transfers feature never import each other.
 */

function Location() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderDashboard(url: string) {
  const seen = fakeApi({
    "GET /api/v1/balances": () => ({ body: { balances: [] } }),
    "GET /api/v1/recipients": () => ({ body: { items: [SAVED_BANK_RECIPIENT], nextCursor: null } }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, profileWithRole("user"));
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/dashboard" element={<DashboardPage sendMoneyDialog={SendMoneyDialog} />} />
          <Route path="/profile" element={<p>Profile page</p>} />
          <Route path="/settings" element={<p>Settings page</p>} />
        </Routes>
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user, seen };
}

describe("/dashboard tabs", () => {
  test("?tab=send opens Send Money at its first step, and closing it returns to the dashboard", async () => {
    const { user } = renderDashboard("/dashboard?tab=send");

    const dialog = await screen.findByRole("dialog", { name: "Send Money" });
    expect(within(dialog).getByText("How would you like to send money?")).toBeVisible();
    expect(within(dialog).queryByText(/Large transfers go by bank transfer/)).toBeNull();
    // Over the dashboard itself (hidden from assistive technology while the dialog is open).
    expect(screen.getByRole("heading", { name: "Welcome back, Erika Mustermann", hidden: true })).toBeInTheDocument();
    await user.keyboard("{Escape}");

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/dashboard$/);
  });

  test("&type=large preselects a bank transfer and says how large transfers are handled; Back still offers every method", async () => {
    const { user, seen } = renderDashboard("/dashboard?tab=send&type=large");

    const dialog = await screen.findByRole("dialog", { name: "Send Money" });
    expect(within(dialog).getByText("Choose a saved recipient or add a new one.")).toBeVisible();
    expect(
      within(dialog).getByText(/Large transfers go by bank transfer\. Money leaving Ferry has a daily limit/),
    ).toBeVisible();
    // The bank recipients are listed, not the crypto ones.
    expect(await within(dialog).findByRole("button", { name: /Erika Mustermann.*erika@example\.com/ })).toBeVisible();
    expect(seen.some((request) => request.path === "/api/v1/recipients")).toBe(true);

    await user.click(within(dialog).getByRole("button", { name: "Back" }));
    expect(within(dialog).getByText("How would you like to send money?")).toBeVisible();
    expect(within(dialog).getByRole("button", { name: /Cryptocurrency/ })).toBeVisible();
  });

  test("the dashboard's Send Money button opens the dialog", async () => {
    const { user } = renderDashboard("/dashboard");

    expect(screen.queryByRole("dialog")).toBeNull();
    await user.click(screen.getByRole("link", { name: "Send Money" }));

    expect(await screen.findByRole("dialog", { name: "Send Money" })).toBeVisible();
    expect(screen.getByTestId("location")).toHaveTextContent("/dashboard?tab=send");
  });

  test.each([
    ["profile", "Profile page"],
    ["settings", "Settings page"],
  ])("?tab=%s (the spec's header link) goes to its page", async (tab, page) => {
    renderDashboard(`/dashboard?tab=${tab}`);

    expect(await screen.findByText(page)).toBeVisible();
  });
});
