import { describe, expect, it } from "vitest";
import { formatIbanForDisplay } from "./iban-display.ts";

describe("formatIbanForDisplay", () => {
  it("prints an electronic IBAN in groups of four, the last group shorter", () => {
    expect(formatIbanForDisplay("DE89370400440532013000")).toBe("DE89 3704 0044 0532 0130 00");
  });

  it("prints the shortest registry IBANs (15 and 16 characters) with no trailing space", () => {
    expect(formatIbanForDisplay("NO9386011117947")).toBe("NO93 8601 1117 947");
    expect(formatIbanForDisplay("BE68539007547034")).toBe("BE68 5390 0754 7034");
  });

  it("keeps the letters of a BBAN where the registry puts them", () => {
    expect(formatIbanForDisplay("GB29NWBK60161331926819")).toBe("GB29 NWBK 6016 1331 9268 19");
  });

  it("leaves a national account number as stored", () => {
    expect(formatIbanForDisplay("000123456789")).toBe("000123456789");
  });

  it("leaves text that is not in the stored form as it is", () => {
    expect(formatIbanForDisplay("DE89 3704 0044 0532 0130 00")).toBe("DE89 3704 0044 0532 0130 00");
    expect(formatIbanForDisplay("de89370400440532013000")).toBe("de89370400440532013000");
    expect(formatIbanForDisplay("")).toBe("");
  });
});
