import { AdvanceClockRequest, DevClock } from "@ferry/core/contracts/dev-clock";
import { toDecimalString } from "@ferry/core/money";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { OffsetClock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { readOperatorSetting, writeOperatorSetting } from "../../db/operator-settings.ts";
import { requireLoopbackClient } from "../../http/loopback.ts";
import { DAILY_RETURNS_JOB } from "../../jobs/daily-returns.ts";
import type { ReturnsRun } from "../../modules/investments/returns.ts";

/** Where the clock's offset outlives the process: the database, under one operator setting. */
export interface DevClockOffsetStore {
  read(): Promise<number>;
  write(offsetDays: number): Promise<void>;
}

const OFFSET_SETTING = "dev_clock_offset_days";

/** The offset kept in `operator_settings`; 0 when none was ever stored. */
export function devClockOffsetStore(db: Database): DevClockOffsetStore {
  return {
    async read() {
      const stored = Number(await readOperatorSetting(db, OFFSET_SETTING));
      return Number.isInteger(stored) && stored > 0 ? stored : 0;
    },
    write: (offsetDays) => writeOperatorSetting(db, OFFSET_SETTING, String(offsetDays)),
  };
}

export interface DevClockOptions {
  readonly clock: OffsetClock;
  /** Where each move is kept so that it survives a restart; null keeps it in this process only. */
  readonly store: DevClockOffsetStore | null;
}

/**
 * The development and test clock: `GET /dev/clock` reads the business clock, `POST /dev/clock` moves
 * it forward by whole days and runs the daily returns at once, so an end-to-end test can "advance a
 * day". Registered only outside production (`isDevClockEnabled`), from this machine only, and left
 * out of the OpenAPI document, as the development mailbox is. Needs the `jobs` plugin first.
 */
const devClock: FastifyPluginAsync<DevClockOptions> = async (app, options) => {
  const { clock } = options;
  let savedOffset: Promise<void> = Promise.resolve();
  const onRequest = requireLoopbackClient("The development clock");
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const read = (returns: ReturnsRun | null): DevClock => ({
    now: clock.now().toISOString(),
    offsetDays: clock.offsetDays,
    returns: returns
      ? {
          throughDay: returns.throughDay,
          daysPaid: returns.daysPaid,
          paid: toDecimalString(returns.paidMinor, "USD"),
          daysShort: returns.daysShort,
        }
      : null,
  });

  typed.get("/dev/clock", { onRequest, schema: { hide: true, response: { 200: DevClock } } }, async () => read(null));
  typed.post(
    "/dev/clock",
    { onRequest, schema: { hide: true, body: AdvanceClockRequest, response: { 200: DevClock } } },
    async (request) => {
      clock.advanceDays(request.body.advanceDays);
      // One write after another, each of the offset as it is then, so the last stored is the furthest.
      const saved = savedOffset.then(() => options.store?.write(clock.offsetDays));
      savedOffset = saved.catch(() => {});
      await saved;
      const returns = (await app.jobs.runNow(DAILY_RETURNS_JOB)) as ReturnsRun;
      return read(returns);
    },
  );
};

export default devClock;
