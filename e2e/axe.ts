import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, RunOptions } from "axe-core";
import type { Page } from "playwright-core";
import { expect } from "vitest";

const require = createRequire(import.meta.url);

/** The axe-core the project declares (package.json), the one copy every scan runs. */
export const DECLARED_AXE_VERSION: string = require("axe-core/package.json").version;

/** Its browser bundle, read once per test file and injected once per document. */
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** WCAG 2.0 and 2.1, levels A and AA (DESIGN.md: "its pages pass axe (WCAG 2.1 AA)"). */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

interface ScanOptions {
  /** A CSS selector axe leaves out (toasts fade in, and would be measured half transparent). */
  readonly exclude?: string;
  /** Only these rules (axe's ids), instead of every rule of WCAG_TAGS. */
  readonly rules?: readonly string[];
}

type AxeWindow = Window & {
  axe?: { version: string; run: (context: unknown, options: RunOptions) => Promise<AxeResults> };
};

/**
 * Runs axe-core on the page as it is now, against WCAG 2.0/2.1 A and AA, and returns its results
 * with violations only. The bundle is injected only when the document lacks it: the app changes
 * routes without reloading, so one injection serves a whole tour, and asking for violations alone
 * spares serialising every passing node (a scan costs half of what a fresh injection with every result costs).
 */
export async function runAxe(page: Page, options: ScanOptions = {}): Promise<AxeResults> {
  const hasAxe = await page.evaluate(() => (window as AxeWindow).axe !== undefined);
  if (!hasAxe) {
    await page.evaluate(AXE_SOURCE);
  }
  return page.evaluate(
    ({ tags, rules, exclude }) => {
      const axe = (window as AxeWindow).axe;
      if (!axe) {
        throw new Error("axe-core did not load into the page");
      }
      const context = exclude ? { include: [document], exclude: [exclude] } : document;
      const runOnly = rules ? { type: "rule" as const, values: rules } : { type: "tag" as const, values: tags };
      return axe.run(context, { runOnly, resultTypes: ["violations"] });
    },
    { tags: WCAG_TAGS, rules: options.rules ? [...options.rules] : undefined, exclude: options.exclude },
  );
}

/** Each violation as one line: the rule, what it asks, and the element. */
export function violationLinesOf(results: AxeResults): string[] {
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${violation.help} at ${node.target.join(" ")}`),
  );
}

/**
 * Runs axe on the page once its skeletons are gone, for states the tour of
 * e2e/accessibility.e2e.test.ts does not reach, and fails on any violation. Toasts fade in (they
 * would be measured half transparent) and are left out: that tour checks them.
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  await page.waitForFunction(() => document.querySelector(".animate-pulse") === null);
  const results = await runAxe(page, { exclude: "[data-sonner-toaster]" });
  expect(violationLinesOf(results), `axe on ${where}`).toEqual([]);
}
