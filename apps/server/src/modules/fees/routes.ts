import { FeeSchedule } from "@ferry/core/contracts/fees";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "../../config.ts";
import { PUBLIC } from "../../http/openapi.ts";
import { feeScheduleOf } from "./service.ts";

/** `GET /api/v1/fees`: the configured transfer fees and investment rate, for the public calculators (/tools). */
export function registerFeeRoutes(app: FastifyInstance, deps: { readonly config: Config }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Settings are read once at start, so the answer is the same for every request of this process.
  const schedule = feeScheduleOf(deps.config);

  typed.get(
    "/api/v1/fees",
    {
      schema: {
        tags: ["fees"],
        operationId: "getFeeSchedule",
        security: PUBLIC,
        summary: "The fee on each kind of transfer and the investment centre's daily rate (public)",
        response: { 200: FeeSchedule },
      },
    },
    async () => schedule,
  );
}
