import type { HelpRequestDetail } from "@ferry/core/contracts/help";
import { screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { meQueryKey } from "../../lib/queries/session.ts";
import { ANSWERED_HELP_REQUEST, helpListOf, OPEN_HELP_REQUEST, profileWithRole } from "../../testing/help-fixtures.ts";
import { type FakeResponse, fakeApi, renderWithApp, type SeenRequest } from "../../testing/render.tsx";
import { HelpPage } from "./help-page.tsx";

const DETAIL_PATH = (id: string) => `/api/v1/help-requests/${id}`;

function renderHelp(
  requests: HelpRequestDetail[],
  extraRoutes: Record<string, (request: SeenRequest) => FakeResponse> = {},
) {
  const byId = new Map(requests.map((request) => [request.id, request]));
  const routes: Record<string, (request: SeenRequest) => FakeResponse> = {
    "GET /api/v1/help-requests": () => ({ body: helpListOf(requests) }),
    "GET /api/v1/help-requests/unread-count": () => ({ body: { count: 0 } }),
    ...Object.fromEntries([...byId].map(([id, request]) => [`GET ${DETAIL_PATH(id)}`, () => ({ body: request })])),
    ...extraRoutes,
  };
  const seen = fakeApi(routes);
  const rendered = renderWithApp(<HelpPage />, (client) => client.setQueryData(meQueryKey, profileWithRole("user")));
  return { ...rendered, seen };
}

async function openNewRequestForm(user: ReturnType<typeof renderHelp>["user"]) {
  await user.click(await screen.findByRole("button", { name: "New Request" }));
  return within(await screen.findByRole("dialog", { name: "New Request" }));
}

describe("the New Request form", () => {
  test("says 'Subject is required' and 'Message must be at least 10 characters' (spec §5), and sends nothing", async () => {
    const { user, seen } = renderHelp([]);
    const dialog = await openNewRequestForm(user);
    await user.type(dialog.getByLabelText("Message"), "Too short");
    await user.click(dialog.getByRole("button", { name: "Submit Request" }));

    expect(await dialog.findByText("Subject is required")).toBeVisible();
    expect(dialog.getByText("Message must be at least 10 characters")).toBeVisible();
    expect(dialog.getByLabelText("Subject")).toHaveAttribute("aria-invalid", "true");
    expect(seen.filter((request) => request.method === "POST")).toEqual([]);
  });

  test("refuses a subject of spaces", async () => {
    const { user } = renderHelp([]);
    const dialog = await openNewRequestForm(user);
    await user.type(dialog.getByLabelText("Subject"), "   ");
    await user.type(dialog.getByLabelText("Message"), "My transfer has been pending for three days.");
    await user.click(dialog.getByRole("button", { name: "Submit Request" }));

    expect(await dialog.findByText("Subject is required")).toBeVisible();
  });

  test("defaults to medium priority and shows the response target of the priority chosen", async () => {
    const { user } = renderHelp([]);
    const dialog = await openNewRequestForm(user);
    const priority = dialog.getByLabelText("Priority");
    expect(priority).toHaveValue("medium");
    expect(
      within(priority)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Low", "Medium", "High", "Urgent"]);
    expect(dialog.getByText(/Support aims to reply within 24 hours/)).toBeVisible();
    await user.selectOptions(priority, "urgent");
    expect(dialog.getByText(/Support aims to reply within 1 hour,/)).toBeVisible();
  });

  test("submits a trimmed request, says 'Help Request Submitted' and opens it", async () => {
    const created: HelpRequestDetail = { ...OPEN_HELP_REQUEST, priority: "urgent", subject: "Card payment failed" };
    const { user, seen } = renderHelp([], {
      "POST /api/v1/help-requests": () => ({ status: 201, body: created }),
      [`GET ${DETAIL_PATH(created.id)}`]: () => ({ body: created }),
    });
    const dialog = await openNewRequestForm(user);
    await user.type(dialog.getByLabelText("Subject"), "  Card payment failed ");
    await user.selectOptions(dialog.getByLabelText("Priority"), "urgent");
    await user.type(dialog.getByLabelText("Message"), "The payment to my landlord failed twice today.");
    await user.click(dialog.getByRole("button", { name: "Submit Request" }));

    expect(await screen.findByText("Help Request Submitted")).toBeVisible();
    expect(seen.find((request) => request.method === "POST")?.body).toEqual({
      subject: "Card payment failed",
      message: "The payment to my landlord failed twice today.",
      priority: "urgent",
      attachmentIds: [],
    });
    expect(await screen.findByRole("heading", { name: "Card payment failed" })).toBeVisible();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  test("shows the server's message when the request is refused", async () => {
    const { user } = renderHelp([], {
      "POST /api/v1/help-requests": () => ({
        status: 429,
        body: { error: { code: "rate_limited", message: "Too many requests: try again in a minute" } },
      }),
    });
    const dialog = await openNewRequestForm(user);
    await user.type(dialog.getByLabelText("Subject"), "Card payment failed");
    await user.type(dialog.getByLabelText("Message"), "The payment to my landlord failed twice today.");
    await user.click(dialog.getByRole("button", { name: "Submit Request" }));

    expect(await screen.findByText("Too many requests: try again in a minute")).toBeVisible();
    expect(screen.getByRole("dialog", { name: "New Request" })).toBeVisible();
  });
});

describe("the Common Issues card", () => {
  test("opens the New Request form with the issue as its subject", async () => {
    const { user } = renderHelp([]);
    const card = within(await screen.findByRole("region", { name: "Common Issues" }));
    await user.click(card.getByRole("button", { name: "Account verification issues" }));

    const dialog = within(await screen.findByRole("dialog", { name: "New Request" }));
    expect(dialog.getByLabelText("Subject")).toHaveValue("Account verification issues");
    expect(dialog.getByLabelText("Message")).toHaveValue("");
  });

  test("lists the spec's five issues, beside the four response targets", async () => {
    renderHelp([]);
    for (const issue of [
      "Transaction delays or failures",
      "Account verification issues",
      "Withdrawal address problems",
      "Balance discrepancies",
      "Security concerns",
    ]) {
      expect(await screen.findByRole("button", { name: issue })).toBeVisible();
    }
    const targets = screen.getByRole("region", { name: "Response Times" });
    expect(
      within(targets)
        .getAllByRole("definition")
        .map((item) => item.textContent),
    ).toEqual(["1 hour", "4 hours", "24 hours", "48 hours"]);
  });
});

describe("the list of requests", () => {
  test("offers 'Create Request' when there is none", async () => {
    const { user } = renderHelp([]);
    await user.click(await screen.findByRole("button", { name: "Create Request" }));
    expect(await screen.findByRole("dialog", { name: "New Request" })).toBeVisible();
  });

  test("shows the total, each request's status and priority, and marks a new reply", async () => {
    renderHelp([ANSWERED_HELP_REQUEST, { ...OPEN_HELP_REQUEST, id: "9c4d5e6f-7a8b-4c3d-9e4f-5a6b7c8d9e0f" }]);
    expect(await screen.findByTestId("help-request-total")).toHaveTextContent("2 requests");
    const rows = screen.getAllByTestId("help-request-row");
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText("In Progress")).toBeVisible();
    expect(within(rows[0]).getByText("New reply")).toBeVisible();
    expect(within(rows[1]).getByText("Open")).toBeVisible();
    expect(within(rows[1]).queryByText("New reply")).not.toBeInTheDocument();
  });

  test("says 'Failed to load your help requests' when the list cannot be read", async () => {
    fakeApi({
      "GET /api/v1/help-requests": () => ({ status: 500, body: { error: { code: "internal", message: "" } } }),
    });
    renderWithApp(<HelpPage />);
    expect(await screen.findByText("Failed to load your help requests")).toBeVisible();
  });
});

describe("a request's conversation", () => {
  async function openRequest(request: HelpRequestDetail, extra: Record<string, (r: SeenRequest) => FakeResponse> = {}) {
    const rendered = renderHelp([request], extra);
    await rendered.user.click(await screen.findByRole("link", { name: new RegExp(request.subject) }));
    await screen.findByRole("heading", { name: request.subject });
    return rendered;
  }

  test("shows the first message and the replies oldest first, support's with a 'Support' badge", async () => {
    await openRequest(ANSWERED_HELP_REQUEST);
    const messages = within(screen.getByRole("list", { name: "Conversation" })).getAllByRole("article");
    expect(messages.map((message) => message.querySelector("p")?.textContent)).toEqual([
      OPEN_HELP_REQUEST.message,
      "We are looking into it with the receiving bank.",
      "Thank you, the reference is FRY-123.",
    ]);
    expect(within(messages[1]).getByText("Support")).toBeVisible();
    expect(within(messages[0]).queryByText("Support")).not.toBeInTheDocument();
    expect(within(messages[2]).queryByText("Support")).not.toBeInTheDocument();
    expect(within(messages[0]).getByText("You")).toBeVisible();
    expect(screen.queryByText("Admin")).not.toBeInTheDocument();
  });

  test("keeps Send Reply disabled while the reply is blank, and sends it trimmed with 'Response Sent'", async () => {
    const { user, seen } = await openRequest(OPEN_HELP_REQUEST, {
      [`POST ${DETAIL_PATH(OPEN_HELP_REQUEST.id)}/responses`]: () => ({
        status: 201,
        body: { ...OPEN_HELP_REQUEST, responses: [{ ...ANSWERED_HELP_REQUEST.responses[1], message: "Any news?" }] },
      }),
    });
    const send = screen.getByRole("button", { name: "Send Reply" });
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText("Your reply"), "   ");
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText("Your reply"), " Any news? ");
    expect(send).toBeEnabled();
    await user.click(send);

    expect(await screen.findByText("Response Sent")).toBeVisible();
    expect(seen.find((request) => request.path.endsWith("/responses"))?.body).toEqual({
      message: "Any news?",
      attachmentIds: [],
    });
    expect(screen.getByLabelText("Your reply")).toHaveValue("");
  });

  test("says 'Failed to send response' with the server's reason, and keeps the text", async () => {
    const { user } = await openRequest(OPEN_HELP_REQUEST, {
      [`POST ${DETAIL_PATH(OPEN_HELP_REQUEST.id)}/responses`]: () => ({
        status: 409,
        body: { error: { code: "conflict", message: "This request is closed: open a new request to continue" } },
      }),
    });
    await user.type(screen.getByLabelText("Your reply"), "Any news?");
    await user.click(screen.getByRole("button", { name: "Send Reply" }));

    expect(await screen.findByText("Failed to send response")).toBeVisible();
    expect(screen.getByText("This request is closed: open a new request to continue")).toBeVisible();
    expect(screen.getByLabelText("Your reply")).toHaveValue("Any news?");
  });

  test("has no reply box once closed, and says why", async () => {
    await openRequest({ ...ANSWERED_HELP_REQUEST, status: "closed", hasUnreadReply: false });
    expect(screen.queryByLabelText("Your reply")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send Reply" })).not.toBeInTheDocument();
    expect(screen.getByRole("note")).toHaveTextContent("This request is closed: open a new request to continue");
  });

  test("Back returns to the list", async () => {
    const { user } = await openRequest(OPEN_HELP_REQUEST);
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByTestId("help-request-total")).toHaveTextContent("1 request");
    expect(screen.queryByRole("list", { name: "Conversation" })).not.toBeInTheDocument();
  });
});
