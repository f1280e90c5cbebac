// The batch's ledger call (`applyNewLegsAtCommit`, decision 055): legs written without reading anything
// back, all answered with the COMMIT. Every check the ledger makes on locked rows elsewhere is the
// database's here, and any of them failing fails the whole transaction, leaving nothing behind.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "../../apps/server/src/db/database.ts";
import { applyNewLegsAtCommit, type TransferLeg } from "../../apps/server/src/modules/ledger/service.ts";
import { recordLiveEventsAtEnd } from "../../apps/server/src/modules/live/service.ts";
import { buildTestApp, fundWallet, insertBareUsers, readWallet, type TestApp } from "./helpers.ts";

let ferry: TestApp;

beforeAll(async () => {
  ferry = await buildTestApp();
});

afterAll(async () => {
  await ferry?.close();
});

/** Two users: a payer holding 10.00 USD and a payee holding 1.00 USD and 1.00 EUR. */
async function twoWallets() {
  const [payer, payee] = await insertBareUsers(ferry.db, 2, "at-commit");
  if (!payer || !payee) {
    throw new Error("no users");
  }
  const payerUsd = await fundWallet(ferry.db, payer.userId, "USD", 10_00n);
  const payeeUsd = await fundWallet(ferry.db, payee.userId, "USD", 1_00n);
  const payeeEur = await fundWallet(ferry.db, payee.userId, "EUR", 1_00n);
  const owners = new Map([
    [payerUsd, payer.userId],
    [payeeUsd, payee.userId],
    [payeeEur, payee.userId],
  ]);
  return { payer, payee, payerUsd, payeeUsd, payeeEur, owners };
}

/** Applies `legs` in a transaction of their own, as a batch does: its live events sent with the COMMIT. */
function applyAtCommit(legs: TransferLeg[], owners: ReadonlyMap<string, string | null>): Promise<void> {
  return ferry.db
    .transaction()
    .execute((trx: Database) => recordLiveEventsAtEnd(trx, () => applyNewLegsAtCommit(trx, legs, owners)));
}

function leg(debit: string, credit: string, amountMinor: bigint, key = `at-commit:${randomUUID()}`): TransferLeg {
  return {
    transferKey: key,
    debitAccountId: debit,
    creditAccountId: credit,
    amountMinor,
    currency: "USD",
    kind: "p2p",
    state: "posted",
  };
}

describe("legs applied at commit", () => {
  test("move the money, once per account, and tell both owners their balance moved", async () => {
    const { payer, payee, payerUsd, payeeUsd, owners } = await twoWallets();
    const before = await ferry.db
      .selectFrom("live_events")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirstOrThrow();
    await applyAtCommit([leg(payerUsd, payeeUsd, 3_00n), leg(payerUsd, payeeUsd, 2_50n)], owners);
    expect(await readWallet(ferry.db, payer.userId, "USD")).toEqual({ balanceMinor: 4_50n, reservedMinor: 0n });
    expect(await readWallet(ferry.db, payee.userId, "USD")).toEqual({ balanceMinor: 6_50n, reservedMinor: 0n });
    const events = await ferry.db
      .selectFrom("live_events")
      .select(["user_id", "type", "payload"])
      .where("user_id", "in", [payer.userId, payee.userId])
      .where("id", ">", before.id ?? "0")
      .execute();
    expect(events.map((event) => [event.user_id, event.type, event.payload]).sort()).toEqual(
      [
        [payer.userId, "balance", { currencies: ["USD"] }],
        [payee.userId, "balance", { currencies: ["USD"] }],
      ].sort(),
    );
  });

  test("a pending leg reserves the amount instead of moving it", async () => {
    const { payer, payee, payerUsd, payeeUsd, owners } = await twoWallets();
    await applyAtCommit([{ ...leg(payerUsd, payeeUsd, 4_00n), state: "pending" }], owners);
    expect(await readWallet(ferry.db, payer.userId, "USD")).toEqual({ balanceMinor: 10_00n, reservedMinor: 4_00n });
    expect(await readWallet(ferry.db, payee.userId, "USD")).toEqual({ balanceMinor: 1_00n, reservedMinor: 0n });
  });

  test("an overdraft, a key used before or an account of another currency fails the COMMIT; nothing moves", async () => {
    const { payer, payee, payerUsd, payeeUsd, payeeEur, owners } = await twoWallets();
    const usedKey = `at-commit:${randomUUID()}`;
    await applyAtCommit([leg(payerUsd, payeeUsd, 1n, usedKey)], owners);
    const cases: { legs: TransferLeg[]; error: RegExp }[] = [
      { legs: [leg(payerUsd, payeeUsd, 5_00n), leg(payerUsd, payeeUsd, 6_00n)], error: /ledger_accounts_no_overdraft/ },
      { legs: [leg(payerUsd, payeeUsd, 1_00n), leg(payerUsd, payeeUsd, 1n, usedKey)], error: /transfer_key/ },
      { legs: [leg(payerUsd, payeeEur, 1_00n)], error: /Ledger invariant: account \d+ does not hold USD/ },
    ];
    for (const { legs, error } of cases) {
      await expect(applyAtCommit(legs, owners)).rejects.toThrow(error);
      expect(await readWallet(ferry.db, payer.userId, "USD")).toEqual({ balanceMinor: 9_99n, reservedMinor: 0n });
      expect(await readWallet(ferry.db, payee.userId, "USD")).toEqual({ balanceMinor: 1_01n, reservedMinor: 0n });
      expect(await readWallet(ferry.db, payee.userId, "EUR")).toEqual({ balanceMinor: 1_00n, reservedMinor: 0n });
    }
  });
});
