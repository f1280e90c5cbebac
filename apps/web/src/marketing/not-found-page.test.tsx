import { screen, waitFor } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { renderWithApp } from "../testing/render.tsx";
import { NotFoundPage } from "./not-found-page.tsx";

describe("the not-found page", () => {
  test("names itself in the browser's tab, not with the site's title (issue 30)", async () => {
    renderWithApp(<NotFoundPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
    await waitFor(() => expect(document.title).toBe("Oops! Page not found · Ferry"));
  });
});
