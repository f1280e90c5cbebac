import type { WebhookDelivery, WebhookEndpoint } from "@ferry/core/contracts/connect";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { activate, loadLanguage } from "../../i18n/i18n.tsx";
import { fakeApi, renderWithApp } from "../../testing/render.tsx";
import { WebhooksSection } from "./webhooks-section.tsx";

beforeEach(() => {
  // The event checkboxes (Radix) measure themselves; jsdom has no ResizeObserver.
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

const CREDENTIAL_ID = "0b6f3c2e-5a41-4c8e-9d7a-1e2f3a4b5c6d";
const SIGNING_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

const ENDPOINT: WebhookEndpoint = {
  id: "6a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  credentialId: CREDENTIAL_ID,
  url: "https://books.example/ferry",
  events: ["deposit.credited"],
  isEnabled: false,
  disabledReason: "The endpoint answered 410 Gone",
  secretLast4: "LaSw",
  createdAt: "2026-11-20T10:00:00.000Z",
};

const DELIVERY: WebhookDelivery = {
  id: "7b2e3d4c-5f6a-4b7c-9d8e-0f1a2b3c4d5e",
  messageId: "msg_2KWPBgLlAfxdpx2AI54pPJ85f4W",
  eventType: "deposit.credited",
  status: "succeeded",
  attempts: 1,
  responseStatus: 200,
  durationMs: 42,
  error: null,
  nextAttemptAt: null,
  createdAt: "2026-11-21T10:00:00.000Z",
};

function renderSection(endpoints: WebhookEndpoint[] = [], deliveries: WebhookDelivery[] = [DELIVERY]) {
  const onSecret = vi.fn();
  const requests = fakeApi({
    "GET /api/v1/webhook-endpoints": () => ({ body: { items: endpoints, nextCursor: null } }),
    "POST /api/v1/webhook-endpoints": (request) => ({
      status: 201,
      body: { ...ENDPOINT, ...(request.body as object), isEnabled: true, disabledReason: null, secret: SIGNING_SECRET },
    }),
    [`GET /api/v1/webhook-endpoints/${ENDPOINT.id}/deliveries`]: () => ({
      body: { items: deliveries, nextCursor: null },
    }),
    [`POST /api/v1/webhook-endpoints/${ENDPOINT.id}/deliveries/${DELIVERY.id}/resend`]: () => ({
      status: 202,
      body: { ...DELIVERY, status: "pending" },
    }),
  });
  const rendered = renderWithApp(
    <WebhooksSection credentialId={CREDENTIAL_ID} appName="Bookkeeping sync" onSecret={onSecret} />,
  );
  return { ...rendered, onSecret, requests };
}

describe("an app's webhooks", () => {
  test("refuses an address that is not http(s), then adds one and hands its secret on to be shown once", async () => {
    const { user, onSecret, requests } = renderSection();
    await user.click(await screen.findByRole("button", { name: "Add endpoint" }));
    const dialog = within(screen.getByRole("dialog", { name: "Add webhook endpoint" }));
    await user.type(dialog.getByLabelText("Endpoint URL"), "ftp://books.example/ferry");
    await user.click(dialog.getByRole("button", { name: "Add endpoint" }));
    expect(await dialog.findByText("Enter the https:// address of your endpoint")).toBeVisible();
    expect(requests.filter((request) => request.method === "POST")).toEqual([]);

    await user.clear(dialog.getByLabelText("Endpoint URL"));
    await user.type(dialog.getByLabelText("Endpoint URL"), "https://books.example/ferry");
    await user.click(dialog.getByRole("checkbox", { name: /transfer\.created/ }));
    await user.click(dialog.getByRole("button", { name: "Add endpoint" }));

    await vi.waitFor(() => expect(onSecret).toHaveBeenCalledWith(expect.objectContaining({ secret: SIGNING_SECRET })));
    const sent = requests.find((request) => request.method === "POST")?.body as { events: string[] };
    expect(sent).toMatchObject({ credentialId: CREDENTIAL_ID, url: "https://books.example/ferry" });
    expect(sent.events).not.toContain("transfer.created");
    expect(sent.events).toHaveLength(4);
  });

  test("shows why an endpoint is disabled, its delivery log, and resends a delivery", async () => {
    const { user, requests } = renderSection([ENDPOINT]);
    expect(await screen.findByText("The endpoint answered 410 Gone")).toBeVisible();
    expect(screen.getByText("Signing secret ending in ····LaSw")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Deliveries" }));

    const log = within(await screen.findByRole("list", { name: `Deliveries to ${ENDPOINT.url}` }));
    expect(log.getByText("deposit.credited")).toBeVisible();
    expect(log.getByText("Succeeded")).toBeVisible();
    expect(log.getByText("HTTP 200")).toBeVisible();
    expect(log.getByText("42 ms")).toBeVisible();
    await user.click(log.getByRole("button", { name: /^Resend deposit\.credited/ }));
    expect(await screen.findByText("Delivery queued again")).toBeVisible();
    expect(requests.some((request) => request.method === "POST" && request.path.endsWith("/resend"))).toBe(true);
  });
});

describe("an app's webhooks in German", () => {
  beforeEach(async () => {
    await loadLanguage("de");
    activate("de", "UTC");
  });
  afterEach(() => activate("en", "UTC"));

  test("names each delivery's status in German", async () => {
    const { user } = renderSection(
      [ENDPOINT],
      [
        DELIVERY,
        { ...DELIVERY, id: "8c3f4e5d-6a7b-4c8d-9e0f-1a2b3c4d5e6f", status: "retrying", responseStatus: 503 },
        { ...DELIVERY, id: "9d4a5f6e-7b8c-4d9e-8f0a-2b3c4d5e6f7a", status: "failed", responseStatus: 500 },
        { ...DELIVERY, id: "0e5b6a7f-8c9d-4e0f-9a1b-3c4d5e6f7a8b", status: "pending", responseStatus: null },
      ],
    );
    await user.click(await screen.findByRole("button", { name: "Zustellungen" }));

    const log = within(await screen.findByRole("list", { name: `Zustellungen an ${ENDPOINT.url}` }));
    expect(log.getByText("Erfolgreich")).toBeVisible();
    expect(log.getByText("Wird wiederholt")).toBeVisible();
    expect(log.getByText("Fehlgeschlagen")).toBeVisible();
    expect(log.getByText("Ausstehend")).toBeVisible();
  });
});
