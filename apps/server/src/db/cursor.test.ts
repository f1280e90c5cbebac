import { describe, expect, test } from "vitest";
import { AppError } from "../errors.ts";
import { decodeCursor, encodeCursor } from "./cursor.ts";

const ID = "0b6f0a8e-3c5e-4f0e-9a57-6f1d2b3c4d5e";

function forged(createdAt: string, id = ID): string {
  return Buffer.from(`${createdAt}|${id}`, "utf8").toString("base64url");
}

function refusal(text: string): unknown {
  try {
    decodeCursor(text);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("decodeCursor", () => {
  test.each([
    ["PostgreSQL's microseconds", "2026-05-01T12:34:56.123456Z"],
    ["Date.toISOString's milliseconds", "2026-05-01T12:34:56.123Z"],
    ["whole seconds", "2026-05-01T12:34:56Z"],
    ["the first year", "0001-01-01T00:00:00Z"],
    ["a leap day", "2024-02-29T23:59:59.999999Z"],
  ])("reads back a cursor it issued, with %s", (_label, createdAt) => {
    expect(decodeCursor(encodeCursor({ createdAt, id: ID }))).toEqual({ createdAt, id: ID });
  });

  test("no cursor is the first page", () => {
    expect(decodeCursor(undefined)).toBeUndefined();
    expect(decodeCursor("")).toBeUndefined();
  });

  test.each([
    ["year 300000", forged("+300000-01-01T00:00:00Z")],
    ["a year before the common era", forged("-010000-01-01T00:00:00Z")],
    ["year zero", forged("0000-01-01T00:00:00Z")],
    ["February 31", forged("2026-02-31T00:00:00Z")],
    ["hour 24", forged("2026-01-01T24:00:00Z")],
    ["a leap second", forged("2026-12-31T23:59:60Z")],
    ["a date JavaScript reads loosely", forged("March 7, 2026")],
    ["a local time", forged("2026-01-01T00:00:00+02:00")],
    ["seven decimals of a second", forged("2026-01-01T00:00:00.1234567Z")],
    ["a NUL in the id", forged("2026-01-01T00:00:00Z", `${ID}\u0000`)],
    ["an id that is not a UUID", forged("2026-01-01T00:00:00Z", "1 OR 1=1")],
    ["a third part", forged("2026-01-01T00:00:00Z", `${ID}|x`)],
    ["base64 of junk", Buffer.from("\u0000\u0001junk", "utf8").toString("base64url")],
  ])("refuses %s with a 400 validation_failed", (_label, text) => {
    const error = refusal(text);

    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "validation_failed", status: 400, fields: { cursor: "Invalid cursor" } });
  });

  test("checks ids against the pattern it is given", () => {
    const cursor = forged("2026-01-01T00:00:00.000Z", "AbC123");

    expect(decodeCursor(cursor, /^[A-Za-z0-9]+$/)).toEqual({ createdAt: "2026-01-01T00:00:00.000Z", id: "AbC123" });
    expect(refusal(cursor)).toBeInstanceOf(AppError);
  });
});
