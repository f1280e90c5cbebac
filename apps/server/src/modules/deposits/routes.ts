import {
  AdminDepositList,
  AdminDepositListQuery,
  Deposit,
  DepositIdParams,
  DepositInstructions,
  DepositList,
  DepositListQuery,
  ReportDepositRequest,
  ReviewDepositRequest,
  ReviewedDeposit,
} from "@ferry/core/contracts/deposits";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { type Guards, viewerOf } from "../../http/guards.ts";
import { ADMIN_ERRORS, errorResponses, SIGNED_IN, SIGNED_IN_ERRORS } from "../../http/openapi.ts";
import { enforceThrottle } from "../../http/throttle.ts";
import { auditActorOf } from "../audit/service.ts";
import type { DepositAccountKeys } from "./keys.ts";
import {
  getDepositInstructions,
  listOwnDeposits,
  listPendingDeposits,
  reportDeposit,
  reviewDeposit,
} from "./service.ts";
import { adminApprovalWatcher } from "./watcher.ts";

/** What the deposit routes need: the database, the settings, the guards and the operator's deposit keys. */
interface DepositRouteDeps {
  readonly db: Database;
  readonly config: Config;
  readonly guards: Guards;
  readonly keys: DepositAccountKeys;
}

/** How many deposits one user may report in an hour: each one notifies every admin. */
const DEPOSIT_REPORTS_PER_HOUR = 20;

export function registerDepositRoutes(app: FastifyInstance, deps: DepositRouteDeps) {
  registerCustomerDepositRoutes(app, deps);
  registerAdminDepositRoutes(app, deps);
}

/** A customer's deposits: where to send money, what they reported, and reporting one. */
function registerCustomerDepositRoutes(app: FastifyInstance, deps: DepositRouteDeps) {
  const { db, config, guards, keys } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/api/v1/deposits/instructions",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["deposits"],
        operationId: "getDepositInstructions",
        security: SIGNED_IN,
        summary: "Ferry's bank details with your reference, and your own crypto addresses",
        response: { 200: DepositInstructions, ...errorResponses(...SIGNED_IN_ERRORS) },
      },
    },
    async (request) => getDepositInstructions(db, config, keys, viewerOf(request).userId),
  );
  typed.get(
    "/api/v1/deposits",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["deposits"],
        operationId: "listDeposits",
        security: SIGNED_IN,
        summary: "Your deposits, newest first",
        querystring: DepositListQuery,
        response: { 200: DepositList, ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed") },
      },
    },
    async (request) => listOwnDeposits(db, viewerOf(request).userId, request.query),
  );
  typed.post(
    "/api/v1/deposits",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["deposits"],
        operationId: "reportDeposit",
        security: SIGNED_IN,
        summary: "Report a deposit you sent (an admin approves it)",
        body: ReportDepositRequest,
        response: { 201: Deposit, ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed", "rate_limited") },
      },
    },
    async (request, reply) => {
      const userId = viewerOf(request).userId;
      await enforceThrottle(db, [
        { key: `deposit-report:account:${userId}`, max: DEPOSIT_REPORTS_PER_HOUR, windowSeconds: 60 * 60 },
      ]);
      return reply.status(201).send(await reportDeposit(db, adminApprovalWatcher, userId, request.body));
    },
  );
}

/** The admin's queue of reported deposits, and the review that credits or rejects one. */
function registerAdminDepositRoutes(app: FastifyInstance, deps: DepositRouteDeps) {
  const { db, guards } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/api/v1/admin/deposits",
    {
      preValidation: guards.requireAdmin,
      schema: {
        tags: ["admin"],
        operationId: "listPendingDeposits",
        security: SIGNED_IN,
        summary: "Pending deposits, oldest first, with their count",
        querystring: AdminDepositListQuery,
        response: { 200: AdminDepositList, ...errorResponses(...ADMIN_ERRORS, "validation_failed") },
      },
    },
    async (request) => listPendingDeposits(db, request.query),
  );
  typed.post(
    "/api/v1/admin/deposits/:depositId/review",
    {
      preValidation: guards.requireAdmin,
      schema: {
        tags: ["admin"],
        operationId: "reviewDeposit",
        security: SIGNED_IN,
        summary: "Approve (credits once) or reject a pending deposit",
        params: DepositIdParams,
        body: ReviewDepositRequest,
        response: {
          200: ReviewedDeposit,
          ...errorResponses(...ADMIN_ERRORS, "validation_failed", "not_found", "conflict"),
        },
      },
    },
    async (request) => reviewDeposit(db, auditActorOf(request), request.params.depositId, request.body),
  );
}
