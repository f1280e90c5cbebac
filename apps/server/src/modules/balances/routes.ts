import { BalancesResponse } from "@ferry/core/contracts/balances";
import { CURRENCY_CODES } from "@ferry/core/currencies";
import { toDecimalString } from "@ferry/core/money";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Guards } from "../auth/guards.ts";

/**
 * Balances per currency. Until the ledger exists no money can have moved, so every balance is
 * exactly zero; the ledger issue replaces this read with the ledger's accounts.
 */
export function registerBalanceRoutes(app: FastifyInstance, deps: { guards: Guards }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/v1/balances",
    {
      preHandler: deps.guards.requireUser,
      schema: { tags: ["balances"], summary: "The signed-in user's balances", response: { 200: BalancesResponse } },
    },
    async () => ({
      balances: CURRENCY_CODES.map((currency) => {
        const zero = toDecimalString(0n, currency);
        return { currency, balance: zero, reserved: zero, available: zero };
      }),
    }),
  );
}
