import {
  AlertRule,
  AlertRuleIdParams,
  AlertRuleList,
  AlertRuleListQuery,
  AlertRuleRequest,
} from "@ferry/core/contracts/alerts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/database.ts";
import { type Guards, viewerOf } from "../../http/guards.ts";
import { errorResponses, SIGNED_IN, SIGNED_IN_ERRORS } from "../../http/openapi.ts";
import { createAlertRule, deleteAlertRule, listAlertRules, updateAlertRule } from "./service.ts";

/** The signed-in user's own alert rules under /api/v1/alert-rules; another user's rule reads as missing. */
export function registerAlertRoutes(app: FastifyInstance, deps: { db: Database; guards: Guards }) {
  const { db, guards } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/api/v1/alert-rules",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["alerts"],
        operationId: "listAlertRules",
        security: SIGNED_IN,
        summary: "Your alert rules, newest first, and which delivery methods are available",
        querystring: AlertRuleListQuery,
        response: { 200: AlertRuleList, ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed") },
      },
    },
    async (request) => listAlertRules(db, viewerOf(request).userId, request.query),
  );
  typed.post(
    "/api/v1/alert-rules",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["alerts"],
        operationId: "createAlertRule",
        security: SIGNED_IN,
        summary: "Create a transaction, balance or security alert rule (SMS is refused: no SMS provider yet)",
        body: AlertRuleRequest,
        response: { 201: AlertRule, ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed", "conflict") },
      },
    },
    async (request, reply) => reply.status(201).send(await createAlertRule(db, viewerOf(request).userId, request.body)),
  );
  typed.put(
    "/api/v1/alert-rules/:alertRuleId",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["alerts"],
        operationId: "updateAlertRule",
        security: SIGNED_IN,
        summary: "Replace one of your alert rules",
        params: AlertRuleIdParams,
        body: AlertRuleRequest,
        response: { 200: AlertRule, ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed", "not_found") },
      },
    },
    async (request) => updateAlertRule(db, viewerOf(request).userId, request.params.alertRuleId, request.body),
  );
  typed.delete(
    "/api/v1/alert-rules/:alertRuleId",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["alerts"],
        operationId: "deleteAlertRule",
        security: SIGNED_IN,
        summary: "Delete one of your alert rules",
        params: AlertRuleIdParams,
        response: { 204: z.null(), ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed", "not_found") },
      },
    },
    async (request, reply) => {
      await deleteAlertRule(db, viewerOf(request).userId, request.params.alertRuleId);
      return reply.status(204).send(null);
    },
  );
}
