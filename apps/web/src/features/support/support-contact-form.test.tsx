import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { activate, loadLanguage } from "../../i18n/i18n.tsx";
import { profileWithRole } from "../../testing/help-fixtures.ts";
import { fakeApi, renderWithApp } from "../../testing/render.tsx";
import { SupportContactForm } from "./support-contact-form.tsx";

const HELP_REQUEST_ID = "6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b";
const SIGNED_IN_SESSION = {
  session: { id: "session-1" },
  user: { id: "user-1", email: "erika@example.com" },
};

async function fillVisitorForm(user: ReturnType<typeof renderWithApp>["user"]) {
  await user.type(screen.getByLabelText("First name *"), "Grace");
  await user.type(screen.getByLabelText("Last name *"), "Hopper");
  await user.type(screen.getByLabelText("Email *"), "grace@example.com");
  await user.type(screen.getByLabelText("Subject *"), "Fees to Germany");
  await user.type(screen.getByLabelText("Message *"), "How much does a bank transfer to Germany cost?");
}

describe("the support contact form", () => {
  test("refuses empty and invalid fields with core's messages beside each, and sends nothing", async () => {
    const seen = fakeApi({ "GET /api/auth/get-session": () => ({ body: null }) });
    const { user } = renderWithApp(<SupportContactForm />);

    await user.type(screen.getByLabelText("Email *"), "not-an-address");
    await user.type(screen.getByLabelText("Message *"), "short");
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    // The schema is fetched with the first check (lazyResolver), so the messages follow a moment later.
    await waitFor(() =>
      expect(screen.getByLabelText("First name *")).toHaveAccessibleDescription("First name is required"),
    );
    expect(screen.getByLabelText("Last name *")).toHaveAccessibleDescription("Last name is required");
    expect(screen.getByLabelText("Email *")).toHaveAccessibleDescription("Please enter a valid email address");
    expect(screen.getByLabelText("Subject *")).toHaveAccessibleDescription("Subject is required");
    expect(screen.getByLabelText("Message *")).toHaveAccessibleDescription("Message must be at least 10 characters");
    expect(screen.getByLabelText("Message *")).toHaveAttribute("aria-invalid", "true");
    expect(seen.filter((request) => request.method === "POST")).toEqual([]);
  });

  test("a visitor's message is sent with an empty honeypot, and the form says support will reply by e-mail", async () => {
    const seen = fakeApi({
      "GET /api/auth/get-session": () => ({ body: null }),
      "POST /api/v1/support/messages": () => ({ status: 202, body: { channel: "email", helpRequestId: null } }),
    });
    const { user } = renderWithApp(<SupportContactForm />);

    expect(screen.getByText("We answer by e-mail. Fields marked * are required.")).toBeVisible();
    await fillVisitorForm(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    expect(
      await screen.findByText("Thank you, Grace. Our support team will reply to grace@example.com."),
    ).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent("Message sent");
    expect(seen.find((request) => request.method === "POST")?.body).toEqual({
      firstName: "Grace",
      lastName: "Hopper",
      email: "grace@example.com",
      subject: "Fees to Germany",
      message: "How much does a bank transfer to Germany cost?",
      website: "",
    });
    expect(screen.queryByRole("link", { name: "View your request" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Send another message" }));
    expect(screen.getByLabelText("First name *")).toHaveValue("");
  });

  test("a signed-in customer's name and e-mail are filled in, and their message links to the help request it opened", async () => {
    const seen = fakeApi({
      "GET /api/auth/get-session": () => ({ body: SIGNED_IN_SESSION }),
      "GET /api/v1/me": () => ({ body: profileWithRole("user") }),
      "POST /api/v1/support/messages": () => ({
        status: 201,
        body: { channel: "help_request", helpRequestId: HELP_REQUEST_ID },
      }),
    });
    const { user } = renderWithApp(<SupportContactForm />);

    expect(
      await screen.findByText(
        "You are signed in as erika@example.com: your message opens a help request you can follow in Help.",
      ),
    ).toBeVisible();
    expect(screen.getByLabelText("First name *")).toHaveValue("Erika");
    expect(screen.getByLabelText("Last name *")).toHaveValue("Mustermann");
    expect(screen.getByLabelText("Email *")).toHaveValue("erika@example.com");
    expect(screen.getByLabelText("Email *")).toHaveAttribute("readonly");
    await user.type(screen.getByLabelText("Subject *"), "Card payment");
    await user.type(screen.getByLabelText("Message *"), "A card payment shows twice in my history.");
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    expect(await screen.findByRole("link", { name: "View your request" })).toHaveAttribute(
      "href",
      `/help?request=${HELP_REQUEST_ID}`,
    );
    expect(
      screen.getByText("Thank you. Your message is now a help request: support will answer you there."),
    ).toBeVisible();
    expect(seen.find((request) => request.method === "POST")?.body).toMatchObject({
      email: "erika@example.com",
      subject: "Card payment",
    });
  });

  test("when support has had too many messages from here, it says so and keeps what was typed", async () => {
    fakeApi({
      "GET /api/auth/get-session": () => ({ body: null }),
      "POST /api/v1/support/messages": () => ({
        status: 429,
        body: { error: { code: "rate_limited", message: "Too many attempts. Please wait a moment and try again." } },
      }),
    });
    const { user } = renderWithApp(<SupportContactForm />);

    await fillVisitorForm(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Too many attempts. Please wait a moment and try again.",
    );
    expect(screen.getByLabelText("Subject *")).toHaveValue("Fees to Germany");
  });

  test("shows the server's refusal of a field beside that field", async () => {
    fakeApi({
      "GET /api/auth/get-session": () => ({ body: null }),
      "POST /api/v1/support/messages": () => ({
        status: 400,
        body: {
          error: {
            code: "validation_failed",
            message: "Subject cannot contain line breaks, tabs or other control characters",
            fields: { subject: "Subject cannot contain line breaks, tabs or other control characters" },
          },
        },
      }),
    });
    const { user } = renderWithApp(<SupportContactForm />);

    await fillVisitorForm(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    expect(
      await screen.findByText("Subject cannot contain line breaks, tabs or other control characters"),
    ).toBeVisible();
    expect(screen.getByLabelText("Subject *")).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("the support contact form in German", () => {
  afterEach(() => {
    activate("en", "UTC");
  });

  test("its heading, labels, hint and button read in German", async () => {
    await loadLanguage("de");
    activate("de", "UTC");
    fakeApi({ "GET /api/auth/get-session": () => ({ body: null }) });
    renderWithApp(<SupportContactForm />);
    expect(screen.getByRole("heading", { name: "Schreiben Sie uns" })).toBeInTheDocument();
    expect(
      screen.getByText("Wir antworten per E-Mail. Mit * markierte Felder sind Pflichtfelder."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Vorname *")).toBeInTheDocument();
    expect(screen.getByLabelText("Betreff *")).toHaveAttribute("placeholder", "Wobei können wir helfen?");
    expect(screen.getByRole("button", { name: "Nachricht senden" })).toBeInTheDocument();
  });
});
