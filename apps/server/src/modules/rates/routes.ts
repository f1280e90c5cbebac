import { RateList, RatePair, RatePairParams, UpdateRateRequest } from "@ferry/core/contracts/rates";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import type { Guards } from "../../http/guards.ts";
import { ADMIN_ERRORS, errorResponses, PUBLIC, SIGNED_IN } from "../../http/openapi.ts";
import { auditActorOf } from "../audit/service.ts";
import { listRates, type RateProvider, setRate } from "./service.ts";

/**
 * What the rate routes need: the database, the guards, the rate source every price is read from, and
 * the business clock an edit is dated by.
 */
interface RateRouteDeps {
  readonly db: Database;
  readonly guards: Guards;
  readonly rateProvider: RateProvider;
  readonly clock: Clock;
}

/** The public list of pairs (the rates page, the exchange dialog) and the admin's edit of one pair. */
export function registerRateRoutes(app: FastifyInstance, deps: RateRouteDeps) {
  const { db, guards, rateProvider } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    "/api/v1/rates",
    {
      schema: {
        tags: ["rates"],
        operationId: "listRates",
        security: PUBLIC,
        summary: "Every currency pair with its exchange rate and fee (public)",
        response: { 200: RateList, ...errorResponses("unavailable") },
      },
    },
    async () => listRates(db, rateProvider),
  );

  typed.put(
    "/api/v1/admin/rates/:from/:to",
    {
      preValidation: guards.requireAdmin,
      schema: {
        tags: ["admin"],
        operationId: "setRate",
        security: SIGNED_IN,
        summary: "Set one pair's rate and fee (audited with the old and new values)",
        params: RatePairParams,
        body: UpdateRateRequest,
        response: { 200: RatePair, ...errorResponses(...ADMIN_ERRORS, "validation_failed", "not_found") },
      },
    },
    async (request) => setRate(db, auditActorOf(request), request.params, request.body, deps.clock.now()),
  );
}
