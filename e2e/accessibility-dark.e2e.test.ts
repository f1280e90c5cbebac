import { describe, it } from "vitest";
import { runAccessibilityTour } from "./accessibility-tour.ts";
import { useBrowser } from "./support.ts";

/*
 * The accessibility tour in the dark theme (decision 046), against its own Ferry in the second Vitest
 * process, beside the light tour (decision 040).
 */

const browserOf = useBrowser();

describe("accessibility in the dark theme", () => {
  it(
    "every route of core's table, as each role it fits, and every dialog pass axe (WCAG 2.0/2.1 A and AA) in the dark theme; each dialog traps focus and gives it back",
    () => runAccessibilityTour(browserOf, "dark"),
    300_000,
  );
});
