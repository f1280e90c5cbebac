import { describe, it } from "vitest";
import { sendMoneyByKeyboard } from "./accessibility-tour.ts";
import { useBrowser } from "./support.ts";

/* The keyboard-only transfer, as the demo customer: with the other browser tests that share the demo accounts. */

const browserOf = useBrowser();

describe("keyboard", () => {
  it("sends money to another Ferry user with the keyboard alone", () => sendMoneyByKeyboard(browserOf));
});
