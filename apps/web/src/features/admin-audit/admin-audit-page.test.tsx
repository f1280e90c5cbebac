import { AUDIT_MESSAGES, type AuditEntry, type AuditLogPage } from "@ferry/core/contracts/audit";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { activate, loadLanguage } from "../../i18n/i18n.tsx";
import { fakeApi, renderWithApp, stubScreenWidth } from "../../testing/render.tsx";
import { AdminAuditPage } from "./admin-audit-page.tsx";

const BAN: AuditEntry = {
  id: "0b6f1d2e-3c4a-4b5c-8d6e-7f8091a2b3c4",
  createdAt: "2026-03-01T10:00:00.000Z",
  actorId: "admin-1",
  actorEmail: "admin@ferry.test",
  action: "user.ban",
  subjectType: "user",
  subjectId: "user-ada",
  before: { status: "active" },
  after: { status: "banned" },
  details: {},
  clientAddress: "203.0.113.9",
};

const RATE: AuditEntry = {
  ...BAN,
  id: "1c7a2e3f-4d5b-4c6d-9e7f-8091a2b3c4d5",
  action: "rate.update",
  subjectType: "rate",
  subjectId: "USD-EUR",
  before: { rate: "0.92", feeBasisPoints: 50 },
  after: { rate: "0.93", feeBasisPoints: 40 },
  details: { from: "USD", to: "EUR" },
};

describe("the admin's audit log", () => {
  beforeEach(() => {
    stubScreenWidth(true);
  });

  afterEach(() => {
    activate("en", "UTC");
  });

  test("lists each action with its actor, address, subject and change, and loads more on request", async () => {
    const pages: Record<string, AuditLogPage> = {
      first: { items: [BAN], nextCursor: "next" },
      next: { items: [RATE], nextCursor: null },
    };
    fakeApi({ "GET /api/v1/admin/audit-log": (request) => ({ body: pages[request.query.cursor ?? "first"] }) });
    const { user } = renderWithApp(<AdminAuditPage />);

    const [ban] = await screen.findAllByTestId("audit-entry");
    expect(within(ban).getByText("admin@ferry.test")).toBeVisible();
    expect(within(ban).getByText("203.0.113.9")).toBeVisible();
    expect(within(ban).getByText("user.ban")).toBeVisible();
    expect(within(ban).getByText("status: active → banned")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Load more" }));

    const rate = (await screen.findAllByTestId("audit-entry"))[1];
    expect(within(rate).getByText("rate: 0.92 → 0.93")).toBeVisible();
    expect(within(rate).getByText("feeBasisPoints: 50 → 40")).toBeVisible();
    expect(within(rate).getByText("from: USD · to: EUR")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  test("says 'Failed to load the audit log' and shows a failed list with Retry, not 'No admin actions found'", async () => {
    let isDown = true;
    fakeApi({
      "GET /api/v1/admin/audit-log": () =>
        isDown
          ? { status: 503, body: { error: { code: "unavailable", message: "Try again later" } } }
          : { body: { items: [BAN], nextCursor: null } },
    });
    const { user } = renderWithApp(<AdminAuditPage />);

    // The toast's text (Sonner's own animation decides when jsdom counts it as visible).
    expect(await screen.findByText("Failed to load the audit log")).toBeInTheDocument();
    const failure = screen.getByTestId("load-failed");
    expect(failure).toHaveTextContent("This list could not be loaded right now.");
    expect(screen.queryByText("No admin actions found")).toBeNull();

    isDown = false;
    await user.click(within(failure).getByRole("button", { name: "Retry" }));
    const [ban] = await screen.findAllByTestId("audit-entry");
    expect(within(ban).getByText("user.ban")).toBeVisible();
    expect(screen.queryByTestId("load-failed")).toBeNull();
  });

  test("sends the filters to the server and points Export CSV at the same filtered rows", async () => {
    const requests = fakeApi({ "GET /api/v1/admin/audit-log": () => ({ body: { items: [BAN], nextCursor: null } }) });
    const { user } = renderWithApp(<AdminAuditPage />);
    await screen.findAllByTestId("audit-entry");

    await user.type(screen.getByLabelText("Actor"), "admin@ferry.test");
    await user.type(screen.getByLabelText("Action"), "user");
    await user.type(screen.getByLabelText("From (UTC)"), "2026-03-01");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));

    await expect
      .poll(() => requests.at(-1)?.query)
      .toEqual({
        actor: "admin@ferry.test",
        action: "user",
        from: "2026-03-01",
        limit: "50",
      });
    expect(screen.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      "/api/v1/admin/audit-log/export.csv?actor=admin%40ferry.test&action=user&from=2026-03-01",
    );
  });

  test("refuses a reversed range and a malformed action beside their inputs, asking nothing", async () => {
    const requests = fakeApi({ "GET /api/v1/admin/audit-log": () => ({ body: { items: [], nextCursor: null } }) });
    const { user } = renderWithApp(<AdminAuditPage />);
    expect(await screen.findByText("No admin actions found")).toBeVisible();

    await user.type(screen.getByLabelText("Action"), "Deposit Approve");
    await user.type(screen.getByLabelText("From (UTC)"), "2026-03-02");
    await user.type(screen.getByLabelText("To (UTC)"), "2026-03-01");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));

    expect(await screen.findByText(AUDIT_MESSAGES.action)).toBeVisible();
    expect(screen.getByText(AUDIT_MESSAGES.dateRange)).toBeVisible();
    expect(requests).toHaveLength(1);
  });

  test("reads in German: headers, the action's name, the time in German form and a refused filter", async () => {
    await loadLanguage("de");
    activate("de", "UTC");
    fakeApi({ "GET /api/v1/admin/audit-log": () => ({ body: { items: [BAN], nextCursor: null } }) });
    const { user } = renderWithApp(<AdminAuditPage />);

    const [ban] = await screen.findAllByTestId("audit-entry");
    expect(screen.getByRole("heading", { name: "Audit-Log" })).toBeVisible();
    expect(screen.getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
      "Zeit",
      "Akteur",
      "Aktion und Objekt",
      "Vorher → nachher",
    ]);
    expect(within(ban).getByText("Nutzer sperren")).toBeVisible();
    expect(within(ban).getByText("user.ban")).toBeVisible();
    expect(within(ban).getByText("01.03.2026, 10:00")).toBeVisible();
    expect(screen.getByRole("link", { name: "CSV exportieren" })).toBeVisible();

    await user.type(screen.getByLabelText("Von (UTC)"), "2026-03-02");
    await user.type(screen.getByLabelText("Bis (UTC)"), "2026-03-01");
    await user.click(screen.getByRole("button", { name: "Filter anwenden" }));
    expect(await screen.findByText("Das Enddatum darf nicht vor dem Startdatum liegen")).toBeVisible();
  });
});
