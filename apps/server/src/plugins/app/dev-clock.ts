import { AdvanceClockRequest, DevClock } from "@ferry/core/contracts/dev-clock";
import { toDecimalString } from "@ferry/core/money";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { OffsetClock } from "../../clock.ts";
import { requireLoopbackClient } from "../../http/loopback.ts";
import { DAILY_RETURNS_JOB } from "../../jobs/daily-returns.ts";
import type { ReturnsRun } from "../../modules/investments/returns.ts";

export interface DevClockOptions {
  readonly clock: OffsetClock;
}

/**
 * The development and test clock: `GET /dev/clock` reads the business clock, `POST /dev/clock` moves
 * it forward by whole days and runs the daily returns at once, so an end-to-end test can "advance a
 * day". Registered only outside production (`isDevClockEnabled`), from this machine only, and left
 * out of the OpenAPI document, as the development mailbox is. Needs the `jobs` plugin first.
 */
const devClock: FastifyPluginAsync<DevClockOptions> = async (app, options) => {
  const { clock } = options;
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
      const returns = (await app.jobs.runNow(DAILY_RETURNS_JOB)) as ReturnsRun;
      return read(returns);
    },
  );
};

export default devClock;
