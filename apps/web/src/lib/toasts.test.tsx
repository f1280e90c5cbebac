import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { renderWithApp } from "../testing/render.tsx";
import { toastError, toastSuccess } from "./toasts.ts";

describe("toasts", () => {
  test("a success takes away the failures still on screen (issue 30: no 'Login Failed' after signing in)", async () => {
    renderWithApp(<p>page</p>);
    act(() => toastError("Login Failed", "Invalid email or password"));
    expect(await screen.findByText("Login Failed")).toBeVisible();

    act(() => toastSuccess("Welcome back!"));
    expect(await screen.findByText("Welcome back!")).toBeVisible();
    await waitFor(() => expect(screen.queryByText("Login Failed")).toBeNull());
  });
});
