import {
  AdminDepositList,
  Deposit,
  DepositIdParams,
  DepositInstructions,
  ReportDepositRequest,
  ReviewDepositRequest,
} from "@ferry/core/contracts/deposits";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { type Guards, viewerOf } from "../auth/guards.ts";
import { enforceThrottle } from "../auth/throttle.ts";
import type { DepositAccountKeys } from "./keys.ts";
import {
  getDepositInstructions,
  listOwnDeposits,
  listPendingDeposits,
  reportDeposit,
  reviewDeposit,
} from "./service.ts";
import { adminApprovalWatcher } from "./watcher.ts";

export function registerDepositRoutes(
  app: FastifyInstance,
  deps: { db: Database; config: Config; guards: Guards; keys: DepositAccountKeys },
) {
  const { db, config, guards, keys } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/api/v1/deposits/instructions",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["deposits"],
        summary: "Ferry's bank details with your reference, and your own crypto addresses",
        response: { 200: DepositInstructions },
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
        summary: "Your deposits, newest first",
        response: { 200: z.object({ deposits: z.array(Deposit) }) },
      },
    },
    async (request) => ({ deposits: await listOwnDeposits(db, viewerOf(request).userId) }),
  );
  typed.post(
    "/api/v1/deposits",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["deposits"],
        summary: "Report a deposit you sent (an admin approves it)",
        body: ReportDepositRequest,
        response: { 201: Deposit },
      },
    },
    async (request, reply) => {
      const userId = viewerOf(request).userId;
      await enforceThrottle(db, [{ key: `deposit-report:account:${userId}`, max: 20, windowSeconds: 60 * 60 }]);
      return reply.status(201).send(await reportDeposit(db, adminApprovalWatcher, userId, request.body));
    },
  );
  typed.get(
    "/api/v1/admin/deposits",
    {
      preValidation: guards.requireAdmin,
      schema: { tags: ["admin"], summary: "Pending deposits with their count", response: { 200: AdminDepositList } },
    },
    async () => listPendingDeposits(db),
  );
  typed.post(
    "/api/v1/admin/deposits/:depositId/review",
    {
      preValidation: guards.requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Approve (credits once) or reject a pending deposit",
        params: DepositIdParams,
        body: ReviewDepositRequest,
        response: { 200: Deposit },
      },
    },
    async (request) =>
      reviewDeposit(
        db,
        viewerOf(request).userId,
        request.params.depositId,
        request.body.decision,
        request.body.adminNotes,
      ),
  );
}
