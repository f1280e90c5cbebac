import { describe, expect, test } from "vitest";
import { CURRENCIES, FIAT_CURRENCIES } from "./currencies.ts";

describe("FIAT_CURRENCIES", () => {
  test("lists the currencies a bank account holds, in display order", () => {
    expect(FIAT_CURRENCIES).toEqual(["USD", "EUR", "GBP", "CAD", "AUD"]);
  });

  test("holds no crypto currency", () => {
    expect(FIAT_CURRENCIES.every((code) => CURRENCIES[code].kind === "fiat")).toBe(true);
  });
});
