import { EmptyRequest } from "@ferry/core/contracts/auth";
import { RevokedSessions, SessionIdParams, SessionList } from "@ferry/core/contracts/sessions";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { type Guards, viewerOf } from "../../http/guards.ts";
import { errorResponses, SIGNED_IN, SIGNED_IN_ERRORS } from "../../http/openapi.ts";
import { auditActorOf } from "../audit/service.ts";
import { listSessions, revokeOtherSessions, revokeSession } from "./service.ts";

/** The Security card's active sessions: list them, sign out one, or every one but this. */
export function registerSessionRoutes(app: FastifyInstance, deps: { db: Database; guards: Guards; clock: Clock }) {
  const { db, guards, clock } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/api/v1/sessions",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["sessions"],
        operationId: "listSessions",
        security: SIGNED_IN,
        summary: "Your signed-in sessions (device, address, last seen), this one marked",
        response: { 200: SessionList, ...errorResponses(...SIGNED_IN_ERRORS) },
      },
    },
    async (request) => listSessions(db, clock, viewerOf(request)),
  );
  typed.delete(
    "/api/v1/sessions/:sessionId",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["sessions"],
        operationId: "revokeSession",
        security: SIGNED_IN,
        summary: "Sign out one of your sessions: its next request is refused; written to the audit log",
        params: SessionIdParams,
        response: { 204: z.null(), ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed", "not_found") },
      },
    },
    async (request, reply) => {
      await revokeSession(db, auditActorOf(request), request.params.sessionId);
      return reply.status(204).send(null);
    },
  );
  typed.post(
    "/api/v1/sessions/revoke-others",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["sessions"],
        operationId: "revokeOtherSessions",
        security: SIGNED_IN,
        summary: "Sign out everywhere else: every session but this one; written to the audit log",
        body: EmptyRequest,
        response: { 200: RevokedSessions, ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed") },
      },
    },
    async (request) => revokeOtherSessions(db, auditActorOf(request), viewerOf(request).sessionId),
  );
}
