import { describe, expect, it } from "vitest";
import { PUBLIC_PAGES } from "../apps/web/src/marketing/static-pages.ts";
import { runAxe, violationLinesOf } from "./axe.ts";
import { DESKTOP, PHONE, saveScreenshot, useBrowser, useSharedPage, waitUntilSettled, withPage } from "./support.ts";

const browserOf = useBrowser();

/** The words of the card a page without content shows; no public page may show it. */
const PLACEHOLDER_HEADING = "The full page is on its way";

/** A screenshot name from a path: "/use-cases/property" → "use-cases-property", "/" → "home". */
function nameOf(path: string): string {
  return path === "/" ? "home" : path.slice(1).replaceAll("/", "-");
}

/**
 * axe runs here at phone width only: accessibility.e2e.test.ts scans every public route of the table
 * at desktop width (as a visitor), so a second desktop scan here would only repeat it.
 */
const VIEWPORTS = [
  ["desktop", DESKTOP, { scansWithAxe: false }],
  ["phone", PHONE, { scansWithAxe: true }],
] as const;

describe.each(VIEWPORTS)("the public marketing pages at %s width", (viewportName, viewport, { scansWithAxe }) => {
  // A visitor reading one page after another: each test loads its page afresh in the same browser tab.
  const onSharedPage = useSharedPage(browserOf, viewport);
  for (const entry of PUBLIC_PAGES) {
    const name = `page-${nameOf(entry.path)}-${viewportName}`;
    it(`${entry.path}: its title, description and canonical link, one h1, nothing wider than the screen,${scansWithAxe ? " axe passes," : ""} no console error`, async () => {
      await onSharedPage(name, async (page) => {
        await page.goto(entry.path);
        await page.locator("h1").first().waitFor();
        await waitUntilSettled(page);

        expect(await page.locator("h1").count()).toBe(1);
        // Nothing spills sideways out of the page at this width.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, "pixels wider than the screen").toBeLessThanOrEqual(0);
        expect(await page.title()).toBe(`${entry.title} · Ferry`);
        expect(await page.getByText(PLACEHOLDER_HEADING).count()).toBe(0);
        // One canonical link: the page's script adopts the pre-rendered one rather than adding a second.
        expect(await page.locator('link[rel="canonical"]').count()).toBe(1);
        const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
        expect(canonical).toBe(new URL(entry.path, page.url()).href);
        // React appends the page's own description after index.html's general one.
        const description = await page.locator('meta[name="description"]').last().getAttribute("content");
        expect(description).toBe(entry.description);
        if (scansWithAxe) {
          expect(violationLinesOf(await runAxe(page)), "axe (WCAG 2.1 A and AA)").toEqual([]);
        }
        await saveScreenshot(page, name);
      });
    });
  }
});

describe("the public marketing pages' links", () => {
  it("a link to a section of another page lands on that section", async () => {
    await withPage(browserOf(), "marketing-section-link", async (page) => {
      await page.goto("/support/dedicated");
      await page.getByRole("link", { name: "Ask about Premium" }).click();
      await page.waitForURL("**/support#contact");
      await expect
        .poll(() =>
          page.getByRole("heading", { name: "Can't find your answer?" }).evaluate((heading) => {
            const { top } = heading.getBoundingClientRect();
            return top >= 0 && top < window.innerHeight;
          }),
        )
        .toBe(true);
    });
  });

  it("a support FAQ opens by keyboard, and the legal contents link to their clauses", async () => {
    await withPage(browserOf(), "marketing-disclosures", async (page) => {
      await page.goto("/support");
      const question = page.getByText("Why do I need a code to confirm a transfer?");
      await question.focus();
      await page.keyboard.press("Enter");
      await page.getByText(/works only for that recipient, amount and currency/).waitFor();

      await page.goto("/privacy");
      await page
        .getByRole("navigation", { name: "Contents" })
        .getByRole("link", { name: /Your rights/ })
        .click();
      await expect.poll(() => page.evaluate(() => window.location.hash)).toBe("#privacy-rights");
      await page.getByRole("heading", { name: /Your rights/ }).waitFor();
    });
  });
});

describe("motion", () => {
  it("a system that asks for less motion gets none: every transition and animation ends at once", async () => {
    await withPage(browserOf(), "marketing-reduced-motion", async (page) => {
      await page.goto("/");
      await page.locator("h1").waitFor();
      // Elements whose transition or animation lasts longer than a millisecond, as computed now.
      const movingElements = () =>
        page.evaluate(() => {
          const longestSeconds = (list: string) =>
            Math.max(
              ...list.split(",").map((value) => Number.parseFloat(value) * (value.trim().endsWith("ms") ? 0.001 : 1)),
            );
          return [...document.querySelectorAll("*")].filter((element) => {
            const style = getComputedStyle(element);
            const isAnimated = style.animationName !== "none" && longestSeconds(style.animationDuration) > 0.001;
            return longestSeconds(style.transitionDuration) > 0.001 || isAnimated;
          }).length;
        });
      expect(await movingElements(), "elements that move with no preference").toBeGreaterThan(0);
      await page.emulateMedia({ reducedMotion: "reduce" });
      expect(await movingElements(), "elements that move when less motion is asked for").toBe(0);
    });
  });
});
