import { BalancesResponse } from "@ferry/core/contracts/balances";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "../../db/database.ts";
import { acceptsApiScope, type Guards, viewerOf } from "../../http/guards.ts";
import { API_SCOPED_ERRORS, errorResponses, signedInOrApiScope } from "../../http/openapi.ts";
import { getBalances } from "./service.ts";

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
