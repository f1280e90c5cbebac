/*
 * Issue 29: numbers, money and dates reach people only through the one formatting module (core's
 * i18n/format.ts, read through `format()`, i18n/format.ts and lib/format-date-time.ts), so the person's
 * language and time zone apply everywhere. A page that calls `toLocaleString` or builds its own `Intl`
 * formatter would show the browser's locale and zone instead: this test names it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const webSource = path.join(import.meta.dirname, "..");
const ALLOWED = new Set([path.join("i18n", "i18n.tsx")]);
const FORBIDDEN =
  /\.toLocale(?:Date|Time)?String\(|\bnew Intl\.|\bIntl\.(?:NumberFormat|DateTimeFormat|RelativeTimeFormat|DisplayNames|PluralRules)\b/;

function sourcesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const file = path.join(directory, entry);
    if (statSync(file).isDirectory()) {
      return sourcesUnder(file);
    }
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) && !entry.endsWith(".d.ts") ? [file] : [];
  });
}

describe("formatting", () => {
  it("no web source formats numbers or dates itself", () => {
    const offenders = sourcesUnder(webSource)
      .filter((file) => !ALLOWED.has(path.relative(webSource, file)))
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .map((line, index) => ({ line, number: index + 1 }))
          .filter(({ line }) => FORBIDDEN.test(line))
          .map(({ line, number }) => `${path.relative(webSource, file)}:${number}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });
});
