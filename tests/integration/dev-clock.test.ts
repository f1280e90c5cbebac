// The development clock survives a restart (issue 24): an end-to-end run that moved the business
// clock forward and then restarted Ferry used to see the clock back at today, so a day already
// settled showed as the next payout.
import { afterAll, beforeAll, expect, test } from "vitest";
import { buildApp, type FerryApp } from "../../apps/server/src/app.ts";
import type { Clock } from "../../apps/server/src/clock.ts";
import { type DatabaseHandle, openDatabase } from "../../apps/server/src/db/database.ts";
import { createIsolatedDatabase, testConfig } from "./helpers.ts";

/** A fixed base clock, so the expected instants are exact. */
const baseClock: Clock = { now: () => new Date("2032-03-10T12:00:00.000Z") };

let databaseUrl: string;
const opened: { database: DatabaseHandle; ferry: FerryApp }[] = [];

beforeAll(async () => {
  databaseUrl = await createIsolatedDatabase("dev_clock");
});

afterAll(async () => {
  for (const { database, ferry } of opened) {
    await ferry.app.close();
    await database.close();
  }
});

/** Starts Ferry on the isolated database, as main.ts does (keeping the clock's offset) unless told not to. */
async function start(keepsDevClockOffset = true): Promise<FerryApp> {
  const database = openDatabase(databaseUrl, 2);
  const ferry = await buildApp({
    config: testConfig(),
    db: database.db,
    pool: database.pool,
    clock: baseClock,
    keepsDevClockOffset,
  });
  opened.push({ database, ferry });
  return ferry;
}

async function readClock(ferry: FerryApp): Promise<{ now: string; offsetDays: number }> {
  const response = await ferry.app.inject({ method: "GET", url: "/dev/clock", remoteAddress: "127.0.0.1" });
  expect(response.statusCode).toBe(200);
  return response.json();
}

test("a restarted server keeps the days the development clock was moved", async () => {
  const first = await start();
  for (const advanceDays of [2, 1]) {
    const moved = await first.app.inject({
      method: "POST",
      url: "/dev/clock",
      remoteAddress: "127.0.0.1",
      payload: { advanceDays },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  expect(await readClock(first)).toMatchObject({ offsetDays: 3, now: "2032-03-13T12:00:00.000Z" });

  const restarted = await start();

  expect(await readClock(restarted)).toMatchObject({ offsetDays: 3, now: "2032-03-13T12:00:00.000Z" });
});

test("a test app that does not keep the offset starts at its base clock", async () => {
  const unkept = await start(false);

  expect(await readClock(unkept)).toMatchObject({ offsetDays: 0, now: "2032-03-10T12:00:00.000Z" });
});
