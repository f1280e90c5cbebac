import { ALERT_MESSAGES, type AlertRule, type AlertRuleList } from "@ferry/core/contracts/alerts";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { activate, loadLanguage } from "../../i18n/i18n.tsx";
import { profileWithRole } from "../../testing/help-fixtures.ts";
import { fakeApi, renderWithApp, type SeenRequest } from "../../testing/render.tsx";
import { AlertsPage } from "./alerts-page.tsx";

const METHODS: AlertRuleList["methods"] = [
  { method: "email", isAvailable: true, unavailableBecause: null, unavailableReason: null },
  {
    method: "sms",
    isAvailable: false,
    unavailableBecause: "sms_unavailable",
    unavailableReason: ALERT_MESSAGES.methodRefusals.sms_unavailable,
  },
];

const RULE_STATE = {
  isEnabled: true,
  createdAt: "2026-03-01T10:00:00.000Z",
  updatedAt: "2026-03-01T10:00:00.000Z",
  lastFiredAt: null,
  firedCount: 0,
};

const LARGE_TRANSFERS: AlertRule = {
  id: "6f1d0c1e-3a1b-4c5d-8e9f-0a1b2c3d4e5f",
  type: "transaction",
  currency: "USD",
  amount: "1000.00",
  direction: "outgoing",
  method: "email",
  ...RULE_STATE,
  lastFiredAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  firedCount: 2,
};

/** A session (get-session's answer, abridged: the page only asks whether there is one) and its profile. */
const SIGNED_IN = {
  "GET /api/auth/get-session": () => ({ body: { session: { id: "session-1" }, user: { id: "user-1" } } }),
  "GET /api/v1/me": () => ({ body: profileWithRole("user") }),
};

/** A signed-in user's API with rules kept in memory: GET lists them, POST/PUT/DELETE change them. */
function signedInApi(initial: AlertRule[] = [], methods: AlertRuleList["methods"] = METHODS) {
  let rules = [...initial];
  let counter = 0;
  const stored = (request: SeenRequest, id: string): AlertRule => {
    const body = request.body as Record<string, unknown>;
    const amount = typeof body.amount === "string" ? Number(body.amount).toFixed(2) : undefined;
    return { ...RULE_STATE, ...body, ...(amount ? { amount } : {}), id } as AlertRule;
  };
  const seen = fakeApi({
    ...SIGNED_IN,
    "GET /api/v1/alert-rules": () => ({ body: { items: rules, nextCursor: null, methods } }),
    "POST /api/v1/alert-rules": (request) => {
      counter += 1;
      const rule = stored(request, `00000000-0000-4000-8000-00000000000${counter}`);
      rules = [rule, ...rules];
      return { status: 201, body: rule };
    },
    [`PUT /api/v1/alert-rules/${LARGE_TRANSFERS.id}`]: (request) => {
      const rule = stored(request, LARGE_TRANSFERS.id);
      rules = rules.map((existing) => (existing.id === rule.id ? rule : existing));
      return { body: rule };
    },
    [`DELETE /api/v1/alert-rules/${LARGE_TRANSFERS.id}`]: () => {
      rules = rules.filter((existing) => existing.id !== LARGE_TRANSFERS.id);
      return { body: null };
    },
  });
  return seen;
}

