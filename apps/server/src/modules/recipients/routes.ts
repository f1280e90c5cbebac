import { Recipient, RecipientList, RecipientListQuery } from "@ferry/core/contracts/recipients";
import { NewRecipientRequest } from "@ferry/core/validation/recipient";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "../../db/database.ts";
import { type Guards, viewerOf } from "../../http/guards.ts";
import { listRecipients, saveRecipient } from "./service.ts";

export function registerRecipientRoutes(app: FastifyInstance, deps: { db: Database; guards: Guards }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/api/v1/recipients",
    {
      preValidation: deps.guards.requireUser,
      schema: {
        tags: ["recipients"],
        summary: "Your saved recipients of a type, newest first",
        querystring: RecipientListQuery,
        response: { 200: RecipientList },
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
        summary: "Save a bank or crypto recipient",
        body: NewRecipientRequest,
        response: { 201: Recipient },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await saveRecipient(deps.db, viewerOf(request).userId, request.body)),
  );
}
