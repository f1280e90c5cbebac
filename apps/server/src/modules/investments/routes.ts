import {
  AdminInvestmentList,
  AdminInvestmentListQuery,
  InvestmentAmountRequest,
  InvestmentOverview,
  YieldReserve,
} from "@ferry/core/contracts/investments";
import { IdempotencyKeyHeader } from "@ferry/core/contracts/transfers";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "../../db/database.ts";
import { requestAmountMinorOf } from "../../http/amount.ts";
import { type Guards, viewerOf } from "../../http/guards.ts";
import { ADMIN_ERRORS, errorResponses, SIGNED_IN, SIGNED_IN_ERRORS } from "../../http/openapi.ts";
import { auditActorOf } from "../audit/service.ts";
import {
  depositToInvestment,
  getInvestmentOverview,
  type InvestmentSettings,
  listAdminInvestments,
  topUpYieldReserve,
  withdrawFromInvestment,
} from "./service.ts";

/** What the investment routes need: the database, the guards, and the clock and rate of the returns. */
interface InvestmentRouteDeps {
  readonly db: Database;
  readonly guards: Guards;
  readonly settings: InvestmentSettings;
}

export function registerInvestmentRoutes(app: FastifyInstance, deps: InvestmentRouteDeps) {
  registerCustomerRoutes(app, deps);
  registerAdminRoutes(app, deps);
}

/** The customer's investment centre: read it, invest, withdraw. */
function registerCustomerRoutes(app: FastifyInstance, deps: InvestmentRouteDeps) {
  const { db, guards, settings } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    "/api/v1/investment",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["investments"],
        operationId: "getInvestment",
        security: SIGNED_IN,
        summary: "Your investment, the daily rate, projections and the last 10 investment transactions",
        response: { 200: InvestmentOverview, ...errorResponses(...SIGNED_IN_ERRORS) },
      },
    },
    async (request) => getInvestmentOverview(db, settings, viewerOf(request).userId),
  );

  const moves = [
    {
      url: "/api/v1/investment/deposits",
      operationId: "depositToInvestment",
      summary: "Invest USD from your wallet (idempotent: the same Idempotency-Key moves the money once)",
      body: InvestmentAmountRequest,
      run: depositToInvestment,
    },
    {
      url: "/api/v1/investment/withdrawals",
      operationId: "withdrawFromInvestment",
      summary: "Withdraw USD from your investment to your wallet (idempotent by Idempotency-Key)",
      body: InvestmentAmountRequest,
      run: withdrawFromInvestment,
    },
  ] as const;
  for (const move of moves) {
    typed.post(
      move.url,
      {
        preValidation: guards.requireUser,
        schema: {
          tags: ["investments"],
          operationId: move.operationId,
          security: SIGNED_IN,
          summary: move.summary,
          headers: IdempotencyKeyHeader,
          body: move.body,
          response: {
            200: InvestmentOverview,
            201: InvestmentOverview,
            ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed", "conflict", "insufficient_funds"),
          },
        },
      },
      async (request, reply) => {
        const { overview, isReplay } = await move.run(db, settings, {
          userId: viewerOf(request).userId,
          idempotencyKey: request.headers["idempotency-key"],
          amountMinor: requestAmountMinorOf(request.body, "USD"),
        });
        return reply.status(isReplay ? 200 : 201).send(overview);
      },
    );
  }
}

/** The admin's investment management and the yield reserve's top-up. */
function registerAdminRoutes(app: FastifyInstance, deps: InvestmentRouteDeps) {
  const { db, guards, settings } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    "/api/v1/admin/investments",
    {
      preValidation: guards.requireAdmin,
      schema: {
        tags: ["admin"],
        operationId: "listInvestments",
        security: SIGNED_IN,
        summary: "Investments newest first, searchable by the user's name or e-mail, with totals and the yield reserve",
        querystring: AdminInvestmentListQuery,
        response: { 200: AdminInvestmentList, ...errorResponses(...ADMIN_ERRORS, "validation_failed") },
      },
    },
    async (request) => listAdminInvestments(db, settings, request.query),
  );

  typed.post(
    "/api/v1/admin/yield-reserve/top-ups",
    {
      preValidation: guards.requireAdmin,
      schema: {
        tags: ["admin"],
        operationId: "topUpYieldReserve",
        security: SIGNED_IN,
        summary: "Move USD from the operator's bank account to the yield reserve (audited, idempotent)",
        headers: IdempotencyKeyHeader,
        body: InvestmentAmountRequest,
        response: {
          200: YieldReserve,
          201: YieldReserve,
          ...errorResponses(...ADMIN_ERRORS, "validation_failed", "conflict"),
        },
      },
    },
    async (request, reply) => {
      const { reserve, isReplay } = await topUpYieldReserve(db, settings, {
        actor: auditActorOf(request),
        idempotencyKey: request.headers["idempotency-key"],
        amountMinor: requestAmountMinorOf(request.body, "USD"),
      });
      return reply.status(isReplay ? 200 : 201).send(reserve);
    },
  );
}
