import { Recipient, RecipientIdParams, RecipientList, RecipientListQuery } from "@ferry/core/contracts/recipients";
import { NewRecipientRequest } from "@ferry/core/validation/recipient";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/database.ts";
import { type Guards, viewerOf } from "../../http/guards.ts";
import { errorResponses, SIGNED_IN, SIGNED_IN_ERRORS } from "../../http/openapi.ts";
import { deleteRecipient, listRecipients, saveRecipient, updateRecipient } from "./service.ts";

export function registerRecipientRoutes(app: FastifyInstance, deps: { db: Database; guards: Guards }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/api/v1/recipients",
    {
      preValidation: deps.guards.requireUser,
      schema: {
        tags: ["recipients"],
        operationId: "listRecipients",
        security: SIGNED_IN,
        summary: "Your saved recipients of a type, newest first",
        querystring: RecipientListQuery,
        response: { 200: RecipientList, ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed") },
      },
    },
    async (request) => listRecipients(deps.db, viewerOf(request).userId, request.query),
  );
  typed.post(
    "/api/v1/recipients",
    {
      preValidation: deps.guards.requireUser,
      schema: {
        tags: ["recipients"],
        operationId: "createRecipient",
        security: SIGNED_IN,
        summary: "Save a bank or crypto recipient",
        body: NewRecipientRequest,
        response: { 201: Recipient, ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed", "conflict") },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await saveRecipient(deps.db, viewerOf(request).userId, request.body)),
  );
  typed.put(
    "/api/v1/recipients/:recipientId",
    {
      preValidation: deps.guards.requireUser,
      schema: {
        tags: ["recipients"],
        operationId: "updateRecipient",
        security: SIGNED_IN,
        summary: "Edit a saved recipient (its type stays); expires the codes issued for it",
        params: RecipientIdParams,
        body: NewRecipientRequest,
        response: { 200: Recipient, ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed", "not_found") },
      },
    },
    async (request) => updateRecipient(deps.db, viewerOf(request).userId, request.params.recipientId, request.body),
  );
  typed.delete(
    "/api/v1/recipients/:recipientId",
    {
      preValidation: deps.guards.requireUser,
      schema: {
        tags: ["recipients"],
        operationId: "deleteRecipient",
        security: SIGNED_IN,
        summary: "Delete a saved recipient; past transfers to it stay in the history",
        params: RecipientIdParams,
        response: { 204: z.null(), ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed", "not_found") },
      },
    },
    async (request, reply) => {
      await deleteRecipient(deps.db, viewerOf(request).userId, request.params.recipientId);
      return reply.status(204).send(null);
    },
  );
}
