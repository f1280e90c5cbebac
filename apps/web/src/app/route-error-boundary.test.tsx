import { render, screen } from "@testing-library/react";
import { describe, expect, test, vi } from "vitest";
import { RouteErrorBoundary } from "./route-error-boundary.tsx";

function FailingPage(): never {
  throw new Error("Failed to fetch dynamically imported module");
}

describe("a page that fails to render or to load its code", () => {
  test("shows a message and a way to load the page again instead of an empty screen", () => {
    // React reports the caught error on the console; it is the one this test throws.
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      render(
        <RouteErrorBoundary>
          <FailingPage />
        </RouteErrorBoundary>,
      );
    } finally {
      consoleError.mockRestore();
    }

    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("This page could not be shown");
    expect(screen.getByRole("alert")).toHaveTextContent(/load the page again/);
    expect(screen.getByRole("button", { name: "Reload the page" })).toBeVisible();
  });

  test("shows the page when nothing fails", () => {
    render(
      <RouteErrorBoundary>
        <p>The page</p>
      </RouteErrorBoundary>,
    );
    expect(screen.getByText("The page")).toBeVisible();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
