import { describe, expect, test } from "vitest";
import { TransferStatus } from "./contracts/transfers.ts";
import {
  isReopening,
  ledgerEffectOf,
  ledgerStateOf,
  statusesWithLedgerState,
  type TransferLedgerEffect,
  type TransferLedgerState,
} from "./transfer-status.ts";

const STATUSES = TransferStatus.options;

/** A transfer's money as two counts: how much is held on the sender's wallet, and how much has moved. */
interface MoneyModel {
  readonly held: number;
  readonly moved: number;
}

const MODEL_OF: Record<TransferLedgerState, MoneyModel> = {
  reserved: { held: 1, moved: 0 },
  posted: { held: 0, moved: 1 },
  released: { held: 0, moved: 0 },
};

/** What each ledger effect does to the money, written independently of the table under test. */
function applyEffect(money: MoneyModel, effect: TransferLedgerEffect): MoneyModel {
  const change: Record<TransferLedgerEffect, MoneyModel> = {
    none: { held: 0, moved: 0 },
    post: { held: -1, moved: 1 },
    void: { held: -1, moved: 0 },
    refund: { held: 0, moved: -1 },
    refund_and_reserve: { held: 1, moved: -1 },
    reserve_again: { held: 1, moved: 0 },
    post_again: { held: 0, moved: 1 },
  };
  return { held: money.held + change[effect].held, moved: money.moved + change[effect].moved };
}

describe("transfer status table", () => {
  test.each([
    ["pending", "reserved"],
    ["processed", "reserved"],
    ["sent", "posted"],
    ["failed", "released"],
    ["cancelled", "released"],
  ] as const)("a %s transfer's money is %s", (status, state) => {
    expect(ledgerStateOf(status)).toBe(state);
  });

  test("lists the statuses that gave the money back", () => {
    expect(statusesWithLedgerState("released")).toEqual(["failed", "cancelled"]);
    expect(statusesWithLedgerState("reserved")).toEqual(["pending", "processed"]);
    expect(statusesWithLedgerState("posted")).toEqual(["sent"]);
  });

  test.each(STATUSES.flatMap((from) => STATUSES.map((to) => [from, to] as const)))(
    "from %s to %s, the ledger effect leaves the money exactly where the new status says",
    (from, to) => {
      const before = MODEL_OF[ledgerStateOf(from)];
      const after = applyEffect(before, ledgerEffectOf(from, to));
      expect(after).toEqual(MODEL_OF[ledgerStateOf(to)]);
      // Money is never held twice, moved twice, or both held and moved.
      expect(after.held + after.moved).toBeLessThanOrEqual(1);
      expect(Math.min(after.held, after.moved)).toBeGreaterThanOrEqual(0);
    },
  );

  test.each([
    ["pending", "processed", "none"],
    ["pending", "sent", "post"],
    ["processed", "cancelled", "void"],
    ["sent", "failed", "refund"],
    ["sent", "pending", "refund_and_reserve"],
    ["failed", "pending", "reserve_again"],
    ["cancelled", "sent", "post_again"],
    ["failed", "cancelled", "none"],
  ] as const)("from %s to %s is %s", (from, to, effect) => {
    expect(ledgerEffectOf(from, to)).toBe(effect);
  });

  test("setting the current status again does nothing to the money", () => {
    for (const status of STATUSES) {
      expect(ledgerEffectOf(status, status)).toBe("none");
    }
  });

  test("reopening is taking money that was given back and holding or moving it again", () => {
    expect(isReopening("failed", "pending")).toBe(true);
    expect(isReopening("cancelled", "sent")).toBe(true);
    expect(isReopening("failed", "cancelled")).toBe(false);
    expect(isReopening("sent", "pending")).toBe(false);
    expect(isReopening("pending", "failed")).toBe(false);
  });
});
