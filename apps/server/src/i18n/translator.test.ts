import { describe, expect, test } from "vitest";
import { readerFor } from "./translator.ts";

describe("readerFor", () => {
  test("gives one reader per language and time zone, each formatting in its own", () => {
    const moment = new Date(Date.UTC(2026, 10, 29, 23, 30));
    const utc = readerFor("en", "UTC");
    const tokyo = readerFor("en", "Asia/Tokyo");
    expect(readerFor("en", "UTC")).toBe(utc);
    expect(readerFor("en")).toBe(utc);
    expect(tokyo).not.toBe(utc);
    expect(utc.format.isoDate(moment)).toBe("2026-11-29");
    expect(tokyo.format.isoDate(moment)).toBe("2026-11-30");
    expect(readerFor("de", "UTC").language).toBe("de");
  });
});
