import { BalancesResponse, BalanceTotal, BalanceTotalQuery } from "@ferry/core/contracts/balances";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "../../db/database.ts";
import { acceptsApiScope, type Guards, viewerOf } from "../../http/guards.ts";
import {
  API_SCOPED_ERRORS,
  errorResponses,
  SIGNED_IN,
  SIGNED_IN_ERRORS,
  signedInOrApiScope,
} from "../../http/openapi.ts";
import type { RateProvider } from "../rates/service.ts";
import { getBalances, getBalanceTotal } from "./service.ts";

/** Balances per currency, read from the ledger: posted, reserved by pending transfers, and available. */
export function registerBalanceRoutes(app: FastifyInstance, deps: { db: Database; guards: Guards }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/v1/balances",
    {
      preValidation: deps.guards.requireUser,
      config: acceptsApiScope("balances:read"),
      schema: {
        tags: ["balances"],
        operationId: "getBalances",
        security: signedInOrApiScope("balances:read"),
        summary: "The signed-in user's balances",
        response: { 200: BalancesResponse, ...errorResponses(...API_SCOPED_ERRORS) },
      },
    },
    async (request) => getBalances(deps.db, viewerOf(request).userId),
  );
}

/**
 * The total of all the signed-in person's balances in a display currency, at Ferry's rates as they are
 * now, with the rates used (issue 29, decision 045): what the dashboard and /balance show.
 */
export function registerBalanceTotalRoute(
  app: FastifyInstance,
  deps: { db: Database; guards: Guards; rateProvider: RateProvider },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/v1/balances/total",
    {
      preValidation: deps.guards.requireUser,
      schema: {
        tags: ["balances"],
        operationId: "getBalanceTotal",
        security: SIGNED_IN,
        summary: "The total of the signed-in user's balances in a display currency, with the rates used",
        querystring: BalanceTotalQuery,
        response: { 200: BalanceTotal, ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed") },
      },
    },
    async (request) => getBalanceTotal(deps.db, deps.rateProvider, viewerOf(request).userId, request.query.currency),
  );
}