describe("the alerts page for a visitor", () => {
  test("shows the sample rules read-only, the three types, how each method is sent, and a sign-up prompt", async () => {
    // Better Auth's get-session answers null without a session: the page asks nothing else.
    const seen = fakeApi({ "GET /api/auth/get-session": () => ({ body: null }) });
    renderWithApp(<AlertsPage />);

    const samples = within(await screen.findByTestId("sample-rules"));
    expect(samples.getAllByRole("listitem")).toHaveLength(4);
    expect(samples.getByRole("heading", { name: "Large transfers" })).toBeVisible();
    expect(samples.getByText("Outgoing transactions of USD 1,000.00 or more")).toBeVisible();
    expect(samples.getByText("Available EUR balance below EUR 100.00")).toBeVisible();
    expect(samples.getByText("Sign-in from a new device or password changed")).toBeVisible();
    expect(samples.getAllByText("Example")).toHaveLength(4);
    expect(samples.getAllByText("By SMS")).toHaveLength(2);
    expect(samples.queryByRole("button")).toBeNull();
    for (const type of ["Transaction", "Balance", "Security"]) {
      expect(screen.getByRole("heading", { name: type })).toBeVisible();
    }
    expect(screen.getByText(/Sent to the phone number in your profile, while SMS notifications are on/)).toBeVisible();
    const prompt = within(screen.getByRole("region", { name: "Set up your own alerts" }));
    expect(prompt.getByRole("link", { name: "Create Free Account" })).toHaveAttribute("href", "/signup");
    expect(prompt.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
    // The session is asked for once the client has loaded (it is kept out of the public pages' first script).
    await waitFor(() => expect(seen.map((request) => request.path)).toEqual(["/api/auth/get-session"]));
  });
});

describe("the alerts page for a signed-in user", () => {
  // The rules manager is a chunk of its own (React.lazy), first loaded when a signed-in page renders it.
  // It is loaded once here, so the tests' waits are for the page and not for a cold module transform on
  // a busy machine (which took over findBy's 1 s under load).
  beforeAll(async () => {
    await import("./alert-rules-manager.tsx");
  });

  test("creates a first transaction rule from the empty state, refusing a blank amount first", async () => {
    const seen = signedInApi();
    const { user } = renderWithApp(<AlertsPage />);

    expect(await screen.findByText("No alert rules yet")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Create your first rule" }));
    const dialog = within(await screen.findByRole("dialog", { name: "New alert rule" }));
    expect(dialog.getByRole("radio", { name: "Transaction" })).toBeChecked();
    expect(dialog.queryByRole("radio", { name: "SMS" })).toBeNull();
    expect(dialog.getByText("SMS: Text messages are not available yet.")).toBeVisible();
    await user.click(dialog.getByRole("button", { name: "Create rule" }));
    expect(dialog.getByText("Please enter a valid amount")).toBeVisible();
    expect(dialog.getByLabelText("Amount")).toHaveAttribute("aria-invalid", "true");
    expect(seen.filter((request) => request.method === "POST")).toEqual([]);

    await user.type(dialog.getByLabelText("Amount"), "250");
    await user.selectOptions(dialog.getByLabelText("Currency"), "EUR");
    await user.selectOptions(dialog.getByLabelText("Direction"), "incoming");
    await user.click(dialog.getByRole("button", { name: "Create rule" }));

    expect(await screen.findByText("Alert rule created")).toBeVisible();
    expect(seen.find((request) => request.method === "POST")?.body).toEqual({
      type: "transaction",
      currency: "EUR",
      amount: "250",
      direction: "incoming",
      method: "email",
      isEnabled: true,
    });
    const rule = within(await screen.findByTestId("alert-rule"));
    expect(rule.getByText("Incoming transactions of EUR 250.00 or more")).toBeVisible();
    expect(rule.getByText("Not fired yet")).toBeVisible();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  test("creates a security rule with the events chosen, and requires one", async () => {
    const seen = signedInApi([LARGE_TRANSFERS]);
    const { user } = renderWithApp(<AlertsPage />);

    await user.click(await screen.findByRole("button", { name: "New alert rule" }));
    const dialog = within(await screen.findByRole("dialog", { name: "New alert rule" }));
    await user.click(dialog.getByRole("radio", { name: "Security" }));
    expect(dialog.queryByLabelText("Amount")).toBeNull();
    await user.click(dialog.getByRole("checkbox", { name: "Sign-in from a new device" }));
    await user.click(dialog.getByRole("button", { name: "Create rule" }));
    expect(dialog.getByText("Choose at least one security event")).toBeVisible();

    await user.click(dialog.getByRole("checkbox", { name: "Password changed" }));
    await user.click(dialog.getByRole("checkbox", { name: "3 or more wrong sign-in codes within an hour" }));
    await user.click(dialog.getByRole("checkbox", { name: /^Active/ }));
    await user.click(dialog.getByRole("button", { name: "Create rule" }));

    expect(await screen.findByText("Alert rule created")).toBeVisible();
    expect(seen.find((request) => request.method === "POST")?.body).toEqual({
      type: "security",
      events: ["password_changed", "second_factor_failures"],
      method: "email",
      isEnabled: false,
    });
    const cards = await screen.findAllByTestId("alert-rule");
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText("Paused")).toBeVisible();
  });

  test("edits a rule and deletes one after confirming", async () => {
    const seen = signedInApi([LARGE_TRANSFERS]);
    const { user } = renderWithApp(<AlertsPage />);

    const card = within(await screen.findByTestId("alert-rule"));
    expect(card.getByText("Fired 2 times, last 5 minutes ago")).toBeVisible();
    expect(card.getByText("By E-mail")).toBeVisible();
    await user.click(card.getByRole("button", { name: "Edit rule: Outgoing transactions of USD 1,000.00 or more" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit alert rule" }));
    expect(dialog.getByLabelText("Amount")).toHaveValue("1000.00");
    await user.click(dialog.getByRole("radio", { name: "Balance" }));
    await user.clear(dialog.getByLabelText("Amount"));
    await user.type(dialog.getByLabelText("Amount"), "75");
    await user.click(dialog.getByRole("button", { name: "Save changes" }));

    expect(await screen.findByText("Alert rule updated")).toBeVisible();
    expect(seen.find((request) => request.method === "PUT")?.body).toEqual({
      type: "balance",
      currency: "USD",
      amount: "75",
      method: "email",
      isEnabled: true,
    });
    expect(await screen.findByText("Available USD balance below USD 75.00")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Delete rule: Available USD balance below USD 75.00" }));
    const confirm = within(await screen.findByRole("dialog", { name: "Delete alert rule" }));
    await user.click(confirm.getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Alert rule deleted")).toBeVisible();
    expect(await screen.findByText("No alert rules yet")).toBeVisible();
    expect(seen.filter((request) => request.method === "DELETE")).toHaveLength(1);
  });

  test("offers only the methods switched on, and says where to switch the others on", async () => {
    const emailOff = {
      method: "email",
      isAvailable: false,
      unavailableBecause: "email_off",
      unavailableReason: ALERT_MESSAGES.methodRefusals.email_off,
    } as const;
    const smsOn = { method: "sms", isAvailable: true, unavailableBecause: null, unavailableReason: null } as const;
    const seen = signedInApi([], [emailOff, smsOn]);
    const { user } = renderWithApp(<AlertsPage />);

    await user.click(await screen.findByRole("button", { name: "Create your first rule" }));
    const dialog = within(await screen.findByRole("dialog", { name: "New alert rule" }));
    const methods = within(dialog.getByRole("group", { name: "Send by" }));
    expect(methods.getAllByRole("radio").map((radio) => radio.getAttribute("value"))).toEqual(["sms"]);
    expect(methods.getByRole("radio", { name: "SMS" })).toBeChecked();
    expect(methods.getByText(/E-mail: E-mail notifications are off\./)).toBeVisible();
    expect(methods.getByRole("link", { name: "Open Settings" })).toHaveAttribute("href", "/settings");

    await user.type(dialog.getByLabelText("Amount"), "20");
    await user.click(dialog.getByRole("button", { name: "Create rule" }));
    expect(await screen.findByText("Alert rule created")).toBeVisible();
    expect(seen.find((request) => request.method === "POST")?.body).toMatchObject({ method: "sms" });
  });

  test("offers no method when neither can reach the person, linking to Settings and Profile", async () => {
    const methods: AlertRuleList["methods"] = [
      {
        method: "email",
        isAvailable: false,
        unavailableBecause: "email_off",
        unavailableReason: ALERT_MESSAGES.methodRefusals.email_off,
      },
      {
        method: "sms",
        isAvailable: false,
        unavailableBecause: "sms_no_phone",
        unavailableReason: ALERT_MESSAGES.methodRefusals.sms_no_phone,
      },
    ];
    signedInApi([], methods);
    const { user } = renderWithApp(<AlertsPage />);

    await user.click(await screen.findByRole("button", { name: "Create your first rule" }));
    const group = within(within(await screen.findByRole("dialog")).getByRole("group", { name: "Send by" }));
    expect(group.queryAllByRole("radio")).toEqual([]);
    expect(group.getByText(ALERT_MESSAGES.noMethod)).toBeVisible();
    expect(group.getByText(/SMS: Add a phone number to your profile/)).toBeVisible();
    expect(group.getByRole("link", { name: "Open Profile" })).toHaveAttribute("href", "/profile");
    expect(group.getByRole("link", { name: "Open Settings" })).toHaveAttribute("href", "/settings");
  });

  test("shows the server's refusal next to its field and in a toast", async () => {
    fakeApi({
      ...SIGNED_IN,
      "GET /api/v1/alert-rules": () => ({ body: { items: [], nextCursor: null, methods: METHODS } }),
      "POST /api/v1/alert-rules": () => ({
        status: 409,
        body: { error: { code: "conflict", message: "You can keep at most 20 alert rules" } },
      }),
    });
    const { user } = renderWithApp(<AlertsPage />);

    await user.click(await screen.findByRole("button", { name: "Create your first rule" }));
    const dialog = within(await screen.findByRole("dialog"));
    await user.type(dialog.getByLabelText("Amount"), "10");
    await user.click(dialog.getByRole("button", { name: "Create rule" }));

    expect(await screen.findByText("Failed to save alert rule")).toBeVisible();
    expect(screen.getByText("You can keep at most 20 alert rules")).toBeVisible();
    expect(screen.getByRole("dialog")).toBeVisible();
  });
});

describe("the alerts page in German", () => {
  afterEach(() => {
    activate("en", "UTC");
  });

  test("a visitor reads the kinds of alert, the sample rules and the sign-up box in German", async () => {
    await loadLanguage("de");
    activate("de", "UTC");
    fakeApi({ "GET /api/auth/get-session": () => ({ body: null }) });
    renderWithApp(<AlertsPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Benachrichtigungen" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Drei Arten von Benachrichtigungen" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Niedriges Guthaben" })).toBeInTheDocument();
    expect(screen.getByText("Verfügbares EUR-Guthaben unter 100,00 EUR")).toBeInTheDocument();
    expect(screen.getByText("Ausgehende Transaktionen ab 1.000,00 USD")).toBeInTheDocument();
    expect(screen.getByText("Anmeldung von einem neuen Gerät oder Passwort geändert")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Eigene Benachrichtigungen einrichten" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Anmelden" })).toHaveAttribute("href", "/login");
  });

  test("a signed-in user reads their rules and the security events in German", async () => {
    await loadLanguage("de");
    activate("de", "UTC");
    signedInApi([LARGE_TRANSFERS]);
    const { user } = renderWithApp(<AlertsPage />);

    const rule = within(await screen.findByTestId("alert-rule"));
    expect(rule.getByText("Ausgehende Transaktionen ab 1.000,00 USD")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Neue Benachrichtigungsregel" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Neue Benachrichtigungsregel" }));
    await user.click(dialog.getByRole("radio", { name: "Sicherheit" }));
    expect(dialog.getByRole("checkbox", { name: "Anmeldung von einem neuen Gerät" })).toBeVisible();
    expect(
      dialog.getByRole("checkbox", { name: "3 oder mehr falsche Anmeldecodes innerhalb einer Stunde" }),
    ).toBeVisible();
  });
});
