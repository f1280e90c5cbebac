// modules/ledger/service.ts: accounts are locked in the order of their ids as numbers, whatever their
// lengths as text, without a BigInt made per comparison.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { byNumericId } from "./service.ts";

const byBigInt = (a: string, b: string) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0);

describe("ids in numeric order", () => {
  test("orders ids of every length as their numbers", () => {
    const id = fc.bigInt({ min: 1n, max: 2n ** 63n - 1n }).map((value) => value.toString());
    fc.assert(
      fc.property(fc.array(id, { maxLength: 60 }), (ids) => {
        expect([...ids].sort(byNumericId)).toEqual([...ids].sort(byBigInt));
      }),
      { numRuns: 400 },
    );
    expect(["100", "9", "99", "10"].sort(byNumericId)).toEqual(["9", "10", "99", "100"]);
    expect(byNumericId("42", "42")).toBe(0);
  });
});
