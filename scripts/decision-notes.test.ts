// Every note in docs/decisions/ says whether it still holds and when it was written (STYLE.md "Habits"),
// so a newcomer can tell a replaced decision from a current one.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

const DECISIONS = path.resolve(import.meta.dirname, "..", "docs", "decisions");
const NOTES = readdirSync(DECISIONS).filter((name) => name.endsWith(".md"));

describe("docs/decisions", () => {
  test("holds notes", () => {
    expect(NOTES.length).toBeGreaterThan(0);
  });

  test.each(NOTES)("%s is named NNN-title.md and has its number in the title, a Status: and a Date: line", (name) => {
    const note = readFileSync(path.join(DECISIONS, name), "utf8");
    const number = /^(\d{3})-[a-z0-9-]+\.md$/.exec(name)?.[1];
    expect(number, "the file is named NNN-title.md").toBeDefined();
    expect(note.startsWith(`# ${number} — `), "the title starts with the note's number").toBe(true);
    expect(note, "a line starts with Status: (accepted, superseded by NNN…)").toMatch(/^Status: \S/m);
    expect(note, "a Date: YYYY-MM-DD line").toMatch(/(^|\s)Date: \d{4}-\d{2}-\d{2}\b/m);
  });
});
