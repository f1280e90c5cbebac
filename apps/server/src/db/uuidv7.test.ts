import { describe, expect, test } from "vitest";
import { uuidv7 } from "./uuidv7.ts";

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("uuidv7", () => {
  test("is a version-7 UUID of the RFC's variant that begins with the time in milliseconds", () => {
    const at = Date.UTC(2026, 10, 29, 15, 0, 0, 123);
    const id = uuidv7(at);
    expect(id).toMatch(UUID_V7);
    expect(Number.parseInt(id.replaceAll("-", "").slice(0, 12), 16)).toBe(at);
  });

  test("sorts by time, and ids of the same millisecond differ", () => {
    const earlier = uuidv7(1_000);
    const later = uuidv7(1_001);
    expect(earlier < later).toBe(true);
    const same = new Set(Array.from({ length: 1_000 }, () => uuidv7(5_000)));
    expect(same.size).toBe(1_000);
  });
});
