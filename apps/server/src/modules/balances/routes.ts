import { BalancesResponse } from "@ferry/core/contracts/balances";
import { CURRENCY_CODES } from "@ferry/core/currencies";
import { toDecimalString } from "@ferry/core/money";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "../../db/database.ts";
import { type Guards, viewerOf } from "../auth/guards.ts";
import { readWalletBalances } from "../ledger/service.ts";

/** Balances per currency, read from the ledger: posted, reserved by pending transfers, and available. */
export function registerBalanceRoutes(app: FastifyInstance, deps: { db: Database; guards: Guards }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/v1/balances",
    {
      preValidation: deps.guards.requireUser,
      schema: { tags: ["balances"], summary: "The signed-in user's balances", response: { 200: BalancesResponse } },
    },
    async (request) => {
      const held = await readWalletBalances(deps.db, viewerOf(request).userId);
      return {
        balances: CURRENCY_CODES.map((currency) => {
          const account = held.find((balance) => balance.currency === currency);
          return {
            currency,
            balance: toDecimalString(account?.balanceMinor ?? 0n, currency),
            reserved: toDecimalString(account?.reservedMinor ?? 0n, currency),
            available: toDecimalString(account?.availableMinor ?? 0n, currency),
          };
        }),
      };
    },
  );
}
