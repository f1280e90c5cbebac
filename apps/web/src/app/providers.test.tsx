import { THEME_COOKIE } from "@ferry/core/theme";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect, useState } from "react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { api, dataOf } from "../lib/api.ts";
import { useMe } from "../lib/queries/session.ts";
import { profileWithRole } from "../testing/help-fixtures.ts";
import { type FakeResponse, fakeApi } from "../testing/render.tsx";
import { Providers } from "./providers.tsx";
import { QueryProvider } from "./query-provider.tsx";

/**
 * Who the app thinks is signed in, and a page's next request, sent when "Next request" is pressed.
 * Unmounting clears the app's query client, which lives as long as the module, so tests start afresh.
 */
function SignedInPage() {
  const client = useQueryClient();
  useEffect(() => () => client.clear(), [client]);
  const me = useMe();
  const [isSent, setIsSent] = useState(false);
  const balances = useQuery({
    queryKey: ["balances"],
    queryFn: () => dataOf(api.GET("/api/v1/balances")),
    enabled: isSent,
  });
  if (me.isPending) {
    return null;
  }
  return (
    <>
      <p>{me.data ? `Signed in as ${me.data.email}` : "Signed out"}</p>
      <button type="button" onClick={() => setIsSent(true)}>
        Next request
      </button>
      {balances.isError ? <p>Balances refused</p> : null}
    </>
  );
}

const REFUSED: FakeResponse = {
  status: 401,
  body: { error: { code: "unauthenticated", message: "You must be logged in" } },
};

/** The page, signed in as Erika until `hasSessionEnded` says the server no longer knows her session. */
async function renderSignedIn(hasSessionEnded: () => boolean) {
  const requests = fakeApi({
    "GET /api/v1/me": () => (hasSessionEnded() ? REFUSED : { body: profileWithRole("user") }),
    "GET /api/v1/balances": () => REFUSED,
  });
  render(
    <Providers>
      <QueryProvider>
        <SignedInPage />
      </QueryProvider>
    </Providers>,
  );
  expect(await screen.findByText("Signed in as erika@example.com")).toBeVisible();
  return { requests, user: userEvent.setup() };
}

describe("the app's session", () => {
  test("ends when a call answers 401 and the session is gone, as when the user was banned", async () => {
    let isBanned = false;
    const { user } = await renderSignedIn(() => isBanned);
    isBanned = true;
    await user.click(screen.getByRole("button", { name: "Next request" }));
    // The request is refused; the session, read again, is gone: the sign-in guard takes over.
    expect(await screen.findByText("Signed out")).toBeVisible();
    expect(screen.getByText("Balances refused")).toBeVisible();
  });

  test("stays when a call answers 401 but the session is alive (a wrong code, a wrong password)", async () => {
    const { requests, user } = await renderSignedIn(() => false);
    await user.click(screen.getByRole("button", { name: "Next request" }));
    expect(await screen.findByText("Balances refused")).toBeVisible();
    // The session was read again, and is still there.
    await vi.waitFor(() => expect(requests.filter((request) => request.path === "/api/v1/me")).toHaveLength(2));
    expect(screen.getByText("Signed in as erika@example.com")).toBeVisible();
  });
});

describe("the saved theme", () => {
  afterEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test forgets the cookie the app wrote.
    document.cookie = `${THEME_COOKIE}=; path=/; max-age=0`;
    document.documentElement.classList.remove("dark");
    vi.unstubAllGlobals();
  });

  test("is applied once the session is read, and kept in the cookie for the next page load", async () => {
    const erika = profileWithRole("user");
    fakeApi({ "GET /api/v1/me": () => ({ body: { ...erika, preferences: { ...erika.preferences, theme: "dark" } } }) });
    render(
      <Providers>
        <QueryProvider>
          <SignedInPage />
        </QueryProvider>
      </Providers>,
    );
    expect(await screen.findByText("Signed in as erika@example.com")).toBeVisible();
    await vi.waitFor(() => expect(document.documentElement).toHaveClass("dark"));
    expect(document.cookie).toContain(`${THEME_COOKIE}=dark`);
  });
});
