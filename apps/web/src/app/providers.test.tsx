import { useQuery } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { api, dataOf } from "../lib/api.ts";
import { useMe } from "../lib/queries/session.ts";
import { fakeApi } from "../testing/render.tsx";
import { Providers } from "./providers.tsx";

/** Who the app thinks is signed in, and a page's own call that the server may refuse. */
function SignedInPage() {
  const me = useMe();
  // The page's next request, once it is open as a signed-in page.
  const balances = useQuery({
    queryKey: ["balances"],
    queryFn: () => dataOf(api.GET("/api/v1/balances")),
    enabled: me.data !== undefined && me.data !== null,
  });
  if (me.isPending) {
    return null;
  }
  return (
    <>
      <p>{me.data ? `Signed in as ${me.data.email}` : "Signed out"}</p>
      {balances.isError ? <p>Balances refused</p> : null}
    </>
  );
}

describe("the app's session", () => {
  test("ends on a 401 from any call, as when the user was banned, so the sign-in guard takes over", async () => {
    fakeApi({
      "GET /api/v1/me": () => ({
        body: {
          userId: "user-dana",
          email: "dana@example.com",
          firstName: "Dana",
          lastName: "Demo",
          phone: "",
          address: "",
          city: "",
          country: "",
          postalCode: "",
          emailVerified: true,
          kycStatus: "pending",
          status: "active",
          accountType: "personal",
          role: "user",
          createdAt: "2026-03-01T10:00:00.000Z",
        },
      }),
      "GET /api/v1/balances": () => ({
        status: 401,
        body: { error: { code: "unauthenticated", message: "Sign in to continue" } },
      }),
    });
    render(
      <Providers>
        <SignedInPage />
      </Providers>,
    );
    expect(await screen.findByText("Signed out")).toBeVisible();
    expect(screen.getByText("Balances refused")).toBeVisible();
  });
});
