import { describe, expect, test } from "vitest";
import { decodeCursor } from "./cursor.ts";
import { paginate, rowsToRead } from "./page.ts";

const ID = "0b6f0a8e-3c5e-4f0e-9a57-6f1d2b3c4d5e";

function rows(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    id: ID,
    cursorAt: `2026-05-01T12:34:56.00000${index}Z`,
    title: `row ${index}`,
  }));
}

const cursorOf = (row: { id: string; cursorAt: string }) => ({ createdAt: row.cursorAt, id: row.id });
const titleOf = (row: { title: string }) => row.title;

describe("paginate", () => {
  test("reads one row past the page", () => {
    expect(rowsToRead(20)).toBe(21);
  });

  test("a page followed by another row gives the cursor of its last item", () => {
    const page = paginate(rows(3), 2, cursorOf, titleOf);

    expect(page.items).toEqual(["row 0", "row 1"]);
    expect(decodeCursor(page.nextCursor ?? undefined)).toEqual({ createdAt: "2026-05-01T12:34:56.000001Z", id: ID });
  });

  test("a page that is exactly full and last has no next cursor", () => {
    expect(paginate(rows(2), 2, cursorOf, titleOf)).toEqual({ items: ["row 0", "row 1"], nextCursor: null });
  });

  test("a short page and an empty one have no next cursor", () => {
    expect(paginate(rows(1), 2, cursorOf, titleOf)).toEqual({ items: ["row 0"], nextCursor: null });
    expect(paginate(rows(0), 2, cursorOf, titleOf)).toEqual({ items: [], nextCursor: null });
  });
});
