import { describe, it } from "vitest";
import { runAccessibilityTour } from "./accessibility-tour.ts";
import { useBrowser } from "./support.ts";

/*
 * The accessibility tour, each state scanned in the light and the dark theme (decision 046), against its
 * own Ferry in the second Vitest process, beside the other browser tests (decision 040): it signs up its
 * own customer, so it shares no account with them.
 */

const browserOf = useBrowser();

describe("accessibility", () => {
  it(
    "every route of core's table, as each role it fits, and every dialog pass axe (WCAG 2.0/2.1 A and AA) in the light and the dark theme; each dialog traps focus and gives it back",
    () => runAccessibilityTour(browserOf),
    // Beside the other browser tests; 400 s ran out once on a busy machine.
    600_000,
  );
});
