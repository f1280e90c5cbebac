import { describe, it } from "vitest";
import { runAccessibilityTour, sendMoneyByKeyboard } from "./accessibility-tour.ts";
import { useBrowser } from "./support.ts";

/*
 * The accessibility tour in the light theme, and the keyboard-only transfer. The dark tour is its own
 * file (accessibility-dark.e2e.test.ts), run by the other Vitest process beside this one (decision 040).
 */

const browserOf = useBrowser();

describe("accessibility", () => {
  it(
    "every route of core's table, as each role it fits, and every dialog pass axe (WCAG 2.0/2.1 A and AA) in the light theme; each dialog traps focus and gives it back",
    () => runAccessibilityTour(browserOf, "light"),
    300_000,
  );

  it("sends money to another Ferry user with the keyboard alone", () => sendMoneyByKeyboard(browserOf));
});
