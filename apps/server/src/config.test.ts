import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { SETTING_NAMES } from "./config.ts";

const README = path.join(import.meta.dirname, "../../../README.md");

/** The variable names in the first column of the README's configuration table. */
function documentedSettings(): string[] {
  const text = readFileSync(README, "utf8");
  const section = text.slice(text.indexOf("## Configuration"), text.indexOf("## Deploy"));
  return [...section.matchAll(/^\| `([A-Z_]+)`\s*\|/gm)].map((match) => match[1]);
}

describe("the README's configuration table", () => {
  test("lists every setting the server reads, and nothing else", () => {
    expect(documentedSettings().sort()).toEqual([...SETTING_NAMES].sort());
  });

  test("lists each setting once", () => {
    const names = documentedSettings();
    expect(new Set(names).size).toBe(names.length);
  });
});
