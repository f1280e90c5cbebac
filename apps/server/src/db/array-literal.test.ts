// db/array-literal.ts (issue 31): Ferry's array literal is node-postgres' own, character for character,
// for every array it takes, and it leaves every other array to node-postgres.
import { createRequire } from "node:module";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { arrayLiteralOf } from "./array-literal.ts";

// node-postgres' own conversion of a parameter, which it exports only from this file.
const { prepareValue } = createRequire(import.meta.url)("pg/lib/utils.js") as {
  prepareValue(value: unknown): unknown;
};

const AWKWARD = ['say "hi"', "back\\slash", '\\"', "a,b", "{braces}", "NULL", "", " spaced ", "Grüße 🙂", "\n\t"];

describe("an array literal", () => {
  test("is node-postgres' own for strings, numbers, bigints, booleans and nulls", () => {
    const arrays: unknown[][] = [
      [],
      AWKWARD,
      [...AWKWARD, null, undefined],
      [1, -2.5, 0, 12345678901234567890n, true, false, null],
      ["0197e6c0-7c1b-7000-8000-000000000001", "42", "1.50"],
    ];
    for (const values of arrays) {
      expect(arrayLiteralOf(values)).toBe(prepareValue(values));
    }
  });

  test("matches node-postgres for random strings of the characters that need escaping", () => {
    const character = fc.constantFrom('"', "\\", ",", "{", "}", " ", "a", "é", "N", "U", "L");
    fc.assert(
      fc.property(fc.array(fc.string({ unit: character, maxLength: 8 }), { minLength: 1, maxLength: 5 }), (values) => {
        expect(arrayLiteralOf(values)).toBe(prepareValue(values));
      }),
      { numRuns: 500 },
    );
  });

  test("leaves dates, objects, buffers and nested arrays to node-postgres", () => {
    for (const values of [[new Date()], [{ a: 1 }], [Buffer.from("x")], [["a"]]]) {
      expect(arrayLiteralOf(values)).toBeUndefined();
    }
  });
});
