import type { HelpRequestDetail } from "@ferry/core/contracts/help";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { activate, loadLanguage } from "../../i18n/i18n.tsx";
import { meQueryKey } from "../../lib/queries/session.ts";
import { ANSWERED_HELP_REQUEST, helpListOf, OPEN_HELP_REQUEST, profileWithRole } from "../../testing/help-fixtures.ts";
import { type FakeResponse, fakeApi, renderWithApp, type SeenRequest, stubScreenWidth } from "../../testing/render.tsx";
import { AdminHelpPage } from "./admin-help-page.tsx";

const ADMIN_PATH = "/api/v1/admin/help-requests";

/** An urgent request past its due time with no reply. */
const OVERDUE_REQUEST: HelpRequestDetail = {
  ...OPEN_HELP_REQUEST,
  id: "1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a",
  subject: "Someone signed in from abroad",
  priority: "urgent",
  isOverdue: true,
  dueAt: "2026-03-02T10:00:00.000Z",
  customer: { id: "user-2", email: "max@example.com", name: "Max Muster" },
};

function renderDesk(
  requests: HelpRequestDetail[],
  options: { role?: "admin" | "user"; routes?: Record<string, (request: SeenRequest) => FakeResponse> } = {},
) {
  const routes: Record<string, (request: SeenRequest) => FakeResponse> = {
    [`GET ${ADMIN_PATH}`]: () => ({ body: helpListOf(requests) }),
    [`GET ${ADMIN_PATH}/open-count`]: () => ({ body: { count: requests.length } }),
    ...Object.fromEntries(requests.map((request) => [`GET ${ADMIN_PATH}/${request.id}`, () => ({ body: request })])),
    ...options.routes,
  };
  const seen = fakeApi(routes);
  const rendered = renderWithApp(<AdminHelpPage />, (client) =>
    client.setQueryData(meQueryKey, profileWithRole(options.role ?? "admin")),
  );
  return { ...rendered, seen };
}

afterEach(() => {
  activate("en", "UTC");
});

async function openRequest(user: ReturnType<typeof renderDesk>["user"], subject: string) {
  await user.click(await screen.findByRole("link", { name: new RegExp(subject) }));
  return within(await screen.findByRole("region", { name: "Selected request" }));
}

describe("who may use the help desk", () => {
  test("a non-admin sees 'Access Denied' and no request is asked for (spec §6)", async () => {
    stubScreenWidth(true);
    const { seen } = renderDesk([OPEN_HELP_REQUEST], { role: "user" });
    expect(await screen.findByRole("heading", { name: "Access Denied" })).toBeVisible();
    expect(screen.getByText("You don't have permission to access this page.")).toBeVisible();
    expect(seen).toEqual([]);
  });

  test("an admin whose rights the server no longer accepts sees 'Access Denied' too", async () => {
    stubScreenWidth(true);
    renderDesk([], {
      routes: {
        [`GET ${ADMIN_PATH}`]: () => ({ status: 403, body: { error: { code: "forbidden", message: "Admins only" } } }),
      },
    });
    expect(await screen.findByRole("heading", { name: "Access Denied" })).toBeVisible();
    // A refusal is not a failure to read: no Retry (issue 30).
    expect(screen.queryByTestId("load-failed")).toBeNull();
  });
});

describe("the list of requests", () => {
  test("flags an overdue request with its due time, and counts down to the due time of an open one", async () => {
    stubScreenWidth(true);
    renderDesk([OVERDUE_REQUEST, OPEN_HELP_REQUEST]);
    const rows = await screen.findAllByTestId("help-desk-row");
    expect(within(rows[0]).getByText("Overdue")).toBeVisible();
    expect(within(rows[0]).getByTestId("help-request-due")).toHaveTextContent(/Overdue · was due/);
    expect(within(rows[0]).getByText("max@example.com", { exact: false })).toBeVisible();
    expect(within(rows[1]).queryByText("Overdue")).not.toBeInTheDocument();
    expect(within(rows[1]).getByTestId("help-request-due")).toHaveTextContent(/^Due /);
    expect(screen.getByTestId("help-desk-open-count")).toHaveTextContent("2 open");
  });

  test("says 'Failed to load help requests' and shows a failed list with Retry, not 'No help requests found'", async () => {
    stubScreenWidth(true);
    let isDown = true;
    const { user } = renderDesk([OPEN_HELP_REQUEST], {
      routes: {
        [`GET ${ADMIN_PATH}`]: () =>
          isDown
            ? { status: 500, body: { error: { code: "internal", message: "" } } }
            : { body: helpListOf([OPEN_HELP_REQUEST]) },
      },
    });

    // The toast's text (Sonner's own animation decides when jsdom counts it as visible).
    expect(await screen.findByText("Failed to load help requests")).toBeInTheDocument();
    const list = screen.getByRole("region", { name: "Help requests" });
    const failure = within(list).getByTestId("load-failed");
    expect(failure).toHaveTextContent("This list could not be loaded right now.");
    expect(screen.queryByText("No help requests found")).toBeNull();
    expect(screen.queryByRole("heading", { name: "Access Denied" })).toBeNull();

    isDown = false;
    await user.click(within(failure).getByRole("button", { name: "Retry" }));
    expect(await within(list).findAllByTestId("help-desk-row")).toHaveLength(1);
    expect(screen.queryByTestId("load-failed")).toBeNull();
  });
});

