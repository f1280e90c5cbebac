import type { Me } from "@ferry/core/contracts/profile";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, test } from "vitest";
import { meQueryKey, useSignedInProfile } from "./session.ts";

function renderSignedIn(profile: Me | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(meQueryKey, profile);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, ...renderHook(() => useSignedInProfile(), { wrapper }) };
}

describe("the signed-in profile", () => {
  test("keeps the profile it had while signing out forgets it, until the guard leaves the page", () => {
    const profile = { userId: "user-1", email: "ada@example.com" } as unknown as Me;
    const { queryClient, result } = renderSignedIn(profile);
    expect(result.current).toBe(profile);
    act(() => {
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, null);
    });
    expect(result.current).toBe(profile);
  });

  test("is a mistake on a page that never had one", () => {
    expect(() => renderSignedIn(null)).toThrow("useSignedInProfile used outside the signed-in routes");
  });
});
