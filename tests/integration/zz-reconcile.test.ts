// Runs after the whole integration suite, alone (the `reconcile` project in vitest.config.ts): every
// test above moved money on one shared database, so the ledger's global invariants are checked here,
// once nothing else is writing.
import { CURRENCY_CODES } from "@ferry/core/currencies";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { reconcileLedger } from "../../apps/server/src/modules/ledger/reconcile.ts";
import { buildTestApp, createSessionUser, send, type TestApp } from "./helpers.ts";

let ferry: TestApp;

beforeAll(async () => {
  ferry = await buildTestApp();
});

afterAll(async () => {
  await ferry?.close();
});

describe("ledger reconciliation after the integration suite", () => {
  test("every currency sums to zero, no account is overdrawn, and every balance agrees with its transfers", async () => {
    const report = await reconcileLedger(ferry.db);

    expect(report.violations).toEqual([]);
    expect(report.sums).toEqual(Object.fromEntries(CURRENCY_CODES.map((currency) => [currency, "0"])));
  });

  test("the admin reconciliation endpoint reports the same clean ledger", async () => {
    const admin = await createSessionUser(ferry, { label: "reconcile-admin", isAdmin: true });

    const response = await send(ferry.app, {
      method: "GET",
      url: "/api/v1/admin/ledger/reconciliation",
      ip: admin.ip,
      cookie: admin.cookie,
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ violations: [] });
    expect(Object.values(response.json().sums)).toEqual(CURRENCY_CODES.map(() => "0"));
  });
});
