import { BalancesResponse } from "@ferry/core/contracts/balances";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "../../db/database.ts";
import { type Guards, viewerOf } from "../../http/guards.ts";
import { errorResponses, SIGNED_IN, SIGNED_IN_ERRORS } from "../../http/openapi.ts";
import { getBalances } from "./service.ts";

/** Balances per currency, read from the ledger: posted, reserved by pending transfers, and available. */
export function registerBalanceRoutes(app: FastifyInstance, deps: { db: Database; guards: Guards }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/v1/balances",
    {
      preValidation: deps.guards.requireUser,
      schema: {
        tags: ["balances"],
        operationId: "getBalances",
        security: SIGNED_IN,
        summary: "The signed-in user's balances",
        response: { 200: BalancesResponse, ...errorResponses(...SIGNED_IN_ERRORS) },
      },
    },
    async (request) => getBalances(deps.db, viewerOf(request).userId),
  );
}
