import type { AdminInvestment, AdminInvestmentList } from "@ferry/core/contracts/investments";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { activate, loadLanguage } from "../../i18n/i18n.tsx";
import { NEW_INVESTMENT_FIGURES } from "../../testing/investment-fixtures.ts";
import { fakeApi, renderWithApp, stubScreenWidth } from "../../testing/render.tsx";
import { AdminInvestmentsPage } from "./admin-investments-page.tsx";

const NEVER_PAID: AdminInvestment = {
  id: "1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d",
  userId: "user-ada",
  userEmail: "ada@example.com",
  userName: "Ada Lovelace",
  ...NEW_INVESTMENT_FIGURES,
};

const PAID: AdminInvestment = {
  ...NEVER_PAID,
  id: "2c3d4e5f-6071-4b8c-9d0e-1f2a3b4c5d6e",
  userId: "user-grace",
  userEmail: "grace@example.com",
  userName: "Grace Hopper",
  amountInvested: "2500.00",
  currentBalance: "2550.00",
  totalReturns: "50.00",
  lastReturnDate: "2026-03-02",
};

const PAGE: AdminInvestmentList = {
  items: [PAID, NEVER_PAID],
  nextCursor: null,
  summary: {
    totalInvestments: 2,
    activeInvestments: 2,
    amountInvested: "3500.00",
    currentBalance: "3550.00",
    totalReturns: "50.00",
  },
  reserve: { balance: "710.00", dailyReturnsDue: "71.00", daysCovered: 10 },
};

/** The URLs the page asked for, query strings included (fakeApi routes without them). */
function recordUrls(): string[] {
  const urls: string[] = [];
  const answer = globalThis.fetch;
  vi.stubGlobal("fetch", (request: Request) => {
    const url = new URL(request.url);
    urls.push(`${url.pathname}${url.search}`);
    return answer(request);
  });
  return urls;
}

function rowOf(name: string): HTMLElement {
  const row = screen.getAllByTestId("admin-investment").find((element) => element.textContent?.includes(name));
  if (!row) {
    throw new Error(`No row for ${name}`);
  }
  return row;
}

