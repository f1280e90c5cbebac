import { Recipient, RecipientList, RecipientListQuery } from "@ferry/core/contracts/recipients";
import { NewRecipientRequest } from "@ferry/core/validation/recipient";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "../../db/database.ts";
import { type Guards, viewerOf } from "../../http/guards.ts";
import { errorResponses, SIGNED_IN, SIGNED_IN_ERRORS } from "../../http/openapi.ts";
import { listRecipients, saveRecipient } from "./service.ts";

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
}
