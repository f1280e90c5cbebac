import { afterEach, beforeEach, expect, type MockInstance, vi } from "vitest";

// A test fails on an unexpected console.error (STYLE.md, Tests): an error the server only logged,
// for example from Better Auth's logger, would otherwise pass unnoticed.
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, "error");
});

afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  expect(calls, "unexpected console.error").toEqual([]);
});
