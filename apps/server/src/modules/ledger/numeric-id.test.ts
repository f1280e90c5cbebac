// modules/ledger/service.ts: accounts are locked in the order of their ids as numbers, whatever their
// lengths as text, without a BigInt made per comparison.
import { describe, expect, test } from "vitest";
import { byNumericId } from "./service.ts";

describe("ids in numeric order", () => {
  test("orders ids of every length as their numbers", () => {
    let seed = 11n;
    const ids = Array.from({ length: 400 }, () => {
      seed = (seed * 6364136223846793005n + 1442695040888963407n) % 2n ** 63n;
      return (seed % 10n ** BigInt(1 + Number(seed % 19n))).toString();
    });
    ids.push("9", "10", "99", "100", "9223372036854775807");
    const expected = [...ids].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0));
    expect([...ids].sort(byNumericId)).toEqual(expected);
    expect(byNumericId("42", "42")).toBe(0);
  });
});
