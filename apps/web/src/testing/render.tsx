import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type * as React from "react";
import { MemoryRouter } from "react-router";
import { Toaster } from "sonner";
import { vi } from "vitest";

/** One answer of the fake API: its status, JSON body and any headers beside the content type. */
export interface FakeResponse {
  readonly status?: number;
  readonly body: unknown;
  readonly headers?: Record<string, string>;
}

/** A request the component made, as the fake API saw it. */
export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  /** The query string's parameters. */
  readonly query: Record<string, string>;
  readonly headers: Record<string, string>;
  readonly body: unknown;
}

/**
 * Replaces `fetch` with an API that answers by "METHOD /path" (the query string ignored) and records
 * every request (header names in lower case, as HTTP has them). An unknown route answers 404, so a
 * test sees what the component asked for.
 */
export function fakeApi(routes: Record<string, (request: SeenRequest) => FakeResponse>): SeenRequest[] {
  const seen: SeenRequest[] = [];
  vi.stubGlobal("fetch", async (input: Request) => {
    const method = input.method;
    const url = new URL(input.url);
    const path = url.pathname;
    const headers = Object.fromEntries(input.headers);
    const text = await input.text();
    const request = {
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      headers,
      body: text ? JSON.parse(text) : undefined,
    };
    seen.push(request);
    const route = routes[`${method} ${path}`];
    const answer: FakeResponse = route
      ? route(request)
      : { status: 404, body: { error: { code: "not_found", message: "Not found" } } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { "content-type": "application/json", ...answer.headers },
    });
  });
  return seen;
}

/**
 * Renders a component as the app does — a query client (no retries, so a failure shows at once), a
 * router (at `url`) and the toaster — and returns a user to act with, plus the client to seed data into.
 */
export function renderWithApp(ui: React.ReactElement, seed?: (client: QueryClient) => void, url = "/") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  seed?.(client);
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        {ui}
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, user, client };
}

/** Makes `useMediaQuery` see a wide screen (`isWide`: every min-width query matches) or a narrow one. */
export function stubScreenWidth(isWide: boolean): void {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: isWide,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}