describe("investment management", () => {
  beforeEach(() => stubScreenWidth(true));
  afterEach(() => activate("en", "UTC"));

  test("reads in German, and a return's day stays its calendar day in a zone behind UTC", async () => {
    await loadLanguage("de");
    activate("de", "Pacific/Honolulu");
    fakeApi({ "GET /api/v1/admin/investments": () => ({ body: PAGE }) });
    renderWithApp(<AdminInvestmentsPage />);

    const table = await screen.findByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual([
      "Nutzer",
      "Angelegter Betrag",
      "Aktueller Saldo",
      "Erträge gesamt",
      "Status",
      "Letzter Ertrag am",
      "Erstellt",
    ]);
    const summary = screen.getByRole("region", { name: "Anlagenübersicht" });
    expect(within(summary).getByText("Anlagen gesamt").nextElementSibling).toHaveTextContent("2");
    const reserve = screen.getByRole("region", { name: "Ertragsreserve" });
    expect(within(reserve).getByText("Deckt 10 Tage")).toBeVisible();
    expect(within(reserve).getByRole("button", { name: "Reserve aufstocken" })).toBeVisible();
    expect(within(rowOf("Ada Lovelace")).getAllByRole("cell")[5]).toHaveTextContent("Nie");
    expect(within(rowOf("Ada Lovelace")).getAllByRole("cell")[4]).toHaveTextContent("aktiv");
    expect(within(rowOf("Grace Hopper")).getAllByRole("cell")[5]).toHaveTextContent("02.03.2026");
  });

  test("shows the five cards, the yield reserve and the table, with 'Never' for an investment not yet paid", async () => {
    fakeApi({ "GET /api/v1/admin/investments": () => ({ body: PAGE }) });
    renderWithApp(<AdminInvestmentsPage />);

    const table = await screen.findByRole("table");
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((header) => header.textContent);
    expect(headers).toEqual([
      "User",
      "Amount Invested",
      "Current Balance",
      "Total Returns",
      "Status",
      "Last Return Date",
      "Created",
    ]);
    const summary = screen.getByRole("region", { name: "Investment summary" });
    for (const [title, value] of [
      ["Total Investments", "2"],
      ["Active Investments", "2"],
      ["Amount Invested", "$3,500.00"],
      ["Current Balance", "$3,550.00"],
      ["Total Returns", "$50.00"],
    ]) {
      expect(within(summary).getByText(title).nextElementSibling).toHaveTextContent(value);
    }
    const reserve = screen.getByRole("region", { name: "Yield Reserve" });
    expect(within(reserve).getByTestId("reserve-balance")).toHaveTextContent("$710.00");
    expect(within(reserve).getByText("Covers 10 days")).toBeVisible();

    const neverPaid = within(rowOf("Ada Lovelace")).getAllByRole("cell");
    expect(neverPaid[1]).toHaveTextContent("$1,000.00");
    expect(neverPaid[5]).toHaveTextContent("Never");
    const paid = within(rowOf("Grace Hopper")).getAllByRole("cell");
    expect(paid[3]).toHaveTextContent("$50.00");
    expect(paid[5]).not.toHaveTextContent("Never");
    expect(paid[5]).toHaveTextContent("Mar 2, 2026");
  });

  test("at phone width each investment is a card with every column labelled", async () => {
    stubScreenWidth(false);
    fakeApi({ "GET /api/v1/admin/investments": () => ({ body: PAGE }) });
    renderWithApp(<AdminInvestmentsPage />);

    await screen.findAllByTestId("admin-investment");
    expect(screen.queryByRole("table")).toBeNull();
    const card = rowOf("Ada Lovelace");
    expect(within(card).getByText("Last Return Date").nextElementSibling).toHaveTextContent("Never");
    expect(within(card).getByText("Current Balance").nextElementSibling).toHaveTextContent("$1,000.00");
  });

  test("searches by name or e-mail on the server, and says when nothing matches", async () => {
    const noMatch: AdminInvestmentList = { ...PAGE, items: [] };
    fakeApi({
      "GET /api/v1/admin/investments": () => ({ body: urls.at(-1)?.includes("search=") ? noMatch : PAGE }),
    });
    const urls = recordUrls();
    const { user } = renderWithApp(<AdminInvestmentsPage />);

    await screen.findByRole("table");
    await user.type(screen.getByRole("searchbox", { name: "Search investments" }), "nobody@example.com");

    expect(await screen.findByText("No investments found")).toBeVisible();
    expect(urls.at(-1)).toBe("/api/v1/admin/investments?search=nobody%40example.com");
    // The cards stay: they count every investment, not the search's.
    expect(screen.getByRole("region", { name: "Yield Reserve" })).toBeVisible();
  });

  test("loads the next page with the cursor the server gave", async () => {
    const firstPage: AdminInvestmentList = { ...PAGE, items: [PAID], nextCursor: "cursor_2" };
    const secondPage: AdminInvestmentList = { ...PAGE, items: [NEVER_PAID], nextCursor: null };
    fakeApi({
      "GET /api/v1/admin/investments": () => ({ body: urls.at(-1)?.includes("cursor=") ? secondPage : firstPage }),
    });
    const urls = recordUrls();
    const { user } = renderWithApp(<AdminInvestmentsPage />);

    await screen.findByText("Grace Hopper");
    await user.click(screen.getByRole("button", { name: "Load more" }));

    expect(await screen.findByText("Ada Lovelace")).toBeVisible();
    expect(urls.at(-1)).toBe("/api/v1/admin/investments?cursor=cursor_2");
    await waitFor(() => expect(screen.queryByRole("button", { name: "Load more" })).toBeNull());
  });

  test("tops up the yield reserve with an Idempotency-Key and shows the new balance", async () => {
    let reserveBalance = "710.00";
    const seen = fakeApi({
      "GET /api/v1/admin/investments": () => ({
        body: {
          ...PAGE,
          reserve: { ...PAGE.reserve, balance: reserveBalance, daysCovered: reserveBalance === "710.00" ? 10 : 24 },
        },
      }),
      "POST /api/v1/admin/yield-reserve/top-ups": () => {
        reserveBalance = "1710.00";
        return { status: 201, body: { balance: "1710.00", dailyReturnsDue: "71.00", daysCovered: 24 } };
      },
    });
    const { user } = renderWithApp(<AdminInvestmentsPage />);

    await user.click(await screen.findByRole("button", { name: "Top up reserve" }));
    const dialog = await screen.findByRole("dialog", { name: "Top up reserve" });
    await user.type(within(dialog).getByLabelText("Amount (USD)"), "1000");
    await user.click(within(dialog).getByRole("button", { name: "Top up" }));

    expect(await screen.findByText("Yield reserve topped up")).toBeVisible();
    const reserve = screen.getByRole("region", { name: "Yield Reserve" });
    await waitFor(() => expect(within(reserve).getByTestId("reserve-balance")).toHaveTextContent("$1,710.00"));
    expect(within(reserve).getByText("Covers 24 days")).toBeVisible();
    const topUp = seen.find((request) => request.method === "POST");
    expect(topUp?.body).toEqual({ amount: "1000" });
    expect(topUp?.headers["idempotency-key"]).toBeTruthy();
  });

  test("says 'Failed to load investments' and shows a failed list with Retry, not 'No investments yet'", async () => {
    let isDown = true;
    fakeApi({
      "GET /api/v1/admin/investments": () =>
        isDown
          ? { status: 500, body: { error: { code: "internal", message: "Something went wrong" } } }
          : { body: PAGE },
    });
    const { user } = renderWithApp(<AdminInvestmentsPage />);

    // The toast's text (Sonner's own animation decides when jsdom counts it as visible).
    expect(await screen.findByText("Failed to load investments")).toBeInTheDocument();
    const failure = screen.getByTestId("load-failed");
    expect(failure).toHaveTextContent("This list could not be loaded right now.");
    expect(screen.queryByText("No investments yet")).toBeNull();

    isDown = false;
    await user.click(within(failure).getByRole("button", { name: "Retry" }));
    const table = await screen.findByRole("table");
    expect(within(table).getByText("Grace Hopper")).toBeVisible();
    expect(screen.queryByTestId("load-failed")).toBeNull();
  });
});