describe("a request on the desk", () => {
  test("marks support's replies 'Admin' (not 'Support') and shows the customer's as theirs", async () => {
    stubScreenWidth(true);
    const { user } = renderDesk([ANSWERED_HELP_REQUEST]);
    const detail = await openRequest(user, ANSWERED_HELP_REQUEST.subject);
    const messages = within(detail.getByRole("list", { name: "Conversation" })).getAllByRole("article");
    expect(messages).toHaveLength(3);
    expect(within(messages[1]).getByText("Admin")).toBeVisible();
    expect(within(messages[1]).getByText("Ferry Support")).toBeVisible();
    expect(within(messages[0]).getByText("Erika Mustermann")).toBeVisible();
    expect(within(messages[2]).queryByText("Admin")).not.toBeInTheDocument();
    expect(detail.queryByText("Support", { exact: true })).not.toBeInTheDocument();
  });

  test("changing the status says 'Status Updated' and 'Request status updated to Resolved'", async () => {
    stubScreenWidth(true);
    const { user, seen } = renderDesk([ANSWERED_HELP_REQUEST], {
      routes: {
        [`PUT ${ADMIN_PATH}/${ANSWERED_HELP_REQUEST.id}/status`]: (request) => ({
          body: { ...ANSWERED_HELP_REQUEST, ...(request.body as object) },
        }),
      },
    });
    const detail = await openRequest(user, ANSWERED_HELP_REQUEST.subject);
    const status = detail.getByLabelText("Status");
    expect(
      within(status)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Open", "In Progress", "Resolved", "Closed"]);
    await user.selectOptions(status, "resolved");

    expect(await screen.findByText("Status Updated")).toBeVisible();
    expect(screen.getByText("Request status updated to Resolved")).toBeVisible();
    expect(seen.find((request) => request.method === "PUT")?.body).toEqual({ status: "resolved" });
    expect(detail.getByLabelText("Status")).toHaveValue("resolved");
  });

  test("says 'Failed to update status' when the server refuses", async () => {
    stubScreenWidth(true);
    const { user } = renderDesk([ANSWERED_HELP_REQUEST], {
      routes: {
        [`PUT ${ADMIN_PATH}/${ANSWERED_HELP_REQUEST.id}/status`]: () => ({
          status: 500,
          body: { error: { code: "internal", message: "" } },
        }),
      },
    });
    const detail = await openRequest(user, ANSWERED_HELP_REQUEST.subject);
    await user.selectOptions(detail.getByLabelText("Status"), "closed");
    expect(await screen.findByText("Failed to update status")).toBeVisible();
    expect(detail.getByLabelText("Status")).toHaveValue("in_progress");
  });

  test("a reply is sent trimmed with 'Response Sent', and the conversation shows the new status", async () => {
    stubScreenWidth(true);
    const { user, seen } = renderDesk([OPEN_HELP_REQUEST], {
      routes: {
        [`POST ${ADMIN_PATH}/${OPEN_HELP_REQUEST.id}/responses`]: () => ({
          status: 201,
          body: { ...ANSWERED_HELP_REQUEST, responses: [ANSWERED_HELP_REQUEST.responses[0]] },
        }),
      },
    });
    const detail = await openRequest(user, OPEN_HELP_REQUEST.subject);
    const send = detail.getByRole("button", { name: "Send Reply" });
    expect(send).toBeDisabled();
    await user.type(detail.getByLabelText("Your reply"), "  We are looking into it with the receiving bank. ");
    await user.click(send);

    expect(await screen.findByText("Response Sent")).toBeVisible();
    expect(seen.find((request) => request.method === "POST")?.body).toEqual({
      message: "We are looking into it with the receiving bank.",
      attachmentIds: [],
    });
    expect(detail.getByLabelText("Status")).toHaveValue("in_progress");
  });

  test("on a phone the list and the request stack: the request opens alone, with Back to the list", async () => {
    stubScreenWidth(false);
    const { user } = renderDesk([OPEN_HELP_REQUEST]);
    expect(screen.queryByRole("region", { name: "Selected request" })).not.toBeInTheDocument();
    const detail = await openRequest(user, OPEN_HELP_REQUEST.subject);
    expect(screen.queryByRole("region", { name: "Help requests" })).not.toBeInTheDocument();
    await user.click(detail.getByRole("button", { name: "Back" }));
    expect(await screen.findByRole("region", { name: "Help requests" })).toBeVisible();
  });
});

describe("the help desk in German", () => {
  test("names the filters, due times and the open request's facts in German, dates in German form", async () => {
    await loadLanguage("de");
    activate("de", "UTC");
    stubScreenWidth(true);
    const { user } = renderDesk([OVERDUE_REQUEST, OPEN_HELP_REQUEST]);
    const rows = await screen.findAllByTestId("help-desk-row");

    expect(screen.getByRole("heading", { name: "Helpdesk" })).toBeVisible();
    expect(await screen.findByText("2 offen")).toBeVisible();
    expect(screen.getByText("2 Anfragen")).toBeVisible();
    expect(screen.getByRole("combobox", { name: "Nach Status filtern" })).toBeVisible();
    expect(within(rows[0]).getByText("Überfällig")).toBeVisible();
    expect(within(rows[0]).getByTestId("help-request-due")).toHaveTextContent(
      "Überfällig · war fällig 02.03.2026, 10:00",
    );
    expect(within(rows[0]).getByText("02.03.2026, 10:00")).toHaveAttribute("datetime", OVERDUE_REQUEST.dueAt);
    expect(within(rows[1]).getByTestId("help-request-due")).toHaveTextContent(/^Fällig /);

    await user.click(rows[0]);
    const detail = within(await screen.findByRole("region", { name: "Ausgewählte Anfrage" }));
    expect(await detail.findByText("Kunde")).toBeVisible();
    expect(detail.getByText("Eröffnet")).toBeVisible();
    expect(detail.getByText("(überfällig)", { exact: false })).toBeVisible();
    expect(detail.getByPlaceholderText("Antwort an den Kunden schreiben …")).toBeVisible();
  });
});
